package io.collide4j.checker.robot;

/**
 * A pair of robot bodies the model does not check against each other, with the first reason that allows it, in the
 * order {@code Adjacent} (nearest ancestor link with collision geometry, MoveIt's adjacency), {@code SRDF}
 * ({@code disable_collisions}), {@code Drake} (URDF collision filter group), {@code Attached} (an attached object
 * with its link or touch links), {@code User} (an allow entry given by the caller).
 */
public record AllowedPair(String first, String second, String reason) {}
