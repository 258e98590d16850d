package io.collide4j.kinematics;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Constant-twist (screw) motion between two poses: a rotation by s·θ about a fixed world line plus a
 * translation s·h along it, with θ ∈ [0, π] the shortest turn from the start to the end rotation.
 * Closed-form pose, velocity and acceleration at any s. Zero rotation is a pure translation; a 180° turn
 * uses the quaternion axis. Every point keeps its distance ρ to the screw axis and moves at the constant
 * speed √(h² + θ²ρ²), so the bounds are exact up to the ball: ρ ≤ ρ(c) + r. Immutable, thread-safe,
 * allocation-free.
 *
 * <p>Translation part (Chasles): with t_rel = p1 − R_rel p0 = t⊥ + h u, the world map at s is
 * y ↦ R_s y + w(s), w(s) = ½[(1 − cos sθ) + k sin sθ] t⊥ + ½[k(1 − cos sθ) − sin sθ] (u × t⊥) + s h u,
 * k = cot(θ/2) (axis point a = ½ t⊥ + ½ k u × t⊥); as θ → 0, w(s) → s·t_rel.
 */
public final class ScrewMotion implements BoundedRigidMotion {
    private final Matrix4d start;
    private final double ux;
    private final double uy;
    private final double uz;
    private final double theta;
    private final double k;
    private final double tx;
    private final double ty;
    private final double tz;
    private final double h;

    /** The screw motion from pose {@code from} (s = 0) to pose {@code to} (s = 1); both affine rigid transforms. */
    public ScrewMotion(Matrix4dc from, Matrix4dc to) {
        this.start = new Matrix4d(from);
        RelativeRotation rr = new RelativeRotation(from, to);
        ux = rr.ux;
        uy = rr.uy;
        uz = rr.uz;
        theta = rr.angle;
        k = theta == 0 ? 0 : Math.cos(theta / 2) / Math.sin(theta / 2);
        // t_rel = p1 − R_rel p0, with R_rel exactly the rotation this motion applies at s = 1
        Matrix4d rel = new Matrix4d().rotation(theta, ux, uy, uz);
        Vector3d p0 = rel.transformPosition(from.m30(), from.m31(), from.m32(), new Vector3d());
        double rx = to.m30() - p0.x;
        double ry = to.m31() - p0.y;
        double rz = to.m32() - p0.z;
        h = rx * ux + ry * uy + rz * uz;
        tx = rx - h * ux;
        ty = ry - h * uy;
        tz = rz - h * uz;
    }

    /** Turn angle θ in [0, π]. */
    public double angle() {
        return theta;
    }

    /** Translation along the screw axis over the whole motion. */
    public double pitchTranslation() {
        return h;
    }

    @Override
    public Matrix4d pose(double s, Matrix4d dest) {
        double a = s * theta;
        double c1 = 2 * sq(Math.sin(a / 2)); // 1 − cos(sθ) without cancellation
        double sn = Math.sin(a);
        double ct;
        double cu;
        if (theta == 0) {
            ct = s;
            cu = 0;
        } else {
            ct = 0.5 * (c1 + k * sn);
            cu = 0.5 * (k * c1 - sn);
        }
        double cx = uy * tz - uz * ty;
        double cy = uz * tx - ux * tz;
        double cz = ux * ty - uy * tx;
        double wx = ct * tx + cu * cx + s * h * ux;
        double wy = ct * ty + cu * cy + s * h * uy;
        double wz = ct * tz + cu * cz + s * h * uz;
        // dest = [R_s | w] · start
        dest.rotation(a, ux, uy, uz).mulAffine(start);
        dest.m30(dest.m30() + wx);
        dest.m31(dest.m31() + wy);
        dest.m32(dest.m32() + wz);
        return dest;
    }

    /** World velocity d/ds of the body point (x, y, z) at s, into dest: R_s applied to its velocity at s = 0. */
    public Vector3d velocity(double s, double x, double y, double z, Vector3d dest) {
        velocityAtStart(x, y, z, dest);
        return rotate(s * theta, dest);
    }

    /** World acceleration d²/ds² of the body point (x, y, z) at s, into dest: θ u × velocity(s). */
    public Vector3d acceleration(double s, double x, double y, double z, Vector3d dest) {
        velocity(s, x, y, z, dest);
        double ax = theta * (uy * dest.z - uz * dest.y);
        double ay = theta * (uz * dest.x - ux * dest.z);
        double az = theta * (ux * dest.y - uy * dest.x);
        return dest.set(ax, ay, az);
    }

    private Vector3d velocityAtStart(double x, double y, double z, Vector3d dest) {
        Matrix4d m = start;
        double px = m.m00() * x + m.m10() * y + m.m20() * z + m.m30();
        double py = m.m01() * x + m.m11() * y + m.m21() * z + m.m31();
        double pz = m.m02() * x + m.m12() * y + m.m22() * z + m.m32();
        // w'(0) = (θk/2) t⊥ − (θ/2) u × t⊥ + h u ; θk/2 → 1 as θ → 0
        double ft = theta == 0 ? 1 : 0.5 * theta * k;
        double fu = -0.5 * theta;
        double cx = uy * tz - uz * ty;
        double cy = uz * tx - ux * tz;
        double cz = ux * ty - uy * tx;
        return dest.set(
                theta * (uy * pz - uz * py) + ft * tx + fu * cx + h * ux,
                theta * (uz * px - ux * pz) + ft * ty + fu * cy + h * uy,
                theta * (ux * py - uy * px) + ft * tz + fu * cz + h * uz);
    }

    private Vector3d rotate(double a, Vector3d v) {
        double c = Math.cos(a);
        double s = Math.sin(a);
        double d = ux * v.x + uy * v.y + uz * v.z;
        return v.set(
                c * v.x + s * (uy * v.z - uz * v.y) + (1 - c) * d * ux,
                c * v.y + s * (uz * v.x - ux * v.z) + (1 - c) * d * uy,
                c * v.z + s * (ux * v.y - uy * v.x) + (1 - c) * d * uz);
    }

    /** θ·(ρ_max) where ρ_max bounds the ball's distance to the screw axis: the perpendicular speed bound. */
    private double perpendicularSpeed(double cx, double cy, double cz, double r) {
        Matrix4d m = start;
        double px = m.m00() * cx + m.m10() * cy + m.m20() * cz + m.m30();
        double py = m.m01() * cx + m.m11() * cy + m.m21() * cz + m.m31();
        double pz = m.m02() * cx + m.m12() * cy + m.m22() * cz + m.m32();
        double ft = theta == 0 ? 1 : 0.5 * theta * k;
        double fu = -0.5 * theta;
        double crx = uy * tz - uz * ty;
        double cry = uz * tx - ux * tz;
        double crz = ux * ty - uy * tx;
        double vx = theta * (uy * pz - uz * py) + ft * tx + fu * crx;
        double vy = theta * (uz * px - ux * pz) + ft * ty + fu * cry;
        double vz = theta * (ux * py - uy * px) + ft * tz + fu * crz;
        // remove any component along u left by rounding
        double d = vx * ux + vy * uy + vz * uz;
        vx -= d * ux;
        vy -= d * uy;
        vz -= d * uz;
        return Math.sqrt(vx * vx + vy * vy + vz * vz) + theta * r;
    }

    private double size(double cx, double cy, double cz, double r) {
        return 1
                + Math.abs(start.m30())
                + Math.abs(start.m31())
                + Math.abs(start.m32())
                + Math.abs(cx)
                + Math.abs(cy)
                + Math.abs(cz)
                + r
                + Math.abs(h)
                + Math.abs(tx)
                + Math.abs(ty)
                + Math.abs(tz);
    }

    @Override
    public double maxDisplacement(double s0, double s1, double cx, double cy, double cz, double radius) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, radius);
        double vp = perpendicularSpeed(cx, cy, cz, radius);
        double d = s1 - s0;
        return MotionBounds.inflate(d * Math.sqrt(h * h + vp * vp), d * size(cx, cy, cz, radius));
    }

    @Override
    public double maxChordDeviation(double s0, double s1, double cx, double cy, double cz, double radius) {
        double disp = maxDisplacement(s0, s1, cx, cy, cz, radius);
        double d = s1 - s0;
        double acc = theta * perpendicularSpeed(cx, cy, cz, radius);
        return Math.min(disp, MotionBounds.inflate(d * d / 8 * acc, d * size(cx, cy, cz, radius)));
    }

    @Override
    public double maxAcceleration(double s0, double s1, double cx, double cy, double cz, double radius) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, radius);
        return MotionBounds.inflate(theta * perpendicularSpeed(cx, cy, cz, radius), size(cx, cy, cz, radius));
    }

    private static double sq(double x) {
        return x * x;
    }
}
