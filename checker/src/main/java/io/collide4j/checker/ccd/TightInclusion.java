package io.collide4j.checker.ccd;

/**
 * Conservative continuous collision detection of vertex–face and edge–edge pairs under linear motion, with an
 * optional minimal separation d (L∞ norm): reports the earliest time t in [0, tMax] at which the primitives
 * may be closer than d, never later than the true one, or "no contact", which is then certain.
 *
 * <p>Algorithm: Tight-Inclusion (Wang, Ferguson, Schneider, Jiang, Attene, Panozzo, "A Large Scale Benchmark and an
 * Inclusion-Based Algorithm for Continuous Collision Detection", ACM TOG 2021): the multivariate F(t, u, v) of
 * eqs. (1)–(2); the corner-box inclusion function; the static floating-point filters of eq. (5) and, for d &gt; 0,
 * eq. (8) with γ = max(1, max |coordinate|) per axis; breadth-first bisection ordered by (level, t); the split
 * dimension maximising w(I_j)·κ_j (eq. 7); co-domain tolerance δ measured on the un-inflated box; a check cap m_I
 * returning the earliest colliding box of the current level; the window [0, tMax]; VF boxes outside the prism
 * u + v ≤ 1 pruned. The printed Alg. 2 can drop a small colliding box that is not the first of its level (a false
 * negative when its level's earlier boxes were spurious); here such a box's t_lo is kept as an upper bound on the
 * answer (t_skip): later boxes are skipped and t_skip is returned if nothing earlier is confirmed.
 *
 * <p>F is evaluated in exactly the expression order the paper's error constants were derived for
 * (x(t) = (x1 − x0)·t + x0; VF: p − ((f1 − f0)·u + (f2 − f0)·v + f0); EE: ((a1 − a0)·u + a0) − ((b1 − b0)·v + b0)),
 * with plain IEEE double operations (no fused multiply-add).
 *
 * <p>Immutable and thread-safe; each thread passes its own {@link TightInclusionScratch}.
 */
public final class TightInclusion {

    /** Default co-domain tolerance δ (paper §5.3). */
    public static final double DEFAULT_DELTA = 1e-6;
    /** Default check cap m_I (paper §5.3). */
    public static final long DEFAULT_MAX_CHECKS = 1_000_000L;
    /** How many times the no-zero-TOI option halves δ before accepting t = 0. */
    public static final int NO_ZERO_TOI_RETRIES = 16;

    private static final double ULP1 = 0x1p-52;

    private final double delta;
    private final long maxChecks;
    private final double margin;
    private final double tMax;
    private final boolean noZeroToi;

    private TightInclusion(Builder b) {
        this.delta = b.delta;
        this.maxChecks = b.maxChecks;
        this.margin = b.margin;
        this.tMax = b.tMax;
        this.noZeroToi = b.noZeroToi;
    }

    /** A solver with the paper's defaults: δ = 1e-6, m_I = 1e6, d = 0, tMax = 1. */
    public static TightInclusion defaults() {
        return builder().build();
    }

    /** Starts a builder initialised with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Co-domain tolerance δ. */
    public double delta() {
        return delta;
    }

    /** Check cap m_I. */
    public long maxChecks() {
        return maxChecks;
    }

    /** Minimal separation d (L∞). */
    public double margin() {
        return margin;
    }

    /** End of the time window. */
    public double tMax() {
        return tMax;
    }

    /** Whether a zero TOI is re-examined with smaller δ. */
    public boolean noZeroToi() {
        return noZeroToi;
    }

    /** A builder pre-filled with this solver's settings. */
    public Builder toBuilder() {
        return new Builder()
                .delta(delta)
                .maxChecks(maxChecks)
                .margin(margin)
                .tMax(tMax)
                .noZeroToi(noZeroToi);
    }

    /** Solves one query and returns the full result record (allocates only the record). */
    public CcdResult solve(CcdQuery q, TightInclusionScratch scratch) {
        double[] c = new double[CcdQuery.SIZE];
        q.copyTo(c, 0);
        double toi = toi(q.kind(), c, 0, margin, tMax, scratch);
        boolean hit = toi != Double.POSITIVE_INFINITY;
        return new CcdResult(hit, toi, scratch.lastTolerance, scratch.lastChecks, scratch.lastEarly);
    }

    /**
     * Earliest conservative time of impact of the query stored at {@code coords[offset .. offset+23]} (layout of
     * {@link CcdQuery}), or +Infinity; statistics are left in the scratch. Allocation-free.
     */
    public double toi(CcdKind kind, double[] coords, int offset, TightInclusionScratch scratch) {
        return toi(kind, coords, offset, margin, tMax, scratch);
    }

    /** As {@link #toi(CcdKind, double[], int, TightInclusionScratch)} with an explicit margin and window. */
    public double toi(
            CcdKind kind, double[] coords, int offset, double margin, double windowEnd, TightInclusionScratch scratch) {
        double del = delta;
        double t = solveOnce(kind, coords, offset, margin, windowEnd, del, maxChecks, scratch);
        if (noZeroToi) {
            long totalChecks = scratch.lastChecks;
            for (int i = 0; i < NO_ZERO_TOI_RETRIES && t == 0.0 && !scratch.lastEarly && !scratch.lastInsideStop; i++) {
                del *= 0.5;
                t = solveOnce(kind, coords, offset, margin, windowEnd, del, maxChecks, scratch);
                totalChecks += scratch.lastChecks;
            }
            scratch.lastChecks = totalChecks;
        }
        return t;
    }

    /** The core loop (Alg. 2 with the fixes described in the class comment). */
    static double solveOnce(
            CcdKind kind,
            double[] c,
            int off,
            double margin,
            double windowEnd,
            double delta,
            long maxChecks,
            TightInclusionScratch s) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("minimal separation must be finite and >= 0, got " + margin);
        }
        if (!(windowEnd > 0 && windowEnd <= 1)) {
            throw new IllegalArgumentException("time window end tMax must be in (0, 1], got " + windowEnd);
        }
        boolean vf = kind == CcdKind.VERTEX_FACE;
        // γ per axis and the filter bound ε + d
        double gx = 1, gy = 1, gz = 1;
        for (int r = 0; r < 8; r++) {
            int b = off + 3 * r;
            double x = c[b], y = c[b + 1], z = c[b + 2];
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw new IllegalArgumentException("CCD query vertex row " + r + " has a non-finite coordinate: (" + x
                        + ", " + y + ", " + z + ")");
            }
            gx = Math.max(gx, Math.abs(x));
            gy = Math.max(gy, Math.abs(y));
            gz = Math.max(gz, Math.abs(z));
        }
        double gMin = Math.min(gx, Math.min(gy, gz));
        if (!(margin < gMin)) {
            throw new IllegalArgumentException("minimal separation d = " + margin
                    + " must be smaller than γ = max(1, max |coordinate|) = " + gMin
                    + " on every axis (the filter constants of eq. 8 assume d < γ)");
        }
        double k = margin > 0 ? (vf ? 34 : 32) : (vf ? 30 : 28);
        double bx = bound(k, gx, margin), by = bound(k, gy, margin), bz = bound(k, gz, margin);

        // κ of eq. (7) at the corners of [0, 1]^3
        double kt = 0, ku = 0, kv = 0;
        for (int a = 0; a < 3; a++) {
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++) {
                    kt = Math.max(kt, Math.abs(f(vf, c, off, a, 0, i, j) - f(vf, c, off, a, 1, i, j)));
                    ku = Math.max(ku, Math.abs(f(vf, c, off, a, i, 0, j) - f(vf, c, off, a, i, 1, j)));
                    kv = Math.max(kv, Math.abs(f(vf, c, off, a, i, j, 0) - f(vf, c, off, a, i, j, 1)));
                }
            }
        }
        kt *= 3;
        ku *= 3;
        kv *= 3;

        s.start(windowEnd);
        s.lastEarly = false;
        s.lastInsideStop = false;
        long n = 0;
        double tFirst = Double.POSITIVE_INFINITY;
        double tFirstWidth = 0;
        double tSkip = Double.POSITIVE_INFINITY;
        double tSkipWidth = 0;
        boolean tSkipInside = false;
        double[] lo = s.lo, hi = s.hi;
        final int st = TightInclusionScratch.STRIDE;
        while (true) {
            boolean levelHasHit = false;
            double[] cur = s.cur;
            int curLen = s.curLen;
            for (int idx = 0; idx < curLen; idx++) {
                if (n >= maxChecks) {
                    // Every pending box descends from a colliding box no earlier than tFirst (queue order).
                    s.lastChecks = n;
                    s.lastEarly = true;
                    if (tSkip < tFirst) {
                        s.lastTolerance = tSkipWidth;
                        return tSkip;
                    }
                    s.lastTolerance = tFirstWidth;
                    return tFirst;
                }
                int bi = st * idx;
                double t0 = cur[bi];
                if (t0 >= tSkip) {
                    break; // the level is sorted by t_lo: nothing later can improve on tSkip
                }
                double t1 = cur[bi + 1], u0 = cur[bi + 2], u1 = cur[bi + 3], v0 = cur[bi + 4], v1 = cur[bi + 5];
                n++;
                if (!axis(vf, c, off, 0, t0, t1, u0, u1, v0, v1, bx, lo, hi)
                        || !axis(vf, c, off, 1, t0, t1, u0, u1, v0, v1, by, lo, hi)
                        || !axis(vf, c, off, 2, t0, t1, u0, u1, v0, v1, bz, lo, hi)) {
                    continue;
                }
                // widths on the un-inflated inclusion box (inflating by d would make w ≥ 2d and stall the δ stop)
                double width = Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2]));
                boolean first = !levelHasHit;
                if (first) {
                    levelHasHit = true;
                    tFirst = t0;
                    tFirstWidth = width;
                }
                boolean inside =
                        -bx <= lo[0] && hi[0] <= bx && -by <= lo[1] && hi[1] <= by && -bz <= lo[2] && hi[2] <= bz;
                boolean stop = width < delta || inside;
                int dim = -1;
                double mid = 0;
                if (!stop) {
                    double ct = (t1 - t0) * kt, cu = (u1 - u0) * ku, cv = (v1 - v0) * kv;
                    double cm = Math.max(ct, Math.max(cu, cv));
                    if (cm > 0) {
                        dim = ct == cm ? 0 : cu == cm ? 1 : 2;
                    } else { // κ vanishes numerically: split the widest domain interval instead
                        double wt = t1 - t0, wu = u1 - u0, wv = v1 - v0;
                        double wm = Math.max(wt, Math.max(wu, wv));
                        dim = wt == wm ? 0 : wu == wm ? 1 : 2;
                    }
                    double a = dim == 0 ? t0 : dim == 1 ? u0 : v0;
                    double b = dim == 0 ? t1 : dim == 1 ? u1 : v1;
                    mid = (a + b) * 0.5;
                    if (!(mid > a && mid < b)) {
                        stop = true; // cannot bisect further: report conservatively
                    }
                }
                if (stop) {
                    if (first) {
                        s.lastChecks = n;
                        s.lastTolerance = width;
                        s.lastInsideStop = inside;
                        return t0;
                    }
                    if (t0 < tSkip) { // §4.10: keep the dropped box's time as an upper bound of the answer
                        tSkip = t0;
                        tSkipWidth = width;
                        tSkipInside = inside;
                    }
                    continue;
                }
                if (dim == 0) {
                    s.pushA(t0, mid, u0, u1, v0, v1);
                    s.pushB(mid, t1, u0, u1, v0, v1);
                } else if (dim == 1) {
                    s.pushA(t0, t1, u0, mid, v0, v1);
                    if (!vf || mid + v0 <= 1) {
                        s.pushA(t0, t1, mid, u1, v0, v1);
                    }
                } else {
                    s.pushA(t0, t1, u0, u1, v0, mid);
                    if (!vf || u0 + mid <= 1) {
                        s.pushA(t0, t1, u0, u1, mid, v1);
                    }
                }
            }
            if (s.aLen + s.bLen == 0) {
                break;
            }
            s.advanceLevel();
        }
        s.lastChecks = n;
        s.lastTolerance = tSkipWidth;
        s.lastInsideStop = tSkipInside;
        return tSkip;
    }

    /** ε·(1 + tiny) + d rounded up: K·2^-52·γ³ computed with three upward nudges for its own rounding. */
    private static double bound(double k, double g, double margin) {
        double eps = Math.nextUp(Math.nextUp(Math.nextUp(k * ULP1 * g * g * g)));
        return margin > 0 ? Math.nextUp(eps + margin) : eps;
    }

    /** F_axis at a corner of [0,1]^3 given by 0/1 indices (used for κ only). */
    private static double f(boolean vf, double[] c, int off, int a, int ti, int ui, int vi) {
        return fAxis(vf, c, off, a, ti, ui, vi);
    }

    /** One component of F(t, u, v) in the reference expression order. */
    static double fAxis(boolean vf, double[] c, int off, int a, double t, double u, double v) {
        int b = off + a;
        double x0 = (c[b + 12] - c[b]) * t + c[b];
        double x1 = (c[b + 15] - c[b + 3]) * t + c[b + 3];
        double x2 = (c[b + 18] - c[b + 6]) * t + c[b + 6];
        double x3 = (c[b + 21] - c[b + 9]) * t + c[b + 9];
        if (vf) {
            return x0 - ((x2 - x1) * u + (x3 - x1) * v + x1);
        }
        return ((x1 - x0) * u + x0) - ((x3 - x2) * v + x2);
    }

    /**
     * Min/max of F_axis over the 8 box corners into lo/hi; false when the interval misses [−bound, bound]
     * (the box is then certainly free on this axis).
     */
    private static boolean axis(
            boolean vf,
            double[] c,
            int off,
            int a,
            double t0,
            double t1,
            double u0,
            double u1,
            double v0,
            double v1,
            double bound,
            double[] lo,
            double[] hi) {
        int b = off + a;
        double s0 = c[b], s1 = c[b + 3], s2 = c[b + 6], s3 = c[b + 9];
        double d0 = c[b + 12] - s0, d1 = c[b + 15] - s1, d2 = c[b + 18] - s2, d3 = c[b + 21] - s3;
        double mn = Double.POSITIVE_INFINITY, mx = Double.NEGATIVE_INFINITY;
        for (int ti = 0; ti < 2; ti++) {
            double t = ti == 0 ? t0 : t1;
            double x0 = d0 * t + s0, x1 = d1 * t + s1, x2 = d2 * t + s2, x3 = d3 * t + s3;
            double f00, f01, f10, f11;
            if (vf) {
                double e1 = x2 - x1, e2 = x3 - x1;
                f00 = x0 - (e1 * u0 + e2 * v0 + x1);
                f01 = x0 - (e1 * u0 + e2 * v1 + x1);
                f10 = x0 - (e1 * u1 + e2 * v0 + x1);
                f11 = x0 - (e1 * u1 + e2 * v1 + x1);
            } else {
                double ea = x1 - x0, eb = x3 - x2;
                double pa0 = ea * u0 + x0, pa1 = ea * u1 + x0;
                double pb0 = eb * v0 + x2, pb1 = eb * v1 + x2;
                f00 = pa0 - pb0;
                f01 = pa0 - pb1;
                f10 = pa1 - pb0;
                f11 = pa1 - pb1;
            }
            mn = Math.min(mn, Math.min(Math.min(f00, f01), Math.min(f10, f11)));
            mx = Math.max(mx, Math.max(Math.max(f00, f01), Math.max(f10, f11)));
        }
        lo[a] = mn;
        hi[a] = mx;
        return !(mn > bound || mx < -bound);
    }

    /** Builder of an immutable {@link TightInclusion}. */
    public static final class Builder {
        private double delta = DEFAULT_DELTA;
        private long maxChecks = DEFAULT_MAX_CHECKS;
        private double margin = 0;
        private double tMax = 1;
        private boolean noZeroToi = false;

        private Builder() {}

        /** Co-domain tolerance δ &gt; 0 (length units). */
        public Builder delta(double delta) {
            if (!(delta > 0) || !Double.isFinite(delta)) {
                throw new IllegalArgumentException("tolerance delta must be finite and > 0, got " + delta);
            }
            this.delta = delta;
            return this;
        }

        /** Check cap m_I ≥ 1. */
        public Builder maxChecks(long maxChecks) {
            if (maxChecks < 1) {
                throw new IllegalArgumentException("maxChecks must be >= 1, got " + maxChecks);
            }
            this.maxChecks = maxChecks;
            return this;
        }

        /** The margin: minimal separation ≥ 0 in the L∞ norm (must also be below γ ≥ 1 of each query). */
        public Builder margin(double margin) {
            if (!(margin >= 0) || !Double.isFinite(margin)) {
                throw new IllegalArgumentException(
                        "margin (minimal separation) must be finite and >= 0, got " + margin);
            }
            this.margin = margin;
            return this;
        }

        /** End of the time window, in (0, 1]. */
        public Builder tMax(double tMax) {
            if (!(tMax > 0 && tMax <= 1)) {
                throw new IllegalArgumentException("tMax must be in (0, 1], got " + tMax);
            }
            this.tMax = tMax;
            return this;
        }

        /** When true, a TOI of 0 found by the δ stop is re-examined with δ halved (up to {@link TightInclusion#NO_ZERO_TOI_RETRIES} times). */
        public Builder noZeroToi(boolean noZeroToi) {
            this.noZeroToi = noZeroToi;
            return this;
        }

        /** The immutable solver. */
        public TightInclusion build() {
            return new TightInclusion(this);
        }
    }
}
