package io.collide4j.checker.ccd.testutil;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Minimal Wolfram Exchange Format reader (test only) for the scalable-ccd roots files, and a high-precision
 * evaluator of the algebraic numbers they contain: Integer, Rational, Plus, Times, Power (integer or p/2
 * exponents), Root[Function[poly(#1)], k] (k-th smallest real root, found by exact-sign bisection).
 */
public final class Wxf {

    public static final MathContext MC = new MathContext(60);

    /** An expression node: a function (head + args), a symbol, a string or an integer. */
    public sealed interface Expr permits Fn, Sym, Str, Int {}

    public record Fn(Expr head, List<Expr> args) implements Expr {
        boolean is(String name) {
            return head instanceof Sym s && s.name().equals(name);
        }
    }

    public record Sym(String name) implements Expr {}

    public record Str(String value) implements Expr {}

    public record Int(BigInteger value) implements Expr {}

    private final byte[] b;
    private int i;

    private Wxf(byte[] b) {
        this.b = b;
    }

    public static Expr parse(byte[] data, String name) {
        if (data.length < 2 || data[0] != '8' || data[1] != ':') {
            throw new IllegalArgumentException(name + ": not a WXF file (missing '8:' header)");
        }
        Wxf r = new Wxf(data);
        r.i = 2;
        Expr e = r.expr(name);
        if (r.i != data.length) {
            throw new IllegalArgumentException(name + ": trailing bytes at offset " + r.i);
        }
        return e;
    }

    private long varint() {
        long v = 0;
        int shift = 0;
        while (true) {
            int c = b[i++] & 0xff;
            v |= (long) (c & 0x7f) << shift;
            shift += 7;
            if (c < 0x80) {
                return v;
            }
        }
    }

    private long le(int n) {
        long v = 0;
        for (int k = 0; k < n; k++) {
            v |= (long) (b[i + k] & 0xff) << (8 * k);
        }
        i += n;
        int sh = 64 - 8 * n;
        return (v << sh) >> sh; // sign extend
    }

    private Expr expr(String name) {
        int at = i;
        char t = (char) b[i++];
        switch (t) {
            case 'f': {
                int n = (int) varint();
                Expr head = expr(name);
                List<Expr> args = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    args.add(expr(name));
                }
                return new Fn(head, args);
            }
            case 's':
            case 'S':
            case 'I': {
                int n = (int) varint();
                String s = new String(b, i, n, StandardCharsets.UTF_8);
                i += n;
                return t == 's' ? new Sym(s) : t == 'S' ? new Str(s) : new Int(new BigInteger(s));
            }
            case 'C':
                return new Int(BigInteger.valueOf(le(1)));
            case 'j':
                return new Int(BigInteger.valueOf(le(2)));
            case 'i':
                return new Int(BigInteger.valueOf(le(4)));
            case 'L':
                return new Int(BigInteger.valueOf(le(8)));
            default:
                throw new IllegalArgumentException(name + ": unsupported WXF token '" + t + "' at offset " + at);
        }
    }

    /** Reads all entries of a .tar.gz into name → bytes (plain ustar, regular files only). */
    public static Map<String, byte[]> readTarGz(Path path) throws IOException {
        byte[] all;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            all = out.toByteArray();
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        int p = 0;
        while (p + 512 <= all.length) {
            if (all[p] == 0) {
                break;
            }
            String name = new String(all, p, 100, StandardCharsets.US_ASCII)
                    .replace("\0", "")
                    .trim();
            String sizeOct = new String(all, p + 124, 12, StandardCharsets.US_ASCII)
                    .replace("\0", "")
                    .trim();
            long size = sizeOct.isEmpty() ? 0 : Long.parseLong(sizeOct, 8);
            char type = (char) all[p + 156];
            p += 512;
            if (type == '0' || type == 0) {
                byte[] data = new byte[(int) size];
                System.arraycopy(all, p, data, 0, (int) size);
                String base = name.substring(name.lastIndexOf('/') + 1);
                if (!base.startsWith("._")) {
                    files.put(base, data);
                }
            }
            p += (int) ((size + 511) / 512 * 512);
        }
        return files;
    }

    /** All values of rule {@code lhs -> value} in a list of rule lists, evaluated numerically. */
    public static List<BigDecimal> ruleValues(Expr e, String lhs) {
        List<BigDecimal> out = new ArrayList<>();
        collect(e, lhs, out);
        return out;
    }

    private static void collect(Expr e, String lhs, List<BigDecimal> out) {
        if (e instanceof Fn f) {
            if (f.is("Rule") && name(f.args().get(0)).equals(lhs)) {
                out.add(eval(f.args().get(1), null));
                return;
            }
            if (f.is("List")) {
                for (Expr a : f.args()) {
                    collect(a, lhs, out);
                }
            }
        }
    }

    private static String name(Expr e) {
        return e instanceof Sym s ? s.name() : e instanceof Str s ? s.value() : "";
    }

    /** Numeric value; {@code slot} is the value of #1 inside a Root function body (null outside). */
    public static BigDecimal eval(Expr e, BigDecimal slot) {
        if (e instanceof Int n) {
            return new BigDecimal(n.value());
        }
        if (!(e instanceof Fn f)) {
            throw new IllegalArgumentException("cannot evaluate " + e);
        }
        List<Expr> a = f.args();
        if (f.is("Rational")) {
            return eval(a.get(0), slot).divide(eval(a.get(1), slot), MC);
        }
        if (f.is("Plus")) {
            BigDecimal s = BigDecimal.ZERO;
            for (Expr x : a) {
                s = s.add(eval(x, slot), MC);
            }
            return s;
        }
        if (f.is("Times")) {
            BigDecimal s = BigDecimal.ONE;
            for (Expr x : a) {
                s = s.multiply(eval(x, slot), MC);
            }
            return s;
        }
        if (f.is("Slot")) {
            if (slot == null) {
                throw new IllegalArgumentException("Slot outside a Root function");
            }
            return slot;
        }
        if (f.is("Power")) {
            BigDecimal base = eval(a.get(0), slot);
            Expr ex = a.get(1);
            if (ex instanceof Int n) {
                int k = n.value().intValueExact();
                return k >= 0 ? base.pow(k, MC) : BigDecimal.ONE.divide(base.pow(-k, MC), MC);
            }
            if (ex instanceof Fn r
                    && r.is("Rational")
                    && r.args().get(1) instanceof Int den
                    && den.value().intValueExact() == 2
                    && r.args().get(0) instanceof Int num) {
                BigDecimal root = base.sqrt(MC);
                int k = num.value().intValueExact();
                return k >= 0 ? root.pow(k, MC) : BigDecimal.ONE.divide(root.pow(-k, MC), MC);
            }
            throw new IllegalArgumentException("unsupported exponent " + ex);
        }
        if (f.is("Root")) {
            Fn fun = (Fn) a.get(0);
            int k = ((Int) a.get(1)).value().intValueExact();
            return realRoot(polynomial(fun.args().get(0)), k);
        }
        throw new IllegalArgumentException("unsupported head " + f.head());
    }

    /** Coefficients (index = power) of a polynomial in #1 with integer/rational coefficients. */
    static BigDecimal[] polynomial(Expr body) {
        // Evaluate at degree+1 integer points and interpolate would be overkill; expand symbolically instead.
        return expand(body);
    }

    private static BigDecimal[] expand(Expr e) {
        if (e instanceof Int n) {
            return new BigDecimal[] {new BigDecimal(n.value())};
        }
        Fn f = (Fn) e;
        if (f.is("Slot")) {
            return new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ONE};
        }
        if (f.is("Rational")) {
            return new BigDecimal[] {eval(f, null)};
        }
        if (f.is("Plus")) {
            BigDecimal[] s = {BigDecimal.ZERO};
            for (Expr x : f.args()) {
                s = add(s, expand(x));
            }
            return s;
        }
        if (f.is("Times")) {
            BigDecimal[] s = {BigDecimal.ONE};
            for (Expr x : f.args()) {
                s = mul(s, expand(x));
            }
            return s;
        }
        if (f.is("Power") && f.args().get(1) instanceof Int n && n.value().signum() >= 0) {
            BigDecimal[] base = expand(f.args().get(0));
            BigDecimal[] s = {BigDecimal.ONE};
            for (int k = 0; k < n.value().intValueExact(); k++) {
                s = mul(s, base);
            }
            return s;
        }
        throw new IllegalArgumentException("not a polynomial: " + e);
    }

    private static BigDecimal[] add(BigDecimal[] p, BigDecimal[] q) {
        BigDecimal[] r = new BigDecimal[Math.max(p.length, q.length)];
        for (int k = 0; k < r.length; k++) {
            r[k] = (k < p.length ? p[k] : BigDecimal.ZERO).add(k < q.length ? q[k] : BigDecimal.ZERO);
        }
        return r;
    }

    private static BigDecimal[] mul(BigDecimal[] p, BigDecimal[] q) {
        BigDecimal[] r = new BigDecimal[p.length + q.length - 1];
        java.util.Arrays.fill(r, BigDecimal.ZERO);
        for (int x = 0; x < p.length; x++) {
            for (int y = 0; y < q.length; y++) {
                r[x + y] = r[x + y].add(p[x].multiply(q[y]));
            }
        }
        return r;
    }

    private static BigDecimal value(BigDecimal[] p, BigDecimal x) {
        BigDecimal s = BigDecimal.ZERO;
        for (int k = p.length - 1; k >= 0; k--) {
            s = s.multiply(x, MC).add(p[k], MC);
        }
        return s;
    }

    private static BigDecimal[] derivative(BigDecimal[] p) {
        if (p.length <= 1) {
            return new BigDecimal[] {BigDecimal.ZERO};
        }
        BigDecimal[] d = new BigDecimal[p.length - 1];
        for (int k = 1; k < p.length; k++) {
            d[k - 1] = p[k].multiply(BigDecimal.valueOf(k));
        }
        return d;
    }

    /** k-th (1-based) smallest real root; Mathematica orders real roots first, increasing. */
    static BigDecimal realRoot(BigDecimal[] p, int k) {
        List<BigDecimal> roots = realRoots(trim(p));
        if (k < 1 || k > roots.size()) {
            throw new IllegalArgumentException("Root index " + k + " but only " + roots.size() + " real roots");
        }
        return roots.get(k - 1);
    }

    private static BigDecimal[] trim(BigDecimal[] p) {
        int n = p.length;
        while (n > 1 && p[n - 1].signum() == 0) {
            n--;
        }
        return java.util.Arrays.copyOf(p, n);
    }

    /** Sorted real roots of a square-free polynomial: isolate between critical points, then bisect. */
    static List<BigDecimal> realRoots(BigDecimal[] p) {
        List<BigDecimal> out = new ArrayList<>();
        int deg = p.length - 1;
        if (deg < 1) {
            return out;
        }
        // Cauchy bound
        BigDecimal lead = p[deg].abs();
        BigDecimal m = BigDecimal.ZERO;
        for (int k = 0; k < deg; k++) {
            m = m.max(p[k].abs().divide(lead, MC));
        }
        BigDecimal bound = m.add(BigDecimal.ONE);
        List<BigDecimal> pts = new ArrayList<>();
        pts.add(bound.negate());
        pts.addAll(realRoots(trim(derivative(p))));
        pts.add(bound);
        for (int j = 0; j + 1 < pts.size(); j++) {
            BigDecimal a = pts.get(j), b = pts.get(j + 1);
            int sa = value(p, a).signum(), sb = value(p, b).signum();
            if (sa == 0) {
                if (out.isEmpty() || out.get(out.size() - 1).compareTo(a) != 0) {
                    out.add(a);
                }
                continue;
            }
            if (sb == 0 || sa == sb) {
                continue;
            }
            for (int it = 0; it < 200; it++) {
                BigDecimal mid = a.add(b).divide(BigDecimal.valueOf(2), MC);
                int sm = value(p, mid).signum();
                if (sm == 0) {
                    a = mid;
                    b = mid;
                    break;
                }
                if (sm == sa) {
                    a = mid;
                } else {
                    b = mid;
                }
            }
            out.add(a);
        }
        if (value(p, bound).signum() == 0) {
            out.add(bound);
        }
        return out;
    }
}
