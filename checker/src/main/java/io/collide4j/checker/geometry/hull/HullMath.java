package io.collide4j.checker.geometry.hull;

import io.collide4j.checker.geometry.Orient3d;
import java.util.Arrays;

/**
 * The exact signs and small helpers that {@link QuickHull}'s builder and its {@link Canonicaliser} share, over the
 * packed input points {@code p} (x,y,z triples, addressed by point index). The signs are exact ({@link Orient3d}
 * behind a rounding filter), so the builder and the canonicaliser agree on every side and collinearity test.
 *
 * <p>Stateless and thread-safe.
 */
final class HullMath {
    private HullMath() {}

    /** Exactly collinear points a, b, c (true when two coincide by index). */
    static boolean collinear(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        double c2 = cx * cx + cy * cy + cz * cz;
        double l2 = (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz);
        if (a == b || a == c || b == c) {
            return true;
        }
        if (c2 > 1e-20 * l2) {
            return false; // far from collinear: the rounding error of the cross product is ~1e-16 relative
        }
        return Orient3d.collinear(
                p[3 * a],
                p[3 * a + 1],
                p[3 * a + 2],
                p[3 * b],
                p[3 * b + 1],
                p[3 * b + 2],
                p[3 * c],
                p[3 * c + 1],
                p[3 * c + 2]);
    }

    /** Exact orientation sign of d against the plane through a, b, c ({@link Orient3d#sign}). */
    static int orient(double[] p, int a, int b, int c, int d) {
        return Orient3d.sign(
                p[3 * a],
                p[3 * a + 1],
                p[3 * a + 2],
                p[3 * b],
                p[3 * b + 1],
                p[3 * b + 2],
                p[3 * c],
                p[3 * c + 1],
                p[3 * c + 2],
                p[3 * d],
                p[3 * d + 1],
                p[3 * d + 2]);
    }

    /** Exact sign of q's side of face f of the pool; the filter repeats Orient3d.sign's first stage bit for bit. */
    static int side(double[] p, FacePool pool, int f, int q) {
        int a = 3 * pool.fv[3 * f];
        double wx = p[3 * q] - p[a], wy = p[3 * q + 1] - p[a + 1], wz = p[3 * q + 2] - p[a + 2];
        int o = 6 * f;
        double det = pool.fc[o] * wx + pool.fc[o + 1] * wy + pool.fc[o + 2] * wz;
        double perm = pool.fc[o + 3] * Math.abs(wx) + pool.fc[o + 4] * Math.abs(wy) + pool.fc[o + 5] * Math.abs(wz);
        double bound = Orient3d.FILTER * perm;
        if (det > bound) {
            return 1;
        }
        if (-det > bound) {
            return -1;
        }
        return orient(p, pool.fv[3 * f], pool.fv[3 * f + 1], pool.fv[3 * f + 2], q);
    }

    /** Rounded squared distance of points i and j. */
    static double dist2(double[] p, int i, int j) {
        double x = p[3 * i] - p[3 * j], y = p[3 * i + 1] - p[3 * j + 1], z = p[3 * i + 2] - p[3 * j + 2];
        return x * x + y * y + z * z;
    }

    /** a with a[i] = v, grown (doubled) first when i is past its end. */
    static int[] push(int[] a, int i, int v) {
        if (i >= a.length) {
            a = Arrays.copyOf(a, Math.max(2 * a.length, i + 1));
        }
        a[i] = v;
        return a;
    }
}
