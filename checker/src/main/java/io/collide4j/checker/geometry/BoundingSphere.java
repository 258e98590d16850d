package io.collide4j.checker.geometry;

import java.util.Random;
import org.joml.Matrix4dc;

/**
 * Immutable bounding sphere. {@link #welzl} computes the minimal enclosing ball (Welzl 1991, unrolled into the
 * incremental nested-loop form so it needs no deep recursion; expected linear time after a seeded shuffle). The
 * final radius is the largest distance from the centre to any point, rounded up, so containment holds even where
 * the support-set circumsphere is ill-conditioned.
 */
public record BoundingSphere(double x, double y, double z, double radius) {

    public boolean contains(double px, double py, double pz) {
        double dx = px - x, dy = py - y, dz = pz - z;
        return Math.sqrt(dx * dx + dy * dy + dz * dz) <= radius;
    }

    /** This ball carried by the rigid transform {@code m} (no scale), its radius grown by a rounding allowance. */
    public BoundingSphere transformed(Matrix4dc m) {
        double nx = m.m00() * x + m.m10() * y + m.m20() * z + m.m30();
        double ny = m.m01() * x + m.m11() * y + m.m21() * z + m.m31();
        double nz = m.m02() * x + m.m12() * y + m.m22() * z + m.m32();
        double slack =
                64 * 0x1p-53 * (Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(nx) + Math.abs(ny) + Math.abs(nz));
        return new BoundingSphere(nx, ny, nz, radius + slack);
    }

    /** Whether the balls meet; touching balls intersect (|c_a − c_b| ≤ r_a + r_b, compared squared, rounded up). */
    public boolean intersects(BoundingSphere o) {
        double dx = o.x - x, dy = o.y - y, dz = o.z - z, r = radius + o.radius;
        return !(dx * dx + dy * dy + dz * dz > r * r * (1 + 0x1p-48));
    }

    /** Minimal enclosing ball of x,y,z triples. */
    public static BoundingSphere welzl(double[] xyz) {
        int n = xyz.length / 3;
        if (n == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "point array length " + xyz.length + " must be a positive multiple of 3");
        }
        double[] p = new double[3 * n];
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        Random r = new Random(0x5eed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(xyz, 3 * perm[i], p, 3 * i, 3);
        }
        double[] b = ball1(p, 0);
        for (int i = 1; i < n; i++) {
            if (outside(b, p, i)) {
                b = ball1(p, i);
                for (int j = 0; j < i; j++) {
                    if (outside(b, p, j)) {
                        b = ball2(p, i, j);
                        for (int k = 0; k < j; k++) {
                            if (outside(b, p, k)) {
                                b = ball3(p, i, j, k);
                                for (int l = 0; l < k; l++) {
                                    if (outside(b, p, l)) {
                                        b = ball4(p, i, j, k, l);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        double rr = 0;
        for (int i = 0; i < n; i++) {
            double dx = p[3 * i] - b[0], dy = p[3 * i + 1] - b[1], dz = p[3 * i + 2] - b[2];
            rr = Math.max(rr, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return new BoundingSphere(b[0], b[1], b[2], rr * (1 + 0x1p-50));
    }

    private static boolean outside(double[] b, double[] p, int i) {
        double dx = p[3 * i] - b[0], dy = p[3 * i + 1] - b[1], dz = p[3 * i + 2] - b[2];
        return dx * dx + dy * dy + dz * dz > b[3] * b[3] * (1 + 1e-12);
    }

    private static double[] ball1(double[] p, int i) {
        return new double[] {p[3 * i], p[3 * i + 1], p[3 * i + 2], 0};
    }

    private static double[] ball2(double[] p, int i, int j) {
        double cx = (p[3 * i] + p[3 * j]) / 2,
                cy = (p[3 * i + 1] + p[3 * j + 1]) / 2,
                cz = (p[3 * i + 2] + p[3 * j + 2]) / 2;
        return new double[] {cx, cy, cz, dist(cx, cy, cz, p, i)};
    }

    /** Smallest ball with three points on its boundary: the circumcircle (falls back to the widest pair). */
    private static double[] ball3(double[] p, int i, int j, int k) {
        double ax = p[3 * i], ay = p[3 * i + 1], az = p[3 * i + 2];
        double ux = p[3 * j] - ax, uy = p[3 * j + 1] - ay, uz = p[3 * j + 2] - az;
        double vx = p[3 * k] - ax, vy = p[3 * k + 1] - ay, vz = p[3 * k + 2] - az;
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nn = nx * nx + ny * ny + nz * nz;
        double uu = ux * ux + uy * uy + uz * uz, vv = vx * vx + vy * vy + vz * vz;
        if (!(nn > 1e-24 * uu * vv)) {
            double[] b1 = ball2(p, i, j), b2 = ball2(p, i, k), b3 = ball2(p, j, k);
            double[] b = b1[3] >= b2[3] ? b1 : b2;
            return b[3] >= b3[3] ? b : b3;
        }
        // centre = a + (uu (v × n) + vv (n × u)) / (2 |n|²)
        double cx = (uu * (vy * nz - vz * ny) + vv * (ny * uz - nz * uy)) / (2 * nn);
        double cy = (uu * (vz * nx - vx * nz) + vv * (nz * ux - nx * uz)) / (2 * nn);
        double cz = (uu * (vx * ny - vy * nx) + vv * (nx * uy - ny * ux)) / (2 * nn);
        double ox = ax + cx, oy = ay + cy, oz = az + cz;
        return new double[] {
            ox, oy, oz, Math.max(dist(ox, oy, oz, p, i), Math.max(dist(ox, oy, oz, p, j), dist(ox, oy, oz, p, k)))
        };
    }

    /** Circumsphere of four points (falls back to the best triple ball when they are coplanar). */
    private static double[] ball4(double[] p, int i, int j, int k, int l) {
        double ax = p[3 * i], ay = p[3 * i + 1], az = p[3 * i + 2];
        double[][] m = new double[3][];
        double[] rhs = new double[3];
        int[] o = {j, k, l};
        for (int r = 0; r < 3; r++) {
            double x = p[3 * o[r]] - ax, y = p[3 * o[r] + 1] - ay, z = p[3 * o[r] + 2] - az;
            m[r] = new double[] {x, y, z};
            rhs[r] = (x * x + y * y + z * z) / 2;
        }
        double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        double scale = Math.abs(m[0][0])
                + Math.abs(m[0][1])
                + Math.abs(m[0][2])
                + Math.abs(m[1][0])
                + Math.abs(m[1][1])
                + Math.abs(m[1][2])
                + Math.abs(m[2][0])
                + Math.abs(m[2][1])
                + Math.abs(m[2][2]);
        if (!(Math.abs(det) > 1e-12 * scale * scale * scale)) {
            double[] best = null;
            int[][] tri = {{i, j, k}, {i, j, l}, {i, k, l}, {j, k, l}};
            for (int[] t : tri) {
                double[] b = ball3(p, t[0], t[1], t[2]);
                if (best == null || b[3] > best[3]) {
                    best = b;
                }
            }
            return best;
        }
        double cx = (rhs[0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                        - m[0][1] * (rhs[1] * m[2][2] - m[1][2] * rhs[2])
                        + m[0][2] * (rhs[1] * m[2][1] - m[1][1] * rhs[2]))
                / det;
        double cy = (m[0][0] * (rhs[1] * m[2][2] - m[1][2] * rhs[2])
                        - rhs[0] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                        + m[0][2] * (m[1][0] * rhs[2] - rhs[1] * m[2][0]))
                / det;
        double cz = (m[0][0] * (m[1][1] * rhs[2] - rhs[1] * m[2][1])
                        - m[0][1] * (m[1][0] * rhs[2] - rhs[1] * m[2][0])
                        + rhs[0] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
                / det;
        double ox = ax + cx, oy = ay + cy, oz = az + cz;
        double r = Math.max(
                Math.max(dist(ox, oy, oz, p, i), dist(ox, oy, oz, p, j)),
                Math.max(dist(ox, oy, oz, p, k), dist(ox, oy, oz, p, l)));
        return new double[] {ox, oy, oz, r};
    }

    private static double dist(double x, double y, double z, double[] p, int i) {
        double dx = p[3 * i] - x, dy = p[3 * i + 1] - y, dz = p[3 * i + 2] - z;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
