package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Minkowski Portal Refinement (Snethen's XenoCollide, 2008; seed 001 §2.4 with its errata: coincident centres
 * are a hit, every loop has a cap, the refinement has a "portal reached the boundary" exit). A "separated" answer
 * is returned only when a support plane certifiably separates the origin from A ⊖ B (same error bound as GJK);
 * touching, caps and doubtful cases answer "intersecting". Penetration depth is the distance from the origin to
 * the refined portal along the centre ray (libccd-style heuristic: an upper estimate of the minimal translation
 * distance, exact for spheres and for face contacts). Not thread-safe: one per thread; allocation-free.
 */
public final class Mpr {
    public static final int MAX_ITERATIONS = 128;

    private final MinkowskiPair p = new MinkowskiPair();
    private final Vector3d tmp = new Vector3d();
    // portal: v0 interior point, v1..v3 (Minkowski point + support points of A and B)
    private final double[] w = new double[12], pa = new double[12], pb = new double[12];
    private int iterations;

    /** True unless a separating plane is certified. */
    public boolean intersects(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB) {
        p.set(a, poseA, b, poseB);
        return discover() != MISS;
    }

    /** Boolean plus depth, normal and witnesses; fills {@code out} and returns it. */
    public PenetrationResult penetration(
            ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, PenetrationResult out) {
        p.set(a, poseA, b, poseB);
        int r = discover();
        out.hitLimit = false;
        out.separationLowerBound = 0;
        out.depthLower = 0;
        out.depthUpper = Double.POSITIVE_INFINITY;
        if (r == MISS) {
            out.intersecting = false;
            out.depth = 0;
            out.separationLowerBound = missBound;
            out.iterations = iterations;
            return out;
        }
        out.intersecting = true;
        if (r == HIT_DEGENERATE) {
            // the origin lies on the segment from the interior point v0 to v1 = S(−v0): depth along that ray
            double n = Math.sqrt(lenSq(0));
            double nx = -w[0] / n, ny = -w[1] / n, nz = -w[2] / n;
            out.normal.set(nx, ny, nz);
            out.depth = Math.max(0, nx * w[3] + ny * w[4] + nz * w[5]);
            out.depthUpper = out.depth;
            out.witnessA.set(pa[3], pa[4], pa[5]);
            out.witnessB.set(pb[3], pb[4], pb[5]);
            out.iterations = iterations;
            return out;
        }
        refineToBoundary(out);
        out.iterations = iterations;
        return out;
    }

    private static final int MISS = 0, HIT = 1, HIT_DEGENERATE = 2;
    private double missBound;

    /** Phases 1–3 of MPR; on HIT the portal v1 v2 v3 is one the origin ray passes through. */
    private int discover() {
        iterations = 0;
        missBound = 0;
        p.centerDifference(tmp);
        double scale = p.scale;
        double tiny = 1e-12 * scale;
        set(0, tmp.x, tmp.y, tmp.z, 0, 0, 0, 0, 0, 0);
        if (Math.abs(tmp.x) + Math.abs(tmp.y) + Math.abs(tmp.z) <= tiny) {
            // coincident interior points: the origin is (numerically) inside both; nudge the interior point
            w[0] = tiny;
        }
        // v1: support towards the origin from v0
        if (supportInto(1, -w[0], -w[1], -w[2])) {
            return MISS;
        }
        // direction v1 × v0
        double dx = w[4] * w[2] - w[5] * w[1], dy = w[5] * w[0] - w[3] * w[2], dz = w[3] * w[1] - w[4] * w[0];
        if (dx * dx + dy * dy + dz * dz <= 1e-28 * lenSq(0) * lenSq(1)) {
            // origin, v0 and v1 collinear: v1 lies beyond the origin (not a certified miss), so it is a hit
            return HIT_DEGENERATE;
        }
        if (supportInto(2, dx, dy, dz)) {
            return MISS;
        }
        // normal of the triangle v0 v1 v2, pointing to the origin side
        dx = (w[4] - w[1]) * (w[8] - w[2]) - (w[5] - w[2]) * (w[7] - w[1]);
        dy = (w[5] - w[2]) * (w[6] - w[0]) - (w[3] - w[0]) * (w[8] - w[2]);
        dz = (w[3] - w[0]) * (w[7] - w[1]) - (w[4] - w[1]) * (w[6] - w[0]);
        if (dx * dx + dy * dy + dz * dz == 0) {
            return HIT_DEGENERATE;
        }
        if (dx * w[0] + dy * w[1] + dz * w[2] > 0) {
            swap(1, 2);
            dx = -dx;
            dy = -dy;
            dz = -dz;
        }
        // phase 2: find a portal the origin ray passes through
        while (true) {
            if (++iterations > MAX_ITERATIONS) {
                return HIT; // conservative
            }
            if (supportInto(3, dx, dy, dz)) {
                return MISS;
            }
            // (v1 × v3)·v0 < 0 → origin outside plane v0 v1 v3
            if (tripleWithV0(1, 3) < 0) {
                copy(3, 2);
                normal(1, 2, dirOut); // (v1−v0)×(v3−v0) after copy v2=v3
                dx = dirOut[0];
                dy = dirOut[1];
                dz = dirOut[2];
                continue;
            }
            if (tripleWithV0(3, 2) < 0) {
                copy(3, 1);
                normal(1, 2, dirOut);
                dx = dirOut[0];
                dy = dirOut[1];
                dz = dirOut[2];
                continue;
            }
            break;
        }
        // phase 3: refine until the origin is inside the portal tetrahedron or certifiably outside
        while (true) {
            if (++iterations > MAX_ITERATIONS) {
                return HIT;
            }
            portalNormal(dirOut);
            double nx = dirOut[0], ny = dirOut[1], nz = dirOut[2];
            // origin behind the portal (on v0's side)?
            if (nx * w[3] + ny * w[4] + nz * w[5] >= 0) {
                return HIT;
            }
            if (supportInto(4, nx, ny, nz)) {
                return MISS;
            }
            // portal cannot advance: the origin lies outside by no more than the rounding bound
            double adv = nx * (p.wx - w[3]) + ny * (p.wy - w[4]) + nz * (p.wz - w[5]);
            double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (adv <= 1e-14 * scale * nn) {
                return HIT;
            }
            expandPortal();
        }
    }

    private final double[] dirOut = new double[3];
    private double w4x, w4y, w4z, a4x, a4y, a4z, b4x, b4y, b4z;

    /** Sets portal slot i (i = 4 means the spare point) from a support in direction d; true on a certified miss. */
    private boolean supportInto(int i, double dx, double dy, double dz) {
        p.support(dx, dy, dz);
        double lb = p.lowerBound(dx, dy, dz);
        if (lb > 0) {
            missBound = lb;
            return true;
        }
        if (i == 4) {
            w4x = p.wx;
            w4y = p.wy;
            w4z = p.wz;
            a4x = p.pax;
            a4y = p.pay;
            a4z = p.paz;
            b4x = p.pbx;
            b4y = p.pby;
            b4z = p.pbz;
        } else {
            p.storeSupport(w, pa, pb, i);
        }
        return false;
    }

    private void expandPortal() {
        // v4 × v0
        double cx = w4y * w[2] - w4z * w[1], cy = w4z * w[0] - w4x * w[2], cz = w4x * w[1] - w4y * w[0];
        int slot;
        if (w[3] * cx + w[4] * cy + w[5] * cz > 0) {
            slot = (w[6] * cx + w[7] * cy + w[8] * cz > 0) ? 1 : 3;
        } else {
            slot = (w[9] * cx + w[10] * cy + w[11] * cz > 0) ? 2 : 1;
        }
        set(slot, w4x, w4y, w4z, a4x, a4y, a4z, b4x, b4y, b4z);
    }

    /** Outward normal of the portal (v2−v1)×(v3−v1), pointing away from v0. */
    private void portalNormal(double[] out) {
        double ux = w[6] - w[3], uy = w[7] - w[4], uz = w[8] - w[5];
        double vx = w[9] - w[3], vy = w[10] - w[4], vz = w[11] - w[5];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (n > 0) {
            nx /= n;
            ny /= n;
            nz /= n;
        }
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
    }

    /** Refines the portal until it lies on the boundary, then reports the depth along its normal. */
    private void refineToBoundary(PenetrationResult out) {
        double scale = p.scale;
        boolean limit = true;
        while (iterations < MAX_ITERATIONS) {
            iterations++;
            portalNormal(dirOut);
            double nx = dirOut[0], ny = dirOut[1], nz = dirOut[2];
            p.support(nx, ny, nz);
            double adv = nx * (p.wx - w[3]) + ny * (p.wy - w[4]) + nz * (p.wz - w[5]);
            if (adv <= 1e-12 * scale) {
                limit = false;
                break;
            }
            w4x = p.wx;
            w4y = p.wy;
            w4z = p.wz;
            a4x = p.pax;
            a4y = p.pay;
            a4z = p.paz;
            b4x = p.pbx;
            b4y = p.pby;
            b4z = p.pbz;
            expandPortal();
        }
        out.hitLimit = limit;
        portalNormal(dirOut);
        double nx = dirOut[0], ny = dirOut[1], nz = dirOut[2];
        double d = nx * w[3] + ny * w[4] + nz * w[5];
        out.depth = Math.max(0, d);
        out.depthUpper = out.depth;
        out.normal.set(nx, ny, nz);
        // barycentric coordinates of the origin's projection onto the portal
        double qx = nx * d, qy = ny * d, qz = nz * d;
        double ax = w[3], ay = w[4], az = w[5];
        double e0x = w[6] - ax, e0y = w[7] - ay, e0z = w[8] - az, e1x = w[9] - ax, e1y = w[10] - ay, e1z = w[11] - az;
        double e2x = qx - ax, e2y = qy - ay, e2z = qz - az;
        double d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z;
        double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
        double d20 = e2x * e0x + e2y * e0y + e2z * e0z, d21 = e2x * e1x + e2y * e1y + e2z * e1z;
        double den = d00 * d11 - d01 * d01;
        double v = den > 0 ? (d11 * d20 - d01 * d21) / den : 0, ww = den > 0 ? (d00 * d21 - d01 * d20) / den : 0;
        double u = 1 - v - ww;
        out.witnessA.set(
                u * pa[3] + v * pa[6] + ww * pa[9],
                u * pa[4] + v * pa[7] + ww * pa[10],
                u * pa[5] + v * pa[8] + ww * pa[11]);
        out.witnessB.set(
                u * pb[3] + v * pb[6] + ww * pb[9],
                u * pb[4] + v * pb[7] + ww * pb[10],
                u * pb[5] + v * pb[8] + ww * pb[11]);
    }

    private double tripleWithV0(int i, int j) {
        double cx = w[3 * i + 1] * w[3 * j + 2] - w[3 * i + 2] * w[3 * j + 1];
        double cy = w[3 * i + 2] * w[3 * j] - w[3 * i] * w[3 * j + 2];
        double cz = w[3 * i] * w[3 * j + 1] - w[3 * i + 1] * w[3 * j];
        return cx * w[0] + cy * w[1] + cz * w[2];
    }

    /** (vi − v0) × (vj − v0). */
    private void normal(int i, int j, double[] out) {
        double ux = w[3 * i] - w[0], uy = w[3 * i + 1] - w[1], uz = w[3 * i + 2] - w[2];
        double vx = w[3 * j] - w[0], vy = w[3 * j + 1] - w[1], vz = w[3 * j + 2] - w[2];
        out[0] = uy * vz - uz * vy;
        out[1] = uz * vx - ux * vz;
        out[2] = ux * vy - uy * vx;
    }

    private double lenSq(int i) {
        return w[3 * i] * w[3 * i] + w[3 * i + 1] * w[3 * i + 1] + w[3 * i + 2] * w[3 * i + 2];
    }

    private void set(
            int i, double x, double y, double z, double ax, double ay, double az, double bx, double by, double bz) {
        w[3 * i] = x;
        w[3 * i + 1] = y;
        w[3 * i + 2] = z;
        pa[3 * i] = ax;
        pa[3 * i + 1] = ay;
        pa[3 * i + 2] = az;
        pb[3 * i] = bx;
        pb[3 * i + 1] = by;
        pb[3 * i + 2] = bz;
    }

    private void copy(int from, int to) {
        System.arraycopy(w, 3 * from, w, 3 * to, 3);
        System.arraycopy(pa, 3 * from, pa, 3 * to, 3);
        System.arraycopy(pb, 3 * from, pb, 3 * to, 3);
    }

    private void swap(int i, int j) {
        for (int k = 0; k < 3; k++) {
            double t = w[3 * i + k];
            w[3 * i + k] = w[3 * j + k];
            w[3 * j + k] = t;
            t = pa[3 * i + k];
            pa[3 * i + k] = pa[3 * j + k];
            pa[3 * j + k] = t;
            t = pb[3 * i + k];
            pb[3 * i + k] = pb[3 * j + k];
            pb[3 * j + k] = t;
        }
    }
}
