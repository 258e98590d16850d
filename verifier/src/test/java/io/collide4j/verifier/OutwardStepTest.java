package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lemma I1b (SOUNDNESS.md): {@link Interval#up} and {@link Interval#down}, computed with round-to-nearest flops
 * only, step at least one double outward (the JDK's {@code Math.nextUp}/{@code nextDown} are the oracle: the exact
 * neighbours) and at most three, for every finite double: normal, subnormal, ±0, powers of two (where the gap below
 * halves), the largest finite; at the infinities they step as the oracle does (an empty piece's support, −∞, must
 * stay below every plane), and NaN stays NaN.
 */
class OutwardStepTest {
    @Test
    void everyFiniteDoubleStepsOutwardByOneToThreeNeighbours() {
        Random rnd = new Random(1031);
        int checked = 0;
        for (int t = 0; t < 400_000; t++) {
            double x = switch (t % 5) {
                case 0 -> Double.longBitsToDouble(rnd.nextLong()); // any bit pattern: every binade, subnormals
                case 1 -> Math.scalb(1.0, rnd.nextInt(2098) - 1074) * (rnd.nextBoolean() ? 1 : -1); // powers of two
                case 2 -> Double.MIN_VALUE * rnd.nextInt(1 << 20) * (rnd.nextBoolean() ? 1 : -1); // subnormals
                case 3 -> Math.nextDown(Math.scalb(1.0, rnd.nextInt(2098) - 1074)); // just below a power of two
                default -> rnd.nextGaussian() * Math.pow(10, rnd.nextInt(20) - 10);
            };
            if (!Double.isFinite(x)) {
                continue;
            }
            check(x);
            checked++;
        }
        for (double x : new double[] {
            0,
            -0.0,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.MIN_NORMAL,
            -Double.MIN_NORMAL,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            1,
            -1,
            0x1p-1022 - Double.MIN_VALUE
        }) {
            check(x);
        }
        assertTrue(checked > 300_000, "checked " + checked);
    }

    private static void check(double x) {
        double up = Interval.up(x), down = Interval.down(x);
        assertTrue(up >= Math.nextUp(x), () -> "up(" + x + ") = " + up);
        assertTrue(down <= Math.nextDown(x), () -> "down(" + x + ") = " + down);
        // tight: within three neighbours (an infinite step only from the largest finite doubles)
        double u3 = Math.nextUp(Math.nextUp(Math.nextUp(x))), d3 = Math.nextDown(Math.nextDown(Math.nextDown(x)));
        assertTrue(up <= u3, () -> "up(" + x + ") = " + up + " beyond three neighbours");
        assertTrue(down >= d3, () -> "down(" + x + ") = " + down + " beyond three neighbours");
    }

    @Test
    void infinitiesStepAsTheNeighboursDoAndNanStaysNan() {
        double inf = Double.POSITIVE_INFINITY;
        for (double x : new double[] {inf, -inf}) {
            assertEquals(Math.nextUp(x), Interval.up(x), "up(" + x + ")");
            assertEquals(Math.nextDown(x), Interval.down(x), "down(" + x + ")");
        }
        // the support of an empty piece (lemma D1) raised by a rounding term is still below every finite plane
        assertTrue(Interval.up(-inf + 1e-300) < -1e308);
        assertTrue(Double.isNaN(Interval.up(Double.NaN)));
        assertTrue(Double.isNaN(Interval.down(Double.NaN)));
    }
}
