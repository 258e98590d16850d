package io.collide4j.checker.query;

import io.collide4j.checker.scene.ObstacleShape;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Independent exact distance tests for the oracle (no GJK): analytic point-to-primitive signed
 * distance and point-to-triangle distance, and a branch-and-bound over triangle subdivisions that
 * decides "some point of the triangle is within d" using that the distance function is 1-Lipschitz.
 * Decisions are exact up to {@link #RESOLUTION} (an undecided sub-triangle smaller than that counts as
 * within d, i.e. the oracle errs toward reporting contact by at most 1e-7 m).
 */
final class ExactDistance {
    static final double RESOLUTION = 1e-7;

    private ExactDistance() {}

    interface PointDistance {
        double at(double x, double y, double z);
    }

    /** Signed distance of a point (obstacle frame) to a convex primitive; negative inside. */
    static double primitive(ObstacleShape s, double x, double y, double z) {
        if (s instanceof ObstacleShape.Box b) {
            double qx = Math.abs(x) - b.sizeX() / 2, qy = Math.abs(y) - b.sizeY() / 2, qz = Math.abs(z) - b.sizeZ() / 2;
            double ox = Math.max(qx, 0), oy = Math.max(qy, 0), oz = Math.max(qz, 0);
            return Math.sqrt(ox * ox + oy * oy + oz * oz) + Math.min(Math.max(qx, Math.max(qy, qz)), 0);
        } else if (s instanceof ObstacleShape.Sphere sp) {
            return Math.sqrt(x * x + y * y + z * z) - sp.radius();
        } else if (s instanceof ObstacleShape.Cylinder c) {
            double rad = Math.hypot(x, y) - c.radius(), ax = Math.abs(z) - c.length() / 2;
            return Math.hypot(Math.max(rad, 0), Math.max(ax, 0)) + Math.min(Math.max(rad, ax), 0);
        } else if (s instanceof ObstacleShape.Capsule c) {
            double h = c.length() / 2, zc = Math.max(-h, Math.min(h, z));
            return Math.sqrt(x * x + y * y + (z - zc) * (z - zc)) - c.radius();
        }
        throw new IllegalArgumentException("not a convex primitive: " + s);
    }

    /** Distance from p to triangle (a, b, c) — Ericson's closest point on triangle. */
    static double pointTriangle(double[] p, double[] t) {
        double ax = t[0], ay = t[1], az = t[2], bx = t[3], by = t[4], bz = t[5], cx = t[6], cy = t[7], cz = t[8];
        double abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = p[0] - ax, apy = p[1] - ay, apz = p[2] - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double rx, ry, rz;
        if (d1 <= 0 && d2 <= 0) {
            rx = ax;
            ry = ay;
            rz = az;
        } else {
            double bpx = p[0] - bx, bpy = p[1] - by, bpz = p[2] - bz;
            double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = p[0] - cx, cpy = p[1] - cy, cpz = p[2] - cz;
            double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                rx = bx;
                ry = by;
                rz = bz;
            } else if (d6 >= 0 && d5 <= d6) {
                rx = cx;
                ry = cy;
                rz = cz;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                double v = d1 / (d1 - d3);
                rx = ax + v * abx;
                ry = ay + v * aby;
                rz = az + v * abz;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                double w = d2 / (d2 - d6);
                rx = ax + w * acx;
                ry = ay + w * acy;
                rz = az + w * acz;
            } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
                double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                rx = bx + w * (cx - bx);
                ry = by + w * (cy - by);
                rz = bz + w * (cz - bz);
            } else {
                double den = 1 / (va + vb + vc), v = vb * den, w = vc * den;
                rx = ax + abx * v + acx * w;
                ry = ay + aby * v + acy * w;
                rz = az + abz * v + acz * w;
            }
        }
        double dx = p[0] - rx, dy = p[1] - ry, dz = p[2] - rz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** True when some point of the triangle (9 coordinates) has f ≤ d, for a 1-Lipschitz f. */
    static boolean triangleWithin(double[] t, PointDistance f, double d) {
        return within(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], f, d, 0);
    }

    private static boolean within(
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double cx,
            double cy,
            double cz,
            PointDistance f,
            double d,
            int depth) {
        double mx = (ax + bx + cx) / 3, my = (ay + by + cy) / 3, mz = (az + bz + cz) / 3;
        double r = Math.sqrt(Math.max(
                dist2(mx, my, mz, ax, ay, az), Math.max(dist2(mx, my, mz, bx, by, bz), dist2(mx, my, mz, cx, cy, cz))));
        double v = f.at(mx, my, mz);
        if (v <= d) {
            return true;
        }
        if (v - r > d) {
            return false;
        }
        if (r < RESOLUTION || depth > 40) {
            return true;
        }
        double abx = (ax + bx) / 2, aby = (ay + by) / 2, abz = (az + bz) / 2;
        double bcx = (bx + cx) / 2, bcy = (by + cy) / 2, bcz = (bz + cz) / 2;
        double cax = (cx + ax) / 2, cay = (cy + ay) / 2, caz = (cz + az) / 2;
        return within(ax, ay, az, abx, aby, abz, cax, cay, caz, f, d, depth + 1)
                || within(abx, aby, abz, bx, by, bz, bcx, bcy, bcz, f, d, depth + 1)
                || within(cax, cay, caz, bcx, bcy, bcz, cx, cy, cz, f, d, depth + 1)
                || within(abx, aby, abz, bcx, bcy, bcz, cax, cay, caz, f, d, depth + 1);
    }

    private static double dist2(double x, double y, double z, double a, double b, double c) {
        return (x - a) * (x - a) + (y - b) * (y - b) + (z - c) * (z - c);
    }

    /** Point distance to an obstacle placed by {@code poseInverse} (world → obstacle frame). */
    static PointDistance obstacle(ObstacleShape s, Matrix4d poseInverse) {
        Vector3d p = new Vector3d();
        return (x, y, z) -> {
            poseInverse.transformPosition(x, y, z, p);
            return primitive(s, p.x, p.y, p.z);
        };
    }

    /** Point distance to a fixed triangle. */
    static PointDistance triangle(double[] t) {
        double[] tc = t.clone();
        double[] p = new double[3];
        return (x, y, z) -> {
            p[0] = x;
            p[1] = y;
            p[2] = z;
            return pointTriangle(p, tc);
        };
    }
}
