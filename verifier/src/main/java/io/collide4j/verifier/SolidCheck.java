package io.collide4j.verifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one instant of lemma D2: a decomposed mesh's solid S is proven free of a body O when O has a point outside S at
 * the trajectory's start (then, O convex and kept at least the margin from the surface over the whole proven motion —
 * with margin 0, O having interior points — it never enters S). The point: the centre of a primitive piece or the first
 * point of a point piece (both in
 * the verifier's piece), placed by the interval frames at s = 0 of segment 0, and shown outside the axis-aligned
 * bounds of the hull of the mesh's vertices (which contains S). Each body the verifier checks against the mesh's owner
 * (every obstacle, every other body whose pair is not allowed) must pass; otherwise the assumption stays. Stateless.
 */
final class SolidCheck {
    private SolidCheck() {}

    /** A decomposed mesh: its D2 assumption, and the hull of its vertices placed like its pieces (scale 1, no padding). */
    record Solid(Assumption assumption, Piece hull) {}

    /**
     * The model's assumptions without the D2 ones this start proves; {@code frames}: every body's frame at s = 0 of
     * segment 0 (attached objects their parent's); {@code margin} the separation proven over the motion.
     */
    static List<Assumption> remaining(WitnessModel model, Map<String, Frame> frames, double margin) {
        List<Assumption> out = new ArrayList<>(model.assumptions());
        if (!(margin >= 0)) {
            return out;
        }
        for (Solid s : model.solids) {
            String owner = s.hull().owner();
            double[] box = s.hull().bounds(frames.get(owner));
            boolean all = true;
            for (Piece o : model.obstacles.values()) {
                all &= crossesNot(o, margin) && outside(o, Frame.IDENTITY, box);
            }
            for (Map.Entry<String, List<Piece>> e : model.links.entrySet()) {
                if (e.getKey().equals(owner) || model.allowed.contains(WitnessModel.pairKey(owner, e.getKey()))) {
                    continue;
                }
                for (Piece p : e.getValue()) {
                    all &= crossesNot(p, margin) && outside(p, frames.get(e.getKey()), box);
                }
            }
            if (all) {
                out.remove(s.assumption());
            }
        }
        return out;
    }

    /**
     * True when piece {@code p}, kept at least {@code margin} from every piece covering the surface, cannot pass through
     * it: always for a positive margin; for margin 0 (touching allowed) when the piece has interior points (a primitive
     * with positive sizes, a padding, or a point set known within a slack), since a convex body crossing the surface
     * would have an interior point on it, which no plane with the surface's piece on its other side allows (D2).
     */
    private static boolean crossesNot(Piece p, double margin) {
        if (margin > 0 || p.padding() > 0) {
            return true;
        }
        Shape s = p.shape();
        if (s instanceof Shape.Box b) {
            return b.hx() > 0 && b.hy() > 0 && b.hz() > 0;
        } else if (s instanceof Shape.Sphere b) {
            return b.r() > 0;
        } else if (s instanceof Shape.Cylinder c) {
            return c.r() > 0 && c.hl() > 0;
        } else if (s instanceof Shape.Capsule c) {
            return c.r() > 0;
        }
        return s instanceof Shape.Points pts && (pts.slack() > 0 || fullDimensional(pts.xyz()));
    }

    /**
     * True when four of the points span a tetrahedron of non-zero volume, proven by the sign of its determinant in
     * interval arithmetic (I1): the hull then has interior points. The four are chosen greedily in doubles (a choice,
     * not a proof): the first point, the one farthest from it, the one farthest from their line, the one farthest from
     * their plane.
     */
    static boolean fullDimensional(double[] v) {
        int n = v.length / 3;
        if (n < 4) {
            return false;
        }
        int a = 0,
                b = farthest(v, n, i -> sq(sub(v, i, a))),
                c = farthest(v, n, i -> sq(cross(sub(v, b, a), sub(v, i, a))));
        int d = farthest(v, n, i -> Math.abs(dot(cross(sub(v, b, a), sub(v, c, a)), sub(v, i, a))));
        Interval[] e1 = diff(v, b, a), e2 = diff(v, c, a), e3 = diff(v, d, a);
        Interval det = e1[0].mul(e2[1].mul(e3[2]).sub(e2[2].mul(e3[1])))
                .sub(e1[1].mul(e2[0].mul(e3[2]).sub(e2[2].mul(e3[0]))))
                .add(e1[2].mul(e2[0].mul(e3[1]).sub(e2[1].mul(e3[0]))));
        return det.lo() > 0 || det.hi() < 0;
    }

    private static int farthest(double[] v, int n, java.util.function.IntToDoubleFunction f) {
        int best = 0;
        double far = -1;
        for (int i = 0; i < n; i++) {
            double x = f.applyAsDouble(i);
            if (x > far) {
                far = x;
                best = i;
            }
        }
        return best;
    }

    private static double[] sub(double[] v, int i, int j) {
        return new double[] {v[3 * i] - v[3 * j], v[3 * i + 1] - v[3 * j + 1], v[3 * i + 2] - v[3 * j + 2]};
    }

    private static Interval[] diff(double[] v, int i, int j) {
        Interval[] out = new Interval[3];
        for (int k = 0; k < 3; k++) {
            out[k] = Interval.point(v[3 * i + k]).sub(Interval.point(v[3 * j + k]));
        }
        return out;
    }

    private static double[] cross(double[] x, double[] y) {
        return new double[] {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
    }

    private static double dot(double[] x, double[] y) {
        return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }

    private static double sq(double[] x) {
        return dot(x, x);
    }

    /** True when a point of piece {@code p}, placed by {@code frame}, lies outside {@code box} in some axis. */
    private static boolean outside(Piece p, Frame frame, double[] box) {
        double[] y = inner(p.shape());
        if (y == null || frame == null) {
            return false;
        }
        Frame at = frame.compose(p.origin())
                .compose(Frame.translation(
                        new Interval[] {Interval.point(y[0]), Interval.point(y[1]), Interval.point(y[2])}));
        for (int k = 0; k < 3; k++) {
            if (at.t(k).lo() > box[3 + k] || at.t(k).hi() < box[k]) {
                return true;
            }
        }
        return false;
    }

    /** A point of the shape in its own frame: a primitive's centre, a point set's first point; null if none. */
    private static double[] inner(Shape s) {
        if (s instanceof Shape.Points pts) {
            return pts.xyz().length >= 3 ? new double[] {pts.xyz()[0], pts.xyz()[1], pts.xyz()[2]} : null;
        }
        return new double[3]; // box, sphere, cylinder and capsule are centred on their origin
    }
}
