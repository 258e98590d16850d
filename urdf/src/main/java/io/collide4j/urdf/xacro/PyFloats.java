package io.collide4j.urdf.xacro;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Python's {@code repr(float)} (= {@code str(float)} in Python 3), which xacro writes for every computed float:
 * the shortest decimal that reads back as the same double (closest to it among the shortest), in fixed notation
 * when the decimal exponent lies in [-4, 16), else as {@code 1e-05} / {@code 1.5e+16}. JDK 17's
 * {@link Double#toString} is neither always shortest nor formatted this way ({@code 1.0E-5}). Stateless.
 */
final class PyFloats {
    private PyFloats() {}

    static String repr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        BigDecimal shortest = shortest(Math.abs(d));
        String digits = shortest.unscaledValue().toString();
        // strip trailing zeros of the digit string, keeping the value: value = 0.DIGITS * 10^decpt
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        int decpt = digits.length() - shortest.scale();
        digits = digits.substring(0, end);
        StringBuilder sb = new StringBuilder(d < 0 ? "-" : "");
        if (decpt > 16 || decpt < -3) {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) {
                sb.append('.').append(digits, 1, digits.length());
            }
            int exp = decpt - 1;
            sb.append('e').append(exp < 0 ? '-' : '+');
            String e = Integer.toString(Math.abs(exp));
            sb.append(e.length() < 2 ? "0" + e : e);
        } else if (decpt <= 0) {
            sb.append("0.").append("0".repeat(-decpt)).append(digits);
        } else if (decpt >= digits.length()) {
            sb.append(digits).append("0".repeat(decpt - digits.length())).append(".0");
        } else {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
        return sb.toString();
    }

    /**
     * The shortest decimal that round-trips to {@code x > 0}; among several of that length the closest. The
     * nearest p-digit decimal is tried first, then its neighbours below and above (at powers of two the
     * rounding interval is lopsided, so the nearest may fall outside while a neighbour is inside).
     */
    private static BigDecimal shortest(double x) {
        BigDecimal exact = new BigDecimal(x);
        for (int p = 1; p <= 17; p++) {
            BigDecimal near = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (near.doubleValue() == x) {
                return near;
            }
            BigDecimal down = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean downOk = down.doubleValue() == x;
            boolean upOk = up.doubleValue() == x;
            if (downOk && upOk) {
                return exact.subtract(down).compareTo(up.subtract(exact)) <= 0 ? down : up;
            }
            if (downOk) {
                return down;
            }
            if (upOk) {
                return up;
            }
        }
        return exact.round(MathContext.DECIMAL64); // unreachable: 17 significant digits always round-trip
    }
}
