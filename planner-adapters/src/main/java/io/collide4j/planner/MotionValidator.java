package io.collide4j.planner;

/**
 * OMPL-shaped motion validity for the straight joint-space segment q0 → q1. Certified
 * implementations never call a colliding motion valid.
 */
public interface MotionValidator {

    /** True only if the whole segment is certainly free. */
    boolean checkMotion(double[] q0, double[] q1);

    /**
     * {@link #checkMotion} for a caller that has already found the segment's states free at a spacing no coarser
     * than the validator's own cheap pre-checks would use (a lazy planner's samples): the same guarantee — true only
     * if the whole segment is certainly free — but an implementation may skip discrete samples that would only repeat
     * the caller's (they serve early exit, never the proof). By default the same as {@link #checkMotion}.
     */
    default boolean checkSampledMotion(double[] q0, double[] q1) {
        return checkMotion(q0, q1);
    }

    /**
     * Checks the segment and, when it is not certainly free, how far along it one may safely go:
     * every configuration on [0, lastValidFraction] is certified free — except that a check failing at
     * q0 itself returns fraction 0 and q0 without claiming anything about q0 (planners extend only from
     * states they validated).
     */
    MotionCheck checkMotionWithLastValid(double[] q0, double[] q1);

    /** The outcome of a motion check: {@code lastValid} is the configuration at {@code lastValidFraction}. */
    record MotionCheck(boolean valid, double lastValidFraction, double[] lastValid) {
        public MotionCheck {
            lastValid = lastValid.clone();
        }

        @Override
        public double[] lastValid() {
            return lastValid.clone();
        }
    }
}
