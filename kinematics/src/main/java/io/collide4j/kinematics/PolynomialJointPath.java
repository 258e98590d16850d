package io.collide4j.kinematics;

import java.util.Arrays;

/**
 * A {@link JointPath} whose entries are polynomials in s of degree ≤ 5: linear, cubic Hermite or
 * quintic (boundary position, velocity and acceleration). Derivative bounds over a sub-interval come from
 * the Bernstein coefficients of the derivative on that sub-interval (the convex-hull property), inflated
 * for rounding. Instances from the public factories are immutable and thread-safe.
 */
public final class PolynomialJointPath implements JointPath {
    private static final double REL = 1e-12;
    private static final double ABS = 1e-12;
    private static final double U = 0x1p-53;

    private final int n;
    private final int degree;
    /** 6 coefficients per variable, power basis in s, c[6i + k] multiplies s^k. */
    private final double[] c;
    /** Per variable: {@link #positionError}. */
    private final double[] error;

    /**
     * {@code inputSize[i]}: the sum over the coefficients of variable i of the absolute terms of the formula that
     * computed it (|h| counted as |q0| + |q1|), so each computed coefficient is within 9u of it of the exact one
     * (at most 6 roundings per formula, plus the relative u of a velocity times a duration upstream).
     */
    private PolynomialJointPath(int n, int degree, double[] c, double[] inputSize) {
        this.n = n;
        this.degree = degree;
        this.c = c;
        this.error = new double[n];
        for (int i = 0; i < n; i++) {
            double coefficients = 0;
            for (int k = 0; k < 6; k++) {
                coefficients += Math.abs(c[6 * i + k]);
            }
            // Horner on degree <= 5 with s in [0, 1]: within γ10·Σ|ĉ_k| (Higham, Accuracy and Stability, §5.1);
            // 11u covers γ10 = 10u/(1 − 10u); then the coefficients' own errors
            double e = 11 * U * coefficients + 9 * U * inputSize[i];
            error[i] = e * (1 + 4 * U);
        }
    }

    /** q0 + s (q1 − q0). */
    public static PolynomialJointPath linear(double[] q0, double[] q1) {
        check("q0", q0, q0.length);
        check("q1", q1, q0.length);
        double[] c = new double[6 * q0.length];
        double[] size = new double[q0.length];
        for (int i = 0; i < q0.length; i++) {
            c[6 * i] = q0[i];
            c[6 * i + 1] = q1[i] - q0[i];
            size[i] = Math.abs(q0[i]) + Math.abs(q1[i]);
        }
        return new PolynomialJointPath(q0.length, 1, c, size);
    }

    /**
     * Cubic Hermite: positions q0, q1 and derivatives d0, d1 <b>with respect to s</b> (a velocity in
     * units per second times the segment duration) at s = 0 and 1.
     */
    public static PolynomialJointPath cubicHermite(double[] q0, double[] d0, double[] q1, double[] d1) {
        int n = q0.length;
        check("q0", q0, n);
        check("d0", d0, n);
        check("q1", q1, n);
        check("d1", d1, n);
        double[] c = new double[6 * n];
        double[] size = new double[n];
        for (int i = 0; i < n; i++) {
            double h = q1[i] - q0[i];
            c[6 * i] = q0[i];
            c[6 * i + 1] = d0[i];
            c[6 * i + 2] = 3 * h - 2 * d0[i] - d1[i];
            c[6 * i + 3] = -2 * h + d0[i] + d1[i];
            double aq = Math.abs(q0[i]) + Math.abs(q1[i]);
            size[i] = Math.abs(q0[i]) + 2 * Math.abs(d0[i]) + 5 * aq + 3 * Math.abs(d0[i]) + 2 * Math.abs(d1[i]);
        }
        return new PolynomialJointPath(n, 3, c, size);
    }

    /** Quintic with positions, first and second derivatives (with respect to s) at s = 0 and 1. */
    public static PolynomialJointPath quintic(
            double[] q0, double[] d0, double[] dd0, double[] q1, double[] d1, double[] dd1) {
        int n = q0.length;
        check("q0", q0, n);
        check("d0", d0, n);
        check("dd0", dd0, n);
        check("q1", q1, n);
        check("d1", d1, n);
        check("dd1", dd1, n);
        double[] c = new double[6 * n];
        double[] size = new double[n];
        for (int i = 0; i < n; i++) {
            double h = q1[i] - q0[i];
            double aq = Math.abs(q0[i]) + Math.abs(q1[i]);
            size[i] = Math.abs(q0[i])
                    + 2 * Math.abs(d0[i])
                    + Math.abs(dd0[i])
                    + 31 * aq
                    + 17 * Math.abs(d0[i])
                    + 14 * Math.abs(d1[i])
                    + 4 * Math.abs(dd0[i])
                    + 2 * Math.abs(dd1[i]);
            c[6 * i] = q0[i];
            c[6 * i + 1] = d0[i];
            c[6 * i + 2] = dd0[i] / 2;
            c[6 * i + 3] = 10 * h - 6 * d0[i] - 4 * d1[i] - (3 * dd0[i] - dd1[i]) / 2;
            c[6 * i + 4] = -15 * h + 8 * d0[i] + 7 * d1[i] + (3 * dd0[i] - 2 * dd1[i]) / 2;
            c[6 * i + 5] = 6 * h - 3 * d0[i] - 3 * d1[i] + (dd1[i] - dd0[i]) / 2;
        }
        return new PolynomialJointPath(n, 5, c, size);
    }

    private static void check(String what, double[] a, int n) {
        if (a == null || a.length != n) {
            throw new IllegalArgumentException(
                    what + " has " + (a == null ? "no array" : a.length + " entries") + ", expected " + n);
        }
        for (int i = 0; i < a.length; i++) {
            if (!Double.isFinite(a[i])) {
                throw new IllegalArgumentException(what + "[" + i + "] is " + a[i] + ", expected a finite number");
            }
        }
    }

    /** Highest polynomial degree used (1, 3 or 5). */
    public int degree() {
        return degree;
    }

    @Override
    public int variableCount() {
        return n;
    }

    @Override
    public double positionError(int i) {
        return error[i];
    }

    @Override
    public double position(int i, double s) {
        int o = 6 * i;
        return c[o] + s * (c[o + 1] + s * (c[o + 2] + s * (c[o + 3] + s * (c[o + 4] + s * c[o + 5]))));
    }

    @Override
    public double velocity(int i, double s) {
        int o = 6 * i;
        return c[o + 1] + s * (2 * c[o + 2] + s * (3 * c[o + 3] + s * (4 * c[o + 4] + s * 5 * c[o + 5])));
    }

    @Override
    public double acceleration(int i, double s) {
        int o = 6 * i;
        return 2 * c[o + 2] + s * (6 * c[o + 3] + s * (12 * c[o + 4] + s * 20 * c[o + 5]));
    }

    @Override
    public double maxAbsVelocity(int i, double s0, double s1) {
        int o = 6 * i;
        if (degree == 1) {
            return Math.abs(c[o + 1]);
        }
        return bernsteinMaxAbs(c[o + 1], 2 * c[o + 2], 3 * c[o + 3], 4 * c[o + 4], 5 * c[o + 5], s0, s1);
    }

    @Override
    public double maxAbsAcceleration(int i, double s0, double s1) {
        int o = 6 * i;
        if (degree == 1) {
            return 0;
        }
        return bernsteinMaxAbs(2 * c[o + 2], 6 * c[o + 3], 12 * c[o + 4], 20 * c[o + 5], 0, s0, s1);
    }

    @Override
    public double maxAbsJerk(int i, double s0, double s1) {
        int o = 6 * i;
        if (degree == 1) {
            return 0;
        }
        return bernsteinMaxAbs(6 * c[o + 3], 24 * c[o + 4], 60 * c[o + 5], 0, 0, s0, s1);
    }

    /**
     * Upper bound on |g0 + g1 s + ... + g4 s^4| over [s0, s1]: restrict to the interval (Taylor shift),
     * convert to the degree-4 Bernstein basis and take the largest |coefficient| (the polynomial lies in
     * the convex hull of its Bernstein coefficients), plus rounding slack.
     */
    static double bernsteinMaxAbs(double g0, double g1, double g2, double g3, double g4, double s0, double s1) {
        double d = s1 - s0;
        double h0 = g0 + s0 * (g1 + s0 * (g2 + s0 * (g3 + s0 * g4)));
        double h1 = d * (g1 + s0 * (2 * g2 + s0 * (3 * g3 + s0 * 4 * g4)));
        double h2 = d * d * (g2 + s0 * (3 * g3 + s0 * 6 * g4));
        double h3 = d * d * d * (g3 + s0 * 4 * g4);
        double h4 = d * d * d * d * g4;
        double b1 = h0 + h1 / 4;
        double b2 = h0 + h1 / 2 + h2 / 6;
        double b3 = h0 + 0.75 * h1 + h2 / 2 + h3 / 4;
        double b4 = h0 + h1 + h2 + h3 + h4;
        double m = Math.max(
                Math.max(Math.abs(h0), Math.abs(b1)), Math.max(Math.max(Math.abs(b2), Math.abs(b3)), Math.abs(b4)));
        double scale = Math.abs(g0) + Math.abs(g1) + Math.abs(g2) + Math.abs(g3) + Math.abs(g4);
        return m * (1 + REL) + ABS * scale;
    }

    @Override
    public String toString() {
        return "PolynomialJointPath[degree " + degree + ", " + n + " variables, coefficients " + Arrays.toString(c)
                + "]";
    }
}
