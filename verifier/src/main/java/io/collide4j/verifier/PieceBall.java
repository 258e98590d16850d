package io.collide4j.verifier;

/**
 * The ball about a piece that lemma M1 measures levers from: its centre C and radius ρ in the piece's shape frame, so
 * that every point of the scaled, padded piece (lemma S3) is within ρ of C whatever its shape. Kept apart from
 * {@link TravelBound} and {@link Levers} because it depends on the piece alone, not on the chain or the anchor: both
 * read it (the reach caps of M1b and the arms of M1) from the one cached copy. Stateless.
 */
final class PieceBall {
    private PieceBall() {}

    /**
     * A ball {cx, cy, cz, ρ} in the piece's shape frame containing (E ∪ sE) ⊕ B(padding): E's axis-aligned bounds from
     * its support function, centred at c0 with half extents e (ρ0 = |e| rounded up); sE lies within s·ρ0 of s·c0, which
     * is |s − 1|·|c0| from c0.
     */
    static double[] ball(Piece p) {
        double[] c = new double[3];
        double rho0;
        if (p.shape() instanceof Shape.Sphere sphere) {
            rho0 = sphere.r();
        } else if (p.shape() instanceof Shape.Points pts) {
            rho0 = pointsBall(pts, c);
        } else {
            rho0 = boxBall(p.shape(), c);
        }
        double c0 = Shape.norm(Interval.point(c[0]), Interval.point(c[1]), Interval.point(c[2]));
        double s = p.scale();
        double scaled = Interval.up(Interval.up(s * rho0) + Interval.up(Interval.up(Math.abs(s - 1)) * c0));
        double rho = Interval.up(Math.max(rho0, scaled) + p.padding());
        return new double[] {c[0], c[1], c[2], rho};
    }

    /**
     * The radius about c (set here to the middle of the vertices' bounds) of a ball containing the hull of points each
     * known within slack per coordinate: the largest vertex distance (a ball is convex, so it holds the hull) plus
     * slack·√3 (taken as 2·slack).
     */
    private static double pointsBall(Shape.Points pts, double[] c) {
        double[] v = pts.xyz();
        if (v.length == 0) {
            // a decomposed piece the cover gives no patch (lemma D1) is the empty set: any ball holds it, and the
            // bounds below would be NaN (∞/2 − ∞/2)
            c[0] = c[1] = c[2] = 0;
            return 0;
        }
        for (int i = 0; i < 3; i++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int k = i; k < v.length; k += 3) {
                lo = Math.min(lo, v[k]);
                hi = Math.max(hi, v[k]);
            }
            c[i] = lo / 2 + hi / 2;
        }
        double r = 0;
        for (int k = 0; k < v.length; k += 3) {
            r = Math.max(
                    r,
                    Shape.norm(
                            Interval.point(v[k]).sub(Interval.point(c[0])),
                            Interval.point(v[k + 1]).sub(Interval.point(c[1])),
                            Interval.point(v[k + 2]).sub(Interval.point(c[2]))));
        }
        return Interval.up(r + Interval.up(2 * pts.slack()));
    }

    /** The half diagonal of the shape's axis-aligned bounds (from its support function), centred at c (set here). */
    private static double boxBall(Shape shape, double[] c) {
        double[] half = new double[3];
        for (int i = 0; i < 3; i++) {
            Interval[] e = {Interval.ZERO, Interval.ZERO, Interval.ZERO};
            e[i] = Interval.ONE;
            double hi = shape.support(e);
            e[i] = Interval.point(-1);
            double lo = -shape.support(e);
            c[i] = lo / 2 + hi / 2;
            half[i] = Math.max(Interval.up(hi - c[i]), Interval.up(c[i] - lo));
        }
        return Shape.norm(Interval.point(half[0]), Interval.point(half[1]), Interval.point(half[2]));
    }
}
