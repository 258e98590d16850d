package io.collide4j.checker.ccd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RationalsTest {

    /** Exact rational value of a finite double as num/den with den a power of two. */
    private static BigInteger[] exact(double x) {
        BigDecimal b = new BigDecimal(x);
        BigInteger unscaled = b.unscaledValue();
        int scale = b.scale();
        if (scale <= 0) {
            return new BigInteger[] {unscaled.multiply(BigInteger.TEN.pow(-scale)), BigInteger.ONE};
        }
        // x = unscaled / 10^scale = unscaled·5^-scale·2^-scale; since x is dyadic, 5^scale divides unscaled.
        BigInteger five = BigInteger.valueOf(5).pow(scale);
        BigInteger[] qr = unscaled.divideAndRemainder(five);
        assertEquals(BigInteger.ZERO, qr[1]);
        return new BigInteger[] {qr[0], BigInteger.ONE.shiftLeft(scale)};
    }

    @Test
    void roundTripsEveryKindOfDouble() {
        Random rnd = new Random(12345);
        for (int i = 0; i < 20000; i++) {
            double x;
            switch (i % 4) {
                case 0 -> x = rnd.nextDouble() * 2 - 1;
                case 1 -> x = Double.longBitsToDouble(rnd.nextLong()); // any bit pattern incl. subnormals
                case 2 -> x = Math.scalb(rnd.nextDouble(), -1070); // subnormal range
                default -> x = Math.scalb((double) (rnd.nextLong() >> 11), rnd.nextInt(200) - 100);
            }
            if (!Double.isFinite(x)) {
                continue;
            }
            BigInteger[] r = exact(x);
            double back = Rationals.toDouble(r[0], r[1]);
            assertEquals(
                    Double.doubleToLongBits(x == 0 ? 0.0 : x),
                    Double.doubleToLongBits(back == 0 ? 0.0 : back),
                    () -> "round trip of " + x);
            // scaled representations (common factor) give the same double
            BigInteger k = BigInteger.valueOf(3 + rnd.nextInt(1000));
            assertEquals(back, Rationals.toDouble(r[0].multiply(k), r[1].multiply(k)));
        }
    }

    @Test
    void generalRationalsAreNearestDouble() {
        // Oracle independent of the converter: the result must be at least as close to num/den as both neighbours,
        // compared in exact BigDecimal arithmetic (scaled by den to stay in integers).
        Random rnd = new Random(777);
        for (int i = 0; i < 20000; i++) {
            BigInteger mag = new BigInteger(1 + rnd.nextInt(200), rnd);
            BigInteger num = rnd.nextBoolean() ? mag.negate() : mag;
            BigInteger den = new BigInteger(1 + rnd.nextInt(200), rnd).add(BigInteger.ONE);
            double x = Rationals.toDouble(num, den);
            BigDecimal q = new BigDecimal(num);
            BigDecimal dd = new BigDecimal(den);
            BigDecimal errX = new BigDecimal(x).multiply(dd).subtract(q).abs();
            BigDecimal errUp =
                    new BigDecimal(Math.nextUp(x)).multiply(dd).subtract(q).abs();
            BigDecimal errDown =
                    new BigDecimal(Math.nextDown(x)).multiply(dd).subtract(q).abs();
            assertTrue(errX.compareTo(errUp) <= 0 && errX.compareTo(errDown) <= 0, () -> num + "/" + den + " -> " + x);
            // and agrees with a 60-digit BigDecimal quotient (double rounding at 60 digits is not a risk here)
            assertEquals(q.divide(dd, new MathContext(60)).doubleValue(), x, 0.0, () -> num + "/" + den);
        }
    }

    @Test
    void powerOfTwoDenominatorsMatchExactBigDecimalDivision() {
        Random rnd = new Random(99);
        for (int i = 0; i < 20000; i++) {
            BigInteger num = BigInteger.valueOf(rnd.nextLong() >> (11 + rnd.nextInt(40)));
            BigInteger den = BigInteger.ONE.shiftLeft(rnd.nextInt(120));
            double expected = new BigDecimal(num).divide(new BigDecimal(den)).doubleValue(); // exact quotient
            assertEquals(expected, Rationals.toDouble(num, den), 0.0);
        }
    }

    @Test
    void halfwayCasesRoundToEven() {
        BigInteger two53 = BigInteger.ONE.shiftLeft(53);
        // (2^53 + 1) / 1 is halfway between 2^53 and 2^53 + 2: ties to even -> 2^53
        assertEquals(9007199254740992.0, Rationals.toDouble(two53.add(BigInteger.ONE), BigInteger.ONE), 0.0);
        // (2^53 + 3) is halfway between 2^53+2 and 2^53+4: even mantissa is 2^53+4
        assertEquals(9007199254740996.0, Rationals.toDouble(two53.add(BigInteger.valueOf(3)), BigInteger.ONE), 0.0);
        assertEquals(Double.MIN_VALUE, Rationals.toDouble(BigInteger.ONE, BigInteger.ONE.shiftLeft(1074)), 0.0);
        assertEquals(0.0, Rationals.toDouble(BigInteger.ONE, BigInteger.ONE.shiftLeft(1075)), 0.0); // tie -> even 0
        assertEquals(Double.MIN_VALUE, Rationals.toDouble(BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(1076)), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, Rationals.toDouble(BigInteger.ONE.shiftLeft(1024), BigInteger.ONE), 0.0);
        assertEquals(-0.5, Rationals.toDouble(BigInteger.ONE, BigInteger.valueOf(-2)), 0.0);
        assertThrows(ArithmeticException.class, () -> Rationals.toDouble(BigInteger.ONE, BigInteger.ZERO));
    }
}
