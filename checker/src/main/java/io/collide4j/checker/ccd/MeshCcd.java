package io.collide4j.checker.ccd;

import io.collide4j.kinematics.RigidMotion;
import io.collide4j.urdf.TriangleMesh;
import org.joml.Matrix4d;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

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

    /** Earliest contact of mesh a (moving with motionA) and mesh b (moving with motionB) over s in [0, 1]. */
    public MeshCcdResult solve(TriangleMesh a, RigidMotion motionA, TriangleMesh b, RigidMotion motionB) {
        double d = solver.linear().minSeparation();
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
    private static double[] vertexBoxes(TriangleMesh m, RigidMotion motion, double d) {
        Matrix4d p = motion.pose(0, new Matrix4d());
        double[] boxes = new double[6 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            double x = m.vertex(v, 0), y = m.vertex(v, 1), z = m.vertex(v, 2);
            double wx = p.m00() * x + p.m10() * y + p.m20() * z + p.m30();
            double wy = p.m01() * x + p.m11() * y + p.m21() * z + p.m31();
            double wz = p.m02() * x + p.m12() * y + p.m22() * z + p.m32();
            double reach = motion.maxDisplacement(0, 1, x, y, z, 0);
            double mag = Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + Math.abs(x) + Math.abs(y) + Math.abs(z) + 1;
            double grow = reach + d + 16 * Math.ulp(mag + reach);
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
                if (second[6 * j + 3] < minX || second[6 * j + 1] > first[6 * i + 4] || second[6 * j + 4] < first[6 * i + 1]
                        || second[6 * j + 2] > first[6 * i + 5] || second[6 * j + 5] < first[6 * i + 2]) {
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
