package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lemma S2a: a hull's support bound is at least the exact max over its vertices of Σᵢ max(w̲ᵢvᵢ, w̄ᵢvᵢ) (computed here in
 * BigDecimal, exactly), and not much more; vertices with cancelling terms, huge and subnormal magnitudes included.
 */
class ShapeSupportTest {

    @Test
    void hullSupportBoundsTheExactVertexMaximum() {
        Random r = new Random(17);
        for (int t = 0; t < 400; t++) {
            int n = 1 + r.nextInt(12);
            double[] v = new double[3 * n];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(r);
            }
            Interval[] w = new Interval[3];
            for (int i = 0; i < 3; i++) {
                double a = value(r), b = r.nextInt(3) == 0 ? a : value(r);
                w[i] = new Interval(Math.min(a, b), Math.max(a, b));
            }
            double slack = r.nextInt(4) == 0 ? 1e-9 : 0;
            double bound = new Shape.Points(v, slack).support(w);
            BigDecimal exact = null, scale = BigDecimal.ZERO;
            for (int k = 0; k < v.length; k += 3) {
                BigDecimal sum = BigDecimal.ZERO;
                for (int i = 0; i < 3; i++) {
                    BigDecimal x = new BigDecimal(v[k + i]);
                    BigDecimal lo = new BigDecimal(w[i].lo()).multiply(x), hi = new BigDecimal(w[i].hi()).multiply(x);
                    sum = sum.add(lo.max(hi));
                }
                exact = exact == null ? sum : exact.max(sum);
            }
            for (int i = 0; i < 3; i++) {
                scale = scale.add(new BigDecimal(w[i].mag()).abs().multiply(new BigDecimal(maxAbs(v, i))));
            }
            BigDecimal slackTerm = new BigDecimal(slack)
                    .multiply(new BigDecimal(w[0].mag())
                            .add(new BigDecimal(w[1].mag()))
                            .add(new BigDecimal(w[2].mag())));
            exact = exact.add(slackTerm);
            assertTrue(new BigDecimal(bound).compareTo(exact) >= 0, "bound " + bound + " below the exact " + exact);
            // and tight: within a few ulps of the magnitudes involved
            BigDecimal excess = new BigDecimal(bound).subtract(exact);
            assertTrue(
                    excess.compareTo(scale.add(slackTerm)
                                    .add(exact.abs())
                                    .multiply(new BigDecimal("1e-14"))
                                    .add(new BigDecimal("1e-300")))
                            <= 0,
                    "loose: bound " + bound + " exact " + exact.doubleValue()
                            + " scale " + scale.doubleValue() + " w " + java.util.Arrays.toString(w) + " v "
                            + java.util.Arrays.toString(v) + " slack " + slack);
        }
    }

    @Test
    void nanProvesNothing() {
        Interval[] w = {new Interval(Double.NEGATIVE_INFINITY, 1), Interval.ZERO, Interval.ZERO};
        assertTrue(Double.isNaN(new Shape.Points(new double[] {0, 1, 2}, 0).support(w)));
        assertEquals(Double.POSITIVE_INFINITY, new Shape.Points(new double[] {1e308, 0, 0}, 0).support(new Interval[] {
                    Interval.point(1e10), Interval.ZERO, Interval.ZERO
                }));
    }

    private static double maxAbs(double[] v, int axis) {
        double m = 0;
        for (int k = axis; k < v.length; k += 3) {
            m = Math.max(m, Math.abs(v[k]));
        }
        return m;
    }

    /** Mostly ordinary numbers, sometimes near-cancelling, huge (not overflowing a product), tiny or subnormal. */
    private static double value(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextGaussian() * 1e150;
            case 1 -> r.nextGaussian() * 1e-160;
            case 2 -> r.nextGaussian() * Double.MIN_NORMAL;
            case 3 -> 1 + r.nextGaussian() * 1e-15;
            default -> r.nextGaussian();
        };
    }
}
