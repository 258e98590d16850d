package io.collide4j.checker.robot;

import org.jspecify.annotations.NullMarked;

/**
 * Which robot link meshes become convex decompositions instead of one covering hull each. The answers are equally
 * sound in every mode (each piece covers its share of the mesh up to a measured margin); decomposing removes false
 * "collision" answers inside a concave link at the cost of more pieces per query and a first, cached, decomposition.
 */
@NullMarked
public enum DecompositionMode {
    /** One covering hull per mesh ({@code --no-decompose}). */
    HULLS,
    /** The default: links far from convex ({@link ConcaveLinks#DEFAULT_THRESHOLD}) decomposed, the others one hull. */
    CONCAVE,
    /** Every mesh decomposed, robot links and scene meshes ({@code --decompose}). */
    ALL
}
