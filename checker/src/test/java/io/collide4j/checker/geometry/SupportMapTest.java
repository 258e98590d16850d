package io.collide4j.checker.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import io.collide4j.checker.geometry.hull.QuickHull;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class SupportMapTest {

    private static double dot(double[] d, Vector3d p) {
        return d[0] * p.x + d[1] * p.y + d[2] * p.z;
    }

    /** Directions: random, axis-aligned, diagonal, and every face normal and edge perpendicular of the hull. */
    private static List<double[]> directions(ConvexHull h, Random r, int random) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < random; i++) {
            out.add(new double[] {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()});
        }
        for (int a = -1; a <= 1; a++) {
            for (int b = -1; b <= 1; b++) {
                for (int c = -1; c <= 1; c++) {
                    out.add(new double[] {a, b, c});
                }
            }
        }
        for (int f = 0; f < h.triangleCount(); f++) {
            out.add(new double[] {h.plane(f, 0), h.plane(f, 1), h.plane(f, 2)});
            out.add(new double[] {-h.plane(f, 0), -h.plane(f, 1), -h.plane(f, 2)});
        }
        return out;
    }

    private static void climbEqualsScan(ConvexHull h, Random r) {
        HullShape s = new HullShape(h);
        int hint = -1;
        int checked = 0;
        for (double[] d : directions(h, r, 3000)) {
            int scan = s.scan(d[0], d[1], d[2]);
            double best = d[0] * h.vertex(scan, 0) + d[1] * h.vertex(scan, 1) + d[2] * h.vertex(scan, 2);
            double mag = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) * s.boundingRadius();
            for (int start : new int[] {-1, hint, r.nextInt(h.vertexCount())}) {
                int c = s.climb(d[0], d[1], d[2], start);
                double got = d[0] * h.vertex(c, 0) + d[1] * h.vertex(c, 1) + d[2] * h.vertex(c, 2);
                assertEquals(best, got, 4 * Math.ulp(mag), "hill climbing value differs from the linear scan");
                checked++;
            }
            hint = s.climb(d[0], d[1], d[2], hint);
        }
        assertTrue(checked > 9000);
    }

    @Test
    void hillClimbingMatchesLinearScanOnRobotAndSyntheticHulls() {
        Random r = new Random(11);
        for (TestMeshes.Indexed m : TestMeshes.allRobotMeshes()) {
            climbEqualsScan(QuickHull.compute(m.vertices()), r);
        }
        climbEqualsScan(QuickHull.compute(QuickHullTest.randomBall(r, 2000, 1, true)), r);
        // cube grid: large coplanar plateaus, all face-normal queries are ties
        double[] g = new double[3 * 216];
        int k = 0;
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                for (int l = 0; l < 6; l++) {
                    g[k++] = i;
                    g[k++] = j;
                    g[k++] = l;
                }
            }
        }
        climbEqualsScan(QuickHull.compute(g), r);
    }

    /** Support value must bound every sampled point of the shape and be attained by a point of the shape. */
    private static void checkSupport(
            ConvexShape s, java.util.function.Predicate<double[]> inside, double[] lo, double[] hi, Random r) {
        Vector3d p = new Vector3d();
        List<double[]> samples = new ArrayList<>();
        while (samples.size() < 1500) {
            double[] q = {
                lo[0] + (hi[0] - lo[0]) * r.nextDouble(),
                lo[1] + (hi[1] - lo[1]) * r.nextDouble(),
                lo[2] + (hi[2] - lo[2]) * r.nextDouble()
            };
            if (inside.test(q)) {
                samples.add(q);
            }
        }
        for (int i = 0; i < 800; i++) {
            double[] d = i < 6
                    ? new double[] {
                        i == 0 ? 1 : i == 1 ? -1 : 0, i == 2 ? 1 : i == 3 ? -1 : 0, i == 4 ? 1 : i == 5 ? -1 : 0
                    }
                    : new double[] {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
            s.support(d[0], d[1], d[2], p);
            double h = dot(d, p);
            double tol = 1e-12 * Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) * s.boundingRadius();
            assertTrue(
                    inside.test(new double[] {p.x * (1 - 1e-12), p.y * (1 - 1e-12), p.z * (1 - 1e-12)}),
                    "support point outside " + s + ": " + p);
            for (double[] q : samples) {
                assertTrue(d[0] * q[0] + d[1] * q[1] + d[2] * q[2] <= h + tol, s + " support not maximal");
            }
            assertTrue(p.length() <= s.boundingRadius() * (1 + 1e-12));
        }
        double[] b = new double[6];
        s.localBounds(b);
        for (double[] q : samples) {
            for (int a = 0; a < 3; a++) {
                assertTrue(q[a] >= b[a] - 1e-12 && q[a] <= b[a + 3] + 1e-12, "local bounds miss a point");
            }
        }
    }

    @Test
    void primitiveSupportsAreMaximalAndAttained() {
        Random r = new Random(12);
        double e = 1e-9;
        checkSupport(
                Shapes.sphere(0.7),
                q -> q[0] * q[0] + q[1] * q[1] + q[2] * q[2] <= 0.49 + e,
                new double[] {-.7, -.7, -.7},
                new double[] {.7, .7, .7},
                r);
        checkSupport(
                Shapes.box(0.3, 0.5, 0.9),
                q -> Math.abs(q[0]) <= 0.3 + e && Math.abs(q[1]) <= 0.5 + e && Math.abs(q[2]) <= 0.9 + e,
                new double[] {-.3, -.5, -.9},
                new double[] {.3, .5, .9},
                r);
        checkSupport(
                Shapes.capsule(0.4, 0.6),
                q -> {
                    double z = Math.max(-0.6, Math.min(0.6, q[2]));
                    return q[0] * q[0] + q[1] * q[1] + (q[2] - z) * (q[2] - z) <= 0.16 + e;
                },
                new double[] {-.4, -.4, -1},
                new double[] {.4, .4, 1},
                r);
        checkSupport(
                Shapes.cylinder(0.4, 0.6),
                q -> q[0] * q[0] + q[1] * q[1] <= 0.16 + e && Math.abs(q[2]) <= 0.6 + e,
                new double[] {-.4, -.4, -.6},
                new double[] {.4, .4, .6},
                r);
        checkSupport(
                Shapes.cone(0.5, 1.2),
                q -> Math.abs(q[2]) <= 0.6 + e && Math.sqrt(q[0] * q[0] + q[1] * q[1]) <= 0.5 * (0.6 - q[2]) / 1.2 + e,
                new double[] {-.5, -.5, -.6},
                new double[] {.5, .5, .6},
                r);
        checkSupport(
                Shapes.margin(Shapes.box(0.3, 0.2, 0.1), 0.25),
                q -> {
                    double dx = Math.max(0, Math.abs(q[0]) - 0.3),
                            dy = Math.max(0, Math.abs(q[1]) - 0.2),
                            dz = Math.max(0, Math.abs(q[2]) - 0.1);
                    return dx * dx + dy * dy + dz * dz <= 0.0625 + e;
                },
                new double[] {-.55, -.45, -.35},
                new double[] {.55, .45, .35},
                r);
        Matrix4d m = new Matrix4d().translation(0.3, -0.2, 0.1).rotateXYZ(0.3, -1.1, 2.0);
        Matrix4d inv = new Matrix4d(m).invertAffine();
        checkSupport(
                Shapes.transformed(Shapes.cylinder(0.4, 0.6), m),
                q -> {
                    Vector3d l = inv.transformPosition(new Vector3d(q[0], q[1], q[2]));
                    return l.x * l.x + l.y * l.y <= 0.16 + e && Math.abs(l.z) <= 0.6 + e;
                },
                new double[] {-1.1, -1.1, -1.1},
                new double[] {1.1, 1.1, 1.1},
                r);
    }
}
