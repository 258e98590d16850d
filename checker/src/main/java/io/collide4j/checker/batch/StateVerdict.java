package io.collide4j.checker.batch;

import org.jspecify.annotations.NullMarked;

/** The verdict of one configuration of a state batch. */
@NullMarked
public enum StateVerdict {
    /** {@code CollisionChecker.isFree(q, margin)} is true: every checked pair is certified farther apart than the margin. */
    FREE,
    /** isFree could not certify some pair (named by {@link StateBatchResult#pair}); never to be read as free. */
    COLLISION
}
