package io.collide4j.checker.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.mesh.MeshLoader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Regression tests for degenerate (lattice) input, conservative face planes and order-independent vertex sets. */
class QuickHullRobustnessTest {

    /** Corners (8 per cube, duplicates kept) of the unit cubes (i,j,k) for which {@code cell} is true. */
    static double[] cubes(int m, java.util.function.IntPredicate cell) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int l = 0; l < m; l++) {
                    if (cell.test((i * m + j) * m + l)) {
                        for (int c = 0; c < 8; c++) {
                            out.add((double) (i + (c & 1)));
                            out.add((double) (j + ((c >> 1) & 1)));
                            out.add((double) (l + ((c >> 2) & 1)));
                        }
                    }
                }
            }
        }
        double[] a = new double[out.size()];
        for (int k = 0; k < a.length; k++) {
            a[k] = out.get(k);
        }
        return a;
    }

    static List<double[]> latticeSets() {
        List<double[]> sets = new ArrayList<>();
        // L-shape: cubes (0,0,0),(1,0,0),(0,1,0)
        sets.add(cubes(3, c -> c == 0 || c == 9 || c == 3));
        // staircase: cube (i, j ≤ i, k=0..2)
        sets.add(cubes(4, c -> (c / 16) >= (c / 4) % 4));
        // 3×3×3 with the centre and some corners missing
        sets.add(cubes(3, c -> c != 13 && c != 0 && c != 26 && c != 8));
        Random r = new Random(44);
        for (int s = 0; s < 60; s++) {
            double fill = 0.05 + 0.9 * r.nextDouble();
            long seed = r.nextLong();
            Random q = new Random(seed);
            boolean[] on = new boolean[216];
            for (int c = 0; c < 216; c++) {
                on[c] = q.nextDouble() < fill;
            }
            on[q.nextInt(216)] = true;
            sets.add(cubes(6, c -> on[c]));
        }
        // scaled and shifted copies (inexact coordinates)
        for (int s = 0; s < 10; s++) {
            double[] a = sets.get(3 + s).clone();
            double f = 0.1 * (s + 1) / 3, o = s * 0.37;
            for (int k = 0; k < a.length; k++) {
                a[k] = a[k] * f + o;
            }
            sets.add(a);
        }
        return sets;
    }

    static Set<List<Double>> vertexSet(ConvexHull h) {
        Set<List<Double>> s = new HashSet<>();
        for (int v = 0; v < h.vertexCount(); v++) {
            s.add(List.of(h.vertex(v, 0), h.vertex(v, 1), h.vertex(v, 2)));
        }
        return s;
    }

    @Test
    void latticeUnionsOfCubesGiveCorrectMinimalHulls() {
        for (double[] pts : latticeSets()) {
            ConvexHull h = QuickHull.compute(pts);
            QuickHullTest.checkHull(pts, h);
            // minimal: every vertex is extreme, i.e. outside the hull of the other points
            for (int v = 0; v < h.vertexCount(); v++) {
                double x = h.vertex(v, 0), y = h.vertex(v, 1), z = h.vertex(v, 2);
                double[] others = without(pts, x, y, z);
                ConvexHull rest = QuickHull.compute(others);
                assertFalse(rest.dimension() == 3 && rest.contains(x, y, z, 0), "vertex " + v + " is not extreme");
            }
        }
    }

    static double[] without(double[] pts, double x, double y, double z) {
        double[] out = new double[pts.length];
        int k = 0;
        for (int i = 0; i < pts.length; i += 3) {
            if (pts[i] != x || pts[i + 1] != y || pts[i + 2] != z) {
                out[k++] = pts[i];
                out[k++] = pts[i + 1];
                out[k++] = pts[i + 2];
            }
        }
        return Arrays.copyOf(out, k);
    }

    static double[] shuffled(double[] pts, Random r) {
        int n = pts.length / 3;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        double[] out = new double[pts.length];
        for (int i = 0; i < n; i++) {
            System.arraycopy(pts, 3 * perm[i], out, 3 * i, 3);
        }
        return out;
    }

    static double[] chessTable() {
        return MeshLoader.load(TestMeshes.dataDir().resolve("v-hacd/app/meshes/ob_chess_table.obj"))
                .mesh()
                .copyVertices();
    }

    /** Real inputs: robot meshes, the chess table, and clusters of chess-table vertices (sliver-prone pieces). */
    static List<double[]> realSets() {
        List<double[]> sets = new ArrayList<>();
        for (TestMeshes.Indexed m : TestMeshes.allRobotMeshes()) {
            sets.add(m.vertices());
        }
        double[] table = chessTable();
        sets.add(table);
        Random r = new Random(8);
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < table.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], table[i]);
            hi[i % 3] = Math.max(hi[i % 3], table[i]);
        }
        while (sets.size() < 60) {
            double[] c = new double[3], w = new double[3];
            for (int k = 0; k < 3; k++) {
                c[k] = lo[k] + r.nextDouble() * (hi[k] - lo[k]);
                w[k] = (0.05 + 0.3 * r.nextDouble()) * (hi[k] - lo[k]);
            }
            List<Double> sel = new ArrayList<>();
            for (int i = 0; i < table.length; i += 3) {
                if (Math.abs(table[i] - c[0]) < w[0]
                        && Math.abs(table[i + 1] - c[1]) < w[1]
                        && Math.abs(table[i + 2] - c[2]) < w[2]) {
                    sel.add(table[i]);
                    sel.add(table[i + 1]);
                    sel.add(table[i + 2]);
                }
            }
            if (sel.size() >= 30) {
                double[] a = new double[sel.size()];
                for (int k = 0; k < a.length; k++) {
                    a[k] = sel.get(k);
                }
                if (QuickHull.compute(a).dimension() == 3) {
                    sets.add(a);
                }
            }
        }
        return sets;
    }

    static double diagonal(ConvexHull h) {
        double d = 0;
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int v = 0; v < h.vertexCount(); v++) {
                lo = Math.min(lo, h.vertex(v, k));
                hi = Math.max(hi, h.vertex(v, k));
            }
            d += (hi - lo) * (hi - lo);
        }
        return Math.sqrt(d);
    }

    /** Every vertex inside every face plane, and random convex combinations of vertices contained with tol 0. */
    static void checkConservative(ConvexHull h, Random r) {
        double diag = diagonal(h), worst = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < h.triangleCount(); t++) {
            for (int v = 0; v < h.vertexCount(); v++) {
                double e = h.plane(t, 0) * h.vertex(v, 0)
                        + h.plane(t, 1) * h.vertex(v, 1)
                        + h.plane(t, 2) * h.vertex(v, 2)
                        - h.plane(t, 3);
                worst = Math.max(worst, e);
            }
        }
        assertTrue(worst <= 1e-12 * diag, "a vertex is " + worst + " outside a face plane (diagonal " + diag + ")");
        for (int s = 0; s < 300; s++) {
            int k = 1 + r.nextInt(4);
            double[] w = new double[k];
            double sum = 0;
            for (int j = 0; j < k; j++) {
                w[j] = r.nextDouble();
                sum += w[j];
            }
            double x = 0, y = 0, z = 0;
            for (int j = 0; j < k; j++) {
                int v = r.nextInt(h.vertexCount());
                x += w[j] / sum * h.vertex(v, 0);
                y += w[j] / sum * h.vertex(v, 1);
                z += w[j] / sum * h.vertex(v, 2);
            }
            assertTrue(h.contains(x, y, z, 0), "convex combination of vertices reported outside");
        }
    }

    @Test
    void facePlanesAreConservative() {
        Random r = new Random(9);
        List<double[]> sets = new ArrayList<>(realSets());
        sets.addAll(latticeSets());
        for (int s = 0; s < 20; s++) {
            double[] g = new double[3 * (10 + 20 * s)];
            for (int k = 0; k < g.length; k++) {
                g[k] = r.nextGaussian() * (k % 3 == 0 ? 1e-3 : 1); // flattened clouds give slivers
            }
            sets.add(g);
        }
        for (double[] pts : sets) {
            ConvexHull h = QuickHull.compute(pts);
            assertEquals(3, h.dimension());
            checkConservative(h, r);
            for (int i = 0; i < pts.length; i += 3) {
                assertTrue(
                        h.contains(pts[i], pts[i + 1], pts[i + 2], 0),
                        "input point " + i / 3 + " outside the face planes");
            }
        }
    }

    @Test
    void vertexSetDoesNotDependOnInputOrder() {
        Random r = new Random(10);
        List<double[]> sets = new ArrayList<>(latticeSets().subList(0, 25));
        sets.addAll(realSets().subList(0, 30));
        // a box with many points on its edges and faces (collinear and coplanar points)
        double[] box = new double[3 * 400];
        for (int i = 0; i < 400; i++) {
            double[] c = {r.nextInt(2), r.nextInt(2), r.nextInt(2)};
            int free = r.nextInt(3);
            c[free] = r.nextInt(9) / 8.0;
            if (i % 3 == 0) {
                c[(free + 1) % 3] = r.nextInt(5) / 4.0;
            }
            for (int k = 0; k < 3; k++) {
                box[3 * i + k] = 0.3 + 1.7 * c[k];
            }
        }
        sets.add(box);
        for (double[] pts : sets) {
            ConvexHull h = QuickHull.compute(pts);
            Set<List<Double>> ref = vertexSet(h);
            for (int s = 0; s < 4; s++) {
                assertEquals(ref, vertexSet(QuickHull.compute(shuffled(pts, r))), "hull of the shuffled input");
                assertEquals(
                        ref,
                        vertexSet(QuickHull.compute(shuffled(h.copyVertices(), r))),
                        "hull of the shuffled vertices");
            }
        }
    }

    @Test
    void orientationSignMatchesBigDecimal() {
        Random r = new Random(12);
        int zeros = 0;
        for (int s = 0; s < 20000; s++) {
            double[] q = new double[12];
            int mode = s % 4;
            for (int k = 0; k < 9; k++) {
                q[k] = mode == 0
                        ? r.nextInt(7)
                        : mode == 1
                                ? r.nextGaussian()
                                : (r.nextInt(2001) - 1000) / 64.0 * Math.pow(2, r.nextInt(40) - 20);
            }
            // d on (or next to) the plane of a, b, c: an affine combination, rounded
            double u = r.nextInt(5) - 2, v = r.nextInt(5) - 2;
            for (int k = 0; k < 3; k++) {
                q[9 + k] = q[k] + u * (q[3 + k] - q[k]) + v * (q[6 + k] - q[k]);
                if (mode == 3) {
                    q[9 + k] = Math.nextUp(q[9 + k]);
                }
            }
            int expect = bigSign(q);
            zeros += expect == 0 ? 1 : 0;
            assertEquals(
                    expect, Orient3d.sign(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9], q[10], q[11]));
        }
        assertTrue(zeros > 5000, "too few exactly degenerate cases: " + zeros);
    }

    /**
     * The exact stage for inexact differences (no BigDecimal since the two-diff expansion): points on a
     * slanted plane far from the origin (every difference rounds), interpolated as patch corners are, and
     * the same moved by one ulp, against the BigDecimal determinant computed here.
     */
    @Test
    void orientationSignMatchesBigDecimalOnNearlyCoplanarPointsFarFromTheOrigin() {
        Random r = new Random(13);
        int nonZero = 0, zero = 0;
        for (int s = 0; s < 20000; s++) {
            double[] q = new double[12];
            double offset = 300 + 100 * r.nextDouble();
            for (int k = 0; k < 9; k++) {
                q[k] = offset + 70 * r.nextDouble() * (s % 2 == 0 ? 1 : 1e-6);
            }
            double u = r.nextDouble(), v = (1 - u) * r.nextDouble();
            for (int k = 0; k < 3; k++) {
                q[9 + k] = q[k] + (u * (q[3 + k] - q[k]) + v * (q[6 + k] - q[k]));
            }
            if (s % 4 == 3) {
                for (int k = 0; k < 12; k += 3) {
                    q[k] = offset; // on an axis plane, as a box face's patches are: exactly coplanar
                }
            }
            int nudge = s % 3;
            if (nudge != 0 && s % 4 != 3) {
                int k = 9 + r.nextInt(3);
                q[k] = nudge == 1 ? Math.nextUp(q[k]) : Math.nextDown(q[k]);
            }
            int expect = bigSign(q);
            nonZero += expect != 0 ? 1 : 0;
            zero += expect == 0 ? 1 : 0;
            assertEquals(
                    expect,
                    Orient3d.sign(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9], q[10], q[11]),
                    "case " + s);
        }
        assertTrue(
                nonZero > 1000 && zero > 1000,
                "cases should mix signs and zeros: " + nonZero + " non-zero, " + zero + " zero");
    }

    static int bigSign(double[] q) {
        BigDecimal[] d = new BigDecimal[9];
        for (int k = 0; k < 9; k++) {
            d[k] = new BigDecimal(q[3 + k]).subtract(new BigDecimal(q[k % 3]));
        }
        BigDecimal det = d[0].multiply(d[4].multiply(d[8]).subtract(d[5].multiply(d[7])))
                .subtract(d[1].multiply(d[3].multiply(d[8]).subtract(d[5].multiply(d[6]))))
                .add(d[2].multiply(d[3].multiply(d[7]).subtract(d[4].multiply(d[6]))));
        return det.signum();
    }
}
