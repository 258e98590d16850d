package io.collide4j.checker.geometry;

import java.math.BigDecimal;

/**
 * Exact sign of the 3-D orientation determinant (b−a)×(c−a)·(d−a) for double inputs: a floating-point
 * filter with a static error bound, falling back to exact BigDecimal arithmetic when the filter cannot decide.
 * Stateless and thread-safe.
 */
public final class Orient3d {
    private Orient3d() {
    }

    // Bound on the relative error of the filtered evaluation (Shewchuk's o3derrboundA is 7ε+56ε², we use a wider one).
    private static final double FILTER = 16 * 0x1p-53;

    /** Sign (−1, 0, +1) of (b−a)×(c−a)·(d−a), exact for any finite doubles. */
    public static int sign(double ax, double ay, double az, double bx, double by, double bz,
                           double cx, double cy, double cz, double dx, double dy, double dz) {
        double ux = bx - ax, uy = by - ay, uz = bz - az;
        double vx = cx - ax, vy = cy - ay, vz = cz - az;
        double wx = dx - ax, wy = dy - ay, wz = dz - az;
        double c1 = uy * vz - uz * vy, c2 = uz * vx - ux * vz, c3 = ux * vy - uy * vx;
        double det = c1 * wx + c2 * wy + c3 * wz;
        double perm = (Math.abs(uy * vz) + Math.abs(uz * vy)) * Math.abs(wx)
                + (Math.abs(uz * vx) + Math.abs(ux * vz)) * Math.abs(wy)
                + (Math.abs(ux * vy) + Math.abs(uy * vx)) * Math.abs(wz);
        double bound = FILTER * perm;
        if (det > bound) {
            return 1;
        }
        if (-det > bound) {
            return -1;
        }
        return exact(ax, ay, az, bx, by, bz, cx, cy, cz, dx, dy, dz);
    }

    private static int exact(double ax, double ay, double az, double bx, double by, double bz,
                             double cx, double cy, double cz, double dx, double dy, double dz) {
        BigDecimal axb = new BigDecimal(ax), ayb = new BigDecimal(ay), azb = new BigDecimal(az);
        BigDecimal ux = new BigDecimal(bx).subtract(axb), uy = new BigDecimal(by).subtract(ayb),
                uz = new BigDecimal(bz).subtract(azb);
        BigDecimal vx = new BigDecimal(cx).subtract(axb), vy = new BigDecimal(cy).subtract(ayb),
                vz = new BigDecimal(cz).subtract(azb);
        BigDecimal wx = new BigDecimal(dx).subtract(axb), wy = new BigDecimal(dy).subtract(ayb),
                wz = new BigDecimal(dz).subtract(azb);
        BigDecimal c1 = uy.multiply(vz).subtract(uz.multiply(vy));
        BigDecimal c2 = uz.multiply(vx).subtract(ux.multiply(vz));
        BigDecimal c3 = ux.multiply(vy).subtract(uy.multiply(vx));
        return c1.multiply(wx).add(c2.multiply(wy)).add(c3.multiply(wz)).signum();
    }
}
