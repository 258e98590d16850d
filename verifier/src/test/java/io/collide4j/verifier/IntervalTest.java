package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Interval operations contain the exact result, computed here with BigDecimal (exact or to 400 digits). */
class IntervalTest {
    private static final MathContext MC = new MathContext(400, RoundingMode.HALF_EVEN);
    /** Enough digits for quotients and roots of doubles (whose ulp is 1e-16 relative). */
    private static final MathContext MC50 = new MathContext(50, RoundingMode.HALF_EVEN);

    private static final BigDecimal PI = machinPi();

    private static BigDecimal machinPi() {
        // π = 16·atan(1/5) − 4·atan(1/239)
        return atanInverse(5)
                .multiply(BigDecimal.valueOf(16))
                .subtract(atanInverse(239).multiply(BigDecimal.valueOf(4)), MC);
    }

    private static BigDecimal atanInverse(int x) {
        BigDecimal x2 = BigDecimal.valueOf((long) x * x);
        BigDecimal term = BigDecimal.ONE.divide(BigDecimal.valueOf(x), MC);
        BigDecimal sum = term;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(MC.getPrecision() + 5);
        for (int k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.divide(x2, MC).negate();
            sum = sum.add(term.divide(BigDecimal.valueOf(2L * k + 1), MC), MC);
        }
        return sum;
    }

    /** sin (or cos) of the exact double x, to about 380 digits: reduce mod 2π, then Taylor. */
    static BigDecimal sinExact(double x, boolean cos) {
        // digits: the result's 40 plus those the reduction cancels (about the argument's decimal exponent)
        MathContext MC = new MathContext(45 + Math.max(0, (int) Math.log10(Math.abs(x) + 1)), RoundingMode.HALF_EVEN);
        BigDecimal a = new BigDecimal(x);
        BigDecimal twoPi = PI.multiply(BigDecimal.valueOf(2)).round(MC);
        BigDecimal k = a.divide(twoPi, MC).setScale(0, RoundingMode.HALF_EVEN);
        BigDecimal r = a.subtract(k.multiply(twoPi, MC), MC);
        if (cos) {
            r = PI.divide(BigDecimal.valueOf(2), MC).subtract(r, MC); // cos r = sin(π/2 − r)
        }
        BigDecimal term = r, sum = r, r2 = r.multiply(r, MC);
        BigDecimal eps = BigDecimal.ONE.movePointLeft(44);
        for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
            term = term.multiply(r2, MC)
                    .divide(BigDecimal.valueOf((2L * n) * (2L * n + 1)), MC)
                    .negate();
            sum = sum.add(term, MC);
        }
        return sum;
    }

    private static void assertContains(Interval i, BigDecimal exact, String what) {
        assertTrue(
                new BigDecimal(i.lo()).compareTo(exact) <= 0 && exact.compareTo(new BigDecimal(i.hi())) <= 0,
                what + ": " + i + " does not contain " + exact.round(new MathContext(25)));
    }

    private static double randomDouble(Random r) {
        return (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(13) - 6);
    }

    @Test
    void arithmeticContainsExactResults() {
        arithmetic(1500);
    }

    /** Ten times the default's random cases (the first 1,500 are the default's: same seed). */
    @Test
    @Tag("slow")
    void arithmeticContainsExactResultsInFull() {
        arithmetic(10 * 1500);
    }

    private void arithmetic(int cases) {
        Random r = new Random(21);
        for (int t = 0; t < cases; t++) {
            double a = randomDouble(r), b = randomDouble(r), c = randomDouble(r), d = randomDouble(r);
            Interval x = new Interval(Math.min(a, b), Math.max(a, b)), y = new Interval(Math.min(c, d), Math.max(c, d));
            BigDecimal[] xs = {new BigDecimal(x.lo()), new BigDecimal(x.hi())};
            BigDecimal[] ys = {new BigDecimal(y.lo()), new BigDecimal(y.hi())};
            for (BigDecimal p : xs) {
                for (BigDecimal q : ys) {
                    assertContains(x.add(y), p.add(q), "add");
                    assertContains(x.sub(y), p.subtract(q), "sub");
                    assertContains(x.mul(y), p.multiply(q), "mul");
                    assertContains(x.mul(y.lo()), p.multiply(ys[0]), "mul scalar");
                    if (q.signum() != 0 && (y.lo() > 0 || y.hi() < 0)) {
                        assertContains(x.div(y), p.divide(q, MC50), "div");
                    }
                    assertContains(x.sqr(), p.multiply(p), "sqr");
                    double pa = Math.abs(p.doubleValue());
                    assertContains(Interval.point(pa).sqrt(), new BigDecimal(pa).sqrt(MC50), "sqrt");
                }
            }
            // an interior point of a product's factors lands inside too
            BigDecimal mx = xs[0].add(xs[1]).divide(BigDecimal.valueOf(2)),
                    my = ys[0].add(ys[1]).divide(BigDecimal.valueOf(2));
            assertContains(x.mul(y), mx.multiply(my), "mul interior");
            assertContains(x.sqr(), mx.multiply(mx), "sqr interior");
        }
    }

    @Test
    void decimalTextIsExactOrEnclosed() {
        assertEquals(new Interval(0.5, 0.5), Interval.decimal("0.5"));
        assertEquals(new Interval(-3, -3), Interval.decimal("-3"));
        Interval tenth = Interval.decimal("0.1");
        assertContains(tenth, new BigDecimal("0.1"), "0.1");
        assertTrue(tenth.lo() < tenth.hi());
        assertContains(Interval.decimal("1.57079632679"), new BigDecimal("1.57079632679"), "rpy text");
        assertContains(Interval.decimal("0x1.8p1"), new BigDecimal(3), "hex float");
    }

    @Test
    void sinAndCosContainTheHighPrecisionValue() {
        sinAndCos(400);
    }

    @Test
    @Tag("slow")
    void sinAndCosContainTheHighPrecisionValueInFull() {
        sinAndCos(10 * 400);
    }

    private void sinAndCos(int cases) {
        Random r = new Random(7);
        for (int t = 0; t < cases; t++) {
            double lo, hi;
            switch (t % 4) {
                case 0 -> { // joint values of realistic trajectories, narrow intervals
                    lo = (r.nextDouble() * 2 - 1) * 8 * Math.PI;
                    hi = lo + r.nextDouble() * Math.pow(10, -r.nextInt(12));
                }
                case 1 -> { // wide intervals, up to a few turns
                    lo = (r.nextDouble() * 2 - 1) * 30;
                    hi = lo + r.nextDouble() * 8;
                }
                case 2 -> { // large arguments
                    lo = (r.nextDouble() * 2 - 1) * Math.pow(10, 3 + r.nextInt(20));
                    hi = Math.nextUp(lo);
                }
                default -> { // tiny arguments and points
                    lo = (r.nextDouble() * 2 - 1) * 1e-9;
                    hi = r.nextBoolean() ? lo : lo + 1e-12;
                }
            }
            Interval x = new Interval(lo, hi);
            double[] samples = {lo, hi, lo + (hi - lo) * r.nextDouble(), lo + (hi - lo) / 2};
            for (double s : samples) {
                if (s < lo || s > hi) {
                    continue;
                }
                assertContains(x.sin(), sinExact(s, false), "sin " + x + " at " + s);
                assertContains(x.cos(), sinExact(s, true), "cos " + x + " at " + s);
            }
            if (lo == hi) { // a point stays tight: a few ulps
                assertTrue(x.sin().width() <= 8 * Math.ulp(1.0), "sin of a point " + x + " is " + x.sin());
            }
        }
    }

    @Test
    void sinReachesItsExtremaInsideTheInterval() {
        // [π/2 − 1e-12, π/2 + 1e-12] holds π/2 (Math.PI / 2 is within 1e-16 of it): sin reaches exactly 1
        assertEquals(
                1.0,
                new Interval(Math.PI / 2 - 1e-12, Math.PI / 2 + 1e-12).sin().hi());
        assertEquals(-1.0, new Interval(Math.PI - 1e-12, Math.PI + 1e-12).cos().lo());
        assertEquals(1.0, new Interval(-1e-300, 1e-300).cos().hi());
        // 4.5π ± 1e-9 holds a maximum of sin; 4.5π lies between these doubles
        double c = 4.5 * Math.PI;
        assertEquals(1.0, new Interval(c - 1e-9, c + 1e-9).sin().hi());
        Interval away = new Interval(0.1, 0.2).sin(); // monotone part: ends only
        assertTrue(away.hi() < 0.2 && away.lo() > 0.09);
    }

    /** Lemma I1a: x + 0, 1·x and 0·x are exact; 0 times an unbounded interval is never made 0. */
    @Test
    void exactShortcutsAreExactAndNeverHideAnInfinity() {
        Interval x = new Interval(0.1, 0.30000000000000004);
        assertSame(x, x.add(Interval.ZERO));
        assertSame(x, Interval.ZERO.add(x));
        assertSame(x, x.mul(Interval.ONE));
        assertSame(x, Interval.ONE.mul(x));
        assertEquals(Interval.ZERO, x.mul(Interval.ZERO));
        Interval whole = new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        Interval p = Interval.ZERO.mul(whole);
        // the general path: 0·∞ is NaN, which fails every acceptance comparison (I2)
        assertTrue(Double.isNaN(p.lo()) || Double.isNaN(p.hi()), p.toString());
        assertTrue(Double.isNaN(whole.mul(Interval.ZERO).hi()));
    }

    /**
     * The bare-bound forms Frame uses enclose the exact product and sum (checked with BigDecimal on corner pairs) and
     * give the same doubles as the Interval methods, shortcuts for exact 0 and 1 included, so frames are unchanged.
     */
    @Test
    void bareBoundProductsAndSumsEncloseTheExactResult() {
        Random rnd = new Random(31);
        double[] special = {0, -0.0, 1, -1, 0.1, 3e-310, 1e300, -2.5};
        for (int t = 0; t < 20000; t++) {
            double[] v = new double[4];
            for (int k = 0; k < 4; k++) {
                v[k] = rnd.nextInt(4) == 0 ? special[rnd.nextInt(special.length)] : (rnd.nextDouble() - 0.5) * 8;
            }
            // point operands half the time, where the shortcuts apply
            double al = Math.min(v[0], v[1]), ah = rnd.nextBoolean() ? al : Math.max(v[0], v[1]);
            double bl = Math.min(v[2], v[3]), bh = rnd.nextBoolean() ? bl : Math.max(v[2], v[3]);
            double pl = Interval.mulLo(al, ah, bl, bh), ph = Interval.mulHi(al, ah, bl, bh);
            double sl = Interval.addLo(al, ah, bl, bh), sh = Interval.addHi(al, ah, bl, bh);
            double dl = Interval.subLo(al, ah, bl, bh), dh = Interval.subHi(al, ah, bl, bh);
            double kl = Interval.scaleLo(al, ah, bl), kh = Interval.scaleHi(al, ah, bl);
            for (double x : new double[] {al, ah}) {
                assertTrue(
                        within(kl, new BigDecimal(x).multiply(new BigDecimal(bl)), kh),
                        x + "·" + bl + " outside [" + kl + ", " + kh + "]");
                for (double y : new double[] {bl, bh}) {
                    assertTrue(
                            within(dl, new BigDecimal(x).subtract(new BigDecimal(y)), dh),
                            x + "−" + y + " outside [" + dl + ", " + dh + "]");
                    BigDecimal prod = new BigDecimal(x).multiply(new BigDecimal(y));
                    assertTrue(within(pl, prod, ph), x + "·" + y + " outside [" + pl + ", " + ph + "]");
                    BigDecimal sum = new BigDecimal(x).add(new BigDecimal(y));
                    assertTrue(within(sl, sum, sh), x + "+" + y + " outside [" + sl + ", " + sh + "]");
                }
            }
            Interval a = new Interval(al, ah), b = new Interval(bl, bh);
            assertEquals(a.mul(b), new Interval(pl, ph));
            assertEquals(a.add(b), new Interval(sl, sh));
            assertEquals(a.sub(b), new Interval(dl, dh));
            assertEquals(a.mul(bl), new Interval(kl, kh));
        }
        // 0·∞ takes no shortcut: NaN, as Interval.mul gives (lemma I2)
        double inf = Double.POSITIVE_INFINITY;
        assertTrue(Double.isNaN(Interval.mulHi(-inf, inf, 0, 0)));
    }

    /**
     * Shape.normHi, TravelBound's allocation-free norm, is the same double as Shape.norm (so the travel bounds and the
     * subdivisions they decide are unchanged) on random boxes, points, boxes straddling 0, ±0, subnormals, overflow
     * and NaN.
     */
    @Test
    void bareBoundNormIsTheSameDoubleAsNorm() {
        Random rnd = new Random(32);
        double nan = Double.NaN, inf = Double.POSITIVE_INFINITY;
        double[] special = {0, -0.0, 1, -1, Double.MIN_VALUE, -Double.MIN_VALUE, 3e-310, 1e200, -1e200, inf, -inf, nan};
        for (int t = 0; t < 20000; t++) {
            double[] b = new double[6];
            for (int k = 0; k < 6; k += 2) {
                double x = rnd.nextInt(3) == 0 ? special[rnd.nextInt(special.length)] : (rnd.nextDouble() - 0.5) * 8;
                double y = rnd.nextBoolean()
                        ? x
                        : rnd.nextInt(3) == 0 ? special[rnd.nextInt(special.length)] : (rnd.nextDouble() - 0.5) * 8;
                b[k] = Double.isNaN(y) || x <= y ? x : y;
                b[k + 1] = Double.isNaN(y) || x <= y ? y : x;
            }
            double want = Shape.norm(new Interval(b[0], b[1]), new Interval(b[2], b[3]), new Interval(b[4], b[5]));
            assertEquals(want, Shape.normHi(b[0], b[1], b[2], b[3], b[4], b[5]), java.util.Arrays.toString(b));
        }
    }

    /** lo ≤ x ≤ hi, an infinite bound (overflow) holding every real on its side. */
    private static boolean within(double lo, BigDecimal x, double hi) {
        return (lo == Double.NEGATIVE_INFINITY || Double.isFinite(lo) && new BigDecimal(lo).compareTo(x) <= 0)
                && (hi == Double.POSITIVE_INFINITY || Double.isFinite(hi) && x.compareTo(new BigDecimal(hi)) <= 0);
    }
}
