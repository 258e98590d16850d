package io.collide4j.kinematics;

import org.joml.Matrix4d;

/**
 * A {@link RigidMotion} that also bounds the acceleration of its points, and hence how far it strays
 * from another motion of the same body. Implementations are immutable and thread-safe.
 */
public interface BoundedRigidMotion extends RigidMotion {

    /**
     * Upper bound on |d²p/ds²| over s in [s0, s1] for every body point p within {@code radius} of (cx, cy, cz)
     * (body frame).
     */
    double maxAcceleration(double s0, double s1, double cx, double cy, double cz, double radius);

    /**
     * Upper bound, over s in [s0, s1] and body points within {@code radius} of (cx, cy, cz), on the distance
     * between the point moved by this motion and the same body point moved by {@code other}.
     *
     * <p>With e(s) the difference of the two positions of one point: e − (its chord between s0 and s1) is
     * bounded by (s1 − s0)²/8 · sup|e''| ≤ (s1 − s0)²/8 · (A_this + A_other), and the chord by the larger
     * endpoint difference, which for a ball is |e(c)| + ‖R_this − R_other‖₂ · radius (the spectral norm of a
     * rotation difference is its Frobenius norm / √2). Allocates two matrices: meant per segment, not per step.
     */
    default double maxDeviationFrom(
            BoundedRigidMotion other, double s0, double s1, double cx, double cy, double cz, double radius) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, radius);
        Matrix4d a = new Matrix4d();
        Matrix4d b = new Matrix4d();
        double e0 = endpointDifference(pose(s0, a), other.pose(s0, b), cx, cy, cz, radius);
        double e1 = endpointDifference(pose(s1, a), other.pose(s1, b), cx, cy, cz, radius);
        double d = s1 - s0;
        double acc = maxAcceleration(s0, s1, cx, cy, cz, radius) + other.maxAcceleration(s0, s1, cx, cy, cz, radius);
        double scale = Math.abs(a.m30())
                + Math.abs(a.m31())
                + Math.abs(a.m32())
                + Math.abs(cx)
                + Math.abs(cy)
                + Math.abs(cz)
                + radius
                + 1;
        return MotionBounds.inflate(Math.max(e0, e1) + d * d / 8 * acc, scale);
    }

    /** sup over the ball of |a·x − b·x|. */
    private static double endpointDifference(Matrix4d a, Matrix4d b, double cx, double cy, double cz, double r) {
        double ex = a.m00() * cx
                + a.m10() * cy
                + a.m20() * cz
                + a.m30()
                - (b.m00() * cx + b.m10() * cy + b.m20() * cz + b.m30());
        double ey = a.m01() * cx
                + a.m11() * cy
                + a.m21() * cz
                + a.m31()
                - (b.m01() * cx + b.m11() * cy + b.m21() * cz + b.m31());
        double ez = a.m02() * cx
                + a.m12() * cy
                + a.m22() * cz
                + a.m32()
                - (b.m02() * cx + b.m12() * cy + b.m22() * cz + b.m32());
        double f = sq(a.m00() - b.m00())
                + sq(a.m01() - b.m01())
                + sq(a.m02() - b.m02())
                + sq(a.m10() - b.m10())
                + sq(a.m11() - b.m11())
                + sq(a.m12() - b.m12())
                + sq(a.m20() - b.m20())
                + sq(a.m21() - b.m21())
                + sq(a.m22() - b.m22());
        return Math.sqrt(ex * ex + ey * ey + ez * ez) + Math.sqrt(f / 2) * r;
    }

    private static double sq(double x) {
        return x * x;
    }
}
