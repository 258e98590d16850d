package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The motion enclosures contain the Hermite pieces evaluated here in their basis-function form (a different
 * formula from the verifier's power basis), and the exact end values.
 */
class JointMotionTest {

    /** Cubic and quintic Hermite basis evaluation at s (double precision). */
    private static double hermite(
            double q0, double d0, double a0, double q1, double d1, double a1, double s, int degree) {
        if (degree == 1) {
            return q0 + s * (q1 - q0);
        }
        double s2 = s * s, s3 = s2 * s, s4 = s3 * s, s5 = s4 * s;
        if (degree == 3) {
            return q0 * (2 * s3 - 3 * s2 + 1) + d0 * (s3 - 2 * s2 + s) + q1 * (-2 * s3 + 3 * s2) + d1 * (s3 - s2);
        }
        return q0 * (1 - 10 * s3 + 15 * s4 - 6 * s5)
                + d0 * (s - 6 * s3 + 8 * s4 - 3 * s5)
                + a0 * (s2 - 3 * s3 + 3 * s4 - s5) / 2
                + a1 * (s3 - 2 * s4 + s5) / 2
                + d1 * (-4 * s3 + 7 * s4 - 3 * s5)
                + q1 * (10 * s3 - 15 * s4 + 6 * s5);
    }

    @Test
    void enclosesLinearCubicAndQuinticPieces() {
        Random r = new Random(3);
        for (int degree : new int[] {1, 3, 5}) {
            for (int t = 0; t < 300; t++) {
                double[][] w = {{r.nextGaussian() * 3}, {r.nextGaussian() * 3}};
                double[][] v = {{r.nextGaussian()}, {r.nextGaussian()}};
                double[][] a = {{r.nextGaussian() * 4}, {r.nextGaussian() * 4}};
                double[] times = {r.nextDouble(), 1 + 2 * r.nextDouble()};
                JointMotion m = new JointMotion(w, degree == 1 ? null : v, degree == 5 ? a : null, times);
                double dt = times[1] - times[0];
                double s0 = r.nextDouble(), s1 = Math.min(1, s0 + r.nextDouble() * Math.pow(10, -r.nextInt(6)));
                Interval e = m.joint(0, 0, s0, s1);
                for (int u = 0; u < 10; u++) {
                    double s = u == 0 ? s0 : u == 1 ? s1 : s0 + (s1 - s0) * r.nextDouble();
                    double p = hermite(
                            w[0][0],
                            v[0][0] * dt,
                            a[0][0] * dt * dt,
                            w[1][0],
                            v[1][0] * dt,
                            a[1][0] * dt * dt,
                            s,
                            degree);
                    assertTrue(
                            e.lo() - 1e-12 <= p && p <= e.hi() + 1e-12,
                            "degree " + degree + " s=" + s + ": " + e + " vs " + p);
                }
                assertTrue(e.width() <= 2000 * (s1 - s0) + 1e-12, "loose: " + e + " over " + (s1 - s0));
                // the exact polynomial takes the waypoint values exactly at the segment's ends
                assertTrue(m.joint(0, 0, 0, 0).contains(w[0][0]), "s = 0");
                assertTrue(m.joint(0, 0, 1, 1).contains(w[1][0]), "s = 1: " + m.joint(0, 0, 1, 1) + " vs " + w[1][0]);
            }
        }
    }
}
