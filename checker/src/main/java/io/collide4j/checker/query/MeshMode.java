package io.collide4j.checker.query;

import org.jspecify.annotations.NullMarked;

/**
 * How non-convex triangle-mesh obstacles ({@link io.collide4j.checker.scene.ObstacleShape.Mesh}) are checked.
 * Either way "free" is never wrong; the modes differ in false positives and cost.
 */
@NullMarked
public enum MeshMode {
    /**
     * Through covering convex pieces (one hull, or a {@link io.collide4j.checker.robot.ConvexPieceProvider}
     * decomposition): fast, but a concavity counts as solid.
     */
    HULL,
    /**
     * Exactly, triangle by triangle ({@link ExactMeshPairs}): the obstacle is its surface, plus the enclosed solid
     * when the surface is closed; motions refine conservative advancement with Tight-Inclusion.
     */
    EXACT
}
