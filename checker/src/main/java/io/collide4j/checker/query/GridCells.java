package io.collide4j.checker.query;

/**
 * How many cells a segment's speed grid ({@link SpeedGrid}) has: one per {@link #CELL_TURN} of joint travel, at least
 * 1 and at most {@link #MAX_CELLS}. Its own class because the query context sizes its per-segment tables by it when a
 * segment starts, before the grid reads them. Stateless.
 */
final class GridCells {
    /**
     * Joint travel (summed over all joints, rad or m) per cell of a segment's speed grid, and the most cells. 0.6 rad:
     * on the bench's free edges the cheaper grid outweighs the few more steps its looser cells cost (with the per-pair
     * cell broad phase, 0.2 took 1.4× the isMotionFree time of 0.3, and 0.3 about 1.1× that of 0.4; once the cell
     * spheres were placed per piece ({@link SweptSpheres}), 0.3 : 0.4 : 0.6 : 0.8 took 1.07 : 1 : 0.96 : 0.98).
     */
    static final double CELL_TURN = 0.6;

    static final int MAX_CELLS = 1024;

    private GridCells() {}

    /** Cells of the grid for a segment of the given joint travel (1 for zero or NaN travel). */
    static int forTravel(double turn) {
        // Math.max/min pass NaN through and (int) NaN is 0: a grid of no cells would bound every step by its slack
        double cells = Math.ceil(turn / CELL_TURN);
        return cells <= 1 ? 1 : cells <= MAX_CELLS ? (int) cells : MAX_CELLS;
    }
}
