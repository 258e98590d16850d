package io.collide4j.checker.query;

/** How a conservative-advancement run of one or more pairs ended. */
public enum AdvanceStatus {
    /** Every pair is certified farther than the margin over the whole interval. */
    CLEARED,
    /** A pair's certified lower bound came within the tolerance of the margin (at the context's stopS). */
    VIOLATED,
    /** The evaluation budget ran out, or a step could make no progress in floating point; never free. */
    INCONCLUSIVE,
    /**
     * One pair's run ({@link Advancement#advance} with a pause point before its end) is certified up to the context's
     * stopS ≥ the pause point, not yet to the end: to be resumed from stopS.
     */
    PAUSED;

    /** The motion query's answer for a finished run (a paused run has none yet). */
    MotionStatus motionStatus() {
        return switch (this) {
            case CLEARED -> MotionStatus.FREE;
            case VIOLATED -> MotionStatus.COLLISION;
            case INCONCLUSIVE -> MotionStatus.INCONCLUSIVE;
            case PAUSED -> throw new IllegalStateException("a paused advancement has no answer yet");
        };
    }
}
