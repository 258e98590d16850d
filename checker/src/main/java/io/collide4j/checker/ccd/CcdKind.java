package io.collide4j.checker.ccd;

/** The two primitive pairs of triangle-mesh CCD. */
public enum CcdKind {
    /** A point against a triangle; vertex rows are p, f0, f1, f2. */
    VERTEX_FACE,
    /** A segment against a segment; vertex rows are a0, a1, b0, b1. */
    EDGE_EDGE
}
