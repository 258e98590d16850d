package io.collide4j.checker.ccd.io;

import java.math.BigInteger;

/** Exact rational → double conversion with IEEE round-half-to-even (the value a correct parser would give). */
public final class Rationals {

    private Rationals() {}

    /**
     * Returns the double nearest to num/den (ties to even), including subnormals and ±Infinity on overflow.
     * Throws if den is zero.
     */
    public static double toDouble(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("rational with zero denominator: " + num + "/0");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        if (num.signum() == 0) {
            return 0.0;
        }
        boolean negative = num.signum() < 0;
        num = num.abs();
        // Fast exact path (the benchmark files): den = 2^k, num < 2^53, normal result.
        if (num.bitLength() <= 53 && den.bitCount() == 1) {
            double r = Math.scalb((double) num.longValue(), -den.getLowestSetBit());
            if (r >= Double.MIN_NORMAL) {
                return negative ? -r : r;
            }
        }
        // General path: q = floor(num·2^shift / den) has 65 or 66 bits; a non-zero remainder is the sticky bit.
        int shift = 65 - (num.bitLength() - den.bitLength());
        BigInteger n = shift >= 0 ? num.shiftLeft(shift) : num;
        BigInteger d = shift >= 0 ? den : den.shiftLeft(-shift);
        BigInteger[] qr = n.divideAndRemainder(d);
        BigInteger q = qr[0];
        boolean sticky = qr[1].signum() != 0;
        int bits = q.bitLength();
        long exponent = (long) bits - 1 - shift; // num/den lies in [2^exponent, 2^(exponent+1))
        if (exponent > Double.MAX_EXPONENT) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (exponent < -1075) { // below half the smallest subnormal
            return negative ? -0.0 : 0.0;
        }
        int precision = exponent < Double.MIN_EXPONENT ? (int) (53 - (Double.MIN_EXPONENT - exponent)) : 53;
        int drop = bits - precision;
        BigInteger mant = q.shiftRight(drop);
        int cmp = q.subtract(mant.shiftLeft(drop)).compareTo(BigInteger.ONE.shiftLeft(drop - 1));
        if (cmp > 0 || (cmp == 0 && (sticky || mant.testBit(0)))) {
            mant = mant.add(BigInteger.ONE);
        }
        // mant ≤ 2^53 is exact as a double and mant·2^(drop−shift) is representable (or overflows to ∞).
        double r = Math.scalb(mant.doubleValue(), drop - shift);
        return negative ? -r : r;
    }

    /** Parses a decimal integer string, naming the context on failure. */
    public static BigInteger parseInteger(String text, String context) {
        String s = text.trim();
        if (s.isEmpty()) {
            throw new CcdDataFormatException(context + ": empty integer field");
        }
        try {
            return new BigInteger(s);
        } catch (NumberFormatException e) {
            throw new CcdDataFormatException(context + ": expected a decimal integer, got '" + s + "'", e);
        }
    }
}
