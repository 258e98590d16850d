package io.collide4j.checker.certificate;

import org.jspecify.annotations.NullMarked;

/** Verdict of a trajectory certification. */
@NullMarked
public enum Verdict {
    /** Every checked pair is certified farther apart than the margin over the whole trajectory. */
    CERTIFIED_FREE,
    /** Certified clear up to the first violation, where clearance can drop to the margin or below. */
    VIOLATION,
    /** The budget ran out first; nothing beyond the certified prefix is claimed. */
    INCONCLUSIVE
}
