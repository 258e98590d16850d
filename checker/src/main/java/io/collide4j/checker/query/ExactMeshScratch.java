package io.collide4j.checker.query;

import io.collide4j.checker.ccd.TightInclusionScratch;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Per-thread working memory of {@link ExactMeshPairs}, owned by one {@link QueryContext} (created on first use: only
 * checkers with exact mesh obstacles need it). Its own file so that the context, which holds it, does not depend on
 * the exact-mesh code that reads the context. The vertex tables grow and the subdivision stacks are sized by
 * {@code ExactMeshPairs} on first use. Not thread-safe.
 */
final class ExactMeshScratch {
    final MeshQuery query = new MeshQuery();
    final TightInclusionScratch ti = new TightInclusionScratch();
    final Vector3d v = new Vector3d();
    final Matrix4d m0 = new Matrix4d(), m1 = new Matrix4d(), link = new Matrix4d();
    final double[] coords = new double[24];
    final double[] tri = new double[9];
    final double[] box = new double[6], cand = new double[6], tbox = new double[6], ebox = new double[6];
    double[] x0 = new double[0], x1 = new double[0], vbox = new double[0];
    boolean[] vNear = new boolean[0];
    int[] vStamp = new int[0], eStamp = new int[0];
    int stamp;
    double[] stackS0 = new double[0], stackS1 = new double[0];
    int[] stackDepth = new int[0];
    /** Whether the last {@code ExactMeshPairs.clearUntil} stopped at a possible contact (else it proved its window clear). */
    boolean hit;
    /** Time pieces examined by the last {@code ExactMeshPairs.clearUntil}. */
    int pieces;
}
