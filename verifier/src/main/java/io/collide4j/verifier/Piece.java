package io.collide4j.verifier;

/**
 * A convex piece the verifier checks: a shape placed by {@code origin} in its owner's frame (a link, or the world
 * for obstacles), taken as the union of the shape and the shape scaled by {@code scale} about its origin, grown by
 * {@code padding} (lemma S3: the union contains the unscaled URDF element whatever the scale, so a certificate
 * cannot shrink the robot). Immutable.
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
        Interval[] dir = {Interval.point(n[0]), Interval.point(n[1]), Interval.point(n[2])};
        Interval[] w = ownerFrame.toLocal(dir);
        Interval offset = ownerFrame
                .t(0)
                .mul(n[0])
                .add(ownerFrame.t(1).mul(n[1]))
                .add(ownerFrame.t(2).mul(n[2]))
                .add(origin.t(0).mul(w[0]))
                .add(origin.t(1).mul(w[1]))
                .add(origin.t(2).mul(w[2]));
        double h = shape.support(origin.toLocal(w));
        double hs = Math.max(h, Interval.up(scale * h)); // the support of shape ∪ scale·shape
        double pad = Interval.up(padding * Shape.norm(dir[0], dir[1], dir[2]));
        return Interval.up(Interval.up(offset.hi() + hs) + pad);
    }

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
