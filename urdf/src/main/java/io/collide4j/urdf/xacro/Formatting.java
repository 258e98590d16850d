package io.collide4j.urdf.xacro;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's string formatting: {@code 'fmt' % args} (printf-style) and {@code str.format} with the format-spec
 * mini-language ({@code [[fill]align][sign][0][width][.precision][type]}, types s d f e g %). Floats are rounded
 * from their exact binary value, half to even, as CPython does. Stateless.
 */
final class Formatting {
    private static final Pattern PERCENT =
            Pattern.compile("%(?:\\(([^)]*)\\))?([-+ 0#]*)(\\d+|\\*)?(?:\\.(\\d+))?([sdifFeEgGrxXo%a])");
    private static final Pattern SPEC =
            Pattern.compile("(?:(.)?([<>^=]))?([-+ ])?(#)?(0)?(\\d+)?([,_])?(?:\\.(\\d+))?([sdfFeEgG%nxXob])?");

    private Formatting() {}

    static String percent(String fmt, Object arg) {
        List<Object> args = arg instanceof PyTuple ? ((PyTuple) arg).items() : List.of(arg);
        Matcher m = PERCENT.matcher(fmt);
        StringBuilder sb = new StringBuilder();
        int last = 0;
        int next = 0;
        while (true) {
            int pct = fmt.indexOf('%', last);
            if (pct < 0) {
                break;
            }
            // every '%' must start a conversion we implement: an unknown one is an error, never left in the text
            if (!m.region(pct, fmt.length()).lookingAt()) {
                throw PyError.value(
                        "unsupported format character or incomplete format at index " + pct + " of " + Py.repr(fmt));
            }
            sb.append(fmt, last, m.start());
            last = m.end();
            char type = m.group(5).charAt(0);
            if (type == '%') {
                sb.append('%');
                continue;
            }
            Object v;
            if (m.group(1) != null) {
                if (!(arg instanceof Map)) {
                    throw PyError.typeError("format requires a mapping");
                }
                v = Operators.index(arg, m.group(1));
            } else {
                if (next >= args.size()) {
                    throw PyError.typeError("not enough arguments for format string");
                }
                v = args.get(next++);
            }
            if ("*".equals(m.group(3))) {
                throw PyError.subset("'*' width in % formatting");
            }
            String flags = m.group(2);
            int width = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
            Integer prec = m.group(4) == null ? null : Integer.valueOf(m.group(4));
            String body;
            if (type == 's' || type == 'r' || type == 'a') {
                body = type == 's' ? Py.str(v) : Py.repr(v);
                if (prec != null && body.length() > prec) {
                    body = body.substring(0, prec);
                }
                sb.append(pad(body, width, flags.contains("-") ? '<' : '>', ' '));
                continue;
            }
            char t = type == 'i' || type == 'd' ? 'd' : type;
            body = number(
                    v,
                    t,
                    prec == null ? (t == 'd' || t == 'x' || t == 'X' || t == 'o' ? null : 6) : prec,
                    flags.contains("+") ? '+' : flags.contains(" ") ? ' ' : '-',
                    flags.contains("#"));
            if (flags.contains("-")) {
                sb.append(pad(body, width, '<', ' '));
            } else if (flags.contains("0")) {
                sb.append(pad(body, width, '=', '0'));
            } else {
                sb.append(pad(body, width, '>', ' '));
            }
        }
        sb.append(fmt.substring(last));
        if (next < args.size() && !(arg instanceof Map)) {
            throw PyError.typeError("not all arguments converted during string formatting");
        }
        return sb.toString();
    }

    static String format(String fmt, List<Object> args, Map<String, Object> kwargs) {
        StringBuilder sb = new StringBuilder();
        int auto = 0;
        int i = 0;
        int n = fmt.length();
        while (i < n) {
            char c = fmt.charAt(i);
            if (c == '{' && i + 1 < n && fmt.charAt(i + 1) == '{'
                    || c == '}' && i + 1 < n && fmt.charAt(i + 1) == '}') {
                sb.append(c);
                i += 2;
                continue;
            }
            if (c == '}') {
                throw PyError.value("Single '}' encountered in format string");
            }
            if (c != '{') {
                sb.append(c);
                i++;
                continue;
            }
            int close = fmt.indexOf('}', i);
            if (close < 0) {
                throw PyError.value("Single '{' encountered in format string");
            }
            String field = fmt.substring(i + 1, close);
            i = close + 1;
            String spec = "";
            int colon = field.indexOf(':');
            if (colon >= 0) {
                spec = field.substring(colon + 1);
                field = field.substring(0, colon);
            }
            char conversion = 0;
            int bang = field.indexOf('!');
            if (bang >= 0) {
                conversion = field.length() > bang + 1 ? field.charAt(bang + 1) : 0;
                field = field.substring(0, bang);
            }
            String head = field.split("[.\\[]", 2)[0];
            Object v;
            if (head.isEmpty()) {
                if (auto >= args.size()) {
                    throw new PyError(
                            "IndexError", "Replacement index " + auto + " out of range for positional args tuple");
                }
                v = args.get(auto++);
            } else if (head.chars().allMatch(Character::isDigit)) {
                int k = Integer.parseInt(head);
                if (k >= args.size()) {
                    throw new PyError(
                            "IndexError", "Replacement index " + k + " out of range for positional args tuple");
                }
                v = args.get(k);
            } else {
                if (!kwargs.containsKey(head)) {
                    throw new PyError("KeyError", Py.repr(head));
                }
                v = kwargs.get(head);
            }
            String rest = field.substring(head.length());
            Matcher acc = Pattern.compile("\\.(\\w+)|\\[([^\\]]*)\\]").matcher(rest);
            int pos = 0;
            while (acc.find() && acc.start() == pos) {
                if (acc.group(1) != null) {
                    v = Operators.attribute(v, acc.group(1));
                } else {
                    String key = acc.group(2);
                    v = Operators.index(
                            v,
                            key.chars().allMatch(Character::isDigit) && !key.isEmpty()
                                    ? (Object) Long.parseLong(key)
                                    : key);
                }
                pos = acc.end();
            }
            if (conversion == 'r') {
                v = Py.repr(v);
            } else if (conversion == 's') {
                v = Py.str(v);
            }
            sb.append(formatValue(v, spec));
        }
        return sb.toString();
    }

    /** {@code format(v, spec)}. */
    static String formatValue(Object v, String spec) {
        if (spec.isEmpty()) {
            return Py.str(v);
        }
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw PyError.value("Invalid format specifier '" + spec + "'");
        }
        char fill = m.group(1) == null
                ? (m.group(5) != null ? '0' : ' ')
                : m.group(1).charAt(0);
        char align = m.group(2) == null
                ? (m.group(5) != null ? '=' : v instanceof String ? '<' : '>')
                : m.group(2).charAt(0);
        char sign = m.group(3) == null ? '-' : m.group(3).charAt(0);
        int width = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
        Integer prec = m.group(8) == null ? null : Integer.valueOf(m.group(8));
        char type = m.group(9) == null ? 0 : m.group(9).charAt(0);
        if (m.group(7) != null) {
            throw PyError.subset("thousands separator in a format spec");
        }
        String body;
        if (v instanceof String || type == 's') {
            if (!(v instanceof String)) {
                throw PyError.value("Unknown format code 's' for object of type '" + Py.typeName(v) + "'");
            }
            body = prec != null && ((String) v).length() > prec ? ((String) v).substring(0, prec) : (String) v;
        } else if (type == 0 && Py.isInt(v) || type == 'n') {
            body = number(v, 'd', null, sign, m.group(4) != null);
        } else if (type == 0 && v instanceof Double) {
            if (prec != null) {
                throw PyError.subset(
                        "a float format with a precision but no type ('" + spec + "'; write e.g. '.3g' or '.3f')");
            }
            body = signed(PyFloats.repr((Double) v), sign);
        } else if (type == 0) {
            body = Py.str(v);
        } else {
            body = number(
                    v,
                    type,
                    prec == null && type != 'd' && type != 'x' && type != 'X' && type != 'o' && type != 'b' ? 6 : prec,
                    sign,
                    m.group(4) != null);
        }
        return pad(body, width, align, fill);
    }

    private static String signed(String s, char sign) {
        return s.startsWith("-") || sign == '-' ? s : sign + s;
    }

    private static String pad(String body, int width, char align, char fill) {
        int pad = width - body.length();
        if (pad <= 0) {
            return body;
        }
        switch (align) {
            case '<':
                return body + String.valueOf(fill).repeat(pad);
            case '^':
                return String.valueOf(fill).repeat(pad / 2)
                        + body
                        + String.valueOf(fill).repeat(pad - pad / 2);
            case '=': {
                int s = !body.isEmpty() && (body.charAt(0) == '-' || body.charAt(0) == '+' || body.charAt(0) == ' ')
                        ? 1
                        : 0;
                return body.substring(0, s) + String.valueOf(fill).repeat(pad) + body.substring(s);
            }
            default:
                return String.valueOf(fill).repeat(pad) + body;
        }
    }

    /** A number in one of the types d x X o b f F e E g G % and 'r' (general format, type omitted). */
    static String number(Object v, char type, Integer prec, char sign, boolean alternate) {
        if (!Py.isNumber(v)) {
            throw PyError.typeError("must be real number, not " + Py.typeName(v));
        }
        if (type == 'd' || type == 'x' || type == 'X' || type == 'o' || type == 'b') {
            long x;
            if (Py.isInt(v)) {
                x = Py.asLong(v);
            } else {
                double d = (Double) v;
                if (!Double.isFinite(d)) {
                    throw new PyError("OverflowError", "cannot convert float infinity or NaN to integer");
                }
                if (Math.abs(d) >= 9.2e18) { // Python's int of a large float is exact: so is this
                    java.math.BigInteger big = new BigDecimal(d).toBigInteger();
                    String digits = type == 'd'
                            ? big.abs().toString()
                            : big.abs().toString(type == 'o' ? 8 : type == 'b' ? 2 : 16);
                    if (type == 'X') {
                        digits = digits.toUpperCase(java.util.Locale.ROOT);
                    }
                    return (big.signum() < 0 ? "-" : sign == '-' ? "" : String.valueOf(sign))
                            + (alternate && type != 'd' ? "0" + type : "")
                            + digits;
                }
                x = (long) d;
            }
            String digits = type == 'd'
                    ? Long.toString(Math.abs(x))
                    : type == 'o'
                            ? Long.toOctalString(Math.abs(x))
                            : type == 'b' ? Long.toBinaryString(Math.abs(x)) : Long.toHexString(Math.abs(x));
            if (type == 'X') {
                digits = digits.toUpperCase(java.util.Locale.ROOT);
            }
            if (alternate && type != 'd') {
                digits = "0" + (type == 'X' ? 'X' : type) + digits;
            }
            return (x < 0 ? "-" : sign == '-' ? "" : String.valueOf(sign)) + digits;
        }
        double d = Py.asDouble(v);
        String s;
        boolean neg = d < 0 || d == 0 && 1 / d < 0;
        double a = Math.abs(d);
        int p = prec == null ? 6 : prec;
        if (Double.isNaN(d)) {
            s = "nan";
            neg = false;
        } else if (Double.isInfinite(d)) {
            s = "inf";
        } else if (type == 'f' || type == 'F') {
            s = new BigDecimal(a).setScale(p, RoundingMode.HALF_EVEN).toPlainString();
            if (alternate && p == 0) {
                s += ".";
            }
        } else if (type == '%') {
            s = new BigDecimal(a)
                            .multiply(BigDecimal.valueOf(100))
                            .setScale(p, RoundingMode.HALF_EVEN)
                            .toPlainString() + "%";
        } else if (type == 'e' || type == 'E') {
            s = scientific(a, p);
        } else {
            int q = p == 0 ? 1 : p;
            if (a == 0) {
                s = type == 'r' ? "0.0" : "0";
            } else {
                BigDecimal r = new BigDecimal(a).round(new MathContext(q, RoundingMode.HALF_EVEN));
                int exp = r.precision() - r.scale() - 1;
                if (exp >= -4 && exp < q) {
                    s = r.setScale(Math.max(0, q - 1 - exp), RoundingMode.HALF_EVEN)
                            .toPlainString();
                    if (s.contains(".") && !alternate) {
                        s = s.replaceAll("0+$", "").replaceAll("\\.$", type == 'r' ? ".0" : "");
                    } else if (type == 'r' && !s.contains(".")) {
                        s += ".0";
                    }
                } else {
                    s = scientific(a, q - 1);
                    if (!alternate) {
                        s = s.replaceAll("\\.?0+e", "e");
                    }
                }
            }
        }
        if (Character.isUpperCase(type)) {
            s = s.toUpperCase(java.util.Locale.ROOT);
        }
        return (neg ? "-" : sign == '-' ? "" : String.valueOf(sign)) + s;
    }

    private static String scientific(double a, int digitsAfterPoint) {
        if (a == 0) {
            return (digitsAfterPoint > 0 ? "0." + "0".repeat(digitsAfterPoint) : "0") + "e+00";
        }
        BigDecimal r = new BigDecimal(a).round(new MathContext(digitsAfterPoint + 1, RoundingMode.HALF_EVEN));
        int exp = r.precision() - r.scale() - 1;
        String digits = r.unscaledValue().toString();
        digits = (digits + "0".repeat(digitsAfterPoint + 1)).substring(0, digitsAfterPoint + 1);
        String mant = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
        return mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }
}
