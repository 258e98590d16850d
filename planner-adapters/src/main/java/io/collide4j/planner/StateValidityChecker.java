package io.collide4j.planner;

/**
 * OMPL-shaped state validity: is a configuration collision free (with the configured minimum
 * separation), and how much clearance does it have. Implementations document thread safety.
 */
public interface StateValidityChecker {

    /** True only if the configuration is certainly free (never true for a colliding state). */
    boolean isValid(double[] q);

    /** Clearance of {@code q}, with how exact the number is. */
    Clearance clearance(double[] q);

    /** A clearance value and its guarantee: {@code lowerBound ≤ true clearance ≤ upperBound}. */
    record Clearance(double lowerBound, double upperBound, Exactness exactness) {}

    /** How a clearance relates to the true distance of the robot's real geometry. */
    enum Exactness {
        /** Exact to floating-point tolerance for the model's geometry. */
        EXACT,
        /** A certified lower bound (the model over-approximates the geometry). */
        LOWER_BOUND
    }
}
