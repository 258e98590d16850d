package io.collide4j.checker.scene;

import java.util.Arrays;

/**
 * A uniform grid over a static scene for the state check's per-body sphere query: each cell lists, in the tree's
 * preorder, the obstacle boxes within {@code reach} of the cell, with each box's bounds copied beside it, so a
 * query is one cell lookup and a scan of a few contiguous candidates instead of a tree walk.
 *
 * <p>Exactness: a candidate is reported when the same expression as {@code FlatAabbTree.querySphere}
 * ({@code DynamicAabbTree.distanceSquared}) accepts it, and every box that expression can accept for a point of the
 * cell is listed (cells and distances are taken with a slack many orders above the rounding of the index and distance
 * arithmetic), so for {@code r ≤ reach} the answer is the tree's: the same slots in the same order (a box the tree
 * reports has every ancestor pass the same test, since the rounded point-box distance is monotone in the box). Radii
 * above reach, NaN, and points off the grid fall back to the tree; off the grid means farther than reach from every
 * box, so the tree then stops at its root.
 *
 * <p>Thread safety: immutable; concurrent queries are safe when each thread passes its own
 * {@link DynamicAabbTree.Hits}.
 */
public final class SphereQueryGrid {
    /** Cap on cells; a scene whose extent needs more gets coarser cells (more candidates per cell, same answers). */
    static final int MAX_CELLS = 1 << 15;

    private final FlatAabbTree tree;
    private final double reach;
    private final double ox, oy, oz, inv;
    private final int nx, ny, nz;
    private final int[] start; // cell c's candidates are entries start[c] .. start[c + 1] - 1
    // the tree's node index of each entry: the boxes stay in the tree's small array (a few KB, cache-resident),
    // so the grid costs 4 bytes per entry; copying the boxes beside the entries measured slower (cache misses)
    private final int[] entryNode;

    SphereQueryGrid(FlatAabbTree tree, double reach) {
        if (!(reach > 0) || !Double.isFinite(reach)) {
            throw new IllegalArgumentException("grid reach must be finite and > 0, got " + reach);
        }
        this.tree = tree;
        this.reach = reach;
        int nodes = tree.nodeCount();
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        double scale = reach;
        for (int n = 0; n < nodes; n++) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], tree.boxAt(n, k));
                hi[k] = Math.max(hi[k], tree.boxAt(n, 3 + k));
                scale = Math.max(scale, Math.max(Math.abs(tree.boxAt(n, k)), Math.abs(tree.boxAt(n, 3 + k))));
            }
        }
        // Far above the rounding of (x - o) * inv and of the distances (≈ 1e-16 relative), far below any gap that
        // matters for the candidate count.
        double slack = 1e-7 * (1 + scale);
        double grow = reach + 2 * slack;
        if (nodes == 0) { // every query goes to the (empty) tree
            ox = oy = oz = 0;
            inv = 1;
            nx = ny = nz = 0;
            start = new int[1];
            entryNode = new int[0];
            return;
        }
        ox = lo[0] - grow;
        oy = lo[1] - grow;
        oz = lo[2] - grow;
        double ex = hi[0] - lo[0] + 2 * grow, ey = hi[1] - lo[1] + 2 * grow, ez = hi[2] - lo[2] + 2 * grow;
        double h =
                reach; // cells as wide as the reach: 8x fewer cells to build than half-reach cells, few more candidates
        while (cells(ex, h) * cells(ey, h) * cells(ez, h) > MAX_CELLS) {
            h *= 1.25;
        }
        nx = (int) cells(ex, h);
        ny = (int) cells(ey, h);
        nz = (int) cells(ez, h);
        inv = 1 / h;
        int cellCount = nx * ny * nz;
        int[] counts = new int[cellCount + 1]; // counting pass, then prefix sums: counts[c] = cell c's start
        for (int n = 0; n < nodes; n++) {
            if (tree.leafPayload(n) >= 0) {
                countCells(n, h, slack, counts);
            }
        }
        for (int c = 0; c < cellCount; c++) {
            counts[c + 1] += counts[c];
        }
        start = counts;
        int total = start[cellCount];
        entryNode = new int[total];
        int[] fill = Arrays.copyOf(start, cellCount);
        for (int n = 0; n < nodes; n++) {
            int payload = tree.leafPayload(n);
            if (payload < 0) {
                continue;
            }
            int[] r = cellRange(n, h, slack);
            for (int i = r[0]; i <= r[3]; i++) {
                for (int j = r[1]; j <= r[4]; j++) {
                    for (int k = r[2]; k <= r[5]; k++) {
                        if (cellNear(n, i, j, k, h, slack)) {
                            int c = (i * ny + j) * nz + k;
                            entryNode[fill[c]++] = n;
                        }
                    }
                }
            }
        }
    }

    private static double cells(double extent, double h) {
        return Math.max(1, Math.ceil(extent / h));
    }

    private void countCells(int n, double h, double slack, int[] counts) {
        int[] r = cellRange(n, h, slack);
        for (int i = r[0]; i <= r[3]; i++) {
            for (int j = r[1]; j <= r[4]; j++) {
                for (int k = r[2]; k <= r[5]; k++) {
                    if (cellNear(n, i, j, k, h, slack)) {
                        counts[(i * ny + j) * nz + k + 1]++;
                    }
                }
            }
        }
    }

    // Cells that the leaf's box grown by reach and slack overlaps, clamped to the grid: {i0, j0, k0, i1, j1, k1}.
    private int[] cellRange(int n, double h, double slack) {
        double g = reach + 2 * slack;
        return new int[] {
            clamp((tree.boxAt(n, 0) - g - ox) / h - 1, nx),
            clamp((tree.boxAt(n, 1) - g - oy) / h - 1, ny),
            clamp((tree.boxAt(n, 2) - g - oz) / h - 1, nz),
            clamp((tree.boxAt(n, 3) + g - ox) / h + 1, nx),
            clamp((tree.boxAt(n, 4) + g - oy) / h + 1, ny),
            clamp((tree.boxAt(n, 5) + g - oz) / h + 1, nz)
        };
    }

    private static int clamp(double cell, int count) {
        return (int) Math.max(0, Math.min(count - 1, Math.floor(cell)));
    }

    // Whether leaf n's box comes within reach (plus slack) of cell (i, j, k) grown by slack on every side.
    private boolean cellNear(int n, int i, int j, int k, double h, double slack) {
        double dx = gap(ox + i * h - slack, ox + (i + 1) * h + slack, tree.boxAt(n, 0), tree.boxAt(n, 3));
        double dy = gap(oy + j * h - slack, oy + (j + 1) * h + slack, tree.boxAt(n, 1), tree.boxAt(n, 4));
        double dz = gap(oz + k * h - slack, oz + (k + 1) * h + slack, tree.boxAt(n, 2), tree.boxAt(n, 5));
        double d = reach + slack;
        return dx * dx + dy * dy + dz * dz <= d * d;
    }

    // Distance between intervals [a0, a1] and [b0, b1] (0 when they overlap).
    private static double gap(double a0, double a1, double b0, double b1) {
        return Math.max(0, Math.max(b0 - a1, a0 - b1));
    }

    /** The largest radius answered from the grid. */
    public double reach() {
        return reach;
    }

    /** As {@link Scene#querySphere}: the slots of obstacle boxes within distance ≤ r of (cx,cy,cz), in its order. */
    public DynamicAabbTree.Hits querySphere(double cx, double cy, double cz, double r, DynamicAabbTree.Hits hits) {
        double fx = (cx - ox) * inv, fy = (cy - oy) * inv, fz = (cz - oz) * inv;
        if (!(r <= reach && fx >= 0 && fx < nx && fy >= 0 && fy < ny && fz >= 0 && fz < nz)) {
            return tree.querySphere(cx, cy, cz, r, hits);
        }
        hits.clear();
        int c = ((int) fx * ny + (int) fy) * nz + (int) fz;
        double r2 = r * r;
        double[] b = tree.box;
        int[] nodes = entryNode;
        for (int e = start[c], end = start[c + 1]; e < end; e++) {
            int n = nodes[e];
            if (DynamicAabbTree.distanceSquared(b, 6 * n, cx, cy, cz) <= r2) {
                hits.add(~tree.link[n]);
            }
        }
        return hits;
    }
}
