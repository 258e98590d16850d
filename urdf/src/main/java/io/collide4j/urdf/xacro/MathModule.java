package io.collide4j.urdf.xacro;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * Python's {@code math} module for expressions: constants, and functions with Python's errors (ValueError "math
 * domain error" instead of NaN from a finite argument, OverflowError instead of infinity) and glibc's digits
 * ({@link CrMath}). Stateless.
 */
final class MathModule {
    private MathModule() {}

    private static double real(String fn, Object v) {
        if (!Py.isNumber(v)) {
            throw PyError.typeError("must be real number, not " + Py.typeName(v) + " (math." + fn + ")");
        }
        return Py.asDouble(v);
    }

    /** A math function of one argument with Python's domain check (ValueError instead of NaN) and overflow check. */
    private static void unary(Map<String, Object> m, String name, DoubleUnaryOperator f) {
        Builtins.fn(
                m,
                name,
                a -> {
                    double x = real(name, a.get(0));
                    double r = f.applyAsDouble(x);
                    if (Double.isNaN(r) && !Double.isNaN(x)) {
                        throw PyError.value("math domain error");
                    }
                    if (Double.isInfinite(r) && Double.isFinite(x)) {
                        throw new PyError("OverflowError", "math range error");
                    }
                    return r;
                },
                1,
                1);
    }

    static Map<String, Object> functions() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pi", Math.PI);
        m.put("e", Math.E);
        m.put("tau", 2 * Math.PI);
        m.put("inf", Double.POSITIVE_INFINITY);
        m.put("nan", Double.NaN);
        unary(m, "sqrt", x -> x < 0 ? Double.NaN : Math.sqrt(x));
        unary(m, "sin", x -> Double.isInfinite(x) ? Double.NaN : CrMath.sin(x));
        unary(m, "cos", x -> Double.isInfinite(x) ? Double.NaN : CrMath.cos(x));
        unary(m, "tan", x -> Double.isInfinite(x) ? Double.NaN : CrMath.tan(x));
        unary(m, "asin", CrMath::asin);
        unary(m, "acos", CrMath::acos);
        unary(m, "atan", CrMath::atan);
        unary(m, "sinh", CrMath::sinh);
        unary(m, "cosh", CrMath::cosh);
        unary(m, "tanh", CrMath::tanh);
        unary(m, "asinh", x -> Double.isInfinite(x) ? x : Math.log(x + Math.sqrt(x * x + 1)));
        unary(m, "acosh", x -> x < 1 ? Double.NaN : Math.log(x + Math.sqrt(x * x - 1)));
        unary(m, "atanh", x -> Math.abs(x) >= 1 ? Double.NaN : 0.5 * Math.log1p(2 * x / (1 - x)));
        unary(m, "exp", CrMath::exp);
        unary(m, "exp2", x -> CrMath.pow(2, x));
        unary(m, "expm1", CrMath::expm1);
        unary(m, "log10", x -> x <= 0 ? Double.NaN : CrMath.log10(x));
        unary(m, "log2", x -> x <= 0 ? Double.NaN : CrMath.log2(x));
        unary(m, "log1p", x -> x <= -1 ? Double.NaN : CrMath.log1p(x));
        unary(m, "fabs", Math::abs);
        unary(m, "degrees", Math::toDegrees);
        unary(m, "radians", Math::toRadians);
        unary(m, "cbrt", Math::cbrt);
        Builtins.fn(
                m,
                "log",
                a -> {
                    double x = real("log", a.get(0));
                    if (x <= 0) {
                        throw PyError.value("math domain error");
                    }
                    if (a.size() == 1) {
                        return CrMath.log(x);
                    }
                    double b = real("log", a.get(1));
                    if (b <= 0 || b == 1) {
                        throw b == 1
                                ? new PyError("ZeroDivisionError", "float division by zero")
                                : PyError.value("math domain error");
                    }
                    return CrMath.log(x) / CrMath.log(b);
                },
                1,
                2);
        Builtins.fn(
                m,
                "pow",
                a -> {
                    double x = real("pow", a.get(0));
                    double y = real("pow", a.get(1));
                    double r = CrMath.pow(x, y);
                    if (Double.isNaN(r) && !Double.isNaN(x) && !Double.isNaN(y) || x == 0 && y < 0) {
                        throw PyError.value("math domain error");
                    }
                    if (Double.isInfinite(r) && Double.isFinite(x) && Double.isFinite(y)) {
                        throw new PyError("OverflowError", "math range error");
                    }
                    return r;
                },
                2,
                2);
        Builtins.fn(m, "atan2", a -> CrMath.atan2(real("atan2", a.get(0)), real("atan2", a.get(1))), 2, 2);
        Builtins.fn(
                m,
                "hypot",
                a -> {
                    // the correctly rounded sqrt of the exact sum of squares (Python 3.10+ is correctly rounded in
                    // practice)
                    java.math.BigDecimal sum = java.math.BigDecimal.ZERO;
                    for (Object o : a) {
                        double v = real("hypot", o);
                        if (Double.isInfinite(v)) {
                            return Double.POSITIVE_INFINITY;
                        }
                        if (Double.isNaN(v)) {
                            return Double.NaN;
                        }
                        java.math.BigDecimal b = new java.math.BigDecimal(v);
                        sum = sum.add(b.multiply(b));
                    }
                    return sum.signum() == 0
                            ? 0.0
                            : sum.sqrt(new java.math.MathContext(50)).doubleValue();
                },
                0,
                99);
        Builtins.fn(m, "copysign", a -> Math.copySign(real("copysign", a.get(0)), real("copysign", a.get(1))), 2, 2);
        Builtins.fn(
                m,
                "fmod",
                a -> {
                    double x = real("fmod", a.get(0));
                    double y = real("fmod", a.get(1));
                    if (y == 0 || Double.isInfinite(x)) {
                        throw PyError.value("math domain error");
                    }
                    return x % y;
                },
                2,
                2);
        Builtins.fn(
                m,
                "floor",
                a -> Py.isInt(a.get(0)) ? Py.asLong(a.get(0)) : PyNumbers.toInt(Math.floor(real("floor", a.get(0)))),
                1,
                1);
        Builtins.fn(
                m,
                "ceil",
                a -> Py.isInt(a.get(0)) ? Py.asLong(a.get(0)) : PyNumbers.toInt(Math.ceil(real("ceil", a.get(0)))),
                1,
                1);
        Builtins.fn(
                m,
                "trunc",
                a -> PyNumbers.toInt(
                        a.get(0) instanceof Double
                                ? a.get(0)
                                : Py.isInt(a.get(0)) ? Py.asLong(a.get(0)) : (Object) real("trunc", a.get(0))),
                1,
                1);
        Builtins.fn(m, "isnan", a -> Double.isNaN(real("isnan", a.get(0))), 1, 1);
        Builtins.fn(m, "isinf", a -> Double.isInfinite(real("isinf", a.get(0))), 1, 1);
        Builtins.fn(m, "isfinite", a -> Double.isFinite(real("isfinite", a.get(0))), 1, 1);
        Builtins.fn(
                m,
                "isclose",
                a -> {
                    double x = real("isclose", a.get(0));
                    double y = real("isclose", a.get(1));
                    return x == y || Math.abs(x - y) <= Math.max(1e-9 * Math.max(Math.abs(x), Math.abs(y)), 0.0);
                },
                2,
                2);
        Builtins.fn(
                m,
                "factorial",
                a -> {
                    long n = Py.asLong(PyNumbers.toInt(a.get(0)));
                    if (n < 0) {
                        throw PyError.value("factorial() not defined for negative values");
                    }
                    long r = 1;
                    for (long i = 2; i <= n; i++) {
                        long f = r;
                        long k = i;
                        r = (Long) Operators.binary("*", f, k);
                    }
                    return r;
                },
                1,
                1);
        Builtins.fn(
                m,
                "gcd",
                a -> {
                    long g = 0;
                    for (Object o : a) {
                        long x = Math.abs(Py.asLong(PyNumbers.toInt(o)));
                        while (x != 0) {
                            long t = g % x;
                            g = x;
                            x = t;
                        }
                    }
                    return g;
                },
                0,
                99);
        Builtins.fn(
                m,
                "fsum",
                a -> {
                    BigDecimal s = BigDecimal.ZERO;
                    for (Object o : Py.iterate(a.get(0))) {
                        double d = real("fsum", o);
                        if (!Double.isFinite(d)) {
                            throw PyError.subset("math.fsum of a non-finite value");
                        }
                        s = s.add(new BigDecimal(d));
                    }
                    return s.doubleValue();
                },
                1,
                1);
        Builtins.fn(
                m,
                "modf",
                a -> {
                    double x = real("modf", a.get(0));
                    double ip = x < 0 ? Math.ceil(x) : Math.floor(x);
                    return new PyTuple(List.of(Double.isInfinite(x) ? Math.copySign(0.0, x) : x - ip, ip));
                },
                1,
                1);
        return m;
    }
}
