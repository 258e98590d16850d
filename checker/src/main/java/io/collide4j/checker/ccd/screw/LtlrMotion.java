package io.collide4j.checker.ccd.screw;

import io.collide4j.kinematics.RigidMotion;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Quaterniond;

/**
 * Linear translation + linear rotation (LTLRM, seed 000 App. A.2): a body point x (body frame) is at
 * <pre>  p(t) = o0 + v·t + Rot(u, ω·t) · R0 · (x − pivot)</pre>
 * for t in [0, 1]: the pivot travels on a straight line at constant velocity v while the body turns at constant
 * rate ω about the fixed world direction u through the pivot. With the pivot on the screw axis this is the
 * constant-twist (screw) motion between two poses ({@link #screw}); with the pivot at the body origin it is
 * lerp + slerp ({@link #between}).
 *
 * <p>This is the motion D2M solves exactly; it also implements {@link RigidMotion} (certified displacement and
 * chord-deviation bounds) so the same instances can run through {@code RigidTightInclusion}. Immutable and
 * thread-safe; the double fields are the definition of the motion (the exact real-number formula above).
 */
public final class LtlrMotion implements RigidMotion {
    private static final double U = 0x1p-53;

    final double ox, oy, oz;
    final double vx, vy, vz;
    final double ux, uy, uz;
    final double omega;
    /** R0 row-major. */
    final double[] r0;

    final double px, py, pz;

    /**
     * @param origin world position of the pivot at t = 0
     * @param velocity pivot velocity (length per unit t)
     * @param axis rotation axis (normalised here; any length &gt; 0, ignored when omega = 0)
     * @param omega turn rate in radians per unit t, &ge; 0
     * @param rotation0 body-to-world rotation at t = 0 (normalised here)
     * @param pivot the pivot in the body frame
     */
    public LtlrMotion(
            double[] origin, double[] velocity, double[] axis, double omega, Quaterniond rotation0, double[] pivot) {
        for (double[] a : new double[][] {origin, velocity, axis, pivot}) {
            if (a.length != 3 || !Double.isFinite(a[0]) || !Double.isFinite(a[1]) || !Double.isFinite(a[2])) {
                throw new IllegalArgumentException("origin, velocity, axis and pivot need 3 finite coordinates");
            }
        }
        if (!(omega >= 0) || !Double.isFinite(omega)) {
            throw new IllegalArgumentException("omega must be finite and >= 0, got " + omega);
        }
        double n = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
        if (omega > 0 && !(n > 0)) {
            throw new IllegalArgumentException("a turning motion needs a non-zero axis");
        }
        ox = origin[0];
        oy = origin[1];
        oz = origin[2];
        vx = velocity[0];
        vy = velocity[1];
        vz = velocity[2];
        if (n > 0) {
            ux = axis[0] / n;
            uy = axis[1] / n;
            uz = axis[2] / n;
        } else {
            ux = 0;
            uy = 0;
            uz = 1;
        }
        this.omega = omega;
        Quaterniond q = new Quaterniond(rotation0);
        if (!(q.lengthSquared() > 0) || !Double.isFinite(q.lengthSquared())) {
            throw new IllegalArgumentException("rotation0 must be a finite non-zero quaternion");
        }
        q.normalize();
        Matrix4d m = new Matrix4d().rotation(q);
        r0 = new double[] {m.m00(), m.m10(), m.m20(), m.m01(), m.m11(), m.m21(), m.m02(), m.m12(), m.m22()};
        px = pivot[0];
        py = pivot[1];
        pz = pivot[2];
    }

    /** Lerp of the pivot + slerp of the rotation from pose {@code from} (t = 0) to pose {@code to} (t = 1). */
    public static LtlrMotion between(Matrix4dc from, Matrix4dc to, double[] pivot) {
        double[] a = transform(from, pivot), b = transform(to, pivot);
        Quaterniond qa = from.getNormalizedRotation(new Quaterniond());
        Quaterniond rel = relativeRotation(qa, to);
        double n = Math.sqrt(rel.x * rel.x + rel.y * rel.y + rel.z * rel.z);
        double angle = n == 0 ? 0 : 2 * Math.atan2(n, rel.w);
        double[] axis = n == 0 ? new double[] {0, 0, 1} : new double[] {rel.x, rel.y, rel.z};
        return new LtlrMotion(a, new double[] {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, axis, angle, qa, pivot);
    }

    /**
     * The rotation taking {@code qa} to the rotation of {@code to}, normalised, with w ≥ 0 (the short way round);
     * {@code qa} is left unchanged (JOML's {@code conjugate()} without a destination would overwrite it).
     */
    private static Quaterniond relativeRotation(Quaterniond qa, Matrix4dc to) {
        Quaterniond qb = to.getNormalizedRotation(new Quaterniond());
        Quaterniond rel =
                qb.mul(qa.conjugate(new Quaterniond()), new Quaterniond()).normalize();
        if (rel.w < 0) {
            rel.set(-rel.x, -rel.y, -rel.z, -rel.w);
        }
        return rel;
    }

    /**
     * The constant-twist (screw) motion from {@code from} to {@code to}: the pivot is the body point on the screw
     * axis (Chasles), which then moves along the axis while the body turns about it. Below 1e-6 rad of turn the axis
     * point is ill-conditioned and the body origin is used (same end poses; path within 1e-6·radius of the screw).
     */
    public static LtlrMotion screw(Matrix4dc from, Matrix4dc to) {
        Quaterniond qa = from.getNormalizedRotation(new Quaterniond());
        Quaterniond rel = relativeRotation(qa, to);
        double n = Math.sqrt(rel.x * rel.x + rel.y * rel.y + rel.z * rel.z);
        double theta = n == 0 ? 0 : 2 * Math.atan2(n, rel.w);
        if (theta < 1e-6) {
            return between(from, to, new double[3]);
        }
        double ux = rel.x / n, uy = rel.y / n, uz = rel.z / n;
        Matrix4d relM = new Matrix4d().rotation(rel);
        double[] p0 = {from.m30(), from.m31(), from.m32()};
        double rx = to.m30() - (relM.m00() * p0[0] + relM.m10() * p0[1] + relM.m20() * p0[2]);
        double ry = to.m31() - (relM.m01() * p0[0] + relM.m11() * p0[1] + relM.m21() * p0[2]);
        double rz = to.m32() - (relM.m02() * p0[0] + relM.m12() * p0[1] + relM.m22() * p0[2]);
        double h = rx * ux + ry * uy + rz * uz;
        double tx = rx - h * ux, ty = ry - h * uy, tz = rz - h * uz;
        double k = Math.cos(theta / 2) / Math.sin(theta / 2);
        // axis point a with (I − R_rel) a = t⊥: a = ½ t⊥ + ½ cot(θ/2) u × t⊥
        double ax = 0.5 * tx + 0.5 * k * (uy * tz - uz * ty);
        double ay = 0.5 * ty + 0.5 * k * (uz * tx - ux * tz);
        double az = 0.5 * tz + 0.5 * k * (ux * ty - uy * tx);
        Matrix4d inv = new Matrix4d(from).invertAffine();
        double[] pivot = transform(inv, new double[] {ax, ay, az});
        return new LtlrMotion(
                new double[] {ax, ay, az},
                new double[] {h * ux, h * uy, h * uz},
                new double[] {ux, uy, uz},
                theta,
                qa,
                pivot);
    }

    private static double[] transform(Matrix4dc m, double[] p) {
        return new double[] {
            m.m00() * p[0] + m.m10() * p[1] + m.m20() * p[2] + m.m30(),
            m.m01() * p[0] + m.m11() * p[1] + m.m21() * p[2] + m.m31(),
            m.m02() * p[0] + m.m12() * p[1] + m.m22() * p[2] + m.m32()
        };
    }

    /** Turn rate ω (radians per unit t). */
    public double omega() {
        return omega;
    }

    /** |v|, the pivot speed. */
    public double speed() {
        return Math.sqrt(vx * vx + vy * vy + vz * vz);
    }

    /** World position of body point (x, y, z) at t into dest[o..o+2] (the formula evaluated in doubles). */
    public void position(double t, double x, double y, double z, double[] dest, int o) {
        double wx = r0[0] * (x - px) + r0[1] * (y - py) + r0[2] * (z - pz);
        double wy = r0[3] * (x - px) + r0[4] * (y - py) + r0[5] * (z - pz);
        double wz = r0[6] * (x - px) + r0[7] * (y - py) + r0[8] * (z - pz);
        double a = omega * t, c = Math.cos(a), s = Math.sin(a);
        double d = ux * wx + uy * wy + uz * wz;
        dest[o] = ox + vx * t + c * wx + s * (uy * wz - uz * wy) + (1 - c) * d * ux;
        dest[o + 1] = oy + vy * t + c * wy + s * (uz * wx - ux * wz) + (1 - c) * d * uy;
        dest[o + 2] = oz + vz * t + c * wz + s * (ux * wy - uy * wx) + (1 - c) * d * uz;
    }

    @Override
    public Matrix4d pose(double s, Matrix4d dest) {
        double a = omega * s, c = Math.cos(a), sn = Math.sin(a), k = 1 - c;
        // Rot(u, a) (Rodrigues), column-major into JOML
        double q00 = c + k * ux * ux, q01 = k * ux * uy - sn * uz, q02 = k * ux * uz + sn * uy;
        double q10 = k * uy * ux + sn * uz, q11 = c + k * uy * uy, q12 = k * uy * uz - sn * ux;
        double q20 = k * uz * ux - sn * uy, q21 = k * uz * uy + sn * ux, q22 = c + k * uz * uz;
        double[] m = new double[9];
        double[] q = {q00, q01, q02, q10, q11, q12, q20, q21, q22};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                m[3 * i + j] = q[3 * i] * r0[j] + q[3 * i + 1] * r0[3 + j] + q[3 * i + 2] * r0[6 + j];
            }
        }
        double tx = ox + vx * s - (m[0] * px + m[1] * py + m[2] * pz);
        double ty = oy + vy * s - (m[3] * px + m[4] * py + m[5] * pz);
        double tz = oz + vz * s - (m[6] * px + m[7] * py + m[8] * pz);
        return dest.set(m[0], m[3], m[6], 0, m[1], m[4], m[7], 0, m[2], m[5], m[8], 0, tx, ty, tz, 1);
    }

    /** Distance of the body ball (c, r) from the rotation axis through the pivot, rounded up. */
    double axisRadius(double cx, double cy, double cz, double r) {
        double wx = r0[0] * (cx - px) + r0[1] * (cy - py) + r0[2] * (cz - pz);
        double wy = r0[3] * (cx - px) + r0[4] * (cy - py) + r0[5] * (cz - pz);
        double wz = r0[6] * (cx - px) + r0[7] * (cy - py) + r0[8] * (cz - pz);
        double d = ux * wx + uy * wy + uz * wz;
        double qx = wx - d * ux, qy = wy - d * uy, qz = wz - d * uz;
        double mag = Math.abs(cx - px) + Math.abs(cy - py) + Math.abs(cz - pz);
        return Math.sqrt(qx * qx + qy * qy + qz * qz) * (1 + 64 * U) + 64 * U * mag + r;
    }

    @Override
    public double maxDisplacement(double s0, double s1, double cx, double cy, double cz, double radius) {
        checkInterval(s0, s1);
        // arc ≤ ω ρ Δ plus the straight pivot path |v| Δ
        double rho = axisRadius(cx, cy, cz, radius);
        return inflate((s1 - s0) * (speed() + omega * rho));
    }

    @Override
    public double maxChordDeviation(double s0, double s1, double cx, double cy, double cz, double radius) {
        checkInterval(s0, s1);
        // |p''| = ω² ρ (the pivot path is straight): a C² curve stays within Δ²/8·max|p''| of its chord
        double rho = axisRadius(cx, cy, cz, radius);
        double d = s1 - s0;
        return Math.min(maxDisplacement(s0, s1, cx, cy, cz, radius), inflate(d * d / 8 * omega * omega * rho));
    }

    private static double inflate(double x) {
        return x * (1 + 1e-12) + Double.MIN_NORMAL;
    }

    private static void checkInterval(double s0, double s1) {
        if (!(s0 >= 0 && s0 <= s1 && s1 <= 1)) {
            throw new IllegalArgumentException("need 0 <= s0 <= s1 <= 1, got [" + s0 + ", " + s1 + "]");
        }
    }
}
