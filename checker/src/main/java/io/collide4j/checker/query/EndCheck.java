package io.collide4j.checker.query;

/**
 * Whether the boolean motion query ({@link CollisionChecker#isMotionFree}) checks the motion's end state q1 as its
 * first discrete pre-rejection sample. The samples only refuse blocked motions early: both give the same answer when
 * the caller is right about q1, and a FREE answer is always the advancement's proof, which covers q1 as well.
 */
public enum EndCheck {
    /** q1 before the interior samples: for a motion towards a state nobody has checked yet. */
    FIRST,

    /** Not checked: the caller's own state check of exactly these values at this margin answered free. */
    KNOWN_FREE
}
