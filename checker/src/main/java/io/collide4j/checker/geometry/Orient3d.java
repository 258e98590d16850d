package io.collide4j.checker.geometry;

import java.math.BigDecimal;

/**
 * Exact sign of the 3-D orientation determinant (b−a)×(c−a)·(d−a) for double inputs (Shewchuk's adaptive
 * scheme, simplified): a floating-point filter with a static relative error bound decides almost every call; when
 * it cannot, the determinant is evaluated exactly with floating-point expansions (two-diff for the differences,
 * two-product via FMA, zero-eliminating expansion sums); only extreme exponents fall back to BigDecimal. Stateless and thread-safe.
 */
public final class Orient3d {
    private Orient3d() {}

    // Bound on the relative error of the filtered evaluation (Shewchuk's o3derrboundA is 7ε+56ε², we use a wider one).
    public static final double FILTER = 16 * 0x1p-53;
    // Magnitudes between these keep every FMA tail of the expansion evaluation normal (no underflow, no overflow).
    private static final double SAFE_MIN = 1e-60, SAFE_MAX = 1e60;
    /**
     * Per-thread expansion scratch of the exact stage: accumulator and its copy (8 determinants of at most 24
     * components each), a two-product difference (4) and its scaled form (8). Lengths are tracked, so no clearing.
     */
    private static final ThreadLocal<double[][]> SCRATCH = ThreadLocal.withInitial(
            () -> new double[][] {new double[8 * 24], new double[8 * 24], new double[4], new double[8]});

    /** Sign (−1, 0, +1) of (b−a)×(c−a)·(d−a), exact for any finite doubles. */
    public static int sign(
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double cx,
            double cy,
            double cz,
            double dx,
            double dy,
            double dz) {
        double ux = bx - ax, uy = by - ay, uz = bz - az;
        double vx = cx - ax, vy = cy - ay, vz = cz - az;
        double wx = dx - ax, wy = dy - ay, wz = dz - az;
        double c1 = uy * vz - uz * vy, c2 = uz * vx - ux * vz, c3 = ux * vy - uy * vx;
        double det = c1 * wx + c2 * wy + c3 * wz;
        double perm = (Math.abs(uy * vz) + Math.abs(uz * vy)) * Math.abs(wx)
                + (Math.abs(uz * vx) + Math.abs(ux * vz)) * Math.abs(wy)
                + (Math.abs(ux * vy) + Math.abs(uy * vx)) * Math.abs(wz);
        double bound = FILTER * perm;
        if (det > bound) {
            return 1;
        }
        if (-det > bound) {
            return -1;
        }
        return exactSign(ax, ay, az, bx, by, bz, cx, cy, cz, dx, dy, dz, ux, uy, uz, vx, vy, vz, wx, wy, wz);
    }

    /**
     * The exact sign when the filter cannot decide: each difference is split exactly into its rounded value
     * and its rounding error (two-diff), the determinant is multilinear in u, v, w, so it is the exact sum of
     * the determinants of every choice of value or error per vector (those with an all-zero error vector
     * vanish), each expanded exactly with FMA two-products. Flat and near-flat inputs (coplanar patch
     * points, lattice corners) thus stay in doubles; only magnitudes where an FMA tail could leave the
     * normal range go to BigDecimal.
     */
    private static int exactSign(
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double cx,
            double cy,
            double cz,
            double dx,
            double dy,
            double dz,
            double ux,
            double uy,
            double uz,
            double vx,
            double vy,
            double vz,
            double wx,
            double wy,
            double wz) {
        double uxt = diffTail(bx, ax, ux), uyt = diffTail(by, ay, uy), uzt = diffTail(bz, az, uz);
        double vxt = diffTail(cx, ax, vx), vyt = diffTail(cy, ay, vy), vzt = diffTail(cz, az, vz);
        double wxt = diffTail(dx, ax, wx), wyt = diffTail(dy, ay, wy), wzt = diffTail(dz, az, wz);
        if (!(safe(ux) && safe(uy) && safe(uz) && safe(vx) && safe(vy) && safe(vz) && safe(wx) && safe(wy) && safe(wz)
                && safe(uxt) && safe(uyt) && safe(uzt) && safe(vxt) && safe(vyt) && safe(vzt) && safe(wxt) && safe(wyt)
                && safe(wzt))) {
            return bigDecimalSign(ax, ay, az, bx, by, bz, cx, cy, cz, dx, dy, dz);
        }
        boolean tu = uxt != 0 || uyt != 0 || uzt != 0, tv = vxt != 0 || vyt != 0 || vzt != 0;
        boolean tw = wxt != 0 || wyt != 0 || wzt != 0;
        double[][] scratch = SCRATCH.get();
        double[] acc = scratch[0], tmp = scratch[1], t = scratch[2], s = scratch[3];
        int n = addDeterminant(acc, 0, ux, uy, uz, vx, vy, vz, wx, wy, wz, t, s, tmp);
        if (tu) {
            n = addDeterminant(acc, n, uxt, uyt, uzt, vx, vy, vz, wx, wy, wz, t, s, tmp);
        }
        if (tv) {
            n = addDeterminant(acc, n, ux, uy, uz, vxt, vyt, vzt, wx, wy, wz, t, s, tmp);
        }
        if (tw) {
            n = addDeterminant(acc, n, ux, uy, uz, vx, vy, vz, wxt, wyt, wzt, t, s, tmp);
        }
        if (tu && tv) {
            n = addDeterminant(acc, n, uxt, uyt, uzt, vxt, vyt, vzt, wx, wy, wz, t, s, tmp);
        }
        if (tu && tw) {
            n = addDeterminant(acc, n, uxt, uyt, uzt, vx, vy, vz, wxt, wyt, wzt, t, s, tmp);
        }
        if (tv && tw) {
            n = addDeterminant(acc, n, ux, uy, uz, vxt, vyt, vzt, wxt, wyt, wzt, t, s, tmp);
        }
        if (tu && tv && tw) {
            n = addDeterminant(acc, n, uxt, uyt, uzt, vxt, vyt, vzt, wxt, wyt, wzt, t, s, tmp);
        }
        return n == 0 ? 0 : (int) Math.signum(acc[n - 1]);
    }

    /** The rounding error of {@code d = a - b} (Knuth/Shewchuk two-diff): a − b = d + tail exactly. */
    private static double diffTail(double a, double b, double d) {
        double bv = a - d;
        double av = d + bv;
        return (a - av) + (bv - b);
    }

    /** True when b, c and d lie exactly on one line (3-D; any two coincident points count as collinear). */
    public static boolean collinear(
            double bx, double by, double bz, double cx, double cy, double cz, double dx, double dy, double dz) {
        BigDecimal ux = sub(cx, bx), uy = sub(cy, by), uz = sub(cz, bz);
        BigDecimal vx = sub(dx, bx), vy = sub(dy, by), vz = sub(dz, bz);
        return uy.multiply(vz).compareTo(uz.multiply(vy)) == 0
                && uz.multiply(vx).compareTo(ux.multiply(vz)) == 0
                && ux.multiply(vy).compareTo(uy.multiply(vx)) == 0;
    }

    private static BigDecimal sub(double a, double b) {
        return new BigDecimal(a).subtract(new BigDecimal(b));
    }

    private static boolean safe(double x) {
        double m = Math.abs(x);
        return m == 0 || (m >= SAFE_MIN && m <= SAFE_MAX);
    }

    /** Adds det(u, v, w) = w·(u×v) exactly to the expansion {@code acc} of length n; returns the new length. */
    private static int addDeterminant(
            double[] acc,
            int n,
            double ux,
            double uy,
            double uz,
            double vx,
            double vy,
            double vz,
            double wx,
            double wy,
            double wz,
            double[] t,
            double[] s,
            double[] tmp) {
        // det = wx·(uy vz − uz vy) + wy·(uz vx − ux vz) + wz·(ux vy − uy vx)
        int k = cross(uy, vz, uz, vy, t);
        n = addScaled(acc, n, t, k, wx, s, tmp);
        k = cross(uz, vx, ux, vz, t);
        n = addScaled(acc, n, t, k, wy, s, tmp);
        k = cross(ux, vy, uy, vx, t);
        return addScaled(acc, n, t, k, wz, s, tmp);
    }

    /** Expansion of a·b − c·d (at most 4 terms) into out; returns its length. */
    private static int cross(double a, double b, double c, double d, double[] out) {
        double p = a * b, pl = Math.fma(a, b, -p);
        double q = -(c * d), ql = -Math.fma(c, d, q);
        int n = 0;
        if (pl != 0) {
            out[n++] = pl;
        }
        if (p != 0 || n == 0) {
            out[n++] = p;
        }
        n = grow(out, n, ql, out);
        return grow(out, n, q, out);
    }

    private static int addScaled(double[] acc, int n, double[] e, int elen, double b, double[] s, double[] tmp) {
        int sl = scale(e, elen, b, s);
        for (int i = 0; i < sl; i++) {
            n = grow(acc, n, s[i], tmp);
            System.arraycopy(tmp, 0, acc, 0, n);
        }
        return n;
    }

    /** Shewchuk's GROW-EXPANSION with zero elimination: h = e + b (h may alias e only when written after reading). */
    private static int grow(double[] e, int elen, double b, double[] h) {
        double q = b;
        int hi = 0;
        double[] src = e == h ? e.clone() : e;
        for (int i = 0; i < elen; i++) {
            double enow = src[i];
            double x = q + enow;
            double bv = x - q;
            double av = x - bv;
            double y = (q - av) + (enow - bv);
            q = x;
            if (y != 0) {
                h[hi++] = y;
            }
        }
        if (q != 0 || hi == 0) {
            h[hi++] = q;
        }
        return hi == 1 && h[0] == 0 ? 0 : hi;
    }

    /** Shewchuk's SCALE-EXPANSION with zero elimination: h = e·b. */
    private static int scale(double[] e, int elen, double b, double[] h) {
        int hi = 0;
        if (elen == 0 || b == 0) {
            return 0;
        }
        double q = e[0] * b;
        double hh = Math.fma(e[0], b, -q);
        if (hh != 0) {
            h[hi++] = hh;
        }
        for (int i = 1; i < elen; i++) {
            double p1 = e[i] * b, p0 = Math.fma(e[i], b, -p1);
            double sum = q + p0;
            double bv = sum - q;
            double av = sum - bv;
            double y = (q - av) + (p0 - bv);
            if (y != 0) {
                h[hi++] = y;
            }
            q = p1 + sum;
            y = sum - (q - p1);
            if (y != 0) {
                h[hi++] = y;
            }
        }
        if (q != 0 || hi == 0) {
            h[hi++] = q;
        }
        return hi == 1 && h[0] == 0 ? 0 : hi;
    }

    private static int bigDecimalSign(
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double cx,
            double cy,
            double cz,
            double dx,
            double dy,
            double dz) {
        BigDecimal axb = new BigDecimal(ax), ayb = new BigDecimal(ay), azb = new BigDecimal(az);
        BigDecimal ux = new BigDecimal(bx).subtract(axb),
                uy = new BigDecimal(by).subtract(ayb),
                uz = new BigDecimal(bz).subtract(azb);
        BigDecimal vx = new BigDecimal(cx).subtract(axb),
                vy = new BigDecimal(cy).subtract(ayb),
                vz = new BigDecimal(cz).subtract(azb);
        BigDecimal wx = new BigDecimal(dx).subtract(axb),
                wy = new BigDecimal(dy).subtract(ayb),
                wz = new BigDecimal(dz).subtract(azb);
        BigDecimal c1 = uy.multiply(vz).subtract(uz.multiply(vy));
        BigDecimal c2 = uz.multiply(vx).subtract(ux.multiply(vz));
        BigDecimal c3 = ux.multiply(vy).subtract(uy.multiply(vx));
        return c1.multiply(wx).add(c2.multiply(wy)).add(c3.multiply(wz)).signum();
    }
}
