package io.collide4j.checker.geometry.mesh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;

class MeshOracleTest {

    /** Minimum distance between dense barycentric samples of two triangles: an upper bound on their distance. */
    private static double sampled(double[] t, double[] u, int n) {
        double best = Double.POSITIVE_INFINITY;
        double[][] ps = samples(t, n), qs = samples(u, n);
        for (double[] p : ps) {
            for (double[] q : qs) {
                double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
                best = Math.min(best, dx * dx + dy * dy + dz * dz);
            }
        }
        return Math.sqrt(best);
    }

    private static double[][] samples(double[] t, int n) {
        double[][] out = new double[(n + 1) * (n + 2) / 2][];
        int k = 0;
        for (int i = 0; i <= n; i++) {
            for (int j = 0; i + j <= n; j++) {
                double a = (double) i / n, b = (double) j / n, c = 1 - a - b;
                out[k++] = new double[] {
                    a * t[0] + b * t[3] + c * t[6], a * t[1] + b * t[4] + c * t[7], a * t[2] + b * t[5] + c * t[8]
                };
            }
        }
        return out;
    }

    @Test
    void triangleDistanceAgainstSamplingAndIntersectionConsistency() {
        Random r = new Random(21);
        int hits = 0;
        for (int it = 0; it < 600; it++) {
            double[] t = new double[9], u = new double[9];
            for (int k = 0; k < 9; k++) {
                t[k] = r.nextDouble();
                u[k] = r.nextDouble() + (it % 3 == 0 ? 0.5 : 0);
            }
            double d = TriangleTests.distance(t, 0, u, 0);
            boolean x = TriangleTests.intersect(t, 0, u, 0);
            assertEquals(x, d == 0);
            if (x) {
                hits++;
            }
            double s = sampled(t, u, 20);
            // samples are within h of every point of a triangle of diameter ≤ √3 (grid step 1/20 in barycentrics)
            double h = 2 * Math.sqrt(3) / 20;
            assertTrue(d <= s + 1e-12, "distance above a sampled pair");
            assertTrue(s <= d + h, "distance far below every sampled pair: " + d + " vs " + s);
        }
        assertTrue(hits > 40 && hits < 560, "hits " + hits);
    }

    @Test
    void coplanarAndTouchingTrianglesAreExact() {
        double[] t = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        // overlapping coplanar
        assertTrue(TriangleTests.intersect(t, 0, new double[] {0.2, 0.2, 0, 2, 0.2, 0, 0.2, 2, 0}, 0));
        // one inside the other, coplanar
        assertTrue(TriangleTests.intersect(t, 0, new double[] {0.1, 0.1, 0, 0.2, 0.1, 0, 0.1, 0.2, 0}, 0));
        // sharing only a vertex, coplanar
        assertTrue(TriangleTests.intersect(t, 0, new double[] {1, 0, 0, 2, 0, 0, 2, 1, 0}, 0));
        // sharing an edge, coplanar
        assertTrue(TriangleTests.intersect(t, 0, new double[] {1, 0, 0, 0, 1, 0, 1, 1, 0}, 0));
        // coplanar, disjoint across the hypotenuse by a hair
        double e = 1e-15;
        double[] far = {1 + e, e, 0, e, 1 + e, 0, 1, 1, 0};
        assertFalse(TriangleTests.intersect(t, 0, far, 0));
        assertTrue(TriangleTests.distance(t, 0, far, 0) > 0);
        // vertex touching the face from above
        assertTrue(TriangleTests.intersect(t, 0, new double[] {0.25, 0.25, 0, 0.3, 0.3, 1, 0.2, 0.4, 1}, 0));
        assertEquals(
                1e-9,
                TriangleTests.distance(t, 0, new double[] {0.25, 0.25, 1e-9, 0.3, 0.3, 1, 0.2, 0.4, 1}, 0),
                1e-20);
        // crossing edges (skew), analytic distance 0.5
        double[] a = {0, 0, 0, 2, 0, 0, 2, 0.000001, -1}, b = {1, -1, 0.5, 1, 1, 0.5, 1, 0, 3};
        assertEquals(0.5, TriangleTests.distance(a, 0, b, 0), 1e-6);
    }

    private static Matrix4d randomPose(Random r, double spread) {
        Quaterniond q =
                new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        return new Matrix4d()
                .translationRotate(spread * r.nextGaussian(), spread * r.nextGaussian(), spread * r.nextGaussian(), q);
    }

    private static double bruteForce(TestMeshes.Indexed a, Matrix4d pa, TestMeshes.Indexed b, Matrix4d pb) {
        double[] ta = world(a, pa), tb = world(b, pb);
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ta.length; i += 9) {
            for (int j = 0; j < tb.length; j += 9) {
                best = Math.min(best, TriangleTests.distance(ta, i, tb, j));
            }
        }
        return best;
    }

    private static double[] world(TestMeshes.Indexed m, Matrix4d p) {
        int[] t = m.triangles();
        double[] out = new double[3 * t.length];
        org.joml.Vector3d v = new org.joml.Vector3d();
        for (int i = 0; i < t.length; i++) {
            p.transformPosition(m.vertices()[3 * t[i]], m.vertices()[3 * t[i] + 1], m.vertices()[3 * t[i] + 2], v);
            out[3 * i] = v.x;
            out[3 * i + 1] = v.y;
            out[3 * i + 2] = v.z;
        }
        return out;
    }

    @Test
    void meshMeshMatchesBruteForceAndHullsAreConservative() {
        Random r = new Random(22);
        MeshQuery q = new MeshQuery();
        Gjk gjk = new Gjk();
        DistanceResult dr = new DistanceResult();
        String[] links = {"link1", "link4", "hand", "link7"};
        int hits = 0;
        for (int it = 0; it < 12; it++) {
            TestMeshes.Indexed a = TestMeshes.panda(links[it % 4]), b = TestMeshes.panda(links[(it / 4) % 4]);
            Matrix4d pa = randomPose(r, 0.05), pb = randomPose(r, 0.08);
            MeshBvh ba = new MeshBvh(a.vertices(), a.triangles()), bb = new MeshBvh(b.vertices(), b.triangles());
            double d = q.distance(ba, pa, bb, pb);
            double brute = bruteForce(a, pa, b, pb);
            assertEquals(brute, d, 1e-15, "BVH distance differs from all-pairs brute force");
            assertEquals(d == 0, q.intersects(ba, pa, bb, pb));
            if (d == 0) {
                hits++;
            }
            // the convex hulls contain the meshes: their certified lower bound never exceeds the mesh distance
            ConvexShape ha = Shapes.hull(QuickHull.compute(a.vertices())),
                    hb = Shapes.hull(QuickHull.compute(b.vertices()));
            gjk.distance(ha, pa, hb, pb, dr);
            assertTrue(dr.lowerBound <= d + 1e-15, "hull lower bound above mesh distance");
        }
        assertTrue(hits > 0 && hits < 12, "hits " + hits);
    }

    @Test
    void meshAgainstConvexShape() {
        // a closed box mesh [−1,1]^3 against a sphere: analytic distance point-to-box minus radius
        double[] v = {-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1};
        int[] t = {
            0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7
        };
        MeshBvh box = new MeshBvh(v, t);
        MeshQuery q = new MeshQuery();
        Random r = new Random(23);
        for (int it = 0; it < 300; it++) {
            double x = 4 * r.nextDouble() - 2,
                    y = 4 * r.nextDouble() - 2,
                    z = 4 * r.nextDouble() - 2 + (it % 2 == 0 ? 2.5 : 0);
            double dx = Math.max(0, Math.abs(x) - 1),
                    dy = Math.max(0, Math.abs(y) - 1),
                    dz = Math.max(0, Math.abs(z) - 1);
            double outside = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double rad = 0.3;
            // inside the box the triangle SET (surface) distance is the distance to the nearest face
            double surface =
                    outside > 0 ? outside : Math.min(1 - Math.abs(x), Math.min(1 - Math.abs(y), 1 - Math.abs(z)));
            double expected = Math.max(0, surface - rad);
            double got = q.distance(box, null, Shapes.sphere(rad), new Matrix4d().translation(x, y, z));
            assertEquals(expected, got, 1e-9);
            assertTrue(q.lastLowerBound <= expected + 1e-15);
        }
    }

    @Test
    void earlyOutThresholdQueriesMatchBruteForce() {
        Random r = new Random(24);
        MeshQuery q = new MeshQuery();
        String[] links = {"link1", "link4", "hand", "link7"};
        int within = 0, exact = 0, capped = 0;
        for (int it = 0; it < 24; it++) {
            TestMeshes.Indexed a = TestMeshes.panda(links[it % 4]), b = TestMeshes.panda(links[(it / 4) % 4]);
            Matrix4d pa = randomPose(r, 0.05), pb = randomPose(r, 0.08 + 0.01 * (it % 6));
            MeshBvh ba = new MeshBvh(a.vertices(), a.triangles()), bb = new MeshBvh(b.vertices(), b.triangles());
            double brute = bruteForce(a, pa, b, pb);
            double d = it % 3 == 0 ? 0 : brute * (0.5 + r.nextDouble()), cap = d + 0.02 * (1 + it % 2);
            double got = q.distanceWithin(ba, pa, bb, pb, d, cap, 0);
            double loose = q.distanceWithin(ba, pa, bb, pb, d, cap, 0.5);
            if (brute <= d) {
                assertTrue(got <= d && got >= brute - 1e-15, "within d must be reported: " + got + " brute " + brute);
                assertTrue(
                        loose <= d && loose >= brute - 1e-15,
                        "within d must be reported: " + loose + " brute " + brute);
                within++;
            } else if (brute < cap) {
                assertEquals(brute, got, 1e-15);
                exact++;
            } else {
                assertEquals(cap, got);
                capped++;
            }
            if (brute > d) {
                assertTrue(
                        loose > d
                                && loose <= Math.min(brute, cap) + 1e-15
                                && loose >= Math.min(brute, cap) / 1.5 - 1e-15,
                        "loose bound " + loose + " vs " + brute + " cap " + cap);
            }
        }
        assertTrue(within > 0 && exact > 0, "within " + within + " exact " + exact + " capped " + capped);
        // mesh against a convex shape: the box mesh [−1,1]^3 against spheres, confirm by the analytic distance
        double[] v = {-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1};
        int[] t = {
            0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7
        };
        MeshBvh box = new MeshBvh(v, t);
        Matrix4d boxPose = randomPose(r, 0.3);
        double rad = 0.3;
        int hits = 0, misses = 0;
        for (int it = 0; it < 300; it++) {
            double x = 4 * r.nextDouble() - 2,
                    y = 4 * r.nextDouble() - 2,
                    z = 4 * r.nextDouble() - 2 + (it % 2 == 0 ? 2.5 : 0);
            double dx = Math.max(0, Math.abs(x) - 1),
                    dy = Math.max(0, Math.abs(y) - 1),
                    dz = Math.max(0, Math.abs(z) - 1);
            double outside = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double surface =
                    outside > 0 ? outside : Math.min(1 - Math.abs(x), Math.min(1 - Math.abs(y), 1 - Math.abs(z)));
            double expected = Math.max(0, surface - rad);
            Matrix4d sp = new Matrix4d(boxPose).translate(x, y, z);
            org.joml.Vector3d centre = sp.getTranslation(new org.joml.Vector3d());
            double d = 0.05, cap = 0.4;
            // exact triangle–sphere decision: analytic point–triangle distance to the centre minus the radius
            MeshQuery.TriangleCheck confirm = (tri, dd) -> pointTriangle(centre, tri) - rad <= dd;
            double tol = it % 3 == 0 ? 0.5 : 0;
            double got = q.distanceWithin(box, boxPose, Shapes.sphere(rad), sp, d, cap, tol, confirm);
            // stopped early at a confirmed triangle the value is only promised ≤ d; otherwise a lower bound
            assertTrue(
                    q.lastWithin ? got <= d : got <= Math.min(expected, cap) + 1e-12,
                    "bound " + got + " vs " + expected);
            if (expected <= d - 1e-9) {
                assertTrue(q.lastWithin, "within d not found, expected " + expected);
                hits++;
            } else if (expected > d + 1e-9) {
                assertFalse(q.lastWithin);
                assertTrue(
                        got >= Math.min(expected, cap) / (1 + tol) - 1e-6,
                        "bound too loose: " + got + " vs " + expected);
                misses++;
            }
        }
        assertTrue(hits > 10 && misses > 10, "hits " + hits + " misses " + misses);
    }

    /** Distance from point p to a triangle by its closest point (projection onto the plane, else the nearest edge). */
    private static double pointTriangle(org.joml.Vector3d p, double[] t) {
        double best = Double.POSITIVE_INFINITY;
        for (int e = 0; e < 3; e++) {
            int i = 3 * e, j = 3 * ((e + 1) % 3);
            double ex = t[j] - t[i], ey = t[j + 1] - t[i + 1], ez = t[j + 2] - t[i + 2];
            double u = Math.max(
                    0,
                    Math.min(
                            1,
                            ((p.x - t[i]) * ex + (p.y - t[i + 1]) * ey + (p.z - t[i + 2]) * ez)
                                    / (ex * ex + ey * ey + ez * ez)));
            best = Math.min(
                    best,
                    Math.sqrt(sq(p.x - t[i] - u * ex) + sq(p.y - t[i + 1] - u * ey) + sq(p.z - t[i + 2] - u * ez)));
        }
        double ux = t[3] - t[0],
                uy = t[4] - t[1],
                uz = t[5] - t[2],
                vx = t[6] - t[0],
                vy = t[7] - t[1],
                vz = t[8] - t[2];
        double nx = uy * vz - uz * vy,
                ny = uz * vx - ux * vz,
                nz = ux * vy - uy * vx,
                nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= nn;
        ny /= nn;
        nz /= nn;
        double h = (p.x - t[0]) * nx + (p.y - t[1]) * ny + (p.z - t[2]) * nz;
        double px = p.x - h * nx, py = p.y - h * ny, pz = p.z - h * nz;
        boolean inside = true;
        for (int e = 0; e < 3; e++) {
            int i = 3 * e, j = 3 * ((e + 1) % 3);
            double cx = (t[j + 1] - t[i + 1]) * (pz - t[i + 2]) - (t[j + 2] - t[i + 2]) * (py - t[i + 1]);
            double cy = (t[j + 2] - t[i + 2]) * (px - t[i]) - (t[j] - t[i]) * (pz - t[i + 2]);
            double cz = (t[j] - t[i]) * (py - t[i + 1]) - (t[j + 1] - t[i + 1]) * (px - t[i]);
            inside &= cx * nx + cy * ny + cz * nz >= 0;
        }
        return inside ? Math.abs(h) : best;
    }

    private static double sq(double x) {
        return x * x;
    }
}
