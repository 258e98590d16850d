package io.collide4j.urdf.xacro;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * Python's number conversions as xacro's expressions see them: {@code int()}, {@code float()} and {@code round()} of
 * numbers and text, with Python's errors (ValueError, TypeError, OverflowError) and its text grammar (signs, digit
 * underscores, base prefixes, {@code inf}/{@code nan}); an integer beyond 64 bits is refused as outside the subset.
 */
final class PyNumbers {
    private static final Pattern FLOAT = Pattern.compile(
            "[+-]?(?:(?:\\d(?:_?\\d)*)?\\.?\\d(?:_?\\d)*(?:[eE][+-]?\\d(?:_?\\d)*)?|\\d(?:_?\\d)*\\.(?:[eE][+-]?\\d(?:_?\\d)*)?"
                    + "|(?i:inf|infinity|nan))");

    private PyNumbers() {}

    static Object round(Object x, Object digits) {
        if (!Py.isNumber(x)) {
            throw PyError.typeError("type " + Py.typeName(x) + " doesn't define __round__ method");
        }
        if (digits instanceof PyNone) {
            if (Py.isInt(x)) {
                return Py.asLong(x);
            }
            double d = (Double) x;
            if (Double.isNaN(d)) {
                throw PyError.value("cannot convert float NaN to integer");
            }
            if (Double.isInfinite(d)) {
                throw new PyError("OverflowError", "cannot convert float infinity to integer");
            }
            return toInt(Math.rint(d));
        }
        int n = (int) Py.asLong(toInt(digits));
        if (Py.isInt(x)) {
            return n >= 0
                    ? Py.asLong(x)
                    : new BigDecimal(Py.asLong(x))
                            .setScale(n, RoundingMode.HALF_EVEN)
                            .longValue();
        }
        double d = (Double) x;
        if (!Double.isFinite(d) || n > 330) {
            return d;
        }
        return new BigDecimal(d).setScale(n, RoundingMode.HALF_EVEN).doubleValue();
    }

    static Object toInt(Object v) {
        if (Py.isInt(v)) {
            return Py.asLong(v);
        }
        if (v instanceof Double) {
            double d = (Double) v;
            if (Double.isNaN(d)) {
                throw PyError.value("cannot convert float NaN to integer");
            }
            if (Double.isInfinite(d)) {
                throw new PyError("OverflowError", "cannot convert float infinity to integer");
            }
            if (Math.abs(d) >= 9.223372036854775807E18) {
                throw PyError.subset("integer beyond 64 bits");
            }
            return (long) d;
        }
        if (v instanceof String) {
            Long l = parseInt((String) v, 10);
            if (l == null) {
                throw PyError.value("invalid literal for int() with base 10: " + Py.repr(v));
            }
            return l;
        }
        throw PyError.typeError(
                "int() argument must be a string, a bytes-like object or a real number, not '" + Py.typeName(v) + "'");
    }

    static Object toFloat(Object v) {
        if (Py.isNumber(v)) {
            return Py.asDouble(v);
        }
        if (v instanceof String) {
            Double d = parseFloat((String) v);
            if (d == null) {
                throw PyError.value("could not convert string to float: " + Py.repr(v));
            }
            return d;
        }
        throw PyError.typeError("float() argument must be a string or a real number, not '" + Py.typeName(v) + "'");
    }

    /** Python's {@code int(s, base)} for text, or null when Python would raise ValueError. */
    static Long parseInt(String text, int base) {
        String s = Strings.strip(text, null, true, true);
        String sign = "";
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            sign = s.substring(0, 1);
            s = s.substring(1);
        }
        if (base == 16 && s.matches("(?i)0x.*")
                || base == 8 && s.matches("(?i)0o.*")
                || base == 2 && s.matches("(?i)0b.*")) {
            s = s.substring(2);
            if (s.startsWith("_")) {
                s = s.substring(1);
            }
        }
        if (s.isEmpty() || s.startsWith("_") || s.endsWith("_") || s.contains("__")) {
            return null;
        }
        String digits = s.replace("_", "");
        for (char c : digits.toCharArray()) {
            if (Character.digit(c, base) < 0 || c > 127) {
                return null;
            }
        }
        try {
            return Long.parseLong(sign + digits, base);
        } catch (NumberFormatException e) {
            return null; // beyond 64 bits: left as text (then float) rather than wrapped
        }
    }

    /** Python's {@code float(s)} for text, or null when Python would raise ValueError. */
    static Double parseFloat(String text) {
        String s = Strings.strip(text, null, true, true);
        if (!FLOAT.matcher(s).matches()) {
            return null;
        }
        String t = s.replace("_", "").toLowerCase(java.util.Locale.ROOT);
        String body = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
        boolean neg = t.startsWith("-");
        if (body.equals("inf") || body.equals("infinity")) {
            return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (body.equals("nan")) {
            return Double.NaN;
        }
        return Double.parseDouble(t);
    }
}
