package io.collide4j.planner.bench;

import org.joml.Matrix4d;

/**
 * The sphere method's relative pose (seed 003 §5.7.2, Fig. 5.18): body B's reference point on the ray from A's
 * reference point in direction (φ_A, θ_A), at distance s, B rotated by the Euler angles (φ_B, θ_B, ψ_B) (z–y–z).
 * Angles are lattice indices times the step (15° for Scenario I, 30° for Scenario II); φ and the rotation angles
 * take 360°/step values, θ_A takes 180°/step + 1 (poles included). Built with {@link StrictMath} so a stored
 * configuration maps to the same bits on every JVM.
 */
public record Lattice(int stepDegrees) {
    public Lattice {
        if (stepDegrees <= 0 || 180 % stepDegrees != 0) {
            throw new IllegalArgumentException("lattice step must divide 180 degrees, got " + stepDegrees);
        }
    }

    /** Values of φ_A, φ_B, θ_B, ψ_B. */
    public int turns() {
        return 360 / stepDegrees;
    }

    /** Values of θ_A (0..180° inclusive). */
    public int polar() {
        return 180 / stepDegrees + 1;
    }

    /** Size of the full lattice: directions × rotations. */
    public long size() {
        long t = turns();
        return t * polar() * t * t * t;
    }

    /** Unit direction of (φ_A, θ_A) into dest[0..2]. */
    public void direction(int iPhiA, int iThetaA, double[] dest) {
        double phi = StrictMath.toRadians((double) iPhiA * stepDegrees),
                theta = StrictMath.toRadians((double) iThetaA * stepDegrees);
        dest[0] = StrictMath.sin(theta) * StrictMath.cos(phi);
        dest[1] = StrictMath.sin(theta) * StrictMath.sin(phi);
        dest[2] = StrictMath.cos(theta);
    }

    /** Pose of B in A's frame: B's reference point at A's reference point + s·direction, B rotated. */
    public Matrix4d pose(
            BenchBody a,
            BenchBody b,
            int iPhiA,
            int iThetaA,
            int iPhiB,
            int iThetaB,
            int iPsiB,
            double s,
            Matrix4d dest) {
        double[] u = new double[3];
        direction(iPhiA, iThetaA, u);
        double f = StrictMath.toRadians((double) iPhiB * stepDegrees),
                t = StrictMath.toRadians((double) iThetaB * stepDegrees),
                p = StrictMath.toRadians((double) iPsiB * stepDegrees);
        double cf = StrictMath.cos(f),
                sf = StrictMath.sin(f),
                ct = StrictMath.cos(t),
                st = StrictMath.sin(t),
                cp = StrictMath.cos(p),
                sp = StrictMath.sin(p);
        // R = Rz(f) Ry(t) Rz(p), row r column c
        double r00 = cf * ct * cp - sf * sp, r01 = -cf * ct * sp - sf * cp, r02 = cf * st;
        double r10 = sf * ct * cp + cf * sp, r11 = -sf * ct * sp + cf * cp, r12 = sf * st;
        double r20 = -st * cp, r21 = st * sp, r22 = ct;
        double bx = b.ref(0), by = b.ref(1), bz = b.ref(2);
        double tx = a.ref(0) + s * u[0] - (r00 * bx + r01 * by + r02 * bz);
        double ty = a.ref(1) + s * u[1] - (r10 * bx + r11 * by + r12 * bz);
        double tz = a.ref(2) + s * u[2] - (r20 * bx + r21 * by + r22 * bz);
        // JOML's constructor takes columns
        return dest.set(r00, r10, r20, 0, r01, r11, r21, 0, r02, r12, r22, 0, tx, ty, tz, 1);
    }
}
