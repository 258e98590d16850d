package io.collide4j.kinematics;

import org.joml.Matrix4d;

/**
 * The motion of one rigid body (a link) over a segment parameter s in [0, 1], with certified bounds.
 *
 * <p>Bounds are about a body sphere: every body point within {@code radius} of the local point
 * (cx, cy, cz), expressed in the body frame. Every bound is an upper bound that holds for all such
 * points and all s in [s0, s1] ⊆ [0, 1], including floating-point error; a bound may be loose, never
 * low. The checker's "free" verdicts rest on that.
 *
 * <p>Implementations are immutable and safe to share between threads.
 */
public interface RigidMotion {

    /** Writes the body-to-world transform at parameter s (0 ≤ s ≤ 1) into dest and returns dest. */
    Matrix4d pose(double s, Matrix4d dest);

    /**
     * Upper bound on the length of the path travelled over [s0, s1] by any body point within
     * {@code radius} of (cx, cy, cz); hence also on |p(a) − p(b)| for a, b in [s0, s1].
     */
    double maxDisplacement(double s0, double s1, double cx, double cy, double cz, double radius);

    /**
     * Upper bound, over s in [s0, s1] and body points within {@code radius} of (cx, cy, cz), on the
     * distance between p(s) and the chord point p(s0) + (s − s0)/(s1 − s0)·(p(s1) − p(s0)).
     */
    double maxChordDeviation(double s0, double s1, double cx, double cy, double cz, double radius);
}
