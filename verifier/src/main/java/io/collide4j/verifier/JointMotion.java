package io.collide4j.verifier;

/**
 * The certificate's joint-space motion, enclosed over parameter intervals (lemma H1). Segment i maps s ∈ [0, 1] to
 * time times[i] + s·(times[i+1] − times[i]); per joint the motion is a polynomial in s: LINEAR q0 + s·(q1 − q0);
 * CUBIC the Hermite piece with end values q0, q1 and end derivatives d = v·Δt; QUINTIC adds second derivatives
 * a·Δt². The coefficients are computed from the certificate's numbers in interval arithmetic, never at a point, once
 * per segment and joint (a verification asks for the same segment many times). Not thread-safe (that cache).
 */
final class JointMotion {
    private final double[][] waypoints;
    private final double[][] velocities; // null for LINEAR
    private final double[][] accelerations; // null unless QUINTIC
    private final double[] times;
    private Interval[][] cached; // per joint of segment cachedSegment: the coefficients, then the derivative's
    private int cachedSegment = -1;

    JointMotion(double[][] waypoints, double[][] velocities, double[][] accelerations, double[] times) {
        this.waypoints = waypoints;
        this.velocities = velocities;
        this.accelerations = accelerations;
        this.times = times;
    }

    /** Power-basis coefficients c[0..5] (c[k] multiplies s^k) of joint j on segment i, as enclosures. */
    Interval[] coefficients(int i, int j) {
        Interval q0 = Interval.point(waypoints[i][j]), q1 = Interval.point(waypoints[i + 1][j]);
        Interval h = q1.sub(q0);
        Interval[] c = {q0, h, Interval.ZERO, Interval.ZERO, Interval.ZERO, Interval.ZERO};
        if (velocities == null) {
            return c;
        }
        Interval dt = Interval.point(times[i + 1]).sub(Interval.point(times[i]));
        Interval d0 = dt.mul(velocities[i][j]), d1 = dt.mul(velocities[i + 1][j]);
        c[1] = d0;
        if (accelerations == null) {
            // q0·H00 + d0·H10 + q1·H01 + d1·H11 in the power basis
            c[2] = h.mul(3).sub(d0.mul(2)).sub(d1);
            c[3] = h.mul(-2).add(d0).add(d1);
            return c;
        }
        Interval dt2 = dt.sqr();
        Interval a0 = dt2.mul(accelerations[i][j]), a1 = dt2.mul(accelerations[i + 1][j]);
        c[2] = a0.mul(0.5);
        c[3] = h.mul(10).sub(d0.mul(6)).sub(d1.mul(4)).sub(a0.mul(1.5)).add(a1.mul(0.5));
        c[4] = h.mul(-15).add(d0.mul(8)).add(d1.mul(7)).add(a0.mul(1.5)).sub(a1);
        c[5] = h.mul(6).sub(d0.mul(3)).sub(d1.mul(3)).sub(a0.mul(0.5)).add(a1.mul(0.5));
        return c;
    }

    /**
     * Enclosure of joint j over s ∈ [s0, s1] on segment i: the intersection of Horner's scheme over the interval and
     * the mean-value form p(s0) + p'([s0, s1])·[0, s1 − s0] (both contain the range; lemma H1).
     */
    Interval joint(int i, int j, double s0, double s1) {
        if (i != cachedSegment) {
            cached = new Interval[2 * waypoints[i].length][];
            cachedSegment = i;
        }
        if (cached[2 * j] == null) {
            Interval[] c = coefficients(i, j);
            // exact zero leading coefficients (a LINEAR or CUBIC motion) add nothing to Horner's scheme: drop them
            int degree = 5;
            while (degree > 0 && c[degree].lo() == 0 && c[degree].hi() == 0) {
                degree--;
            }
            c = java.util.Arrays.copyOf(c, degree + 1);
            Interval[] d = new Interval[Math.max(1, degree)];
            d[0] = Interval.ZERO;
            for (int k = 1; k <= degree; k++) {
                d[k - 1] = c[k].mul(k);
            }
            cached[2 * j] = c;
            cached[2 * j + 1] = d;
        }
        Interval[] c = cached[2 * j], d = cached[2 * j + 1];
        if (s0 == s1) {
            return horner(c, Interval.point(s0)); // at a point the mean-value form adds nothing
        }
        Interval s = new Interval(s0, s1);
        Interval range = horner(c, s);
        Interval mv = horner(c, Interval.point(s0)).add(horner(d, s).mul(new Interval(0, Interval.up(s1 - s0))));
        return new Interval(Math.max(range.lo(), mv.lo()), Math.min(range.hi(), mv.hi()));
    }

    /** Enclosure of dq/ds of joint j over s ∈ [s0, s1] on segment i: Horner's scheme for p' (lemma H1). */
    Interval rate(int i, int j, double s0, double s1) {
        joint(i, j, s0, s0); // fills the segment's coefficient cache
        return horner(cached[2 * j + 1], new Interval(s0, s1));
    }

    private static Interval horner(Interval[] c, Interval s) {
        Interval p = c[c.length - 1];
        for (int k = c.length - 2; k >= 0; k--) {
            p = p.mul(s).add(c[k]);
        }
        return p;
    }
}
