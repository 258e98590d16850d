package io.collide4j.checker.query;

import org.jspecify.annotations.NullMarked;

/** Outcome of a continuous check of one motion. */
@NullMarked
public enum MotionStatus {
    /** Certified: every checked pair keeps a clearance above the margin over the whole motion. */
    FREE,
    /** Certified bounds could not exclude clearance ≤ margin (+ tolerance) at the reported time. */
    COLLISION,
    /** The step budget ran out before either could be shown; never to be read as free. */
    INCONCLUSIVE
}
