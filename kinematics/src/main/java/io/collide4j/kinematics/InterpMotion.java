package io.collide4j.kinematics;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;

/**
 * Linear interpolation of the origin plus spherical linear interpolation (shortest path) of the rotation
 * between two poses: p(s) = (1 − s) p0 + s p1, R(s) = Rot(u, sθ) R0. A body point's offset from the origin
 * turns about the world axis u at constant distance ρ, so its velocity is Δp + θ u × y with |θ u × y| = θρ
 * and its acceleration has norm θ²ρ; bounds use ρ ≤ ρ(c) + r and split Δp along and across u.
 * Immutable, thread-safe, allocation-free.
 */
public final class InterpMotion implements BoundedRigidMotion {
    private final Matrix4d start;
    private final double p1x;
    private final double p1y;
    private final double p1z;
    private final double ux;
    private final double uy;
    private final double uz;
    private final double theta;
    private final double dpar;
    private final double dperp;

    public InterpMotion(Matrix4dc from, Matrix4dc to) {
        start = new Matrix4d(from);
        p1x = to.m30();
        p1y = to.m31();
        p1z = to.m32();
        RelativeRotation rr = new RelativeRotation(from, to);
        ux = rr.ux;
        uy = rr.uy;
        uz = rr.uz;
        theta = rr.angle;
        double dx = p1x - from.m30();
        double dy = p1y - from.m31();
        double dz = p1z - from.m32();
        double par = dx * ux + dy * uy + dz * uz;
        dpar = Math.abs(par);
        dperp = Math.sqrt(sq(dx - par * ux) + sq(dy - par * uy) + sq(dz - par * uz));
    }

    /** Turn angle θ in [0, π]. */
    public double angle() {
        return theta;
    }

    @Override
    public Matrix4d pose(double s, Matrix4d dest) {
        double x = s == 1 ? p1x : (1 - s) * start.m30() + s * p1x;
        double y = s == 1 ? p1y : (1 - s) * start.m31() + s * p1y;
        double z = s == 1 ? p1z : (1 - s) * start.m32() + s * p1z;
        dest.rotation(s * theta, ux, uy, uz)
                .mul3x3(
                        start.m00(),
                        start.m01(),
                        start.m02(),
                        start.m10(),
                        start.m11(),
                        start.m12(),
                        start.m20(),
                        start.m21(),
                        start.m22());
        dest.m30(x);
        dest.m31(y);
        dest.m32(z);
        return dest;
    }

    /** Upper bound on the ball's distance ρ to the rotation axis through the origin. */
    private double rho(double cx, double cy, double cz, double r) {
        Matrix4d m = start;
        double x = m.m00() * cx + m.m10() * cy + m.m20() * cz;
        double y = m.m01() * cx + m.m11() * cy + m.m21() * cz;
        double z = m.m02() * cx + m.m12() * cy + m.m22() * cz;
        double d = x * ux + y * uy + z * uz;
        return Math.sqrt(sq(x - d * ux) + sq(y - d * uy) + sq(z - d * uz)) + r;
    }

    private double size(double cx, double cy, double cz, double r) {
        return 1 + dpar + dperp + Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + r;
    }

    @Override
    public double maxDisplacement(double s0, double s1, double cx, double cy, double cz, double radius) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, radius);
        double across = dperp + theta * rho(cx, cy, cz, radius);
        double d = s1 - s0;
        return MotionBounds.inflate(d * Math.sqrt(dpar * dpar + across * across), d * size(cx, cy, cz, radius));
    }

    @Override
    public double maxChordDeviation(double s0, double s1, double cx, double cy, double cz, double radius) {
        double disp = maxDisplacement(s0, s1, cx, cy, cz, radius);
        double d = s1 - s0;
        double acc = theta * theta * rho(cx, cy, cz, radius);
        return Math.min(disp, MotionBounds.inflate(d * d / 8 * acc, d * size(cx, cy, cz, radius)));
    }

    @Override
    public double maxAcceleration(double s0, double s1, double cx, double cy, double cz, double radius) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, radius);
        return MotionBounds.inflate(theta * theta * rho(cx, cy, cz, radius), size(cx, cy, cz, radius));
    }

    private static double sq(double x) {
        return x * x;
    }
}
