package io.collide4j.checker.ccd.screw;

/** Which pair of features decided a D2M time of contact. */
public enum ContactFeature {
    /** A vertex of mesh A against a face of mesh B. */
    VERTEX_A_FACE_B,
    /** A face of mesh A against a vertex of mesh B. */
    FACE_A_VERTEX_B,
    /** An edge of mesh A against an edge of mesh B. */
    EDGE_EDGE,
    /** Two leaf spheres (Capoeira mode: no feature test was run). */
    LEAF_SPHERES
}
