package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;

/**
 * The speed grid of a motion segment: certified bounds on how fast (per unit s) each robot piece's bounding sphere
 * moves, per cell of [0, 1], and from them the motion bounds of the advancement (a pair's distance change over a
 * step, over the whole segment, a piece's world travel) and the step rule's longest step. The tables live in the
 * {@link QueryContext} (per segment, per thread); this class is immutable.
 *
 * <p>A segment's [0, 1] is cut into {@code cells} equal cells (≈ {@link GridCells#CELL_TURN} of joint travel each); per piece
 * sphere (and frame: world, or after the joints a self pair shares) each cell gets a certified bound on the sphere
 * points' speed |dP/ds| ({@code RobotSegment.cellSpeeds}: one pass per piece and cell gives the bound for every
 * frame), computed on first use and shared by every pair of that piece. Path length over [s0, s1] ≤ Σ cell speed ×
 * overlap of [s0, s1] with the cell. One set of kinematic
 * evaluations per piece and segment then serves all steps of all its pairs, and the step rule can solve for the
 * longest step directly instead of halving from the end.
 */
public final class SpeedGrid {

    private final RobotCollisionModel model;

    SpeedGrid(RobotCollisionModel model) {
        this.model = model;
    }

    /**
     * Upper bound on how much the pair's distance can change over [s0, s1]: the smaller of the speed grid's bound
     * ({@link #cellBound}) and {@code whole}, the pair's {@link #wholeMotionBound} (which holds for every sub-interval).
     * The bound each advancement step uses and records, and the one {@code certificate.CertificateVerifier} recomputes.
     */
    public double stepBound(QueryContext c, PairKind kind, int a, int b, double s0, double s1, double whole) {
        return Math.min(whole, cellBound(c, kind, a, b, sharedJoints(kind, a, b), s0, s1));
    }

    /**
     * Upper bound on how far any point of a robot piece (its bounding sphere, margin included) moves in the world
     * over [s0, s1] of the context's segment: the speed grid's world-frame bound, capped by the whole segment's. For
     * certificate witnesses ({@code certificate.WitnessPlanes}), whose planes are fixed in the world.
     */
    public double pieceTravel(QueryContext c, int piece, double s0, double s1) {
        return Math.min(wholeChainBound(c, piece, 0), cellBound(c, PairKind.ENVIRONMENT, piece, piece, 0, s0, s1));
    }

    /**
     * Joints shared by both pieces' chains (they move both alike and are left out of self pairs' bounds); 0 for
     * environment pairs.
     */
    int sharedJoints(PairKind kind, int a, int b) {
        return kind == PairKind.ENVIRONMENT
                ? 0
                : model.kinematics()
                        .sharedChainLength(model.bodyLink(model.pieceBody(a)), model.bodyLink(model.pieceBody(b)));
    }

    static double cellEdge(int i, int cells) {
        return i >= cells ? 1 : (double) i / cells;
    }

    /** The cell that holds s (cellEdge(i) <= s < cellEdge(i + 1), the last cell for s = 1). */
    static int cellOf(double s, int cells) {
        int i = Math.min(cells - 1, (int) (s * cells));
        while (i > 0 && cellEdge(i, cells) > s) {
            i--;
        }
        while (i < cells - 1 && cellEdge(i + 1, cells) <= s) {
            i++;
        }
        return i;
    }

    /** Speed bound (distance change per unit s) of the pair in a cell: both spheres' speeds relative to their shared frame. */
    double pairSpeed(QueryContext c, PairKind kind, int a, int b, int skip, int cell) {
        return kind == PairKind.ENVIRONMENT
                ? pieceSpeed(c, a, 0, cell)
                : pieceSpeed(c, a, skip, cell) + pieceSpeed(c, b, skip, cell);
    }

    private double pieceSpeed(QueryContext c, int piece, int skip, int cell) {
        int t = piece * c.memoStride + skip;
        if (cellTable(c, t)[cell] != c.generation) {
            // one pass gives the piece's bound relative to every frame along its chain: fill every skip's table
            int link = model.bodyLink(model.pieceBody(piece));
            int n = model.kinematics().chainLength(link);
            c.segment.cellSpeeds(
                    cell,
                    cellEdge(cell, c.cells),
                    cellEdge(cell + 1, c.cells),
                    link,
                    model.pieceSphere(piece, 0),
                    model.pieceSphere(piece, 1),
                    model.pieceSphere(piece, 2),
                    model.pieceSphere(piece, 3),
                    c.skipSpeeds);
            for (int k = 0; k <= n; k++) {
                int tk = piece * c.memoStride + k;
                cellTable(c, tk)[cell] = c.generation;
                c.cellSpeed[tk][cell] = c.skipSpeeds[k];
            }
        }
        return c.cellSpeed[t][cell];
    }

    /** The stamps of memo entry t's per-cell speed table, grown (with the table) to the segment's cells. */
    private static int[] cellTable(QueryContext c, int t) {
        if (c.cellSpeed[t] == null || c.cellSpeed[t].length < c.cells) {
            c.cellSpeed[t] = new double[Math.max(c.cells, 64)];
            c.cellStamp[t] = new int[c.cellSpeed[t].length];
        }
        return c.cellStamp[t];
    }

    /** Rounding slack of a speed-grid sum (relative, and absolute for the positions' own rounding, m). */
    private static final double CELL_REL = 1e-12, CELL_ABS = 2e-13;

    /** Upper bound on the pair's distance change over [s0, s1]: Σ cell speed bound × overlap with the cell. */
    double cellBound(QueryContext c, PairKind kind, int a, int b, int skip, double s0, double s1) {
        int n = c.cells;
        double sum = 0;
        for (int i = cellOf(s0, n); i < n; i++) {
            double lo = Math.max(s0, cellEdge(i, n)), hi = Math.min(s1, cellEdge(i + 1, n));
            if (hi > lo) {
                sum += pairSpeed(c, kind, a, b, skip, i) * (hi - lo);
            }
            if (cellEdge(i + 1, n) >= s1) {
                break;
            }
        }
        return sum * (1 + CELL_REL) + CELL_ABS;
    }

    /**
     * The end s1 in (s, sEnd] of an advancement step whose motion bound (its {@link #cellBound}, capped by
     * {@code whole}: the one a verifier recomputes) is at most target: the farthest end the speed grid allows, shrunk
     * until the bound fits; that bound is left in {@link QueryContext#stepEndBound}. NaN when floating point cannot
     * make progress: the caller then answers INCONCLUSIVE, never free. Shared by {@link Advancement#advance} and
     * {@link BooleanAdvancement}, so both step by the same rule.
     */
    double stepEnd(
            QueryContext c, PairKind kind, int a, int b, int skip, double s, double sEnd, double whole, double target) {
        double s1 = cellReach(c, kind, a, b, skip, s, sEnd, target);
        double mu = Math.min(whole, cellBound(c, kind, a, b, skip, s, s1));
        while (!(mu <= target)) {
            double next = s + (s1 - s) * Math.min(0.9, 0.95 * target / mu);
            if (!(next > s) || next - s < 1e-13) {
                return Double.NaN;
            }
            s1 = next;
            mu = Math.min(whole, cellBound(c, kind, a, b, skip, s, s1));
        }
        if (s1 < sEnd && !(s1 - s >= 1e-13)) {
            return Double.NaN;
        }
        c.stepEndBound = mu;
        return s1;
    }

    /** About the largest s1 in [s0, sEnd] whose {@link #cellBound} is at most target (the caller checks it). */
    double cellReach(QueryContext c, PairKind kind, int a, int b, int skip, double s0, double sEnd, double target) {
        int n = c.cells;
        double left = (target - CELL_ABS) * (1 - 2 * CELL_REL);
        double pos = s0;
        for (int i = cellOf(s0, n); ; i++) {
            double hi = Math.min(sEnd, cellEdge(i + 1, n));
            double v = pairSpeed(c, kind, a, b, skip, i);
            double need = v * (hi - pos);
            if (need > left) {
                return pos + Math.max(0, left) / v;
            }
            left -= need;
            pos = hi;
            if (hi >= sEnd || i >= n - 1) {
                return sEnd;
            }
        }
    }

    /**
     * Upper bound on how much the pair's distance can change over the whole segment [0, 1], hence over any part
     * of it (the sum over the speed grid's cells), memoised per segment and piece in the context.
     */
    public double wholeMotionBound(QueryContext c, PairKind kind, int a, int b) {
        if (kind == PairKind.ENVIRONMENT) {
            return wholeChainBound(c, a, 0);
        }
        int skip = sharedJoints(kind, a, b);
        return wholeChainBound(c, a, skip) + wholeChainBound(c, b, skip);
    }

    /**
     * True when a self pair whose bounding spheres are {@code gap} apart at s = 0 provably stays farther apart than
     * reach over the whole segment: by both spheres' world travel (the bounds environment pairs need anyway), or
     * else by the travel relative to the frame after their shared joints ({@link #wholeMotionBound}). Either
     * bounds the change of their distance.
     */
    public boolean selfPairFar(QueryContext c, int p, int r, double gap, double reach) {
        return gap - (wholeChainBound(c, p, 0) + wholeChainBound(c, r, 0)) > reach
                || gap - wholeMotionBound(c, PairKind.SELF, p, r) > reach;
    }

    /**
     * Radius about the piece sphere's centre at s = 0 that holds the sphere over the whole segment: its radius plus
     * its certified world path length. The one sweep that chooses environment pairs and that the verifier re-checks
     * unlisted pairs with.
     */
    public double pieceSweep(QueryContext c, int piece) {
        return model.pieceSphere(piece, 3) + wholeChainBound(c, piece, 0);
    }

    /** Path length over [0, 1] of the piece's sphere relative to the frame after skip joints: Σ cell speed × cell width. */
    private double wholeChainBound(QueryContext c, int piece, int skip) {
        int t = piece * c.memoStride + skip;
        double v = c.wholeMemo[t];
        if (Double.isNaN(v)) {
            int n = c.cells;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += pieceSpeed(c, piece, skip, i) * (cellEdge(i + 1, n) - cellEdge(i, n));
            }
            v = sum * (1 + CELL_REL) + CELL_ABS;
            c.wholeMemo[t] = v;
        }
        return v;
    }
}
