package io.collide4j.checker.query;

import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import org.joml.Matrix4dc;

/**
 * Conservative advancement for the boolean motion query ({@link CollisionChecker#isMotionFree}): every candidate
 * pair of the context's segment is certified farther than the margin over [0, 1], or the first pair that cannot be
 * ends the run. The bounds and tolerance are those of {@link Advancement#advance} (same speed grid and step rule,
 * same treatment of NaN and of exact mesh pairs), so it certifies what the earliest-contact search certifies (and
 * {@link CollisionChecker#checkMotion} runs it before that search); what
 * differs is the lower bound at each step and how much of it a step may use ({@link #STEP_FRACTION}):
 * <ul>
 * <li>a broad phase comes first: a pair whose pieces' swept boxes over the whole segment ({@link SweptSpheres}) stay
 *     beyond the tolerance band is done at once ({@link #segmentGap}); else the speed-grid cells over which the
 *     pair's bounding spheres, swept from the cell's midpoint by the grid's speed bound, stay beyond the band are
 *     skipped without forward kinematics or a distance query ({@link #cellGap}; a pair none of whose cells is near
 *     is done at once), and the advancement starts at the first near cell;</li>
 * <li>the {@link SphereTier} (covering spheres) decides a step whenever it clears the tolerance band and has proven
 *     tight enough for the pair: at the first GJK evaluation its gap must be at least {@link #TRUST} of GJK's. Else,
 *     and whenever it falls into the band, GJK runs (refined to {@link #GJK_TOLERANCE}, warm-started from the pair's
 *     previous separating direction); a violation is only ever called on GJK's bound;</li>
 * <li>after a GJK run, the pair's separating plane (that run's normal) is re-evaluated at each later step's poses
 *     with one support of each shape ({@link PairDistance#planeBound}); while it stays beyond the band and keeps
 *     {@link #PLANE_KEEP} of that run's bound it decides the step, without the sphere tier or GJK (which then
 *     runs again, warm-started from it);</li>
 * <li>pairs run one after the other to s = 1 (no lockstep rounds: any violation answers the query, and the
 *     discrete samples before it have already rejected most blocked motions).</li>
 * </ul>
 * Certificates never come from here: the certifier keeps {@link Advancement#advance} and its step choices.
 * Stateless; allocation-free.
 */
final class BooleanAdvancement {
    /** The sphere tier's gap must be at least this fraction of GJK's for the pair to step on spheres alone. */
    static final double TRUST = 0.6;
    /**
     * Relative accuracy GJK's certified bound is refined to here: a step needs a good bound, not the exact distance.
     * 20 % loosens a step by at most that much; GJK's last iterations, which only tighten the bound, cost more than
     * the steps they save (bench free edges, interleaved in one JVM: 0.01 → 0.1 → 0.2 → 0.3 took 1 : 0.92 : 0.90 :
     * 0.89 of the time; 0.2 with the other settings below). GJK also stops once the bound lets the step reach s = 1.
     * A bound that would end the run is refined fully first (near a margin &gt; 0, 20 % of the distance can be more
     * than the gap above d), so violations are called exactly as at {@link Gjk#RELATIVE_TOLERANCE}.
     */
    static final double GJK_TOLERANCE = 0.2;
    /**
     * Fraction of the certified gap (lower bound − margin) one step may use. Any fraction below 1 is sound (the rest
     * is certified clearance at the step's end, which the next lower bound re-measures); the earliest-contact query
     * keeps {@link Advancement#STEP_FRACTION} = 0.8, whose recorded steps certificates replay. 0.9 here: 0.8 → 0.9 →
     * 0.95 took 1 : 0.96 : 0.94 of the free-edge time; 0.9 keeps a tenth of the gap for the next step's start.
     */
    static final double STEP_FRACTION = 0.9;
    /**
     * A pair's last separating plane (the normal of its last GJK run) decides a step on its own while the bound it
     * gives at the step's poses ({@link PairDistance#planeBound}: one support of each shape) is at least this
     * fraction of that run's bound, less the margin; below it, GJK runs again from that normal.
     */
    static final double PLANE_KEEP = 0.8;

    private final PairDistance distance;
    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final SpeedGrid grid;
    private final Advancement advancement;
    private final SphereTier spheres;
    private final SweptSpheres swept;

    BooleanAdvancement(
            PairDistance distance,
            RobotCollisionModel model,
            PreparedScene prepared,
            SpeedGrid grid,
            Advancement advancement,
            SphereTier spheres) {
        this.distance = distance;
        this.model = model;
        this.prepared = prepared;
        this.grid = grid;
        this.advancement = advancement;
        this.spheres = spheres;
        this.swept = new SweptSpheres(model, grid);
    }

    /**
     * Advances every candidate pair of the context ({@link CandidatePairCollector#collectMotionPairs}) to s = 1. On
     * CLEARED, c.motionClearance is a certified lower bound on every candidate pair's distance over the whole motion
     * (+∞ without candidates): the least of the bounds that proved its pieces, each a lower bound over the part of
     * [0, 1] it covered (a swept box or cell gap, or a step's lower bound less its motion bound), so it is > the
     * margin. Looser than {@link Advancement#advancePairs}'s (looser GJK, larger steps), never above the truth.
     *
     * <p>Otherwise what was proven before the stop is left for a search to continue from: the first
     * c.provenPairs candidate pairs are certified over [0, 1] and the next one over [0, c.stopS), and
     * c.motionClearance bounds their distances there.
     */
    AdvanceStatus run(QueryContext c, double margin, double tol) {
        CandidatePairs pairs = c.pairs;
        swept.begin(c);
        double clearance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pairs.count(); i++) {
            AdvanceStatus st = advance(c, pairs.kind(i), pairs.pieceA(i), pairs.pieceB(i), pairs.slot(i), margin, tol);
            if (st != AdvanceStatus.CLEARED && distance.isExactMeshPair(pairs.kind(i), pairs.pieceB(i))) {
                // a Tight-Inclusion window that ended at a hit bounds nothing in c.clearance: keep none of this pair
                c.stopS = 0;
            } else {
                clearance = Math.min(clearance, c.clearance);
            }
            if (st != AdvanceStatus.CLEARED) {
                c.provenPairs = i;
                c.motionClearance = clearance;
                return st;
            }
        }
        c.motionClearance = clearance;
        return AdvanceStatus.CLEARED;
    }

    /**
     * One pair over [0, 1]; c.clearance is a certified lower bound on its distance over [0, 1] on CLEARED, else over
     * [0, c.stopS).
     */
    private AdvanceStatus advance(QueryContext c, PairKind kind, int a, int b, int slot, double margin, double tol) {
        if (distance.isExactMeshPair(kind, b)) {
            // Tight-Inclusion windows live in the shared advancement (which sets c.clearance); the sphere tier would
            // not change them
            return advancement.advance(c, kind, a, b, slot, 1, margin, tol, null, 0);
        }
        double band = margin + tol;
        double gap = segmentGap(c, kind, a, b, slot);
        if (gap > band) {
            c.clearance = gap;
            return AdvanceStatus.CLEARED;
        }
        double clear = Double.POSITIVE_INFINITY; // least lower bound of the parts of [0, 1] proven so far
        int la = model.bodyLink(model.pieceBody(a));
        int lbk = kind == PairKind.ENVIRONMENT ? -1 : model.bodyLink(model.pieceBody(b));
        double whole = grid.wholeMotionBound(c, kind, a, b);
        int skip = grid.sharedJoints(kind, a, b);
        boolean trusted = false, judged = false;
        double hx = 0, hy = 0, hz = 0;
        boolean fresh = false; // (hx, hy, hz) is the last GJK run's, and its plane has not gone loose since
        double gLast = 0; // that run's bound
        int cells = c.cells;
        int scanned = 0; // cells below this one have been through the cell broad phase
        double s = 0;
        while (true) {
            int i = SpeedGrid.cellOf(s, cells);
            if (i >= scanned) {
                // skip the cells over which the pair's swept bounding spheres stay beyond the band
                int j = i;
                for (; j < cells; j++) {
                    double g = cellGap(c, kind, a, b, slot, skip, j);
                    if (!(g > band)) {
                        break;
                    }
                    clear = Math.min(clear, g);
                }
                if (j == cells) {
                    c.clearance = clear;
                    return AdvanceStatus.CLEARED;
                }
                if (j > i) {
                    s = SpeedGrid.cellEdge(j, cells);
                }
                scanned = j + 1;
            }
            if (c.evaluations >= c.budget) {
                c.stopS = s;
                c.clearance = clear;
                return AdvanceStatus.INCONCLUSIVE;
            }
            c.evaluations++;
            LinkPoses poses = c.segment.posesAt(s);
            c.tier.posesChanged();
            double cheap = distance.cheapLowerBound(poses, kind, a, b, slot, la, lbk, c);
            if (cheap > margin + tol && whole <= STEP_FRACTION * (cheap - margin)) {
                c.clearance = Math.min(clear, cheap - whole);
                return AdvanceStatus.CLEARED;
            }
            double lb = Double.NEGATIVE_INFINITY;
            Matrix4dc pa = poses.pose(la), pb = kind == PairKind.ENVIRONMENT ? null : poses.pose(lbk);
            boolean planed = false;
            if (fresh) {
                // the last GJK run's separating plane at the new poses: after a step it is nearly as tight as a new run
                double p = distance.planeBound(c, kind, a, b, slot, pa, pb, hx, hy, hz);
                if (p > band && p - margin >= PLANE_KEEP * (gLast - margin)) {
                    lb = p;
                    planed = true;
                } else {
                    fresh = false; // gone loose: the next GJK run (warm-started from it) renews it
                }
            }
            if (!planed && (trusted || !judged)) {
                lb = kind == PairKind.ENVIRONMENT
                        ? spheres.env(c.tier, poses, a, b, band)
                        : spheres.self(c.tier, poses, a, b, band);
            }
            if (!planed && !(trusted && lb > band)) {
                // a bound that lets this step reach s = 1 ends the pair: GJK need not refine beyond it
                double rest = Math.min(whole, grid.cellBound(c, kind, a, b, skip, s, 1));
                double enough = margin + rest / STEP_FRACTION * (1 + 1e-9);
                double g = distance.lowerBound(c, kind, a, b, slot, pa, pb, GJK_TOLERANCE, enough, hx, hy, hz);
                // the pair's next GJK starts from this one's separating direction (b towards a): a step moves it little
                hx = -c.result.normal.x;
                hy = -c.result.normal.y;
                hz = -c.result.normal.z;
                if (!(g > band) && !(lb > band)) {
                    // a violation is called on a fully refined bound only: the loose one may lie up to GJK_TOLERANCE
                    // of the whole distance below it, which near a margin d > 0 is more than the gap above d
                    g = distance.lowerBound(
                            c, kind, a, b, slot, pa, pb, Gjk.RELATIVE_TOLERANCE, Double.POSITIVE_INFINITY, hx, hy, hz);
                }
                if (!judged && g > band) {
                    judged = true;
                    trusted = lb - margin >= TRUST * (g - margin);
                }
                fresh = true;
                gLast = g;
                // both are lower bounds, so the larger is one; a NaN from GJK stays NaN (a violation)
                lb = Double.isNaN(g) ? g : Math.max(lb, g);
            }
            if (!(lb > band)) {
                c.stopS = s;
                c.clearance = clear;
                return AdvanceStatus.VIOLATED;
            }
            double target = STEP_FRACTION * (lb - margin);
            double s1 = 1, mu = whole;
            if (!(whole <= target)) {
                s1 = grid.stepEnd(c, kind, a, b, skip, s, 1, whole, target);
                mu = c.stepEndBound;
            }
            if (Double.isNaN(s1)) {
                c.stopS = s; // no progress in floating point: never claim free
                c.clearance = clear;
                return AdvanceStatus.INCONCLUSIVE;
            }
            clear = Math.min(clear, lb - mu);
            if (s1 >= 1) {
                c.clearance = clear;
                return AdvanceStatus.CLEARED;
            }
            s = s1;
        }
    }

    /**
     * Lower bound on the pair's distance over the whole of cell {@code cell} of the speed grid: the pieces' bounding
     * spheres at the cell's midpoint ({@link SweptSpheres}) grown by the pair's speed bound in the cell times half its
     * width (every point of a sphere stays that close to its midpoint position; for a self pair both speeds are
     * relative to the frame after their shared joints, which leaves their distance unchanged). Against the obstacle
     * slot's box for an environment pair, like {@link PairDistance#cheapLowerBound}.
     */
    private double cellGap(QueryContext c, PairKind kind, int a, int b, int slot, int skip, int cell) {
        double[] t = c.sweptCells;
        int oa = swept.table(c, a) + SweptSpheres.CELL * cell;
        if (kind == PairKind.ENVIRONMENT) {
            c.v.set(t[oa], t[oa + 1], t[oa + 2]);
            return distance.sphereGap(kind, a, b, slot, c.v, null, c) - t[oa + 3];
        }
        int ob = swept.table(c, b) + SweptSpheres.CELL * cell;
        c.v.set(t[oa], t[oa + 1], t[oa + 2]);
        c.w.set(t[ob], t[ob + 1], t[ob + 2]);
        int n = c.cells;
        double sweep = SweptSpheres.sweep(
                grid.pairSpeed(c, kind, a, b, skip, cell),
                SpeedGrid.cellEdge(cell, n),
                SpeedGrid.cellEdge(cell + 1, n));
        return distance.sphereGap(kind, a, b, slot, c.v, c.w, c) - sweep;
    }

    /**
     * Lower bound on the pair's distance over the whole segment from the pieces' swept boxes ({@link SweptSpheres#boxGap}):
     * against the obstacle slot's box less the obstacle piece's margin, or against the other piece's swept box
     * (world frame; pieces that move together rarely separate this way, and the cell test then decides).
     */
    private double segmentGap(QueryContext c, PairKind kind, int a, int b, int slot) {
        if (kind == PairKind.ENVIRONMENT) {
            prepared.scene().slotBounds(slot, c.box);
            return swept.boxGap(c, a, c.box) - prepared.margin(b);
        }
        return swept.pieceGap(c, a, b);
    }
}
