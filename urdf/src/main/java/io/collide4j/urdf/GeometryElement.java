package io.collide4j.urdf;

/** One {@code <collision>} or {@code <visual>} element: optional name, origin in the link frame, and geometry. */
public record GeometryElement(String name, Pose origin, Geometry geometry) {}
