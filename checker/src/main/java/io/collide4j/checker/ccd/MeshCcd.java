package io.collide4j.checker.ccd;

import io.collide4j.checker.ccd.screw.D2m;
import io.collide4j.checker.ccd.screw.D2mMode;
import io.collide4j.checker.ccd.screw.D2mResult;
import io.collide4j.checker.ccd.screw.LtlrMotion;
import io.collide4j.checker.ccd.screw.ScrewMesh;
import io.collide4j.kinematics.RigidMotion;
import io.collide4j.urdf.TriangleMesh;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import org.joml.Matrix4d;

/**
 * Whole-mesh CCD between two triangle meshes under rigid motions: a swept-AABB broad phase (sort and sweep on x)
 * over vertices, edges and triangles, then {@link RigidTightInclusion} on every vertex–face (both ways) and
 * edge–edge candidate; returns the earliest conservative contact and its primitive pair.
 *
 * <p>Swept boxes: each vertex's box is its s = 0 world position grown by {@link RigidMotion#maxDisplacement} over
 * [0, 1] (a certified bound on how far it travels) plus the minimal separation and a floating-point margin; edge and
 * triangle boxes are unions of their vertices' boxes. Disjoint boxes therefore never hide a contact.
 *
 * <p>Minimal broad phase written inside ccd because the shared triangle BVH had not landed; replace with it when
 * available. Immutable and thread-safe (allocates per call).
 */
public final class MeshCcd {

    private final RigidTightInclusion solver;

    /** Uses the given rigid primitive solver (its linear solver's d is the required separation). */
    public MeshCcd(RigidTightInclusion solver) {
        this.solver = solver;
    }

    /** Unique undirected edges of a mesh as pairs (v0 &lt; v1), in first-seen order. */
    public static int[] edges(TriangleMesh m) {
        return edges(m.copyTriangles());
    }

    /** Unique undirected edges of triangles given as 3 vertex indices each, as pairs (v0 &lt; v1), in first-seen order. */
    public static int[] edges(int[] triangles) {
        Set<Long> seen = new LinkedHashSet<>();
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int c = 0; c < 3; c++) {
                int a = triangles[t + c], b = triangles[t + (c + 1) % 3];
                int lo = Math.min(a, b), hi = Math.max(a, b);
                seen.add(((long) lo << 32) | hi);
            }
        }
        int[] e = new int[2 * seen.size()];
        int i = 0;
        for (long k : seen) {
            e[i++] = (int) (k >>> 32);
            e[i++] = (int) k;
        }
        return e;
    }

    /** How {@link #solve(TriangleMesh, RigidMotion, TriangleMesh, RigidMotion, Method)} finds the contact. */
    public enum Method {
        /** Tight-Inclusion on linearised pieces ({@link RigidTightInclusion}): any rigid motion. The default. */
        TIGHT_INCLUSION,
        /**
         * D2M ({@link D2m}): exact root finding for linear translation + linear rotation (screw) motions; both motions
         * must be {@link LtlrMotion}s. The answer leaves a gap of about ε_d = {@value D2m#DEFAULT_EPS_D} instead of
         * the linear solver's minimal separation.
         */
        D2M
    }

    /**
     * {@link #solve(TriangleMesh, RigidMotion, TriangleMesh, RigidMotion)} with an explicit method. D2M refuses motions
     * that are not {@link LtlrMotion}s (it is exact for those only); vertex ids in the result are input vertex ids,
     * edge ids index {@link #edges}, as for Tight-Inclusion. D2M tests surfaces: the caller checks the start pose.
     */
    public MeshCcdResult solve(
            TriangleMesh a, RigidMotion motionA, TriangleMesh b, RigidMotion motionB, Method method) {
        if (method == Method.TIGHT_INCLUSION) {
            return solve(a, motionA, b, motionB);
        }
        if (!(motionA instanceof LtlrMotion la) || !(motionB instanceof LtlrMotion lb)) {
            throw new IllegalArgumentException(
                    "D2M needs linear translation + linear rotation motions (LtlrMotion), got "
                            + motionA.getClass().getSimpleName() + " and "
                            + motionB.getClass().getSimpleName());
        }
        ScrewMesh sa = ScrewMesh.of(a), sb = ScrewMesh.of(b);
        D2mResult r = D2m.defaults().solve(sa, la, sb, lb, D2mMode.FULL, new D2m.Scratch());
        if (!r.hit()) {
            return new MeshCcdResult(false, Double.POSITIVE_INFINITY, null, -1, -1, false, (int) r.featurePairs());
        }
        return switch (r.feature()) {
            case VERTEX_A_FACE_B ->
                new MeshCcdResult(
                        true, r.toc(), CcdKind.VERTEX_FACE, inputVertex(a, sa, r.featureA()), r.featureB(), true, (int)
                                r.featurePairs());
            case FACE_A_VERTEX_B ->
                new MeshCcdResult(
                        true, r.toc(), CcdKind.VERTEX_FACE, inputVertex(b, sb, r.featureB()), r.featureA(), false, (int)
                                r.featurePairs());
            case EDGE_EDGE ->
                new MeshCcdResult(
                        true,
                        r.toc(),
                        CcdKind.EDGE_EDGE,
                        inputEdge(a, sa, r.featureA()),
                        inputEdge(b, sb, r.featureB()),
                        false,
                        (int) r.featurePairs());
            case LEAF_SPHERES -> throw new IllegalStateException("full D2M answered with leaf spheres");
        };
    }

    /** An input vertex at the coordinates of welded vertex w. */
    private static int inputVertex(TriangleMesh m, ScrewMesh s, int w) {
        for (int v = 0; v < m.vertexCount(); v++) {
            if (m.vertex(v, 0) == s.vertex(w, 0)
                    && m.vertex(v, 1) == s.vertex(w, 1)
                    && m.vertex(v, 2) == s.vertex(w, 2)) {
                return v;
            }
        }
        throw new IllegalStateException("welded vertex " + w + " has no input vertex");
    }

    /** The index in {@link #edges}(m) of an edge whose ends sit at welded edge e's ends. */
    private static int inputEdge(TriangleMesh m, ScrewMesh s, int e) {
        int w0 = s.surface().edgeVertex(e, 0), w1 = s.surface().edgeVertex(e, 1);
        int[] edges = edges(m);
        for (int i = 0; i < edges.length / 2; i++) {
            if ((at(m, edges[2 * i], s, w0) && at(m, edges[2 * i + 1], s, w1))
                    || (at(m, edges[2 * i], s, w1) && at(m, edges[2 * i + 1], s, w0))) {
                return i;
            }
        }
        throw new IllegalStateException("welded edge " + e + " has no input edge");
    }

    private static boolean at(TriangleMesh m, int v, ScrewMesh s, int w) {
        return m.vertex(v, 0) == s.vertex(w, 0) && m.vertex(v, 1) == s.vertex(w, 1) && m.vertex(v, 2) == s.vertex(w, 2);
    }

    /** Earliest contact of mesh a (moving with motionA) and mesh b (moving with motionB) over s in [0, 1]. */
    public MeshCcdResult solve(TriangleMesh a, RigidMotion motionA, TriangleMesh b, RigidMotion motionB) {
        double d = solver.linear().margin();
        double[] va = vertexBoxes(a, motionA, d);
        double[] vb = vertexBoxes(b, motionB, d);
        int[] ea = edges(a), eb = edges(b);
        RigidTightInclusion.Scratch s = new RigidTightInclusion.Scratch();
        double[] local = new double[12];
        double best = Double.POSITIVE_INFINITY;
        CcdKind bestKind = null;
        int bestX = -1, bestY = -1;
        boolean bestPointOnA = false;
        int candidates = 0;
        // VF: vertices of A against triangles of B, then vertices of B against triangles of A
        for (int side = 0; side < 2; side++) {
            TriangleMesh pm = side == 0 ? a : b, fm = side == 0 ? b : a;
            double[] pBoxes = side == 0 ? va : vb, fVertexBoxes = side == 0 ? vb : va;
            RigidMotion pMotion = side == 0 ? motionA : motionB, fMotion = side == 0 ? motionB : motionA;
            double[] fBoxes = unionBoxes(fVertexBoxes, triangles(fm), 3);
            int[] pairs = overlaps(pBoxes, fBoxes);
            candidates += pairs.length / 2;
            for (int k = 0; k < pairs.length; k += 2) {
                int v = pairs[k], t = pairs[k + 1];
                copyVertex(pm, v, local, 0);
                for (int c = 0; c < 3; c++) {
                    copyVertex(fm, fm.index(t, c), local, 3 * (c + 1));
                }
                double toi = solver.toi(CcdKind.VERTEX_FACE, pMotion, fMotion, local, 0, s);
                if (toi < best) {
                    best = toi;
                    bestKind = CcdKind.VERTEX_FACE;
                    bestX = v;
                    bestY = t;
                    bestPointOnA = side == 0;
                }
            }
        }
        int[] pairs = overlaps(unionBoxes(va, ea, 2), unionBoxes(vb, eb, 2));
        candidates += pairs.length / 2;
        for (int k = 0; k < pairs.length; k += 2) {
            int i = pairs[k], j = pairs[k + 1];
            copyVertex(a, ea[2 * i], local, 0);
            copyVertex(a, ea[2 * i + 1], local, 3);
            copyVertex(b, eb[2 * j], local, 6);
            copyVertex(b, eb[2 * j + 1], local, 9);
            double toi = solver.toi(CcdKind.EDGE_EDGE, motionA, motionB, local, 0, s);
            if (toi < best) {
                best = toi;
                bestKind = CcdKind.EDGE_EDGE;
                bestX = i;
                bestY = j;
                bestPointOnA = false;
            }
        }
        boolean hit = best != Double.POSITIVE_INFINITY;
        return new MeshCcdResult(hit, best, bestKind, bestX, bestY, bestPointOnA, candidates);
    }

    private static int[] triangles(TriangleMesh m) {
        return m.copyTriangles();
    }

    private static void copyVertex(TriangleMesh m, int v, double[] dest, int o) {
        dest[o] = m.vertex(v, 0);
        dest[o + 1] = m.vertex(v, 1);
        dest[o + 2] = m.vertex(v, 2);
    }

    /** Swept box per vertex: [min x, min y, min z, max x, max y, max z]. */
    private static double[] vertexBoxes(TriangleMesh m, RigidMotion motion, double margin) {
        Matrix4d p = motion.pose(0, new Matrix4d());
        double[] boxes = new double[6 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            double x = m.vertex(v, 0), y = m.vertex(v, 1), z = m.vertex(v, 2);
            double wx = p.m00() * x + p.m10() * y + p.m20() * z + p.m30();
            double wy = p.m01() * x + p.m11() * y + p.m21() * z + p.m31();
            double wz = p.m02() * x + p.m12() * y + p.m22() * z + p.m32();
            double reach = motion.maxDisplacement(0, 1, x, y, z, 0);
            double mag = Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + Math.abs(x) + Math.abs(y) + Math.abs(z) + 1;
            double grow = reach + margin + 16 * Math.ulp(mag + reach);
            boxes[6 * v] = wx - grow;
            boxes[6 * v + 1] = wy - grow;
            boxes[6 * v + 2] = wz - grow;
            boxes[6 * v + 3] = wx + grow;
            boxes[6 * v + 4] = wy + grow;
            boxes[6 * v + 5] = wz + grow;
        }
        return boxes;
    }

    private static double[] unionBoxes(double[] vertexBoxes, int[] ids, int arity) {
        int n = ids.length / arity;
        double[] out = new double[6 * n];
        for (int e = 0; e < n; e++) {
            for (int k = 0; k < 3; k++) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < arity; c++) {
                    int v = ids[arity * e + c];
                    lo = Math.min(lo, vertexBoxes[6 * v + k]);
                    hi = Math.max(hi, vertexBoxes[6 * v + 3 + k]);
                }
                out[6 * e + k] = lo;
                out[6 * e + 3 + k] = hi;
            }
        }
        return out;
    }

    /** All (i, j) with box i of first overlapping box j of second: both sorted by min x, each i scans second until min x passes its max x. */
    static int[] overlaps(double[] first, double[] second) {
        int n = first.length / 6, m = second.length / 6;
        Integer[] oa = new Integer[n], ob = new Integer[m];
        for (int i = 0; i < n; i++) {
            oa[i] = i;
        }
        for (int j = 0; j < m; j++) {
            ob[j] = j;
        }
        Arrays.sort(oa, (x, y) -> Double.compare(first[6 * x], first[6 * y]));
        Arrays.sort(ob, (x, y) -> Double.compare(second[6 * x], second[6 * y]));
        int[] out = new int[64];
        int len = 0;
        for (int ii = 0; ii < n; ii++) {
            int i = oa[ii];
            double minX = first[6 * i], maxX = first[6 * i + 3];
            for (int jj = 0; jj < m; jj++) {
                int j = ob[jj];
                if (second[6 * j] > maxX) {
                    break;
                }
                if (second[6 * j + 3] < minX
                        || second[6 * j + 1] > first[6 * i + 4]
                        || second[6 * j + 4] < first[6 * i + 1]
                        || second[6 * j + 2] > first[6 * i + 5]
                        || second[6 * j + 5] < first[6 * i + 2]) {
                    continue;
                }
                if (len + 2 > out.length) {
                    out = Arrays.copyOf(out, 2 * out.length);
                }
                out[len++] = i;
                out[len++] = j;
            }
        }
        return Arrays.copyOf(out, len);
    }
}
