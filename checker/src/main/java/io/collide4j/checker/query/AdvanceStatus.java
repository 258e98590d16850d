package io.collide4j.checker.query;

/** How a conservative-advancement run of one or more pairs ended. */
enum AdvanceStatus {
    /** Every pair is certified farther than the margin over the whole interval. */
    CLEARED,
    /** A pair's certified lower bound came within the tolerance of the margin (at the context's stopS). */
    VIOLATED,
    /** The evaluation budget ran out, or a step could make no progress in floating point; never free. */
    INCONCLUSIVE;

    /** From the shared advancement's codes ({@link CollisionChecker#advance}, run to its end without pausing). */
    static AdvanceStatus of(int code) {
        return switch (code) {
            case CollisionChecker.CLEAR -> CLEARED;
            case CollisionChecker.VIOLATED -> VIOLATED;
            default -> INCONCLUSIVE;
        };
    }

    MotionStatus motionStatus() {
        return switch (this) {
            case CLEARED -> MotionStatus.FREE;
            case VIOLATED -> MotionStatus.COLLISION;
            case INCONCLUSIVE -> MotionStatus.INCONCLUSIVE;
        };
    }
}
