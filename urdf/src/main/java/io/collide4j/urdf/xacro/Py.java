package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Python semantics for the values an expression handles: {@code str}/{@code repr}, truth, equality, ordering,
 * iteration. Values are Java objects: {@link Boolean}, {@link Long} (int; overflow is an error, not a wrap),
 * {@link Double}, {@link String}, {@link PyNone}, {@link List} (list), {@link PyTuple}, {@link Map} (dict,
 * insertion-ordered), {@link PyCallable}, {@link Symbols} (a namespace) and XML blocks. Stateless.
 */
final class Py {
    private Py() {}

    static String typeName(Object v) {
        if (v instanceof Boolean) {
            return "bool";
        }
        if (v instanceof Long) {
            return "int";
        }
        if (v instanceof Double) {
            return "float";
        }
        if (v instanceof String) {
            return "str";
        }
        if (v instanceof PyNone) {
            return "NoneType";
        }
        if (v instanceof List) {
            return "list";
        }
        if (v instanceof PyTuple) {
            return "tuple";
        }
        if (v instanceof Map) {
            return "dict";
        }
        if (v instanceof PyCallable) {
            return "function";
        }
        if (v instanceof Symbols) {
            return "namespace";
        }
        return v == null ? "NoneType" : "xml block";
    }

    /** Python's {@code str(v)}. */
    static String str(Object v) {
        if (v instanceof String) {
            return (String) v;
        }
        return repr(v);
    }

    /** Python's {@code repr(v)}. */
    static String repr(Object v) {
        if (v instanceof Boolean) {
            return (Boolean) v ? "True" : "False";
        }
        if (v instanceof Long) {
            return v.toString();
        }
        if (v instanceof Double) {
            return PyFloats.repr((Double) v);
        }
        if (v instanceof String) {
            return reprString((String) v);
        }
        if (v instanceof List) {
            return join("[", (List<?>) v, "]");
        }
        if (v instanceof PyTuple) {
            List<Object> items = ((PyTuple) v).items();
            return items.size() == 1 ? "(" + repr(items.get(0)) + ",)" : join("(", items, ")");
        }
        if (v instanceof Map) {
            StringBuilder sb = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                sb.append(first ? "" : ", ")
                        .append(repr(e.getKey()))
                        .append(": ")
                        .append(repr(e.getValue()));
                first = false;
            }
            return sb.append('}').toString();
        }
        if (v instanceof PyCallable) {
            return "<function " + ((PyCallable) v).name() + ">";
        }
        return String.valueOf(v);
    }

    private static String join(String open, List<?> items, String close) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < items.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(repr(items.get(i)));
        }
        return sb.append(close).toString();
    }

    /** Python's quoting: single quotes unless the text holds a single quote and no double quote. */
    static String reprString(String s) {
        char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(q);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == q || c == '\\') {
                sb.append('\\').append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append(q).toString();
    }

    static boolean truthy(Object v) {
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        if (v instanceof Long) {
            return (Long) v != 0;
        }
        if (v instanceof Double) {
            return (Double) v != 0; // NaN is true in Python
        }
        if (v instanceof String) {
            return !((String) v).isEmpty();
        }
        if (v instanceof PyNone) {
            return false;
        }
        if (v instanceof List) {
            return !((List<?>) v).isEmpty();
        }
        if (v instanceof PyTuple) {
            return !((PyTuple) v).items().isEmpty();
        }
        if (v instanceof Map) {
            return !((Map<?, ?>) v).isEmpty();
        }
        return true;
    }

    static boolean isNumber(Object v) {
        return v instanceof Long || v instanceof Double || v instanceof Boolean;
    }

    /** An int or bool as a long (bool is an int in Python). */
    static boolean isInt(Object v) {
        return v instanceof Long || v instanceof Boolean;
    }

    static long asLong(Object v) {
        return v instanceof Boolean ? ((Boolean) v ? 1 : 0) : (Long) v;
    }

    static double asDouble(Object v) {
        if (v instanceof Double) {
            return (Double) v;
        }
        return asLong(v);
    }

    /**
     * Compares two numbers exactly, as Python does between an int and a float (2**53 + 1 != 2.0**53, which a
     * conversion of the int to double would call equal). NaN compares as unordered: {@link NaNComparison}.
     */
    static int compareNumbers(Object a, Object b) {
        if (isInt(a) && isInt(b)) {
            return Long.compare(asLong(a), asLong(b));
        }
        double x = asDouble(a);
        double y = asDouble(b);
        if (Double.isNaN(x) || Double.isNaN(y)) {
            throw new NaNComparison();
        }
        boolean exact = !(isInt(a) && Math.abs(asLong(a)) > (1L << 53) || isInt(b) && Math.abs(asLong(b)) > (1L << 53));
        if (exact || Double.isInfinite(x) || Double.isInfinite(y)) {
            return Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
        }
        java.math.BigDecimal p = isInt(a) ? java.math.BigDecimal.valueOf(asLong(a)) : new java.math.BigDecimal(x);
        java.math.BigDecimal q = isInt(b) ? java.math.BigDecimal.valueOf(asLong(b)) : new java.math.BigDecimal(y);
        return p.compareTo(q);
    }

    /** Python's {@code ==}. */
    static boolean eq(Object a, Object b) {
        if (isNumber(a) && isNumber(b)) {
            try {
                return compareNumbers(a, b) == 0;
            } catch (NaNComparison e) {
                return false;
            }
        }
        if (a instanceof List && b instanceof List || a instanceof PyTuple && b instanceof PyTuple) {
            List<?> x = seq(a);
            List<?> y = seq(b);
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!eq(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                Object k = findKey(y, e.getKey());
                if (k == null || !eq(e.getValue(), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof String && b instanceof String || a instanceof PyNone || b instanceof PyNone) {
            return a.equals(b);
        }
        return a == b;
    }

    /** The key of {@code m} equal to {@code key} in Python's sense (1 == 1.0 == True), or null. */
    static Object findKey(Map<?, ?> m, Object key) {
        if (m.containsKey(key)) {
            return key;
        }
        if (isNumber(key)) {
            for (Object k : m.keySet()) {
                if (isNumber(k) && eq(k, key)) {
                    return k;
                }
            }
        }
        return null;
    }

    /** Python's ordering ({@code <}: negative, {@code ==}: 0); unorderable types raise TypeError. */
    static int compare(Object a, Object b, String op) {
        if (isNumber(a) && isNumber(b)) {
            return compareNumbers(a, b);
        }
        if (a instanceof String && b instanceof String) {
            return ((String) a).compareTo((String) b);
        }
        if (a instanceof List && b instanceof List || a instanceof PyTuple && b instanceof PyTuple) {
            List<?> x = seq(a);
            List<?> y = seq(b);
            for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                if (!eq(x.get(i), y.get(i))) {
                    return compare(x.get(i), y.get(i), op);
                }
            }
            return Integer.compare(x.size(), y.size());
        }
        throw PyError.typeError(
                "'" + op + "' not supported between instances of '" + typeName(a) + "' and '" + typeName(b) + "'");
    }

    /** Thrown by {@link #compare} for a NaN operand: every ordering comparison with NaN is False in Python. */
    static final class NaNComparison extends RuntimeException {
        NaNComparison() {
            super("NaN", null, false, false);
        }
    }

    static List<?> seq(Object v) {
        return v instanceof PyTuple ? ((PyTuple) v).items() : (List<?>) v;
    }

    /** The items {@code for x in v} visits: list/tuple items, string characters, dict keys. */
    static List<Object> iterate(Object v) {
        List<Object> out = new ArrayList<>();
        if (v instanceof List || v instanceof PyTuple) {
            out.addAll(seq(v));
        } else if (v instanceof String) {
            String s = (String) v;
            for (int i = 0; i < s.length(); ) {
                int cp = s.codePointAt(i);
                out.add(new String(Character.toChars(cp)));
                i += Character.charCount(cp);
            }
        } else if (v instanceof Map) {
            out.addAll(((Map<?, ?>) v).keySet());
        } else {
            throw PyError.typeError("'" + typeName(v) + "' object is not iterable");
        }
        return out;
    }

    /** Python's {@code x in container}. */
    static boolean contains(Object container, Object x) {
        if (container instanceof String) {
            if (!(x instanceof String)) {
                throw PyError.typeError("'in <string>' requires string as left operand, not " + typeName(x));
            }
            return ((String) container).contains((String) x);
        }
        if (container instanceof Map) {
            return findKey((Map<?, ?>) container, x) != null;
        }
        for (Iterator<Object> it = iterate(container).iterator(); it.hasNext(); ) {
            if (eq(it.next(), x)) {
                return true;
            }
        }
        return false;
    }
}
