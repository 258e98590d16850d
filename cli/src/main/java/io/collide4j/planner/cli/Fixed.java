package io.collide4j.planner.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers for people: fixed notation (never {@code 7.499E-1}) with a few significant digits (never
 * {@code 0.07323299999999999}). A certified lower bound is rounded down and an upper bound up, so that the printed
 * value is as safe as the number it stands for; stateless.
 */
final class Fixed {
    /** Significant digits printed: enough to compare margins and clearances at the micrometre level. */
    static final int DIGITS = 4;

    private Fixed() {}

    /** x with {@link #DIGITS} significant digits, rounded to nearest; "inf", "-inf" or "NaN" when not finite. */
    static String of(double x) {
        return format(x, RoundingMode.HALF_EVEN);
    }

    /** "[a, b, c]" with each component as {@link #of} prints it. */
    static String vector(double... v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : ", ").append(of(v[i]));
        }
        return b.append(']').toString();
    }

    /** x in full (the shortest decimal that reads back as x) in fixed notation: for values a user typed, like a margin. */
    static String exact(double x) {
        return Double.isFinite(x) ? BigDecimal.valueOf(x).stripTrailingZeros().toPlainString() : of(x);
    }

    /** A certified lower bound: rounded down, so the printed value is still a lower bound. */
    static String lowerBound(double x) {
        return format(x, DIGITS, RoundingMode.FLOOR);
    }

    /** A certified upper bound (a covering margin): rounded up, so the printed value is still an upper bound. */
    static String upperBound(double x) {
        return format(x, DIGITS, RoundingMode.CEILING);
    }

    /** x rounded down to {@code digits} significant digits: a round value just below a bound. */
    static String below(double x, int digits) {
        return format(x, digits, RoundingMode.FLOOR);
    }

    private static String format(double x, RoundingMode mode) {
        return format(x, DIGITS, mode);
    }

    private static String format(double x, int digits, RoundingMode mode) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == 0) {
            return "0";
        }
        // from the shortest decimal that reads back as x (Double.toString): rounding it down gives a decimal that reads
        // back as a double <= x (reading is monotonic), so a printed lower bound typed back in (verify --margin) is one
        return BigDecimal.valueOf(x)
                .round(new MathContext(digits, mode))
                .stripTrailingZeros()
                .toPlainString();
    }
}
