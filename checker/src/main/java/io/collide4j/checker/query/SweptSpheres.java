package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;

/**
 * The pieces' swept bounding spheres per cell of the speed grid, for the boolean advancement's broad phase
 * ({@link BooleanAdvancement}): for piece p and cell i, the piece's bounding sphere placed at the cell's midpoint
 * ({@link io.collide4j.kinematics.RobotSegment#cellCentre}) and its world sweep over the cell (the grid's world speed
 * bound × half the cell, {@link #sweep}). Every position of every point of the piece over cell i lies within
 * radius + sweep of that centre. Over the whole segment, the box around all of a piece's cell spheres (kept in the
 * context, compared by {@link #boxGap} and {@link #pieceGap}) holds everything the piece passes through.
 *
 * <p>A piece's table is computed on first use in a segment (all its cells at once: one placement per piece and cell,
 * where the per-pair broad phase used to place both spheres again for every pair and cell) and lives in the
 * {@link QueryContext}; this class is immutable.
 */
final class SweptSpheres {
    /** Doubles per piece and cell: midpoint centre (3), world sweep. */
    static final int CELL = 4;
    /** Rounding slack of a sweep: relative, and absolute (m) for the products and the centres' own rounding. */
    static final double REL = 1e-12, ABS = 1e-12;

    private final RobotCollisionModel model;
    private final SpeedGrid grid;

    SweptSpheres(RobotCollisionModel model, SpeedGrid grid) {
        this.model = model;
        this.grid = grid;
    }

    /** Makes room in the context's tables for the current segment's cells (before any {@link #table} call). */
    void begin(QueryContext c) {
        if (c.sweptStride < CELL * c.cells) {
            c.growSwept(CELL * c.cells);
        }
    }

    /**
     * Offset of piece p's cell 0 in {@link QueryContext#sweptCells} (cell i at + {@link #CELL} × i), filling the
     * piece's table for this segment on first use ({@link #begin} must have sized the tables).
     */
    int table(QueryContext c, int piece) {
        int n = c.cells;
        int base = piece * c.sweptStride;
        if (c.sweptStamp[piece] == c.generation) {
            return base;
        }
        int link = model.bodyLink(model.pieceBody(piece));
        double r = model.pieceSphere(piece, 3);
        double lx = Double.POSITIVE_INFINITY, ly = lx, lz = lx;
        double hx = Double.NEGATIVE_INFINITY, hy = hx, hz = hx;
        for (int i = 0; i < n; i++) {
            double s0 = SpeedGrid.cellEdge(i, n), s1 = SpeedGrid.cellEdge(i + 1, n);
            c.segment.cellCentre(
                    i,
                    s0,
                    s1,
                    link,
                    model.pieceSphere(piece, 0),
                    model.pieceSphere(piece, 1),
                    model.pieceSphere(piece, 2),
                    c.v);
            double sweep = sweep(grid.pairSpeed(c, PairKind.ENVIRONMENT, piece, piece, 0, i), s0, s1);
            int o = base + CELL * i;
            c.sweptCells[o] = c.v.x;
            c.sweptCells[o + 1] = c.v.y;
            c.sweptCells[o + 2] = c.v.z;
            c.sweptCells[o + 3] = sweep;
            double reach = (r + sweep) * (1 + REL) + ABS;
            lx = Math.min(lx, c.v.x - reach);
            ly = Math.min(ly, c.v.y - reach);
            lz = Math.min(lz, c.v.z - reach);
            hx = Math.max(hx, c.v.x + reach);
            hy = Math.max(hy, c.v.y + reach);
            hz = Math.max(hz, c.v.z + reach);
        }
        // a NaN position or speed makes the box NaN (Math.min and max pass it on): make it all space, never a clearance
        if (!(lx <= hx && ly <= hy && lz <= hz)) {
            lx = ly = lz = Double.NEGATIVE_INFINITY;
            hx = hy = hz = Double.POSITIVE_INFINITY;
        }
        int b = 6 * piece;
        c.sweptBox[b] = lx;
        c.sweptBox[b + 1] = ly;
        c.sweptBox[b + 2] = lz;
        c.sweptBox[b + 3] = hx;
        c.sweptBox[b + 4] = hy;
        c.sweptBox[b + 5] = hz;
        c.sweptStamp[piece] = c.generation;
        return base;
    }

    /**
     * How far every point of a sphere moving at most {@code speed} per unit s can be from its place at the midpoint
     * of [s0, s1]: |s − s_m| ≤ (s1 − s0) / 2 plus the rounding of s_m = (s0 + s1) / 2 (below 2^-53 for s ≤ 1).
     */
    static double sweep(double speed, double s0, double s1) {
        return speed * (0.5 * (s1 - s0) + 0x1p-52) * (1 + REL) + ABS;
    }

    /**
     * Lower bound on the distance between the piece's swept volume over the whole segment and the box
     * [lo, hi] (6 doubles: min x, y, z, max x, y, z): the gap between the piece's box over the segment and it.
     * Fills the piece's table if needed. NaN never gives a positive bound.
     */
    double boxGap(QueryContext c, int piece, double[] box) {
        return boxGap(c, piece, box, 0);
    }

    /** Lower bound on the distance between two pieces' swept volumes over the whole segment (their boxes' gap). */
    double pieceGap(QueryContext c, int p, int q) {
        table(c, q);
        return boxGap(c, p, c.sweptBox, 6 * q);
    }

    private double boxGap(QueryContext c, int piece, double[] o, int k) {
        table(c, piece);
        int b = 6 * piece;
        double[] s = c.sweptBox;
        double dx = Math.max(0, Math.max(o[k] - s[b + 3], s[b] - o[k + 3]));
        double dy = Math.max(0, Math.max(o[k + 1] - s[b + 4], s[b + 1] - o[k + 4]));
        double dz = Math.max(0, Math.max(o[k + 2] - s[b + 5], s[b + 2] - o[k + 5]));
        return Math.sqrt(dx * dx + dy * dy + dz * dz) * (1 - REL);
    }
}
