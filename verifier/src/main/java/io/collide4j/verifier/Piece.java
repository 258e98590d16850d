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
     * (the identity for obstacles): n·x = n·(F·o) + (Fᵀn)·y for x = F·y, F = ownerFrame ∘ origin.
     */
    double sup(Frame ownerFrame, double[] n) {
        Frame f = ownerFrame.compose(origin);
        Interval[] dir = {Interval.point(n[0]), Interval.point(n[1]), Interval.point(n[2])};
        Interval offset = f.t(0).mul(n[0]).add(f.t(1).mul(n[1])).add(f.t(2).mul(n[2]));
        double h = shape.support(f.toLocal(dir));
        double hs = Math.max(h, Interval.up(scale * h));   // the support of shape ∪ scale·shape
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
