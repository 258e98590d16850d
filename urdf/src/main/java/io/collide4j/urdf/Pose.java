package io.collide4j.urdf;

import java.util.Objects;
import org.joml.Matrix3d;
import org.joml.Matrix4d;
import org.joml.Quaterniond;

/**
 * An immutable rigid transform: translation plus rotation, kept as the rotation matrix it was built as
 * (from roll-pitch-yaw with directly evaluated sines and cosines, from a normalised quaternion, or as a
 * product of such matrices) so that the forward kinematics multiply the very numbers the URDF defines,
 * with no representation round trip. Finite components only.
 *
 * <p><b>Error bound.</b> Every pose carries an a-priori bound on how far its numbers are from the exact
 * transform its source text defines (decimal xyz/rpy or quaternion taken as exact reals):
 * {@link #rotationError()} bounds ‖R̂ − R‖₂ and {@link #translationError()} bounds ‖t̂ − t‖₂, so a point at
 * distance r from the frame origin is placed within {@code translationError() + rotationError()·r} of its
 * exact place. The rules (decimal parsing, sin/cos within one ulp, products of 3-term dot products) are
 * derived in {@code kinematics/FK_ERROR.md}; {@link #composedRotationError} and
 * {@link #composedTranslationError} are the one implementation of the product rule, which the forward
 * kinematics' {@code FkErrorBound} uses along every chain.
 *
 * <p>{@code equals}/{@code hashCode} compare translation and the (normalised) quaternion, as the record this
 * class replaced did.
 */
public final class Pose {
    /** Unit roundoff of double precision, 2^-53. */
    public static final double UNIT_ROUNDOFF = 0x1p-53;

    private static final double U = UNIT_ROUNDOFF;

    public static final Pose IDENTITY = new Pose(0, 0, 0, 0, 0, 0, 1);

    private final double x, y, z;
    private final double qx, qy, qz, qw;
    // rotation matrix, row-major: r[3 * row + col]
    private final double r00, r01, r02, r10, r11, r12, r20, r21, r22;
    private final double rotationError;
    private final double translationError;

    /** A pose from translation and quaternion (x, y, z, w), normalised here. */
    public Pose(double x, double y, double z, double qx, double qy, double qz, double qw) {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z)) || !(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException("pose needs finite translation and a non-zero finite quaternion, got "
                    + x + " " + y + " " + z + " / " + qx + " " + qy + " " + qz + " " + qw);
        }
        this.x = x;
        this.y = y;
        this.z = z;
        this.qx = qx / n;
        this.qy = qy / n;
        this.qz = qz / n;
        this.qw = qw / n;
        double xx = this.qx * this.qx, yy = this.qy * this.qy, zz = this.qz * this.qz;
        double xy = this.qx * this.qy, xz = this.qx * this.qz, yz = this.qy * this.qz;
        double wx = this.qw * this.qx, wy = this.qw * this.qy, wz = this.qw * this.qz;
        r00 = 1 - 2 * (yy + zz);
        r01 = 2 * (xy - wz);
        r02 = 2 * (xz + wy);
        r10 = 2 * (xy + wz);
        r11 = 1 - 2 * (xx + zz);
        r12 = 2 * (yz - wx);
        r20 = 2 * (xz - wy);
        r21 = 2 * (yz + wx);
        r22 = 1 - 2 * (xx + yy);
        // a pure (0, 0, 0, w) quaternion gives the identity matrix exactly
        rotationError = qx == 0 && qy == 0 && qz == 0 ? 0 : QUATERNION_ROTATION_ERROR;
        translationError = decimalError(x, y, z);
    }

    private Pose(double x, double y, double z, double[] r, double rotationError, double translationError) {
        if (!(Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z))) {
            throw new IllegalArgumentException("pose needs a finite translation, got " + x + " " + y + " " + z);
        }
        for (double v : r) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("pose needs a finite rotation, got " + java.util.Arrays.toString(r));
            }
        }
        this.x = x;
        this.y = y;
        this.z = z;
        r00 = r[0];
        r01 = r[1];
        r02 = r[2];
        r10 = r[3];
        r11 = r[4];
        r12 = r[5];
        r20 = r[6];
        r21 = r[7];
        r22 = r[8];
        Quaterniond q =
                new Matrix3d(r00, r10, r20, r01, r11, r21, r02, r12, r22).getNormalizedRotation(new Quaterniond());
        if (q.w < 0) {
            q.set(-q.x, -q.y, -q.z, -q.w);
        }
        // normalised until the public constructor's normalisation leaves it unchanged, so that writing the quaternion
        // and reading it back (scene files) gives an equal pose and the same content hash
        for (int i = 0; i < 4; i++) {
            double n = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
            if (n == 1) {
                break;
            }
            q.set(q.x / n, q.y / n, q.z / n, q.w / n);
        }
        qx = q.x;
        qy = q.y;
        qz = q.z;
        qw = q.w;
        this.rotationError = rotationError;
        this.translationError = translationError;
    }

    /**
     * ‖R̂ − R‖₂ for a rotation built from an exact decimal quaternion: normalisation places each component within
     * 8u of the exact unit quaternion, each matrix entry (gradient norm ≤ 4, a few roundings, |q̂|² = 1 ± 4u) is
     * within 47u, and the spectral norm is at most the Frobenius norm, 3 × 47u; rounded up.
     */
    static final double QUATERNION_ROTATION_ERROR = 160 * U;
    /**
     * ‖R̂ − R‖₂ for Rz·Ry·Rx built from directly evaluated sines and cosines (each within one ulp, 2u absolute):
     * each entry is a sum of at most two products of three factors, within 16u; Frobenius 3 × 16u; rounded up.
     * The parsing of the angles adds u·(|roll| + |pitch| + |yaw|) (a rotation by δ moves by at most |δ|).
     */
    static final double RPY_ROTATION_ERROR = 64 * U;

    /** ‖t̂ − t‖ bound for a translation parsed from decimal text (each component within u of its value). */
    private static double decimalError(double x, double y, double z) {
        return U * (Math.abs(x) + Math.abs(y) + Math.abs(z));
    }

    /** URDF origin: translation then fixed-axis roll (x), pitch (y), yaw (z), i.e. R = Rz(yaw)·Ry(pitch)·Rx(roll). */
    public static Pose fromXyzRpy(double x, double y, double z, double roll, double pitch, double yaw) {
        if (!(Double.isFinite(roll) && Double.isFinite(pitch) && Double.isFinite(yaw))) {
            throw new IllegalArgumentException(
                    "pose needs finite roll, pitch and yaw, got " + roll + " " + pitch + " " + yaw);
        }
        // sine and cosine each evaluated directly (never one from the other: √(1 − s²) loses half the digits near ±π)
        double sr = Math.sin(roll), cr = Math.cos(roll);
        double sp = Math.sin(pitch), cp = Math.cos(pitch);
        double sy = Math.sin(yaw), cy = Math.cos(yaw);
        double[] r = {
            cy * cp,
            cy * sp * sr - sy * cr,
            cy * sp * cr + sy * sr,
            sy * cp,
            sy * sp * sr + cy * cr,
            sy * sp * cr - cy * sr,
            -sp,
            cp * sr,
            cp * cr
        };
        double rotErr = roll == 0 && pitch == 0 && yaw == 0
                ? 0
                : RPY_ROTATION_ERROR + U * (Math.abs(roll) + Math.abs(pitch) + Math.abs(yaw));
        return new Pose(x, y, z, r, rotErr, decimalError(x, y, z));
    }

    /**
     * A pose from a row-major rotation matrix {@code r} (9 entries, assumed a rotation within
     * {@code rotationError}) and a translation within {@code translationError} of exact. For callers that build
     * a transform directly (no copy of r is kept).
     */
    public static Pose ofMatrix(
            double x, double y, double z, double[] r, double rotationError, double translationError) {
        if (r.length != 9 || !(rotationError >= 0) || !(translationError >= 0)) {
            throw new IllegalArgumentException("pose needs 9 rotation entries and error bounds >= 0");
        }
        return new Pose(x, y, z, r.clone(), rotationError, translationError);
    }

    public double x() {
        return x;
    }

    public double y() {
        return y;
    }

    public double z() {
        return z;
    }

    public double qx() {
        return qx;
    }

    public double qy() {
        return qy;
    }

    public double qz() {
        return qz;
    }

    public double qw() {
        return qw;
    }

    /** Rotation matrix entry (row, col), exactly as the forward kinematics use it. */
    public double rotation(int row, int col) {
        return switch (3 * row + col) {
            case 0 -> r00;
            case 1 -> r01;
            case 2 -> r02;
            case 3 -> r10;
            case 4 -> r11;
            case 5 -> r12;
            case 6 -> r20;
            case 7 -> r21;
            case 8 -> r22;
            default -> throw new IndexOutOfBoundsException("rotation entry (" + row + ", " + col + ")");
        };
    }

    /** Bound on the spectral norm of (this rotation matrix − the exact rotation its source defines). */
    public double rotationError() {
        return rotationError;
    }

    /** Bound on |this translation − the exact translation its source defines| (metres). */
    public double translationError() {
        return translationError;
    }

    /** Upper bound on the exact translation's length. */
    public double translationBound() {
        return Math.sqrt(x * x + y * y + z * z) * (1 + 4 * U) + translationError;
    }

    /** How far from its exact place this pose may put a point at distance {@code radius} from the frame origin. */
    public double pointError(double radius) {
        return translationError + rotationError * radius;
    }

    /** Writes this pose as an affine matrix into dest (the stored numbers, no conversion) and returns dest. */
    public Matrix4d toMatrix(Matrix4d dest) {
        // JOML's set takes column-major arguments
        return dest.set(r00, r10, r20, 0, r01, r11, r21, 0, r02, r12, r22, 0, x, y, z, 1);
    }

    /** Writes the rotation into dest and returns dest. */
    public Quaterniond rotation(Quaterniond dest) {
        return dest.set(qx, qy, qz, qw);
    }

    /**
     * this · other (other expressed in this frame), as one matrix product of the stored numbers, with its error
     * bound from {@link #composedRotationError} and {@link #composedTranslationError}.
     */
    public Pose compose(Pose o) {
        double[] r = {
            r00 * o.r00 + r01 * o.r10 + r02 * o.r20, r00 * o.r01 + r01 * o.r11 + r02 * o.r21,
                    r00 * o.r02 + r01 * o.r12 + r02 * o.r22,
            r10 * o.r00 + r11 * o.r10 + r12 * o.r20, r10 * o.r01 + r11 * o.r11 + r12 * o.r21,
                    r10 * o.r02 + r11 * o.r12 + r12 * o.r22,
            r20 * o.r00 + r21 * o.r10 + r22 * o.r20, r20 * o.r01 + r21 * o.r11 + r22 * o.r21,
                    r20 * o.r02 + r21 * o.r12 + r22 * o.r22
        };
        double tx = r00 * o.x + r01 * o.y + r02 * o.z + x;
        double ty = r10 * o.x + r11 * o.y + r12 * o.z + y;
        double tz = r20 * o.x + r21 * o.y + r22 * o.z + z;
        return new Pose(
                tx,
                ty,
                tz,
                r,
                composedRotationError(rotationError, o.rotationError),
                composedTranslationError(
                        rotationError, translationError, translationBound(), o.translationError, o.translationBound()));
    }

    private static double gamma(int n) {
        return n * U / (1 - n * U);
    }

    /**
     * Rotation error of a computed product A·B (each entry a 3-term dot product) given the errors eA, eB of the
     * factors: ‖ÂB̂ − AB‖ ≤ eA + eB + eA·eB from the inputs, plus the rounding ‖F‖₂ ≤ γ₃‖Â‖_F‖B̂‖_F
     * ≤ 3γ₃(1 + eA)(1 + eB) (|F| ≤ γ₃|Â||B̂| entrywise; ‖R̂‖_F ≤ √3(1 + e)).
     */
    public static double composedRotationError(double eA, double eB) {
        return eA + eB + eA * eB + 3 * gamma(3) * (1 + eA) * (1 + eB);
    }

    /**
     * Translation error of a computed product A·B, t = R̂_A t̂_B + t̂_A (each component a 4-term sum), given A's
     * rotation error eRA, translation error etA and exact translation bound tA, and B's etB and tB:
     * ‖R̂_A t̂_B + t̂_A − R_A t_B − t_A‖ ≤ etA + etB + eRA(tB + etB) from the inputs, plus rounding
     * γ₄(‖|R̂_A||t̂_B|‖ + ‖t̂_A‖) ≤ γ₄(√3(1 + eRA)(tB + etB) + tA + etA).
     */
    public static double composedTranslationError(double eRA, double etA, double tA, double etB, double tB) {
        return etA + etB + eRA * (tB + etB) + gamma(4) * (Math.sqrt(3) * (1 + eRA) * (tB + etB) + tA + etA);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pose p
                && Double.compare(x, p.x) == 0
                && Double.compare(y, p.y) == 0
                && Double.compare(z, p.z) == 0
                && Double.compare(qx, p.qx) == 0
                && Double.compare(qy, p.qy) == 0
                && Double.compare(qz, p.qz) == 0
                && Double.compare(qw, p.qw) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(x, y, z, qx, qy, qz, qw);
    }

    @Override
    public String toString() {
        return "Pose[x=" + x + ", y=" + y + ", z=" + z + ", qx=" + qx + ", qy=" + qy + ", qz=" + qz + ", qw=" + qw
                + "]";
    }
}
