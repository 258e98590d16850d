package io.collide4j.checker.ccd;

/**
 * Earliest (conservative) contact between two rigidly moving triangle meshes.
 *
 * @param hit        true when some primitive pair may touch in [0, 1]
 * @param toi        earliest segment parameter of possible contact (never later than the true one), +Infinity if none
 * @param kind       primitive pair kind that gave {@code toi} (null when {@code !hit})
 * @param vertexOrEdgeA for VF: the vertex index (in mesh A when {@code pointOnA}, else in mesh B); for EE: edge
 *                   index in mesh A's edge list ({@link MeshCcd#edges})
 * @param faceOrEdgeB for VF: the triangle index in the other mesh; for EE: edge index in mesh B's edge list
 * @param pointOnA   for VF: whether the vertex belongs to mesh A
 * @param candidates number of primitive pairs that survived the swept-AABB broad phase
 */
public record MeshCcdResult(
        boolean hit, double toi, CcdKind kind, int vertexOrEdgeA, int faceOrEdgeB, boolean pointOnA, int candidates) {}
