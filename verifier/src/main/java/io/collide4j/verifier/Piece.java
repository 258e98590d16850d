package io.collide4j.verifier;

/**
 * A convex piece the verifier checks: a shape placed by {@code origin} in its owner's frame (a link, or the world
 * for obstacles), taken as the union of the shape and the shape scaled by {@code scale} about its origin, grown by
 * {@code padding} (lemma S3: the union contains the unscaled URDF element whatever the scale, so a certificate
 * cannot shrink the robot). Immutable; {@link #sup} is thread-safe (its scratch is per thread).
 *
 * @param owner the link or obstacle name; {@code link} true for robot pieces
 * @param index the piece index used in pair tuples (its position in the link's list; 0 for obstacles)
 */
record Piece(String owner, boolean link, int index, Frame origin, Shape shape, double scale, double padding) {

    /**
     * Upper bound of max n·x over the piece, for every placement of the owner inside {@code ownerFrame}
     * (the identity for obstacles): for x = F·(O·y + o) + f (F, f the owner's frame, O, o the origin),
     * n·x = n·f + w·o + (Oᵀw)·y with w = Fᵀn; computed as these products of enclosures (F1) rather than by composing
     * the two frames, which costs twice the products.
     */
    double sup(Frame ownerFrame, double[] n) {
        // On bare bounds in per-thread scratch, bound for bound what the Interval methods give (Interval.addLo & co:
        // the same shortcuts and rounding, lemma I1): plane tests call this per piece and step, and as records the
        // products and sums were a dozen allocations a call
        Scratch s = SCRATCH.get();
        double n0 = n[0], n1 = n[1], n2 = n[2];
        double[] nl = s.nl, nh = s.nh, wl = s.wl, wh = s.wh;
        nl[0] = n0;
        nh[0] = n0;
        nl[1] = n1;
        nh[1] = n1;
        nl[2] = n2;
        nh[2] = n2;
        ownerFrame.toLocal(nl, nh, wl, wh);
        // offset = t·n + o·w (t the owner frame's translation, o the origin's), summed in this order
        double ol = Interval.scaleLo(ownerFrame.tLo(0), ownerFrame.tHi(0), n0);
        double oh = Interval.scaleHi(ownerFrame.tLo(0), ownerFrame.tHi(0), n0);
        for (int i = 1; i < 3; i++) {
            double pl = Interval.scaleLo(ownerFrame.tLo(i), ownerFrame.tHi(i), n[i]);
            double ph = Interval.scaleHi(ownerFrame.tLo(i), ownerFrame.tHi(i), n[i]);
            double l = Interval.addLo(ol, oh, pl, ph);
            oh = Interval.addHi(ol, oh, pl, ph);
            ol = l;
        }
        for (int i = 0; i < 3; i++) {
            double pl = Interval.mulLo(origin.tLo(i), origin.tHi(i), wl[i], wh[i]);
            double ph = Interval.mulHi(origin.tLo(i), origin.tHi(i), wl[i], wh[i]);
            double l = Interval.addLo(ol, oh, pl, ph);
            oh = Interval.addHi(ol, oh, pl, ph);
            ol = l;
        }
        origin.toLocal(wl, wh, s.vl, s.vh);
        double h = shape.support(s.vl, s.vh);
        double hs = Math.max(h, Interval.up(scale * h)); // the support of shape ∪ scale·shape
        double pad = Interval.up(padding * Shape.normHi(n0, n0, n1, n1, n2, n2));
        return Interval.up(Interval.up(oh + hs) + pad);
    }

    /** {@link #sup}'s scratch: the normal, and the direction in the owner's and in the shape's frame, as bounds. */
    private static final class Scratch {
        final double[] nl = new double[3], nh = new double[3], wl = new double[3], wh = new double[3];
        final double[] vl = new double[3], vh = new double[3];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** Axis-aligned bounds {minX, minY, minZ, maxX, maxY, maxZ} of the piece for every placement in the frame. */
    double[] bounds(Frame ownerFrame) {
        double[] b = new double[6];
        for (int k = 0; k < 3; k++) {
            double[] e = new double[3];
            e[k] = 1;
            b[3 + k] = sup(ownerFrame, e);
            e[k] = -1;
            b[k] = -sup(ownerFrame, e);
        }
        return b;
    }

    /** The name used in pair tuples and messages. */
    String describe() {
        return owner + "#" + index;
    }
}
