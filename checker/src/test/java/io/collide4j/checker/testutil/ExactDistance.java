package io.collide4j.checker.testutil;

/** Test-only static Euclidean distances (closest-point constructions, Ericson ch. 5) used as oracles. */
public final class ExactDistance {

    private ExactDistance() {}

    /** Distance from point p to triangle (a, b, c); arrays of length 3. */
    public static double pointTriangle(double[] p, double[] a, double[] b, double[] c) {
        double[] ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
        double d1 = dot(ab, ap), d2 = dot(ac, ap);
        if (d1 <= 0 && d2 <= 0) {
            return dist(p, a);
        }
        double[] bp = sub(p, b);
        double d3 = dot(ab, bp), d4 = dot(ac, bp);
        if (d3 >= 0 && d4 <= d3) {
            return dist(p, b);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            return dist(p, lin(a, ab, v));
        }
        double[] cp = sub(p, c);
        double d5 = dot(ab, cp), d6 = dot(ac, cp);
        if (d6 >= 0 && d5 <= d6) {
            return dist(p, c);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6);
            return dist(p, lin(a, ac, w));
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            return dist(p, lin(b, sub(c, b), w));
        }
        double denom = 1 / (va + vb + vc);
        double v = vb * denom, w = vc * denom;
        double[] q = {a[0] + ab[0] * v + ac[0] * w, a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w};
        return dist(p, q);
    }

    /** Distance between segments p1q1 and p2q2. */
    public static double segmentSegment(double[] p1, double[] q1, double[] p2, double[] q2) {
        double[] d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
        double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
        double s, t;
        if (a <= 1e-300 && e <= 1e-300) {
            return dist(p1, p2);
        }
        if (a <= 1e-300) {
            s = 0;
            t = clamp(f / e);
        } else {
            double c = dot(d1, r);
            if (e <= 1e-300) {
                t = 0;
                s = clamp(-c / a);
            } else {
                double b = dot(d1, d2), denom = a * e - b * b;
                s = denom > 0 ? clamp((b * f - c * e) / denom) : 0;
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp((b - c) / a);
                }
            }
        }
        return dist(lin(p1, d1, s), lin(p2, d2, t));
    }

    private static double clamp(double x) {
        return Math.max(0, Math.min(1, x));
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double[] lin(double[] a, double[] d, double s) {
        return new double[] {a[0] + d[0] * s, a[1] + d[1] * s, a[2] + d[2] * s};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double dist(double[] a, double[] b) {
        return Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    }
}
