package io.collide4j.kinematics;

/**
 * A joint leaving its position limits along a {@link JointPath}: {@code violation} is the joint's largest
 * excursion found, reached at path parameter {@code s} ∈ [0, 1].
 */
public record PathLimitViolation(double s, LimitViolation violation) {}
