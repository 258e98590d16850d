package io.collide4j.verifier;

/**
 * An enclosure of a rigid transform x ↦ R·x + t: interval entries r (row-major 3×3) and t that contain the exact
 * rotation's and translation's entries (lemma F1: products and sums of enclosures enclose the exact product).
 * The enclosed matrix need not be orthogonal; consumers only use that the exact one lies inside. Immutable.
 */
final class Frame {
    static final Frame IDENTITY = new Frame(new Interval[] {
            Interval.ONE, Interval.ZERO, Interval.ZERO,
            Interval.ZERO, Interval.ONE, Interval.ZERO,
            Interval.ZERO, Interval.ZERO, Interval.ONE}, new Interval[] {Interval.ZERO, Interval.ZERO, Interval.ZERO});

    private final Interval[] r;
    private final Interval[] t;

    Frame(Interval[] r, Interval[] t) {
        this.r = r.clone();
        this.t = t.clone();
    }

    Interval r(int row, int col) {
        return r[3 * row + col];
    }

    Interval t(int i) {
        return t[i];
    }

    /** this ∘ o: rotation r·o.r, translation r·o.t + t. */
    Frame compose(Frame o) {
        Interval[] rr = new Interval[9];
        Interval[] tt = new Interval[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                rr[3 * i + j] = r[3 * i].mul(o.r[j]).add(r[3 * i + 1].mul(o.r[3 + j])).add(r[3 * i + 2].mul(o.r[6 + j]));
            }
            tt[i] = r[3 * i].mul(o.t[0]).add(r[3 * i + 1].mul(o.t[1])).add(r[3 * i + 2].mul(o.t[2])).add(t[i]);
        }
        return new Frame(rr, tt);
    }

    /** R·p + t: where the point p of this frame lies (lemma F1). */
    Interval[] apply(Interval[] p) {
        Interval[] x = rotate(p);
        for (int i = 0; i < 3; i++) {
            x[i] = x[i].add(t[i]);
        }
        return x;
    }

    /** R·v: the direction v of this frame in the parent's coordinates (lemma F1). */
    Interval[] rotate(Interval[] v) {
        Interval[] x = new Interval[3];
        for (int i = 0; i < 3; i++) {
            x[i] = r[3 * i].mul(v[0]).add(r[3 * i + 1].mul(v[1])).add(r[3 * i + 2].mul(v[2]));
        }
        return x;
    }

    /** Rᵀ·n: a world direction n expressed in this frame (the exact inverse of a rotation is its transpose). */
    Interval[] toLocal(Interval[] n) {
        Interval[] w = new Interval[3];
        for (int j = 0; j < 3; j++) {
            w[j] = r[j].mul(n[0]).add(r[3 + j].mul(n[1])).add(r[6 + j].mul(n[2]));
        }
        return w;
    }

    static Frame translation(Interval[] t) {
        return new Frame(IDENTITY.r, t);
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
                y.sqr().add(z.sqr()).neg(), xy, xz,
                xy, x.sqr().add(z.sqr()).neg(), yz,
                xz, yz, x.sqr().add(y.sqr()).neg()};
        Interval[] sk = {Interval.ZERO, z.neg(), y, z, Interval.ZERO, x.neg(), y.neg(), x, Interval.ZERO};
        Interval[] rr = new Interval[9];
        for (int i = 0; i < 9; i++) {
            Interval id = i % 4 == 0 ? Interval.ONE : Interval.ZERO;
            rr[i] = id.add(s.mul(sk[i])).add(v.mul(kk[i]));
        }
        return new Frame(rr, IDENTITY.t);
    }

    /** URDF origin: translation xyz, then R = Rz(yaw)·Ry(pitch)·Rx(roll) (fixed-axis roll, pitch, yaw). */
    static Frame origin(Interval[] xyz, Interval[] rpy) {
        Interval[] ex = {Interval.ONE, Interval.ZERO, Interval.ZERO};
        Interval[] ey = {Interval.ZERO, Interval.ONE, Interval.ZERO};
        Interval[] ez = {Interval.ZERO, Interval.ZERO, Interval.ONE};
        Frame rot = rotation(ez, rpy[2]).compose(rotation(ey, rpy[1])).compose(rotation(ex, rpy[0]));
        return new Frame(rot.r, xyz);
    }
}
