package io.collide4j.urdf.xacro;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The math functions as Python's math module gets them from the C library (glibc): sin, cos, tan, atan, atan2,
 * asin, acos, exp, log, pow are correctly rounded there in all but rare cases, so here each is evaluated with about
 * 50 significant digits in {@link BigDecimal} and rounded once to the nearest double ({@link Math} may be 1 ulp
 * off, and a different last digit would be a different robot number); log10, log1p and expm1 follow glibc's own
 * (fdlibm) algorithms, which are not correctly rounded. Argument reduction
 * for sin/cos uses π to {@value #PI_DIGITS} digits; arguments beyond 1e250 fall back to {@link StrictMath}.
 * Special values (NaN, infinities, zeros, domain errors) are left to the callers' checks. Stateless, thread-safe.
 */
final class CrMath {
    private static final int PI_DIGITS = 320;
    private static final MathContext MC = new MathContext(50, RoundingMode.HALF_EVEN);
    private static final MathContext WIDE = new MathContext(PI_DIGITS, RoundingMode.HALF_EVEN);
    private static final BigDecimal TINY = new BigDecimal("1e-60");
    private static final BigDecimal TWO = BigDecimal.valueOf(2);
    /** π by Machin's formula, 16 atan(1/5) - 4 atan(1/239). */
    static final BigDecimal PI = atanSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(5), WIDE), WIDE)
            .multiply(BigDecimal.valueOf(16))
            .subtract(
                    atanSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(239), WIDE), WIDE)
                            .multiply(BigDecimal.valueOf(4)),
                    WIDE);

    private static final BigDecimal LN2 = atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), WIDE), WIDE)
            .multiply(TWO, WIDE);

    private CrMath() {}

    /** atan(x) = Σ (-1)^n x^(2n+1)/(2n+1), for small |x|. */
    private static BigDecimal atanSeries(BigDecimal x, MathContext mc) {
        BigDecimal x2 = x.multiply(x, mc);
        BigDecimal power = x;
        BigDecimal sum = x;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 5);
        for (int n = 1; ; n++) {
            power = power.multiply(x2, mc).negate();
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * n + 1), mc);
            sum = sum.add(term, mc);
            if (term.abs().compareTo(eps) < 0) {
                return sum;
            }
        }
    }

    /** atanh(x) = Σ x^(2n+1)/(2n+1), for small |x|. */
    private static BigDecimal atanhSeries(BigDecimal x, MathContext mc) {
        BigDecimal x2 = x.multiply(x, mc);
        BigDecimal power = x;
        BigDecimal sum = x;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 5);
        for (int n = 1; ; n++) {
            power = power.multiply(x2, mc);
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * n + 1), mc);
            sum = sum.add(term, mc);
            if (term.abs().compareTo(eps) < 0) {
                return sum;
            }
        }
    }

    private static double round(BigDecimal v) {
        return v.doubleValue();
    }

    // ------------------------------------------------------------------ trigonometric

    /** sin and cos of x (finite, |x| <= 1e250) as {sin, cos}. */
    private static BigDecimal[] sinCos(double x) {
        BigDecimal bx = new BigDecimal(x);
        int magnitude = Math.max(0, bx.precision() - bx.scale());
        MathContext mc = new MathContext(magnitude + 60, RoundingMode.HALF_EVEN);
        BigDecimal halfPi = PI.divide(TWO, mc);
        BigInteger k = bx.divide(halfPi, mc).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        BigDecimal r = bx.subtract(halfPi.multiply(new BigDecimal(k), mc), mc).round(MC);
        BigDecimal r2 = r.multiply(r, MC);
        BigDecimal s = r;
        BigDecimal c = BigDecimal.ONE;
        BigDecimal ts = r;
        BigDecimal tc = BigDecimal.ONE;
        for (int n = 1; n < 60; n++) {
            ts = ts.multiply(r2, MC)
                    .divide(BigDecimal.valueOf((2L * n) * (2L * n + 1)), MC)
                    .negate();
            tc = tc.multiply(r2, MC)
                    .divide(BigDecimal.valueOf((2L * n - 1) * (2L * n)), MC)
                    .negate();
            s = s.add(ts, MC);
            c = c.add(tc, MC);
            if (ts.abs().compareTo(TINY) < 0 && tc.abs().compareTo(TINY) < 0) {
                break;
            }
        }
        switch (k.mod(BigInteger.valueOf(4)).intValue()) {
            case 0:
                return new BigDecimal[] {s, c};
            case 1:
                return new BigDecimal[] {c, s.negate()};
            case 2:
                return new BigDecimal[] {s.negate(), c.negate()};
            default:
                return new BigDecimal[] {c.negate(), s};
        }
    }

    private static boolean reducible(double x) {
        return Double.isFinite(x) && Math.abs(x) <= 1e250;
    }

    static double sin(double x) {
        if (x == 0 || !reducible(x)) {
            return x == 0 ? x : StrictMath.sin(x);
        }
        return round(sinCos(x)[0]);
    }

    static double cos(double x) {
        if (!reducible(x)) {
            return StrictMath.cos(x);
        }
        return x == 0 ? 1.0 : round(sinCos(x)[1]);
    }

    static double tan(double x) {
        if (x == 0 || !reducible(x)) {
            return x == 0 ? x : StrictMath.tan(x);
        }
        BigDecimal[] sc = sinCos(x);
        return round(sc[0].divide(sc[1], MC));
    }

    /** atan of a finite value, high precision: argument halving, then the series. */
    private static BigDecimal atanBig(BigDecimal x) {
        if (x.signum() < 0) {
            return atanBig(x.negate()).negate();
        }
        if (x.compareTo(BigDecimal.ONE) > 0) {
            return PI.divide(TWO, MC).subtract(atanBig(BigDecimal.ONE.divide(x, MC)), MC);
        }
        BigDecimal y = x;
        int factor = 1;
        for (int i = 0; i < 4; i++) {
            y = y.divide(
                    BigDecimal.ONE.add(BigDecimal.ONE.add(y.multiply(y, MC), MC).sqrt(MC), MC), MC);
            factor *= 2;
        }
        return atanSeries(y, MC).multiply(BigDecimal.valueOf(factor), MC);
    }

    static double atan(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return StrictMath.atan(x);
        }
        return round(atanBig(new BigDecimal(x)));
    }

    /** atan2 with IEEE's special cases (zeros, infinities, NaN) from StrictMath, which gets those exactly. */
    static double atan2(double y, double x) {
        if (y == 0 || x == 0 || !Double.isFinite(x) || !Double.isFinite(y)) {
            return StrictMath.atan2(y, x);
        }
        return round(atan2Big(new BigDecimal(y), new BigDecimal(x)));
    }

    private static BigDecimal atan2Big(BigDecimal y, BigDecimal x) {
        if (x.signum() == 0) {
            BigDecimal half = PI.divide(TWO, MC);
            return y.signum() < 0 ? half.negate() : half;
        }
        BigDecimal a = atanBig(y.abs().divide(x.abs(), MC));
        if (x.signum() < 0) {
            a = PI.subtract(a, MC);
        }
        return y.signum() < 0 ? a.negate() : a;
    }

    static double asin(double x) {
        if (x == 0 || !(Math.abs(x) <= 1)) {
            return StrictMath.asin(x);
        }
        BigDecimal b = new BigDecimal(x);
        return round(atan2Big(b, BigDecimal.ONE.subtract(b.multiply(b)).sqrt(MC)));
    }

    static double acos(double x) {
        if (!(Math.abs(x) <= 1)) {
            return StrictMath.acos(x);
        }
        BigDecimal b = new BigDecimal(x);
        return round(atan2Big(BigDecimal.ONE.subtract(b.multiply(b)).sqrt(MC), b));
    }

    // ------------------------------------------------------------------ exponential and logarithm

    /** e^x for finite x, |x| < 800 (callers handle overflow and underflow). */
    private static BigDecimal expBig(BigDecimal x) {
        BigInteger n = x.divide(LN2, MC).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        BigDecimal r = x.subtract(LN2.multiply(new BigDecimal(n), MC), MC);
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int k = 1; k < 200; k++) {
            term = term.multiply(r, MC).divide(BigDecimal.valueOf(k), MC);
            sum = sum.add(term, MC);
            if (term.abs().compareTo(TINY) < 0) {
                break;
            }
        }
        int e = n.intValueExact();
        return e >= 0 ? sum.multiply(TWO.pow(e), MC) : sum.divide(TWO.pow(-e), MC);
    }

    static double exp(double x) {
        if (!Double.isFinite(x) || x > 710 || x < -746 || x == 0) {
            return StrictMath.exp(x);
        }
        return round(expBig(new BigDecimal(x)));
    }

    /** glibc's expm1 is fdlibm's s_expm1.c, as is StrictMath's. */
    static double expm1(double x) {
        return StrictMath.expm1(x);
    }

    /** ln of a positive value: m 2^e with m near 1, ln m = 2 atanh((m-1)/(m+1)). */
    private static BigDecimal logBig(BigDecimal v) {
        int e = 0;
        BigDecimal m = v;
        BigDecimal sqrt2 = TWO.sqrt(MC);
        BigDecimal halfSqrt2 = sqrt2.divide(TWO, MC);
        // scale by powers of two in big steps first (v may be as small as 1e-324 or as large as 1e308)
        int bits = (int) Math.floor(m.unscaledValue().bitLength() - m.scale() * 3.321928094887362);
        if (Math.abs(bits) > 4) {
            m = bits > 0 ? m.divide(TWO.pow(bits), MC) : m.multiply(TWO.pow(-bits), MC);
            e += bits;
        }
        while (m.compareTo(sqrt2) > 0) {
            m = m.divide(TWO, MC);
            e++;
        }
        while (m.compareTo(halfSqrt2) < 0) {
            m = m.multiply(TWO, MC);
            e--;
        }
        BigDecimal t = m.subtract(BigDecimal.ONE, MC).divide(m.add(BigDecimal.ONE, MC), MC);
        BigDecimal ln2 = LN2 == null
                ? atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), WIDE), WIDE)
                        .multiply(TWO, WIDE)
                : LN2;
        return atanhSeries(t, MC).multiply(TWO, MC).add(ln2.multiply(BigDecimal.valueOf(e), MC), MC);
    }

    static double log(double x) {
        if (!(x > 0) || !Double.isFinite(x)) {
            return StrictMath.log(x);
        }
        return x == 1 ? 0.0 : round(logBig(new BigDecimal(x)));
    }

    /**
     * log10 as glibc computes it (e_log10.c, from fdlibm; not correctly rounded, so a correctly rounded result would
     * differ from Python's in the last digit): x = 2^k m, log10 = k log10(2) + log(m) / ln(10) in two parts, with
     * the correctly rounded log.
     */
    static double log10(double x) {
        if (!(x > 0) || !Double.isFinite(x)) {
            return StrictMath.log10(x);
        }
        int k = 0;
        if (x < Double.MIN_NORMAL) {
            k -= 54;
            x *= 1.80143985094819840000e+16; // 2^54: subnormals scaled up
        }
        long bits = Double.doubleToRawLongBits(x);
        int hx = (int) (bits >>> 32);
        k += (hx >> 20) - 1023;
        int i = k < 0 ? 1 : 0;
        hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
        double y = k + i;
        double m = Double.longBitsToDouble(((long) hx << 32) | (bits & 0xffffffffL));
        double z = y * 3.69423907715893078616e-13 + 4.34294481903251816668e-01 * log(m);
        return z + y * 3.01029995663611771306e-01;
    }

    static double log2(double x) {
        if (!(x > 0) || !Double.isFinite(x)) {
            return StrictMath.log(x) / StrictMath.log(2);
        }
        return x == 1 ? 0.0 : round(logBig(new BigDecimal(x)).divide(LN2, MC));
    }

    /** glibc's log1p is fdlibm's s_log1p.c, as is StrictMath's: the same algorithm, the same digits. */
    static double log1p(double x) {
        return StrictMath.log1p(x);
    }

    /**
     * x^y for finite x > 0 or integer y (other cases: the caller's checks, then StrictMath): integer exponents up to
     * 64 exactly, others as exp(y ln x).
     */
    static double pow(double x, double y) {
        if (!Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0 || x == 1) {
            return StrictMath.pow(x, y);
        }
        boolean integer = y == Math.rint(y);
        if (x < 0 && !integer) {
            return Double.NaN;
        }
        BigDecimal bx = new BigDecimal(Math.abs(x));
        BigDecimal r;
        if (integer && Math.abs(y) <= 64) {
            r = bx.pow((int) Math.abs(y));
            if (y < 0) {
                r = BigDecimal.ONE.divide(r, MC);
            }
        } else {
            BigDecimal exponent = logBig(bx).multiply(new BigDecimal(y), MC);
            if (exponent.compareTo(BigDecimal.valueOf(710)) > 0) {
                return x < 0 && (y % 2 != 0) ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            }
            if (exponent.compareTo(BigDecimal.valueOf(-746)) < 0) {
                return x < 0 && (y % 2 != 0) ? -0.0 : 0.0;
            }
            r = expBig(exponent);
        }
        double d = round(r);
        return x < 0 && Math.abs(y % 2) == 1 ? -d : d;
    }

    static double hypot(double x, double y) {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            return StrictMath.hypot(x, y);
        }
        BigDecimal bx = new BigDecimal(x);
        BigDecimal by = new BigDecimal(y);
        BigDecimal s = bx.multiply(bx).add(by.multiply(by));
        return s.signum() == 0 ? 0.0 : round(s.sqrt(MC));
    }

    static double sinh(double x) {
        if (!Double.isFinite(x) || Math.abs(x) < 1e-10 || Math.abs(x) > 700) {
            return Math.abs(x) < 1e-10 ? x : StrictMath.sinh(x);
        }
        BigDecimal e = expBig(new BigDecimal(x));
        return round(e.subtract(BigDecimal.ONE.divide(e, MC), MC).divide(TWO, MC));
    }

    static double cosh(double x) {
        if (!Double.isFinite(x) || Math.abs(x) < 1e-10 || Math.abs(x) > 700) {
            return Math.abs(x) < 1e-10 ? 1.0 : StrictMath.cosh(x);
        }
        BigDecimal e = expBig(new BigDecimal(x));
        return round(e.add(BigDecimal.ONE.divide(e, MC), MC).divide(TWO, MC));
    }

    static double tanh(double x) {
        if (!Double.isFinite(x) || Math.abs(x) < 1e-10 || Math.abs(x) > 40) {
            return Math.abs(x) < 1e-10 ? x : StrictMath.tanh(x);
        }
        BigDecimal e2 = expBig(new BigDecimal(x).multiply(TWO));
        return round(e2.subtract(BigDecimal.ONE, MC).divide(e2.add(BigDecimal.ONE, MC), MC));
    }
}
