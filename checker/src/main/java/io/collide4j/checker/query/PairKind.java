package io.collide4j.checker.query;

/** What a checked pair of convex pieces joins: a robot piece and an obstacle piece, or two robot pieces. */
public enum PairKind {
    /** Robot piece against an obstacle piece of the scene (a {@link PreparedScene} piece in one obstacle slot). */
    ENVIRONMENT,
    /** Robot piece against another robot piece (an allowed-collision-matrix pair of bodies). */
    SELF
}
