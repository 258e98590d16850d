package io.collide4j.urdf;

/** URDF mimic: this joint's value is {@code multiplier * value(joint) + offset}. */
public record Mimic(String joint, double multiplier, double offset) {}
