package io.collide4j.checker.query;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.kinematics.LinkPoses;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * The narrow phase on one pair of a robot model and a prepared scene: certified lower bounds on a pair's distance
 * (GJK, or {@link ExactMeshPairs} for exact mesh obstacles) with the pieces' margins subtracted, the boolean "farther
 * apart than the margin" test, the cheap bounding-volume gap in front of them, and the pair's {@link LinkPair} and
 * {@link Contact}. Split out of {@link CollisionChecker} so that its collaborators ({@link Advancement},
 * {@link BooleanAdvancement}, the certificate's witness planes) receive it in their constructors instead of calling
 * back into the checker.
 *
 * <p>Immutable and thread-safe; every method works in the caller's {@link QueryContext} (scratch, GJK state) and
 * allocates nothing, except {@link #linkPair} and the {@code contact} methods, which build result records (off the hot
 * path).
 */
public final class PairDistance {
    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final ExactMeshPairs exact; // null unless the scene has exact mesh pieces

    PairDistance(RobotCollisionModel model, PreparedScene prepared, ExactMeshPairs exact) {
        this.model = model;
        this.prepared = prepared;
        this.exact = exact;
    }

    public RobotCollisionModel model() {
        return model;
    }

    public PreparedScene prepared() {
        return prepared;
    }

    /** Certified lower bound on the pair's distance (margins subtracted) for the given link poses; fills c.result. */
    public double lowerBound(QueryContext c, PairKind kind, int a, int b, int slot, Matrix4dc poseA, Matrix4dc poseB) {
        return lowerBound(c, kind, a, b, slot, poseA, poseB, Gjk.RELATIVE_TOLERANCE, Double.POSITIVE_INFINITY, 0, 0, 0);
    }

    /**
     * {@link #lowerBound} refined only to {@code relativeTolerance} of the distance, and no further once it exceeds
     * {@code enough} (+∞: no cap; margins subtracted like the result), GJK starting from the guess (hx, hy, hz) of the
     * direction from b towards a (0: none): a certified bound for an advancement step.
     */
    public double lowerBound(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            Matrix4dc poseA,
            Matrix4dc poseB,
            double relativeTolerance,
            double enough,
            double hx,
            double hy,
            double hz) {
        if (kind == PairKind.ENVIRONMENT && exact != null && prepared.mesh(b) != null) {
            return exact.lowerBound(c, a, b, slot, poseA);
        }
        ConvexShape sb = kind == PairKind.ENVIRONMENT ? prepared.shape(b) : model.pieceShape(b);
        Matrix4dc pb = kind == PairKind.ENVIRONMENT ? prepared.pose(slot) : poseB;
        double ma = model.pieceMargin(a), mb = kind == PairKind.ENVIRONMENT ? prepared.margin(b) : model.pieceMargin(b);
        c.gjk.distance(model.pieceShape(a), poseA, sb, pb, relativeTolerance, enough + (ma + mb), hx, hy, hz, c.result);
        // subtracted one after the other, as every lower bound of a pair has been
        return c.result.lowerBound - ma - mb;
    }

    /**
     * Certified lower bound on the pair's distance (margins subtracted, like {@link #lowerBound}) from the one
     * support plane normal to the guess (hx, hy, hz) of the direction from b towards a ({@link Gjk#planeLowerBound}):
     * minus the margins when that plane separates nothing. Not for exact mesh pairs (their bound is
     * {@link ExactMeshPairs}'), which the caller handles before.
     */
    double planeBound(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            Matrix4dc poseA,
            Matrix4dc poseB,
            double hx,
            double hy,
            double hz) {
        ConvexShape sb = kind == PairKind.ENVIRONMENT ? prepared.shape(b) : model.pieceShape(b);
        Matrix4dc pb = kind == PairKind.ENVIRONMENT ? prepared.pose(slot) : poseB;
        double ma = model.pieceMargin(a), mb = kind == PairKind.ENVIRONMENT ? prepared.margin(b) : model.pieceMargin(b);
        // subtracted one after the other, as every lower bound of a pair has been
        return c.gjk.planeLowerBound(model.pieceShape(a), poseA, sb, pb, hx, hy, hz) - ma - mb;
    }

    /**
     * Whether the pair is certified farther apart than the margin (margins subtracted) at the poses: {@code lowerBound(...) > d}
     * as a boolean query, which lets GJK stop at the first support plane that certifies it. NaN poses: false.
     */
    boolean separatedBeyond(
            QueryContext c, PairKind kind, int a, int b, int slot, Matrix4dc poseA, Matrix4dc poseB, double margin) {
        return separatedBeyond(c, kind, a, b, slot, poseA, poseB, margin, 0, 0, 0);
    }

    /** As above, GJK starting from the guess (hx, hy, hz) of the direction from b towards a (0: none). */
    boolean separatedBeyond(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            Matrix4dc poseA,
            Matrix4dc poseB,
            double margin,
            double hx,
            double hy,
            double hz) {
        if (kind == PairKind.ENVIRONMENT && exact != null && prepared.mesh(b) != null) {
            return exact.lowerBound(c, a, b, slot, poseA) > margin;
        }
        ConvexShape sb = kind == PairKind.ENVIRONMENT ? prepared.shape(b) : model.pieceShape(b);
        Matrix4dc pb = kind == PairKind.ENVIRONMENT ? prepared.pose(slot) : poseB;
        // d + margins rounded up (a sum of three non-negative doubles is within two ulps), so "beyond" stays certified
        double threshold = Math.nextUp(Math.nextUp(margin + margins(kind, a, b)));
        return c.gjk.separatedBeyond(model.pieceShape(a), poseA, sb, pb, threshold, hx, hy, hz);
    }

    /**
     * Lower bound on the pair's distance from bounding volumes alone: piece sphere to obstacle AABB (which
     * contains the obstacle's convex pieces; their margin subtracted) or piece sphere to piece sphere.
     */
    double cheapLowerBound(LinkPoses poses, PairKind kind, int a, int b, int slot, int la, int lbk, QueryContext c) {
        Vector3d pa =
                worldCentre(poses, la, model.pieceSphere(a, 0), model.pieceSphere(a, 1), model.pieceSphere(a, 2), c.v);
        Vector3d pb = kind == PairKind.ENVIRONMENT
                ? null
                : worldCentre(
                        poses, lbk, model.pieceSphere(b, 0), model.pieceSphere(b, 1), model.pieceSphere(b, 2), c.w);
        return sphereGap(kind, a, b, slot, pa, pb, c);
    }

    /**
     * The pair's bounding-volume gap with piece a's sphere centred at pa (and piece b's at pb for a self pair): to
     * the obstacle slot's box less the obstacle piece's margin, or to b's sphere. Shared by {@link #cheapLowerBound}
     * and the boolean advancement's per-cell broad phase, which places the centres at a cell's midpoint.
     */
    double sphereGap(PairKind kind, int a, int b, int slot, Vector3d pa, Vector3d pb, QueryContext c) {
        if (kind == PairKind.ENVIRONMENT) {
            prepared.scene().slotBounds(slot, c.box);
            return boxDistance(c.box, pa.x, pa.y, pa.z) - model.pieceSphere(a, 3) - prepared.margin(b);
        }
        return pa.distance(pb) - model.pieceSphere(a, 3) - model.pieceSphere(b, 3);
    }

    /** Whether an environment pair's obstacle piece is an exact mesh (checked by {@link ExactMeshPairs}). */
    boolean isExactMeshPair(PairKind kind, int b) {
        return kind == PairKind.ENVIRONMENT && exact != null && prepared.mesh(b) != null;
    }

    private double margins(PairKind kind, int a, int b) {
        return model.pieceMargin(a) + (kind == PairKind.ENVIRONMENT ? prepared.margin(b) : model.pieceMargin(b));
    }

    public LinkPair linkPair(PairKind kind, int a, int b, int slot) {
        int ba = model.pieceBody(a);
        if (kind == PairKind.ENVIRONMENT) {
            Obstacle o = prepared.scene().slot(slot);
            return new LinkPair(
                    model.bodyName(ba), a - model.pieceStart(ba), o.name(), b - prepared.pieceStart(slot), true);
        }
        int bb = model.pieceBody(b);
        return new LinkPair(
                model.bodyName(ba), a - model.pieceStart(ba), model.bodyName(bb), b - model.pieceStart(bb), false);
    }

    Contact contact(QueryContext c, PairKind kind, int a, int b, int slot, double lb) {
        double est = c.result.intersecting ? -margins(kind, a, b) : c.result.distance - margins(kind, a, b);
        return new Contact(
                linkPair(kind, a, b, slot),
                lb,
                Math.max(lb, est),
                new Vector3d(c.result.witnessA),
                new Vector3d(c.result.witnessB),
                new Vector3d(c.result.normal));
    }

    /**
     * Like {@link #contact} but, for overlapping pieces, runs EPA for the penetration depth: the estimate
     * becomes −(depth + margins), the points are the deepest points and the normal points from first to second.
     */
    Contact contactWithDepth(
            QueryContext c, PairKind kind, int a, int b, int slot, double lb, Matrix4dc pa, Matrix4dc pb) {
        if (!c.result.intersecting || (kind == PairKind.ENVIRONMENT && prepared.mesh(b) != null)) {
            return contact(c, kind, a, b, slot, lb); // no penetration depth against an exact mesh
        }
        if (kind == PairKind.ENVIRONMENT) {
            c.epa.penetration(model.pieceShape(a), pa, prepared.shape(b), prepared.pose(slot), c.penetration);
        } else {
            c.epa.penetration(model.pieceShape(a), pa, model.pieceShape(b), pb, c.penetration);
        }
        if (!c.penetration.intersecting) {
            return contact(c, kind, a, b, slot, lb);
        }
        double est = -c.penetration.depth - margins(kind, a, b);
        return new Contact(
                linkPair(kind, a, b, slot),
                Math.min(lb, est),
                est,
                new Vector3d(c.penetration.witnessA),
                new Vector3d(c.penetration.witnessB),
                new Vector3d(c.penetration.normal));
    }

    /** World centre of a link-frame sphere centre, into dest. */
    static Vector3d worldCentre(LinkPoses poses, int link, double x, double y, double z, Vector3d dest) {
        return poses.transformPoint(link, x, y, z, dest);
    }

    static double boxDistance(double[] box, double x, double y, double z) {
        double dx = Math.max(0, Math.max(box[0] - x, x - box[3]));
        double dy = Math.max(0, Math.max(box[1] - y, y - box[4]));
        double dz = Math.max(0, Math.max(box[2] - z, z - box[5]));
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
