package io.collide4j.urdf;

import java.util.regex.Pattern;

/**
 * The one number syntax of collide4j's text inputs (URDF and SRDF attributes, mesh files, trajectory CSV, command-line
 * values): an optionally signed decimal with an optional exponent, {@code -0.785}, {@code .5}, {@code 2.}, {@code 1e-3}.
 * {@link Double#parseDouble} alone also takes Java's own spellings, which no robot file means: a type suffix
 * ({@code 0.785f}, {@code 1d}), hexadecimal ({@code 0x1p-2}), {@code NaN}, {@code Infinity} and control characters
 * around the number ({@code "1\u0007"}). Stateless, thread-safe.
 */
public final class DecimalText {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    private DecimalText() {}

    /**
     * The value of {@code text} (surrounding spaces and tabs allowed), finite or not (an overflowing {@code 1e999} is
     * infinite: the caller refuses it with its own words).
     *
     * @throws NumberFormatException when {@code text} is not a decimal number
     */
    public static double parse(String text) {
        String t = strip(text);
        if (!DECIMAL.matcher(t).matches()) {
            throw new NumberFormatException("not a decimal number: '" + text + "'");
        }
        return Double.parseDouble(t);
    }

    /** True when {@code text} is a word for a non-finite value ({@code NaN}, {@code inf}, {@code -Infinity}, any case). */
    public static boolean isNonFiniteWord(String text) {
        String t = strip(text).toLowerCase(java.util.Locale.ROOT);
        if (t.startsWith("+") || t.startsWith("-")) {
            t = t.substring(1);
        }
        return t.equals("nan") || t.equals("inf") || t.equals("infinity");
    }

    /** True when {@link #parse} accepts {@code text}. */
    public static boolean isDecimal(String text) {
        return text != null && DECIMAL.matcher(strip(text)).matches();
    }

    private static String strip(String text) {
        int a = 0;
        int b = text.length();
        while (a < b && (text.charAt(a) == ' ' || text.charAt(a) == '\t')) {
            a++;
        }
        while (b > a && (text.charAt(b - 1) == ' ' || text.charAt(b - 1) == '\t')) {
            b--;
        }
        return text.substring(a, b);
    }
}
