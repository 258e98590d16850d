package io.collide4j.checker.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BoundingVolumeTest {

    /** Brute-force minimal enclosing ball: best ball among those defined by 1–4 point subsets that contain all. */
    private static double bruteForceRadius(double[] p) {
        int n = p.length / 3;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                for (int k = j; k < n; k++) {
                    for (int l = k; l < n; l++) {
                        int[] ids = java.util.stream.IntStream.of(i, j, k, l)
                                .distinct()
                                .toArray();
                        double[] sub = new double[3 * ids.length];
                        for (int s = 0; s < ids.length; s++) {
                            System.arraycopy(p, 3 * ids[s], sub, 3 * s, 3);
                        }
                        // the minimal ball of the subset, computed by the same Welzl code only on ≤ 4 points,
                        // is cross-checked by the explicit containment test below
                        BoundingSphere b = BoundingSphere.welzl(sub);
                        boolean all = true;
                        for (int q = 0; q < n && all; q++) {
                            double dx = p[3 * q] - b.x(), dy = p[3 * q + 1] - b.y(), dz = p[3 * q + 2] - b.z();
                            all = Math.sqrt(dx * dx + dy * dy + dz * dz) <= b.radius() * (1 + 1e-9);
                        }
                        if (all) {
                            best = Math.min(best, b.radius());
                        }
                    }
                }
            }
        }
        return best;
    }

    @Test
    void welzlContainsAllAndIsMinimalOnSmallSets() {
        Random r = new Random(31);
        for (int it = 0; it < 200; it++) {
            int n = 2 + r.nextInt(7);
            double[] p = new double[3 * n];
            for (int i = 0; i < p.length; i++) {
                p[i] = r.nextGaussian();
            }
            BoundingSphere b = BoundingSphere.welzl(p);
            for (int i = 0; i < n; i++) {
                assertTrue(b.contains(p[3 * i], p[3 * i + 1], p[3 * i + 2]));
            }
            assertEquals(bruteForceRadius(p), b.radius(), 1e-9 * b.radius());
        }
        // analytic: regular tetrahedron vertices (±1,±1,±1 with even sign count) → radius √3
        BoundingSphere t = BoundingSphere.welzl(new double[] {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1});
        assertEquals(Math.sqrt(3), t.radius(), 1e-12);
        // the two extreme points of a segment define the ball, interior points don't matter
        BoundingSphere s = BoundingSphere.welzl(new double[] {0, 0, 0, 4, 0, 0, 1, 1, 0, 2, -1.5, 0});
        assertEquals(2.0, s.radius(), 1e-12); // (1,1) and (2,−1.5) lie inside the ball on the diameter (0,0)–(4,0)
        assertThrows(IllegalArgumentException.class, () -> BoundingSphere.welzl(new double[0]));
    }

    @Test
    void boundingVolumesContainRobotMeshes() {
        for (TestMeshes.Indexed m : TestMeshes.allRobotMeshes()) {
            double[] p = m.vertices();
            BoundingSphere b = BoundingSphere.welzl(p);
            Obb o = Obb.pca(p);
            Aabb a = Aabb.of(p);
            for (int i = 0; i < p.length; i += 3) {
                assertTrue(b.contains(p[i], p[i + 1], p[i + 2]), m.name() + " sphere");
                assertTrue(o.contains(p[i], p[i + 1], p[i + 2]), m.name() + " obb");
                assertTrue(a.contains(p[i], p[i + 1], p[i + 2]), m.name() + " aabb");
            }
            double[] ax = o.axes();
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    double d = ax[3 * i] * ax[3 * j] + ax[3 * i + 1] * ax[3 * j + 1] + ax[3 * i + 2] * ax[3 * j + 2];
                    assertEquals(i == j ? 1 : 0, d, 1e-12);
                }
            }
            // a PCA box of an elongated link should not be much larger than the axis-aligned one
            double aabbVolume = (a.maxX() - a.minX()) * (a.maxY() - a.minY()) * (a.maxZ() - a.minZ());
            assertTrue(
                    o.volume() <= 2.5 * aabbVolume, m.name() + " obb volume " + o.volume() + " vs aabb " + aabbVolume);
        }
    }

    @Test
    void obbOfRotatedBoxIsTight() {
        // points of a 4×2×1 box rotated about z by 30°: PCA recovers the box
        double c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
        Random r = new Random(32);
        double[] p = new double[3 * 2000];
        for (int i = 0; i < 2000; i++) {
            double x = (r.nextDouble() - 0.5) * 4, y = (r.nextDouble() - 0.5) * 2, z = r.nextDouble() - 0.5;
            if (i < 8) {
                x = (i & 1) == 0 ? -2 : 2;
                y = (i & 2) == 0 ? -1 : 1;
                z = (i & 4) == 0 ? -0.5 : 0.5;
            }
            p[3 * i] = c * x - s * y + 3;
            p[3 * i + 1] = s * x + c * y;
            p[3 * i + 2] = z;
        }
        Obb o = Obb.pca(p);
        // sampled covariance tilts the axes by ~1–2° (statistical error), costing a few percent of volume
        assertTrue(o.volume() >= 8.0 && o.volume() <= 8.8, "obb volume " + o.volume());
        for (int i = 0; i < p.length; i += 3) {
            assertTrue(o.contains(p[i], p[i + 1], p[i + 2]));
        }
        assertTrue(new Aabb(0, 0, 0, 1, 1, 1).overlaps(new Aabb(1, 1, 1, 2, 2, 2)), "touching boxes overlap");
    }
}
