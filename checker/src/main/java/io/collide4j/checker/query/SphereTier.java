package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import org.joml.Vector3d;

/**
 * The certified cheap tier in front of GJK: lower bounds on a pair's distance from the robot pieces' covering
 * spheres ({@link RobotCollisionModel#coverSphere}, whose union contains the piece grown by its margin) against an
 * obstacle piece's {@link ObstacleBounds} primitive, or against the other piece's covering spheres. Each is a lower
 * bound on the distance GJK bounds, with the same margins subtracted (the robot margins, forward-kinematics slack
 * included, sit in the covering radii), so a tier bound above the margin decides a pair as GJK's would, at a few
 * flops per sphere. Immutable; the world centres live in the {@link QueryContext}.
 */
final class SphereTier {
    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final ObstacleBounds obstacles;

    SphereTier(RobotCollisionModel model, PreparedScene prepared) {
        this.model = model;
        this.prepared = prepared;
        this.obstacles = new ObstacleBounds(prepared);
    }

    /** Scratch of one context: world centres of covering spheres, valid per piece while its token is current. */
    static final class Scratch {
        final double[] centres;
        /** Per sphere, |x| + |y| + |z| of its world centre: the scale of the rounding in a centre difference. */
        final double[] sizes;

        final long[] pieceToken;
        long token = 1;
        /** Of the last {@link #self} that stopped: centre of its sphere on a minus the one on b (a GJK start). */
        double gapX, gapY, gapZ;

        final Vector3d v = new Vector3d();

        Scratch(RobotCollisionModel model) {
            int spheres = model.pieceCount() == 0 ? 0 : model.coverEnd(model.pieceCount() - 1);
            centres = new double[3 * spheres];
            sizes = new double[spheres];
            pieceToken = new long[model.pieceCount()];
        }

        /** The poses changed: every cached centre is stale. */
        void posesChanged() {
            token++;
        }
    }

    private void centres(Scratch t, LinkPoses poses, int piece) {
        if (t.pieceToken[piece] == t.token) {
            return;
        }
        int link = model.bodyLink(model.pieceBody(piece));
        for (int i = model.coverStart(piece); i < model.coverEnd(piece); i++) {
            poses.transformPoint(link, model.coverSphere(i, 0), model.coverSphere(i, 1), model.coverSphere(i, 2), t.v);
            t.centres[3 * i] = t.v.x;
            t.centres[3 * i + 1] = t.v.y;
            t.centres[3 * i + 2] = t.v.z;
            t.sizes[i] = Math.abs(t.v.x) + Math.abs(t.v.y) + Math.abs(t.v.z);
        }
        t.pieceToken[piece] = t.token;
    }

    /**
     * Lower bound on the distance of robot piece a and obstacle piece k (both margins subtracted) at the poses; once
     * a sphere's bound is ≤ {@code stop} that bound is returned at once (the caller only asks "above stop?").
     * NaN poses give NaN or a bound ≤ stop, never a bound above it.
     */
    double env(Scratch t, LinkPoses poses, int a, int k, double stop) {
        centres(t, poses, a);
        double m = prepared.margin(k);
        double best = Double.POSITIVE_INFINITY;
        for (int i = model.coverStart(a); i < model.coverEnd(a); i++) {
            double lb = obstacles.lowerBound(k, t.centres[3 * i], t.centres[3 * i + 1], t.centres[3 * i + 2])
                    - model.coverSphere(i, 3)
                    - m;
            if (!(lb > stop)) { // NaN: stop with it
                return lb;
            }
            best = Math.min(best, lb);
        }
        return best;
    }

    /**
     * As {@link #env}, from robot piece a's bounding sphere alone ({@link RobotCollisionModel#pieceSphere}, world centre
     * (x, y, z)): that one sphere contains the piece grown by its margin, as the covering spheres' union does, so this
     * is a lower bound on the same distance, looser than env's and a few flops instead of placing every covering
     * sphere. NaN centres give NaN.
     */
    double envBounding(int a, double x, double y, double z, int k) {
        return obstacles.lowerBound(k, x, y, z) - model.pieceSphere(a, 3) - prepared.margin(k);
    }

    /**
     * {@code self(t, poses, a, b, stop) > stop} without the square roots (a discrete check needs only the verdict):
     * every sphere pair's centre distance is compared squared with stop + both radii + the same rounding slack, the
     * square padded by 10⁻¹⁴ of itself for its own rounding. On false the stopping pair's centre difference is in
     * {@link Scratch#gapX} as with {@link #self}.
     */
    boolean selfBeyond(Scratch t, LinkPoses poses, int a, int b, double stop) {
        centres(t, poses, a);
        centres(t, poses, b);
        for (int i = model.coverStart(a); i < model.coverEnd(a); i++) {
            double x = t.centres[3 * i], y = t.centres[3 * i + 1], z = t.centres[3 * i + 2];
            double reach = stop + model.coverSphere(i, 3);
            double size = t.sizes[i];
            for (int j = model.coverStart(b); j < model.coverEnd(b); j++) {
                double dx = x - t.centres[3 * j], dy = y - t.centres[3 * j + 1], dz = z - t.centres[3 * j + 2];
                double r = reach + model.coverSphere(j, 3) + (1e-12 * (size + t.sizes[j]) + 1e-15);
                if (!(dx * dx + dy * dy + dz * dz > r * r * (1 + 1e-14))) { // NaN: not beyond
                    t.gapX = dx;
                    t.gapY = dy;
                    t.gapZ = dz;
                    return false;
                }
            }
        }
        return true;
    }

    /** As {@link #env} for robot pieces a and b (self pair). */
    double self(Scratch t, LinkPoses poses, int a, int b, double stop) {
        centres(t, poses, a);
        centres(t, poses, b);
        double best = Double.POSITIVE_INFINITY;
        for (int i = model.coverStart(a); i < model.coverEnd(a); i++) {
            double x = t.centres[3 * i], y = t.centres[3 * i + 1], z = t.centres[3 * i + 2];
            double ri = model.coverSphere(i, 3);
            double size = t.sizes[i];
            for (int j = model.coverStart(b); j < model.coverEnd(b); j++) {
                double dx = x - t.centres[3 * j], dy = y - t.centres[3 * j + 1], dz = z - t.centres[3 * j + 2];
                // rounding of the difference and the root: far below 1e-12 of the coordinates' size
                double slack = 1e-12 * (size + t.sizes[j]) + 1e-15;
                double lb = Math.sqrt(dx * dx + dy * dy + dz * dz) - ri - model.coverSphere(j, 3) - slack;
                if (!(lb > stop)) {
                    t.gapX = dx;
                    t.gapY = dy;
                    t.gapZ = dz;
                    return lb;
                }
                best = Math.min(best, lb);
            }
        }
        return best;
    }
}
