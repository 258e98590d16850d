package io.collide4j.verifier;

/**
 * A convex set in its own frame, known only through an upper bound of its support function
 * h(w) = max over the set of w·x, valid for every direction w inside an interval box (lemma S1: each formula is
 * non-decreasing in |w_i| or a maximum of linear functions, so it is bounded by the magnitudes of the box).
 * Sizes are upper bounds (a larger set contains the smaller). Immutable.
 */
sealed interface Shape {

    /** Upper bound of max over the set of w·x for every w in the box. */
    double support(Interval[] w);

    /**
     * {@link #support(Interval[])} of the box [wl[i], wh[i]], the same double. The hull of points, the piece shape of
     * every mesh, overrides it without allocating (the verifier's plane tests call it per piece and step); the
     * primitives build the intervals.
     */
    default double support(double[] wl, double[] wh) {
        return support(
                new Interval[] {new Interval(wl[0], wh[0]), new Interval(wl[1], wh[1]), new Interval(wl[2], wh[2])});
    }

    /** Axis-aligned box centred on the origin with half edge lengths h. */
    record Box(double hx, double hy, double hz) implements Shape {
        public double support(Interval[] w) {
            return Interval.up(Interval.up(Interval.up(w[0].mag() * hx) + Interval.up(w[1].mag() * hy))
                    + Interval.up(w[2].mag() * hz));
        }
    }

    /** Ball of radius r about the origin: h(w) = r·|w|. */
    record Sphere(double r) implements Shape {
        public double support(Interval[] w) {
            return Interval.up(r * norm(w[0], w[1], w[2]));
        }
    }

    /** Cylinder about z, radius r, half length hl: h(w) = |w_z|·hl + r·|(w_x, w_y)|. */
    record Cylinder(double r, double hl) implements Shape {
        public double support(Interval[] w) {
            return Interval.up(Interval.up(w[2].mag() * hl) + Interval.up(r * norm(w[0], w[1], Interval.ZERO)));
        }
    }

    /** Capsule: the segment z ∈ [−hl, hl] swept by a ball of radius r: h(w) = |w_z|·hl + r·|w|. */
    record Capsule(double r, double hl) implements Shape {
        public double support(Interval[] w) {
            return Interval.up(Interval.up(w[2].mag() * hl) + Interval.up(r * norm(w[0], w[1], w[2])));
        }
    }

    /**
     * The convex hull of points (x, y, z triples) each known to within {@code slack} per coordinate: the maximum
     * of w·x over the hull is attained at a point (lemma S2), so the bound is the largest vertex bound plus
     * slack·Σ|w_i|. A class rather than a record so the per-axis vertex magnitudes that lemma S2a's rounding bound
     * needs are computed once here instead of on every support query; equality is a record's (the array by
     * reference). Immutable as long as no caller writes into the array it passed (none does).
     */
    final class Points implements Shape {
        private final double[] xyz;
        private final double slack;
        private final double mx, my, mz; // max |x|, |y|, |z| over the vertices

        Points(double[] xyz, double slack) {
            this.xyz = xyz;
            this.slack = slack;
            double ax = 0, ay = 0, az = 0;
            for (int i = 0; i + 2 < xyz.length; i += 3) {
                // Math.max keeps a NaN coordinate, so the bound below is NaN and proves nothing (lemma I2)
                ax = Math.max(ax, Math.abs(xyz[i]));
                ay = Math.max(ay, Math.abs(xyz[i + 1]));
                az = Math.max(az, Math.abs(xyz[i + 2]));
            }
            this.mx = ax;
            this.my = ay;
            this.mz = az;
        }

        double[] xyz() {
            return xyz;
        }

        double slack() {
            return slack;
        }

        /**
         * The vertex sums are computed in plain round-to-nearest and the largest is raised once by a bound on their
         * rounding (lemma S2a): each is fl(fl(a + b) + c) of three rounded products, within 4u·(|a| + |b| + |c|) + 3η
         * of the exact a + b + c (u = 2⁻⁵³, η the smallest subnormal), and |a| + |b| + |c| ≤ Σ_i max|w_i|·max|v_i|.
         * A NaN vertex sum stays NaN through Math.max, so the bound is NaN (lemma I2).
         */
        public double support(Interval[] w) {
            return support(
                    new double[] {w[0].lo(), w[1].lo(), w[2].lo()}, new double[] {w[0].hi(), w[1].hi(), w[2].hi()});
        }

        @Override
        public double support(double[] wl, double[] wh) {
            double ax = wl[0], bx = wh[0], ay = wl[1], by = wh[1], az = wl[2], bz = wh[2];
            double best = Double.NEGATIVE_INFINITY;
            double[] v = xyz;
            for (int i = 0; i < v.length; i += 3) {
                double x = v[i], y = v[i + 1], z = v[i + 2];
                best = Math.max(best, Math.max(ax * x, bx * x) + Math.max(ay * y, by * y) + Math.max(az * z, bz * z));
            }
            if (Double.isNaN(best)) {
                return best;
            }
            // |w_i| as Interval.mag gives it
            double m0 = Math.max(Math.abs(ax), Math.abs(bx)),
                    m1 = Math.max(Math.abs(ay), Math.abs(by)),
                    m2 = Math.max(Math.abs(az), Math.abs(bz));
            double scale = Interval.up(Interval.up(Interval.up(m0 * mx) + Interval.up(m1 * my)) + Interval.up(m2 * mz));
            double rounding = Interval.up(Interval.up(0x1p-51 * scale) + 3 * Double.MIN_VALUE);
            best = Interval.up(best + rounding);
            if (slack == 0) {
                return best;
            }
            double l1 = Interval.up(Interval.up(m0 + m1) + m2);
            return Interval.up(best + Interval.up(slack * l1));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Points p && p.xyz == xyz && Double.compare(p.slack, slack) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * System.identityHashCode(xyz) + Double.hashCode(slack);
        }

        @Override
        public String toString() {
            return "Points[" + xyz.length / 3 + " vertices, slack=" + slack + "]";
        }
    }

    /** Upper bound of the Euclidean norm of any vector in the box. */
    static double norm(Interval x, Interval y, Interval z) {
        return x.sqr().add(y.sqr()).add(z.sqr()).sqrt().hi();
    }

    /**
     * {@link #norm} of the box [xl, xh] × [yl, yh] × [zl, zh] without allocating, the same double: a square's upper
     * bound is rounded up and positive or NaN, never the exact 0 that would take add's shortcut, so the sum's upper
     * bound is the two rounded-up additions alone (lemma I1).
     */
    static double normHi(double xl, double xh, double yl, double yh, double zl, double zh) {
        return Interval.up(Math.sqrt(Interval.up(Interval.up(sqrHi(xl, xh) + sqrHi(yl, yh)) + sqrHi(zl, zh))));
    }

    /** Upper bound of [l, h]², as {@link Interval#sqr}. */
    private static double sqrHi(double l, double h) {
        if (l >= 0) {
            return Interval.up(h * h);
        }
        if (h <= 0) {
            return Interval.up(l * l);
        }
        return Interval.up(Math.max(l * l, h * h));
    }
}
