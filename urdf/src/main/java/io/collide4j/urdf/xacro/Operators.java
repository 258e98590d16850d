package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Python's operators on expression values: arithmetic with int/float promotion (ints are exact 64-bit; an
 * overflow is an error rather than a silently wrong number), floor division and modulo with Python's signs,
 * {@code **}, sequence concatenation and repetition, {@code %} formatting, comparisons, indexing, slicing and
 * attribute access. Stateless.
 */
final class Operators {
    private Operators() {}

    static Object unary(String op, Object v) {
        if (op.equals("~")) {
            if (Py.isInt(v)) {
                return ~Py.asLong(v);
            }
        } else if (v instanceof Double) {
            return op.equals("-") ? -(Double) v : v;
        } else if (Py.isInt(v)) {
            long x = Py.asLong(v);
            return op.equals("-") ? exact(() -> Math.negateExact(x)) : (Object) x;
        }
        throw PyError.typeError("bad operand type for unary " + op + ": '" + Py.typeName(v) + "'");
    }

    static Object binary(String op, Object a, Object b) {
        if (Py.isNumber(a) && Py.isNumber(b)) {
            return Py.isInt(a) && Py.isInt(b)
                    ? ints(op, Py.asLong(a), Py.asLong(b))
                    : floats(op, Py.asDouble(a), Py.asDouble(b), a, b);
        }
        switch (op) {
            case "+":
                if (a instanceof String && b instanceof String) {
                    checkLength((long) ((String) a).length() + ((String) b).length(), "string concatenation");
                    return (String) a + b;
                }
                if (a instanceof List && b instanceof List) {
                    checkLength((long) ((List<?>) a).size() + ((List<?>) b).size(), "list concatenation");
                    List<Object> out = new ArrayList<>((List<?>) a);
                    out.addAll((List<?>) b);
                    return out;
                }
                if (a instanceof PyTuple && b instanceof PyTuple) {
                    checkLength(
                            (long) ((PyTuple) a).items().size()
                                    + ((PyTuple) b).items().size(),
                            "tuple concatenation");
                    List<Object> out = new ArrayList<>(((PyTuple) a).items());
                    out.addAll(((PyTuple) b).items());
                    return new PyTuple(out);
                }
                break;
            case "*":
                if (Py.isInt(b) && (a instanceof String || a instanceof List || a instanceof PyTuple)) {
                    return repeat(a, Py.asLong(b));
                }
                if (Py.isInt(a) && (b instanceof String || b instanceof List || b instanceof PyTuple)) {
                    return repeat(b, Py.asLong(a));
                }
                break;
            case "%":
                if (a instanceof String) {
                    return Formatting.percent((String) a, b);
                }
                break;
            default:
                break;
        }
        throw PyError.typeError(
                "unsupported operand type(s) for " + op + ": '" + Py.typeName(a) + "' and '" + Py.typeName(b) + "'");
    }

    /**
     * Longest string, list or tuple an operator builds: a few doubling properties or repetitions would otherwise
     * exhaust the heap (Python would too, after swapping); no robot description comes near it.
     */
    static final long MAX_SEQUENCE = 10_000_000;

    private static void checkLength(long length, String what) {
        if (length > MAX_SEQUENCE) {
            throw PyError.subset(what + " longer than 10^7");
        }
    }

    private static Object repeat(Object seq, long n) {
        long unit = Math.max(
                1, seq instanceof String ? ((String) seq).length() : Py.seq(seq).size());
        // compared by division: n * unit wraps around for n near 2^63 and would pass as a short (empty) result
        if (n > MAX_SEQUENCE / unit) {
            throw PyError.subset("sequence repetition longer than 10^7");
        }
        if (seq instanceof String) {
            return n <= 0 ? "" : ((String) seq).repeat((int) n);
        }
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            out.addAll(Py.seq(seq));
        }
        return seq instanceof PyTuple ? new PyTuple(out) : out;
    }

    private interface LongOp {
        long apply();
    }

    private static Long exact(LongOp op) {
        try {
            return op.apply();
        } catch (ArithmeticException e) {
            throw PyError.subset("integer result beyond 64 bits");
        }
    }

    private static Object ints(String op, long x, long y) {
        switch (op) {
            case "+":
                return exact(() -> Math.addExact(x, y));
            case "-":
                return exact(() -> Math.subtractExact(x, y));
            case "*":
                return exact(() -> Math.multiplyExact(x, y));
            case "/":
                zero(y, "division by zero");
                if (Math.abs(x) > (1L << 53) || Math.abs(y) > (1L << 53)) {
                    // Python divides ints exactly and rounds once; converting each to double first could differ
                    return new java.math.BigDecimal(x)
                            .divide(new java.math.BigDecimal(y), new java.math.MathContext(40))
                            .doubleValue();
                }
                return (double) x / (double) y;
            case "//":
                zero(y, "integer division or modulo by zero");
                return exact(() -> x == Long.MIN_VALUE && y == -1 ? Math.negateExact(x) : Math.floorDiv(x, y));
            case "%":
                zero(y, "integer division or modulo by zero");
                return Math.floorMod(x, y);
            case "**":
                if (y < 0) {
                    if (x == 0) {
                        throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
                    }
                    return CrMath.pow(x, y);
                }
                if (x == 0 || x == 1) {
                    return y == 0 ? 1L : x;
                }
                if (x == -1) {
                    return y % 2 == 0 ? 1L : -1L;
                }
                return exact(() -> {
                    long r = 1;
                    for (long i = 0; i < y; i++) {
                        r = Math.multiplyExact(r, x); // |x| >= 2 overflows within 64 steps
                    }
                    return r;
                });
            case "&":
                return x & y;
            case "|":
                return x | y;
            case "^":
                return x ^ y;
            case "<<":
                if (y < 0) {
                    throw PyError.value("negative shift count");
                }
                return exact(() -> {
                    if (y >= 63 && x != 0 || x != 0 && Long.numberOfLeadingZeros(Math.abs(x)) <= y) {
                        throw new ArithmeticException();
                    }
                    return x << y;
                });
            case ">>":
                if (y < 0) {
                    throw PyError.value("negative shift count");
                }
                return x >> Math.min(y, 63);
            default:
                throw PyError.typeError("unsupported operand type(s) for " + op + ": 'int' and 'int'");
        }
    }

    private static void zero(double y, String message) {
        if (y == 0) {
            throw new PyError("ZeroDivisionError", message);
        }
    }

    private static Object floats(String op, double x, double y, Object a, Object b) {
        switch (op) {
            case "+":
                return x + y;
            case "-":
                return x - y;
            case "*":
                return x * y;
            case "/":
                zero(y, "float division by zero");
                return x / y;
            case "//":
                zero(y, "float floor division by zero");
                return floorDiv(x, y);
            case "%":
                zero(y, "float modulo");
                return mod(x, y);
            case "**":
                if (x == 0 && y < 0) {
                    throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
                }
                if (x < 0 && Double.isFinite(y) && y != Math.rint(y)) {
                    throw PyError.subset("negative number to a fractional power (a complex result)");
                }
                double r = CrMath.pow(x, y);
                if (Double.isInfinite(r) && Double.isFinite(x) && Double.isFinite(y)) {
                    throw new PyError("OverflowError", "(34, 'Numerical result out of range')");
                }
                return r;
            default:
                throw PyError.typeError("unsupported operand type(s) for " + op + ": '" + Py.typeName(a) + "' and '"
                        + Py.typeName(b) + "'");
        }
    }

    /** CPython's float modulo: the result takes the divisor's sign. */
    static double mod(double x, double y) {
        double m = x % y;
        if (m != 0) {
            if ((y < 0) != (m < 0)) {
                m += y;
            }
        } else {
            m = Math.copySign(0.0, y);
        }
        return m;
    }

    /** CPython's float floor division (float_floor_div): exact for the representable cases. */
    static double floorDiv(double x, double y) {
        double m = x % y;
        double div = (x - m) / y;
        if (m != 0 && (y < 0) != (m < 0)) {
            div -= 1.0;
        }
        if (div != 0) {
            double f = Math.floor(div);
            if (div - f > 0.5) {
                f += 1.0;
            }
            return f;
        }
        return Math.copySign(0.0, x / y);
    }

    static boolean compare(String op, Object a, Object b) {
        switch (op) {
            case "==":
                return Py.eq(a, b);
            case "!=":
                return !Py.eq(a, b);
            case "in":
                return Py.contains(b, a);
            case "not in":
                return !Py.contains(b, a);
            case "is":
                return identical(a, b);
            case "is not":
                return !identical(a, b);
            default:
                try {
                    int c = Py.compare(a, b, op);
                    switch (op) {
                        case "<":
                            return c < 0;
                        case ">":
                            return c > 0;
                        case "<=":
                            return c <= 0;
                        default:
                            return c >= 0;
                    }
                } catch (Py.NaNComparison e) {
                    return false;
                }
        }
    }

    private static boolean identical(Object a, Object b) {
        if (a instanceof PyNone || b instanceof PyNone || a instanceof Boolean || b instanceof Boolean) {
            return a == b || a.equals(b) && a.getClass() == b.getClass();
        }
        return a == b;
    }

    static void checkHashable(Object k) {
        if (k instanceof List || k instanceof Map) {
            throw PyError.typeError("unhashable type: '" + Py.typeName(k) + "'");
        }
    }

    static Object index(Object target, Object key) {
        if (target instanceof YamlDict) {
            return ((YamlDict) target).getKey(key);
        }
        if (target instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) target;
            checkHashable(key);
            Object k = Py.findKey(m, key);
            if (k == null) {
                throw new PyError("KeyError", Py.repr(key));
            }
            return m.get(k);
        }
        if (target instanceof String || target instanceof List || target instanceof PyTuple) {
            if (!Py.isInt(key)) {
                throw PyError.typeError(
                        Py.typeName(target) + " indices must be integers or slices, not " + Py.typeName(key));
            }
            int n = target instanceof String
                    ? ((String) target).length()
                    : Py.seq(target).size();
            long i = Py.asLong(key);
            long j = i < 0 ? i + n : i;
            if (j < 0 || j >= n) {
                throw new PyError("IndexError", Py.typeName(target) + " index out of range");
            }
            return target instanceof String
                    ? String.valueOf(((String) target).charAt((int) j))
                    : Py.seq(target).get((int) j);
        }
        throw PyError.typeError("'" + Py.typeName(target) + "' object is not subscriptable");
    }

    static Object slice(Object target, Object lo, Object hi, Object step) {
        if (!(target instanceof String || target instanceof List || target instanceof PyTuple)) {
            throw PyError.typeError("'" + Py.typeName(target) + "' object is not subscriptable");
        }
        int n = target instanceof String
                ? ((String) target).length()
                : Py.seq(target).size();
        long st = step == null || step instanceof PyNone ? 1 : sliceInt(step);
        if (st == 0) {
            throw PyError.value("slice step cannot be zero");
        }
        long start;
        long stop;
        if (st > 0) {
            start = bound(lo, n, 0, 0, n);
            stop = bound(hi, n, n, 0, n);
        } else {
            start = bound(lo, n, n - 1, -1, n - 1);
            stop = bound(hi, n, -1, -1, n - 1);
        }
        StringBuilder sb = new StringBuilder();
        List<Object> out = new ArrayList<>();
        for (long i = start; st > 0 ? i < stop : i > stop; i += st) {
            if (target instanceof String) {
                sb.append(((String) target).charAt((int) i));
            } else {
                out.add(Py.seq(target).get((int) i));
            }
        }
        if (target instanceof String) {
            return sb.toString();
        }
        return target instanceof PyTuple ? new PyTuple(out) : out;
    }

    private static long sliceInt(Object v) {
        if (!Py.isInt(v)) {
            throw PyError.typeError("slice indices must be integers or None");
        }
        return Py.asLong(v);
    }

    private static long bound(Object v, int n, long dflt, long min, long max) {
        if (v == null || v instanceof PyNone) {
            return dflt;
        }
        long i = sliceInt(v);
        if (i < 0) {
            i += n;
        }
        return Math.max(min, Math.min(max, i));
    }

    static Object attribute(Object target, String name) {
        if (target instanceof Symbols) {
            return ((Symbols) target).attribute(name);
        }
        if (target instanceof YamlDict) {
            return ((YamlDict) target).attribute(name);
        }
        if (target instanceof String
                || target instanceof List
                || target instanceof Map
                || target instanceof PyTuple
                || Py.isNumber(target)) {
            return Methods.bind(target, name);
        }
        throw new PyError("AttributeError", "'" + Py.typeName(target) + "' object has no attribute '" + name + "'");
    }
}
