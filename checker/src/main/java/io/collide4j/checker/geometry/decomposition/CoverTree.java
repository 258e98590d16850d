package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;

/**
 * Writes which convex piece holds which part of each mesh triangle as a split tree an independent reader can check
 * from the mesh alone (the certificate's {@code cover} entries; verifier module, lemma D1 of verifier/SOUNDNESS.md).
 * Each triangle is a tree in pre-order; its nodes are triangles in barycentric coordinates of the mesh triangle:
 * <ul>
 * <li>{@code P} (a piece number): a leaf, the node held by piece P; {@code P*K}: K consecutive whole triangles, each a
 *     leaf of piece P;</li>
 * <li>{@code m}: the node split at its edge midpoints, then its 4 children in {@link SubTriangle#children} order;</li>
 * <li>{@code c K T1 T2}: cut off corner K (0..2): with M = P_K + T1·(P_{K+1} − P_K) and N = P_K + T2·(P_{K+2} − P_K),
 *     the children (P_K, M, N), (M, P_{K+1}, P_{K+2}), (M, P_{K+2}, N);</li>
 * <li>{@code e K T}: cut through corner K: with M = P_{K+1} + T·(P_{K+2} − P_{K+1}), the children (P_K, P_{K+1}, M),
 *     (P_K, M, P_{K+2}).</li>
 * </ul>
 * The points are defined by the exact reals the numbers denote (T in [0, 1]), so a node's children tile it exactly
 * and the leaves tile the triangle: coverage is a property of the tree's shape, not of rounding. The splits are the
 * ones {@link PatchAssignment#covers} makes (a face of a piece holding a corner, else midpoints), so a leaf's corners
 * lie in its piece up to the triangle's {@link SubTriangle#roundingBound} as the decomposer's own patches do. Stateless.
 */
public final class CoverTree {
    /** At most this many nodes per mesh (a bound on time and size for pieces that do not cover). */
    static final int MAX_NODES = 1_000_000;

    private CoverTree() {}

    /**
     * The tree text for {@code mesh} covered by {@code pieces} (in the mesh's frame, numbered by list order). A part no
     * piece holds at the deepest split is left to the piece it sticks out of least: the reader then finds it outside
     * that piece's planes and refuses, never the other way round.
     */
    public static String encode(TriangleMesh mesh, List<ConvexHull> pieces) {
        double[][] planes = new double[pieces.size()][];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = Hulls.planes(pieces.get(i));
        }
        Writer w = new Writer(mesh, planes);
        for (int t = 0; t < mesh.triangleCount(); t++) {
            w.triangle(t);
        }
        w.flushRun();
        return w.out.toString();
    }

    /** Builds the text; one per call (scratch arrays are not shared). */
    private static final class Writer {
        final TriangleMesh mesh;
        final double[][] planes;
        final StringBuilder out = new StringBuilder();
        final double[] c = new double[9];
        int nodes;
        int runPiece = -1;
        int runLength;

        Writer(TriangleMesh mesh, double[][] planes) {
            this.mesh = mesh;
            this.planes = planes;
        }

        void triangle(int t) {
            SubTriangle whole = SubTriangle.whole(t);
            whole.corners(mesh, c);
            double slack = SubTriangle.roundingBound(mesh, t);
            int holder = holder(slack);
            if (holder >= 0) { // the common case: a whole triangle in one piece, written as a run
                if (holder != runPiece) {
                    flushRun();
                    runPiece = holder;
                }
                runLength++;
                return;
            }
            flushRun();
            node(whole, slack);
        }

        void flushRun() {
            if (runLength > 0) {
                token(runLength == 1 ? Integer.toString(runPiece) : runPiece + "*" + runLength);
            }
            runPiece = -1;
            runLength = 0;
        }

        void node(SubTriangle s, double slack) {
            s.corners(mesh, c);
            int holder = holder(slack);
            if (holder >= 0) {
                token(Integer.toString(holder));
                return;
            }
            // a corner no piece holds stays outside whatever the split (as in PatchAssignment.covers)
            boolean split = nodes < MAX_NODES && cornersHeld(slack);
            SubTriangle[] parts = split ? s.cutAlongHolder(planes, c, slack) : null;
            boolean cut = parts != null;
            if (parts == null && split) {
                parts = s.children();
            }
            if (parts == null) {
                token(Integer.toString(leastOutside()));
                return;
            }
            nodes += parts.length;
            double[] u = {s.u0(), s.u1(), s.u2()}, v = {s.v0(), s.v1(), s.v2()};
            if (!cut) {
                token("m");
            } else {
                // splitBy's first child starts at corner K: (K, M, N) for three parts, (K, K+1, M) for two
                int k = 0;
                while (k < 2 && !(u[k] == parts[0].u0() && v[k] == parts[0].v0())) {
                    k++;
                }
                int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                if (parts.length == 3) {
                    token("c " + k + " " + along(u[k], v[k], u[k1], v[k1], parts[0].u1(), parts[0].v1()) + " "
                            + along(u[k], v[k], u[k2], v[k2], parts[0].u2(), parts[0].v2()));
                } else {
                    token("e " + k + " " + along(u[k1], v[k1], u[k2], v[k2], parts[0].u2(), parts[0].v2()));
                }
            }
            for (SubTriangle p : parts) {
                node(p, slack);
            }
        }

        /** The first piece whose planes hold the three corners in {@link #c} within {@code slack}, or −1. */
        int holder(double slack) {
            int start = Math.max(runPiece, 0);
            for (int k = 0; k < planes.length; k++) {
                int i = (start + k) % planes.length;
                if (Hulls.violation(planes[i], c[0], c[1], c[2]) <= slack
                        && Hulls.violation(planes[i], c[3], c[4], c[5]) <= slack
                        && Hulls.violation(planes[i], c[6], c[7], c[8]) <= slack) {
                    return i;
                }
            }
            return -1;
        }

        /** True if each corner in {@link #c} satisfies every plane of some piece within {@code slack}. */
        boolean cornersHeld(double slack) {
            for (int k = 0; k < 9; k += 3) {
                boolean held = false;
                for (int i = 0; i < planes.length && !held; i++) {
                    held = Hulls.violation(planes[i], c[k], c[k + 1], c[k + 2]) <= slack;
                }
                if (!held) {
                    return false;
                }
            }
            return true;
        }

        int leastOutside() {
            int best = 0;
            double bestCost = Double.POSITIVE_INFINITY;
            for (int i = 0; i < planes.length; i++) {
                double cost = 0;
                for (int k = 0; k < 9; k += 3) {
                    cost += Math.max(0, Hulls.violation(planes[i], c[k], c[k + 1], c[k + 2]));
                }
                if (cost < bestCost) {
                    bestCost = cost;
                    best = i;
                }
            }
            return best;
        }

        void token(String s) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(s);
        }
    }

    /**
     * The parameter T in [0, 1] with (u, v) ≈ (p + T(q − p)) for the point (u, v) that {@link SubTriangle#splitBy}
     * placed on the edge from (pu, pv) to (qu, qv), read off the coordinate that changes most along it.
     */
    private static double along(double pu, double pv, double qu, double qv, double u, double v) {
        double du = qu - pu, dv = qv - pv;
        double t = Math.abs(du) >= Math.abs(dv) ? (u - pu) / du : (v - pv) / dv;
        return Double.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0.5;
    }
}
