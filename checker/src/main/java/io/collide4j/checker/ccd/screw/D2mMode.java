package io.collide4j.checker.ccd.screw;

/** What a D2M query computes. */
public enum D2mMode {
    /**
     * Capoeira (seed 000 §5.4.4): the traversal stops at leaf-sphere pairs; the earliest time two leaf spheres can
     * touch. A lower bound on the time of contact (never later), with false positives by design.
     */
    CAPOEIRA,
    /** Two-phase D2M: Capoeira's lower bound first, then the exact feature tests from there on. */
    FULL
}
