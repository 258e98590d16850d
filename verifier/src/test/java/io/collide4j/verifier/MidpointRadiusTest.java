package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lemma R1 (SOUNDNESS.md): {@link Frame#compose}'s midpoint-radius sums with one a-priori rounding bound enclose the
 * exact product of any two matrices inside the operands' enclosures. The oracle is exact decimal arithmetic
 * (BigDecimal) on matrices picked inside the operands (bounds, midpoints, random points), over ordinary, point,
 * subnormal, huge (overflowing) and NaN entries; NaN must never leave a finite enclosure behind.
 */
class MidpointRadiusTest {
    private static final double[] SPECIAL = {
        0, -0.0, 1, -1, 0.1, -0.7, 3e-162, -3e-162, 1e-310, Double.MIN_VALUE, 1e154, -1e154, 1e300, -1e300, 1.7e308
    };

    @Test
    void composeEnclosesTheExactProductOfEveryPickedMatrix() {
        Random rnd = new Random(2031);
        int checked = 0;
        for (int trial = 0; trial < 1500; trial++) {
            int mode = trial % 4; // 0 ordinary, 1 points, 2 specials mixed in, 3 tiny and huge only
            double[][] a = entries(rnd, mode), b = entries(rnd, mode);
            Frame fa = frame(a), fb = frame(b), c = fa.compose(fb);
            for (int pick = 0; pick < 5; pick++) {
                BigDecimal[] x = picks(rnd, a, pick), y = picks(rnd, b, pick);
                for (int entry = 0; entry < 12; entry++) {
                    int e = entry;
                    BigDecimal exact = exactEntry(x, y, e);
                    Interval got = e < 9 ? c.r(e / 3, e % 3) : c.t(e - 9);
                    // NaN proves nothing (lemma I2): allowed only where midpoint products may overflow to ±∞
                    boolean nanAllowed = magnitude(a, b, e) >= Double.MAX_VALUE / 4;
                    assertTrue(
                            within(got.lo(), exact, got.hi())
                                    || nanAllowed && (Double.isNaN(got.lo()) || Double.isNaN(got.hi())),
                            () -> "trial, entry " + e + ": " + exact.toEngineeringString() + " outside " + got);
                    checked++;
                }
            }
        }
        assertEquals(1500 * 5 * 12, checked);
    }

    /** Ordinary entries: the radius is a few units of rounding of the entry's terms, not a blown-up bound. */
    @Test
    void pointOperandsGiveNearlyPointResults() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 1000; trial++) {
            double[][] a = entries(rnd, 1), b = entries(rnd, 1);
            Frame c = frame(a).compose(frame(b));
            for (int e = 0; e < 12; e++) {
                Interval got = e < 9 ? c.r(e / 3, e % 3) : c.t(e - 9);
                double scale = 0;
                for (int k = 0; k < 3; k++) {
                    scale += Math.abs(a[0][row(e) * 3 + k] * b[0][e < 9 ? 3 * k + e % 3 : 9 + k]);
                }
                scale += e < 9 ? 0 : Math.abs(a[0][e]);
                assertTrue(got.width() <= 4e-15 * scale + 1e-300, "entry " + e + " " + got + " scale " + scale);
            }
        }
    }

    @Test
    void nanOrInfinityInAnOperandLeavesNoFiniteWrongBound() {
        double[][] a = entries(new Random(3), 1), b = entries(new Random(4), 1);
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            double[][] a2 = {a[0].clone(), a[1].clone()};
            a2[0][4] = bad; // r(1, 1)
            a2[1][4] = Double.isNaN(bad) ? bad : Math.max(bad, a2[1][4]);
            Frame c = frame(a2).compose(frame(b));
            for (int j = 0; j < 3; j++) {
                Interval got = c.r(1, j);
                // the row that multiplies the bad entry proves nothing: NaN or the whole line
                assertTrue(
                        Double.isNaN(got.lo()) || Double.isNaN(got.hi()) || got.lo() == Double.NEGATIVE_INFINITY,
                        bad + " gave " + got);
                assertTrue(
                        Double.isNaN(got.lo()) || Double.isNaN(got.hi()) || got.hi() == Double.POSITIVE_INFINITY,
                        bad + " gave " + got);
            }
        }
    }

    /** Entries {lo[12], hi[12]}: rotation 0..8, translation 9..11. */
    private static double[][] entries(Random rnd, int mode) {
        double[] lo = new double[12], hi = new double[12];
        for (int i = 0; i < 12; i++) {
            double x = switch (mode) {
                case 2 -> rnd.nextInt(3) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : rnd.nextGaussian();
                case 3 -> SPECIAL[rnd.nextInt(SPECIAL.length)] * (rnd.nextBoolean() ? 1 : 0.75);
                default -> rnd.nextGaussian();
            };
            double w = mode == 1 || rnd.nextInt(3) == 0
                    ? 0
                    : Math.abs(x) * rnd.nextDouble() * (rnd.nextBoolean() ? 1e-9 : 0.3);
            lo[i] = x;
            hi[i] = Double.isFinite(x + w) ? x + w : x;
        }
        return new double[][] {lo, hi};
    }

    private static Frame frame(double[][] b) {
        Interval[] r = new Interval[9], t = new Interval[3];
        for (int i = 0; i < 9; i++) {
            r[i] = new Interval(b[0][i], b[1][i]);
        }
        for (int i = 0; i < 3; i++) {
            t[i] = new Interval(b[0][9 + i], b[1][9 + i]);
        }
        return new Frame(r, t);
    }

    /** One exact matrix inside the bounds: pick 0 the lower bounds, 1 the upper, 2 the midpoints, else random. */
    private static BigDecimal[] picks(Random rnd, double[][] b, int pick) {
        BigDecimal[] x = new BigDecimal[12];
        for (int i = 0; i < 12; i++) {
            BigDecimal l = new BigDecimal(b[0][i]), h = new BigDecimal(b[1][i]);
            int how = pick < 3 ? pick : rnd.nextInt(3);
            x[i] = switch (how) {
                case 0 -> l;
                case 1 -> h;
                default -> l.add(h).divide(BigDecimal.valueOf(2));
            };
        }
        return x;
    }

    private static int row(int e) {
        return e < 9 ? e / 3 : e - 9;
    }

    /** Entry e of x ∘ y: (x.r·y.r)[i][j] or (x.r·y.t + x.t)[i], exactly. */
    private static BigDecimal exactEntry(BigDecimal[] x, BigDecimal[] y, int e) {
        int i = row(e);
        BigDecimal s = e < 9 ? BigDecimal.ZERO : x[9 + i];
        for (int k = 0; k < 3; k++) {
            s = s.add(x[3 * i + k].multiply(e < 9 ? y[3 * k + e % 3] : y[9 + k]));
        }
        return s;
    }

    /** Σ_k max|x_ik|·max|y_kj| (+ max|x.t_i|) over the bounds, in doubles (∞ when it overflows). */
    private static double magnitude(double[][] a, double[][] b, int e) {
        int i = row(e);
        double s = e < 9 ? 0 : mag(a, 9 + i);
        for (int k = 0; k < 3; k++) {
            s += mag(a, 3 * i + k) * mag(b, e < 9 ? 3 * k + e % 3 : 9 + k);
        }
        return s;
    }

    private static double mag(double[][] b, int i) {
        return Math.max(Math.abs(b[0][i]), Math.abs(b[1][i]));
    }

    /** lo ≤ x ≤ hi, an infinite bound holding every real on its side; NaN holds nothing. */
    private static boolean within(double lo, BigDecimal x, double hi) {
        return (lo == Double.NEGATIVE_INFINITY || Double.isFinite(lo) && new BigDecimal(lo).compareTo(x) <= 0)
                && (hi == Double.POSITIVE_INFINITY || Double.isFinite(hi) && x.compareTo(new BigDecimal(hi)) <= 0);
    }
}
