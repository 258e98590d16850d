package io.collide4j.verifier;

/**
 * An enclosure of a rigid transform x ↦ R·x + t: interval entries r (row-major 3×3) and t that contain the exact
 * rotation's and translation's entries (lemma F1: products and sums of enclosures enclose the exact product).
 * The enclosed matrix need not be orthogonal; consumers only use that the exact one lies inside. Immutable.
 */
final class Frame {
    static final Frame IDENTITY = new Frame(
            new Interval[] {
                Interval.ONE, Interval.ZERO, Interval.ZERO,
                Interval.ZERO, Interval.ONE, Interval.ZERO,
                Interval.ZERO, Interval.ZERO, Interval.ONE
            },
            new Interval[] {Interval.ZERO, Interval.ZERO, Interval.ZERO});

    /*
     * Entries as bare bounds, r row-major at 0..8 and t at 9..11: composing frames is the verifier's hottest
     * arithmetic, and as Interval records every product and sum was an allocation. The bounds are those the Interval
     * methods give (Interval.mulLo and friends), so the enclosures are unchanged (lemma F1).
     */
    private final double[] lo = new double[12];
    private final double[] hi = new double[12];

    Frame(Interval[] r, Interval[] t) {
        for (int i = 0; i < 9; i++) {
            lo[i] = r[i].lo();
            hi[i] = r[i].hi();
        }
        for (int i = 0; i < 3; i++) {
            lo[9 + i] = t[i].lo();
            hi[9 + i] = t[i].hi();
        }
    }

    private Frame() {}

    Interval r(int row, int col) {
        return new Interval(lo[3 * row + col], hi[3 * row + col]);
    }

    Interval t(int i) {
        return new Interval(lo[9 + i], hi[9 + i]);
    }

    /** this ∘ o: rotation r·o.r, translation r·o.t + t. */
    Frame compose(Frame o) {
        Frame f = new Frame();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                dot(lo, hi, 3 * i, 1, o.lo, o.hi, j, 3, f.lo, f.hi, 3 * i + j);
            }
            dot(lo, hi, 3 * i, 1, o.lo, o.hi, 9, 1, f.lo, f.hi, 9 + i);
            double l = f.lo[9 + i], h = f.hi[9 + i];
            f.lo[9 + i] = Interval.addLo(l, h, lo[9 + i], hi[9 + i]);
            f.hi[9 + i] = Interval.addHi(l, h, lo[9 + i], hi[9 + i]);
        }
        return f;
    }

    /**
     * this ∘ Rot(±e_axis, θ): a rotation about a coordinate axis (sign −1: the negative axis, a rotation by −θ). The
     * exact matrix has exact 0 and 1 entries, so only the two columns it mixes change: col_b' = c·col_b + s·col_d and
     * col_d' = −s·col_b + c·col_d with (b, d) = (axis + 1, axis + 2) mod 3, c = cos θ, s = ±sin θ (lemma F2's matrix
     * for k = ±e_axis), each product and sum rounded outward (F1); the translation is unchanged. An enclosure of the
     * same product {@link #compose} of {@link #rotation} gives, with 12 products instead of 36.
     */
    Frame composeAxisRotation(int axis, int sign, Interval theta) {
        Interval c = theta.cos(), sn = theta.sin();
        double cl = c.lo(), ch = c.hi(), sl = sign > 0 ? sn.lo() : -sn.hi(), sh = sign > 0 ? sn.hi() : -sn.lo();
        int b = (axis + 1) % 3, d = (axis + 2) % 3;
        Frame f = new Frame();
        System.arraycopy(lo, 0, f.lo, 0, 12);
        System.arraycopy(hi, 0, f.hi, 0, 12);
        for (int i = 0; i < 3; i++) {
            double bl = lo[3 * i + b], bh = hi[3 * i + b], dl = lo[3 * i + d], dh = hi[3 * i + d];
            // row i: (c·R_ib + s·R_id, −s·R_ib + c·R_id)
            double pl = Interval.mulLo(bl, bh, cl, ch), ph = Interval.mulHi(bl, bh, cl, ch);
            double ql = Interval.mulLo(dl, dh, sl, sh), qh = Interval.mulHi(dl, dh, sl, sh);
            f.lo[3 * i + b] = Interval.addLo(pl, ph, ql, qh);
            f.hi[3 * i + b] = Interval.addHi(pl, ph, ql, qh);
            pl = Interval.mulLo(dl, dh, cl, ch);
            ph = Interval.mulHi(dl, dh, cl, ch);
            ql = Interval.mulLo(bl, bh, -sh, -sl);
            qh = Interval.mulHi(bl, bh, -sh, -sl);
            f.lo[3 * i + d] = Interval.addLo(pl, ph, ql, qh);
            f.hi[3 * i + d] = Interval.addHi(pl, ph, ql, qh);
        }
        return f;
    }

    /**
     * out[o] = a[a0]·b[b0] + a[a0 + as]·b[b0 + bs] + a[a0 + 2as]·b[b0 + 2bs], summed left to right with the
     * rounding of Interval.mul and Interval.add (lemma I1).
     */
    private static void dot(
            double[] al,
            double[] ah,
            int a0,
            int as,
            double[] bl,
            double[] bh,
            int b0,
            int bs,
            double[] outLo,
            double[] outHi,
            int o) {
        double sl = Interval.mulLo(al[a0], ah[a0], bl[b0], bh[b0]);
        double sh = Interval.mulHi(al[a0], ah[a0], bl[b0], bh[b0]);
        for (int k = 1; k < 3; k++) {
            int a = a0 + k * as, b = b0 + k * bs;
            double pl = Interval.mulLo(al[a], ah[a], bl[b], bh[b]);
            double ph = Interval.mulHi(al[a], ah[a], bl[b], bh[b]);
            double nl = Interval.addLo(sl, sh, pl, ph);
            sh = Interval.addHi(sl, sh, pl, ph);
            sl = nl;
        }
        outLo[o] = sl;
        outHi[o] = sh;
    }

    /** R·p + t: where the point p of this frame lies (lemma F1). */
    Interval[] apply(Interval[] p) {
        Interval[] x = rotate(p);
        for (int i = 0; i < 3; i++) {
            x[i] = x[i].add(t(i));
        }
        return x;
    }

    /** {@link #rotate(Interval[])} into lo, hi at o..o+2, the same bounds, without records for the result. */
    void rotate(Interval[] v, double[] lo, double[] hi, int o) {
        double[] vl = {v[0].lo(), v[1].lo(), v[2].lo()}, vh = {v[0].hi(), v[1].hi(), v[2].hi()};
        for (int i = 0; i < 3; i++) {
            dot(this.lo, this.hi, 3 * i, 1, vl, vh, 0, 1, lo, hi, o + i);
        }
    }

    /** R·v: the direction v of this frame in the parent's coordinates (lemma F1). */
    Interval[] rotate(Interval[] v) {
        double[] vl = {v[0].lo(), v[1].lo(), v[2].lo()}, vh = {v[0].hi(), v[1].hi(), v[2].hi()};
        double[] xl = new double[1], xh = new double[1];
        Interval[] x = new Interval[3];
        for (int i = 0; i < 3; i++) {
            dot(lo, hi, 3 * i, 1, vl, vh, 0, 1, xl, xh, 0);
            x[i] = new Interval(xl[0], xh[0]);
        }
        return x;
    }

    /** Bounds of t's i-th entry, as {@link #t} gives them, without the record. */
    double tLo(int i) {
        return lo[9 + i];
    }

    double tHi(int i) {
        return hi[9 + i];
    }

    /** {@link #toLocal(Interval[])} on bare bounds: w = Rᵀ·n into wl, wh (indices 0..2), nothing allocated. */
    void toLocal(double[] nl, double[] nh, double[] wl, double[] wh) {
        for (int j = 0; j < 3; j++) {
            dot(lo, hi, j, 3, nl, nh, 0, 1, wl, wh, j);
        }
    }

    /** Rᵀ·n: a world direction n expressed in this frame (the exact inverse of a rotation is its transpose). */
    Interval[] toLocal(Interval[] n) {
        double[] nl = {n[0].lo(), n[1].lo(), n[2].lo()}, nh = {n[0].hi(), n[1].hi(), n[2].hi()};
        double[] wl = new double[1], wh = new double[1];
        Interval[] w = new Interval[3];
        for (int j = 0; j < 3; j++) {
            dot(lo, hi, j, 3, nl, nh, 0, 1, wl, wh, 0);
            w[j] = new Interval(wl[0], wh[0]);
        }
        return w;
    }

    static Frame translation(Interval[] t) {
        return new Frame(IDENTITY.rotation(), t);
    }

    /**
     * Rotation by angle θ about the unit axis k (Rodrigues, lemma F2): R = I + sin θ·K + (1 − cos θ)·K², K the
     * cross-product matrix of k, K² = k·kᵀ − I for unit k. Written this way so an exact axis-aligned k gives
     * entries with no interval dependency.
     */
    static Frame rotation(Interval[] k, Interval theta) {
        Interval s = theta.sin(), v = Interval.ONE.sub(theta.cos());
        Interval x = k[0], y = k[1], z = k[2];
        Interval xy = x.mul(y), xz = x.mul(z), yz = y.mul(z);
        Interval[] kk = {
            y.sqr().add(z.sqr()).neg(),
            xy,
            xz,
            xy,
            x.sqr().add(z.sqr()).neg(),
            yz,
            xz,
            yz,
            x.sqr().add(y.sqr()).neg()
        };
        Interval[] sk = {Interval.ZERO, z.neg(), y, z, Interval.ZERO, x.neg(), y.neg(), x, Interval.ZERO};
        Interval[] rr = new Interval[9];
        for (int i = 0; i < 9; i++) {
            Interval id = i % 4 == 0 ? Interval.ONE : Interval.ZERO;
            rr[i] = id.add(s.mul(sk[i])).add(v.mul(kk[i]));
        }
        return new Frame(rr, IDENTITY.translation());
    }

    /** URDF origin: translation xyz, then R = Rz(yaw)·Ry(pitch)·Rx(roll) (fixed-axis roll, pitch, yaw). */
    static Frame origin(Interval[] xyz, Interval[] rpy) {
        Interval[] ex = {Interval.ONE, Interval.ZERO, Interval.ZERO};
        Interval[] ey = {Interval.ZERO, Interval.ONE, Interval.ZERO};
        Interval[] ez = {Interval.ZERO, Interval.ZERO, Interval.ONE};
        Frame rot = rotation(ez, rpy[2]).compose(rotation(ey, rpy[1])).compose(rotation(ex, rpy[0]));
        return new Frame(rot.rotation(), xyz);
    }

    private Interval[] rotation() {
        Interval[] r = new Interval[9];
        for (int i = 0; i < 9; i++) {
            r[i] = new Interval(lo[i], hi[i]);
        }
        return r;
    }

    private Interval[] translation() {
        return new Interval[] {t(0), t(1), t(2)};
    }
}
