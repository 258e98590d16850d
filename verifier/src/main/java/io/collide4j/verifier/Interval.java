package io.collide4j.verifier;

import java.math.BigDecimal;

/**
 * A closed interval [lo, hi] of reals, with arithmetic that rounds outward: every operation computes its
 * round-to-nearest result and then steps at least one double outward ({@link #down}/{@link #up}, lemma I1b), which
 * contains the exact result because round-to-nearest is off by at most half an ulp (SOUNDNESS.md, lemma I1).
 * NaN never turns into a proof: a NaN bound makes every comparison that would accept fail (lemma I2).
 * Immutable value type.
 */
record Interval(double lo, double hi) {
    /** 2π lies strictly between these doubles: Math.PI < π < nextUp(Math.PI), and doubling is exact. */
    private static final double TWO_PI_LO = 2 * Math.PI;

    private static final double TWO_PI_HI = Math.nextUp(2 * Math.PI);
    static final Interval ZERO = new Interval(0, 0);
    static final Interval ONE = new Interval(1, 1);

    static Interval point(double x) {
        return new Interval(x, x);
    }

    /**
     * The real a decimal text denotes: a point when Java's correctly rounded parse is exact (checked with
     * BigDecimal), else the parse widened one ulp each way (lemma I1). Texts BigDecimal cannot read (hex floats)
     * are widened too.
     */
    static Interval decimal(String text) {
        double d = Double.parseDouble(text.trim());
        if (!Double.isFinite(d)) {
            throw new NumberFormatException("'" + text + "' is not a finite number");
        }
        try {
            if (new BigDecimal(text.trim()).compareTo(new BigDecimal(d)) == 0) {
                return point(d);
            }
        } catch (NumberFormatException notPlainDecimal) {
            // e.g. "0x1p-3" or "1d": fall through to the widened enclosure
        }
        return new Interval(Math.nextDown(d), Math.nextUp(d));
    }

    /** 2⁻⁵³ + 2⁻¹⁰⁵: φ·|x| + η exceeds half the gap from x to its neighbours for every finite double x (lemma I1b). */
    private static final double PHI = 0x1p-53 + 0x1p-105;

    /**
     * At most pred(x), so below every real that rounds to x (lemma I1b); NaN stays NaN. At +∞ the formula gives
     * ∞ − ∞ = NaN, so +∞ steps to the largest double, as {@code Math.nextDown} does: every real that rounds to +∞ is
     * above it.
     */
    static double down(double x) {
        double d = x - (PHI * Math.abs(x) + Double.MIN_VALUE);
        return d == d || x != Double.POSITIVE_INFINITY ? d : Double.MAX_VALUE;
    }

    /**
     * At least succ(x), so above every real that rounds to x (lemma I1b); NaN stays NaN. At −∞ (also the support of
     * an empty piece, lemma D1, which must pass every plane test) −∞ steps to −MAX_VALUE, as {@code Math.nextUp} does.
     */
    static double up(double x) {
        double u = x + (PHI * Math.abs(x) + Double.MIN_VALUE);
        return u == u || x != Double.NEGATIVE_INFINITY ? u : -Double.MAX_VALUE;
    }

    /** Sum; adding an exact 0 returns the other operand unrounded (x + 0 = x exactly, lemma I1). */
    Interval add(Interval o) {
        if (o.lo == 0 && o.hi == 0) {
            return this;
        }
        if (lo == 0 && hi == 0) {
            return o;
        }
        return new Interval(down(lo + o.lo), up(hi + o.hi));
    }

    Interval sub(Interval o) {
        return new Interval(down(lo - o.hi), up(hi - o.lo));
    }

    Interval neg() {
        return new Interval(-hi, -lo);
    }

    /**
     * Product; an exact factor 1 returns the other unrounded, and an exact 0 times a finite interval is exactly 0
     * (lemma I1): the frames of axis-aligned joints are full of both, so this saves work and ulps.
     */
    Interval mul(Interval o) {
        if (o.lo == o.hi && (o.lo == 1 || o.lo == 0 && Double.isFinite(lo) && Double.isFinite(hi))) {
            return o.lo == 1 ? this : ZERO;
        }
        if (lo == hi && (lo == 1 || lo == 0 && Double.isFinite(o.lo) && Double.isFinite(o.hi))) {
            return lo == 1 ? o : ZERO;
        }
        double a = lo * o.lo, b = lo * o.hi, c = hi * o.lo, d = hi * o.hi;
        return new Interval(
                down(Math.min(Math.min(a, b), Math.min(c, d))), up(Math.max(Math.max(a, b), Math.max(c, d))));
    }

    /*
     * The bounds of add and mul computed from bare doubles, for hot loops that keep intervals in primitive arrays
     * (Frame): the same formulas, shortcuts and rounding as the methods above, bound by bound, so an enclosure built
     * either way is the same pair of doubles (lemma I1) and nothing is allocated.
     */

    /** Lower bound of [al, ah] + [bl, bh], as {@link #add}. */
    static double addLo(double al, double ah, double bl, double bh) {
        if (bl == 0 && bh == 0) {
            return al;
        }
        if (al == 0 && ah == 0) {
            return bl;
        }
        return down(al + bl);
    }

    /** Upper bound of [al, ah] + [bl, bh], as {@link #add}. */
    static double addHi(double al, double ah, double bl, double bh) {
        if (bl == 0 && bh == 0) {
            return ah;
        }
        if (al == 0 && ah == 0) {
            return bh;
        }
        return up(ah + bh);
    }

    /** Lower bound of [al, ah] · [bl, bh], as {@link #mul(Interval)}. */
    static double mulLo(double al, double ah, double bl, double bh) {
        if (bl == bh && (bl == 1 || bl == 0 && Double.isFinite(al) && Double.isFinite(ah))) {
            return bl == 1 ? al : 0;
        }
        if (al == ah && (al == 1 || al == 0 && Double.isFinite(bl) && Double.isFinite(bh))) {
            return al == 1 ? bl : 0;
        }
        return down(Math.min(Math.min(al * bl, al * bh), Math.min(ah * bl, ah * bh)));
    }

    /** Upper bound of [al, ah] · [bl, bh], as {@link #mul(Interval)}. */
    static double mulHi(double al, double ah, double bl, double bh) {
        if (bl == bh && (bl == 1 || bl == 0 && Double.isFinite(al) && Double.isFinite(ah))) {
            return bl == 1 ? ah : 0;
        }
        if (al == ah && (al == 1 || al == 0 && Double.isFinite(bl) && Double.isFinite(bh))) {
            return al == 1 ? bh : 0;
        }
        return up(Math.max(Math.max(al * bl, al * bh), Math.max(ah * bl, ah * bh)));
    }

    /** Lower bound of [al, ah] − [bl, bh], as {@link #sub}. */
    static double subLo(double al, double ah, double bl, double bh) {
        return down(al - bh);
    }

    /** Upper bound of [al, ah] − [bl, bh], as {@link #sub}. */
    static double subHi(double al, double ah, double bl, double bh) {
        return up(ah - bl);
    }

    /** Lower bound of [l, h] · k, as {@link #mul(double)}. */
    static double scaleLo(double l, double h, double k) {
        return down(Math.min(l * k, h * k));
    }

    /** Upper bound of [l, h] · k, as {@link #mul(double)}. */
    static double scaleHi(double l, double h, double k) {
        return up(Math.max(l * k, h * k));
    }

    Interval mul(double k) {
        double a = lo * k, b = hi * k;
        return new Interval(down(Math.min(a, b)), up(Math.max(a, b)));
    }

    /** Quotient; a divisor that may be zero gives the whole line. */
    Interval div(Interval o) {
        if (!(o.lo > 0 || o.hi < 0)) {
            return new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double a = lo / o.lo, b = lo / o.hi, c = hi / o.lo, d = hi / o.hi;
        return new Interval(
                down(Math.min(Math.min(a, b), Math.min(c, d))), up(Math.max(Math.max(a, b), Math.max(c, d))));
    }

    Interval sqr() {
        double a = lo * lo, b = hi * hi;
        if (lo >= 0) {
            return new Interval(down(a), up(b));
        }
        if (hi <= 0) {
            return new Interval(down(b), up(a));
        }
        return new Interval(0, up(Math.max(a, b)));
    }

    /** Square root of the non-negative part (the callers' arguments are sums of squares). */
    Interval sqrt() {
        return new Interval(Math.max(0, down(Math.sqrt(Math.max(0, lo)))), up(Math.sqrt(hi)));
    }

    /** The largest absolute value: max |x| over the interval. */
    double mag() {
        return Math.max(Math.abs(lo), Math.abs(hi));
    }

    double mid() {
        return lo / 2 + hi / 2;
    }

    double width() {
        return hi - lo;
    }

    boolean contains(double x) {
        return lo <= x && x <= hi;
    }

    Interval sin() {
        return periodic(true);
    }

    Interval cos() {
        return periodic(false);
    }

    /**
     * sin or cos over the interval (lemma I3): the values at both ends, each enclosed from the library's
     * 1-ulp guarantee by stepping two ulps outward, joined with +1 (−1) when a maximum (minimum) of the function
     * may lie inside. Maxima of sin are at 2π(k + 1/4), minima at 2π(k + 3/4); of cos at 2πk and 2π(k + 1/2).
     * Valid for any finite argument: the location test errs towards including an extremum.
     */
    private Interval periodic(boolean sine) {
        if (!(Double.isFinite(lo) && Double.isFinite(hi) && lo <= hi)) {
            return new Interval(-1, 1);
        }
        double a = sine ? StrictMath.sin(lo) : StrictMath.cos(lo);
        double b = sine ? StrictMath.sin(hi) : StrictMath.cos(hi);
        double min = down(down(Math.min(a, b)));
        double max = up(up(Math.max(a, b)));
        if (mayReach(sine ? 0.25 : 0)) {
            max = 1;
        }
        if (mayReach(sine ? 0.75 : 0.5)) {
            min = -1;
        }
        return new Interval(Math.max(-1, min), Math.min(1, max));
    }

    /** Whether some integer k may satisfy lo ≤ 2π(k + phase) ≤ hi; false only when provably none does. */
    private boolean mayReach(double phase) {
        // lower bound of lo/2π and upper bound of hi/2π, dividing by the side of 2π's enclosure that makes them so
        double turnsLo = down(lo / (lo >= 0 ? TWO_PI_HI : TWO_PI_LO));
        double turnsHi = up(hi / (hi >= 0 ? TWO_PI_LO : TWO_PI_HI));
        double kLo = down(turnsLo - phase), kHi = up(turnsHi - phase);
        return !(Math.ceil(kLo) > Math.floor(kHi));
    }

    @Override
    public String toString() {
        return "[" + lo + ", " + hi + "]";
    }
}
