package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * V-HACD 4 style recursive splitting of a voxel grid by axis-aligned lattice planes: a part whose
 * voxel volume is not within {@code minimumVolumePercentErrorAllowed} of its voxel hull's volume is
 * cut, up to {@code maxRecursionDepth}: candidates are the sharpest per-axis jumps in slice
 * occupancy (concavities) and the midpoint of the longest axis; the one with the smallest summed
 * hull volume of the two halves wins, earlier candidates winning near-ties. Part boxes partition the grid, so every
 * cell (and so every triangle centroid)
 * has exactly one leaf. Deterministic: forking subtrees never changes which plane is chosen.
 */
final class VoxelSplitter {
    /** Fork subtrees with at least this many occupied cells; smaller ones run inline. */
    private static final int FORK_THRESHOLD = 20_000;
    /** Slice-count jumps below this fraction of the largest slice are not concavities. */
    private static final double MIN_JUMP = 0.15;
    /** Relative hull-volume difference below which two cuts count as equally good. */
    private static final double TIE = 1e-3;

    /** A box of cells [lo, hi) per axis, its tight occupied bounds, and the hull of its voxels. */
    record Part(int[] box, int[] tight, int occupied, ConvexHull hull, double errorPercent) {}

    /** A node of the split tree: a leaf part, or a cut at lattice plane {@code plane} along {@code axis}. */
    sealed interface Node permits Leaf, Cut {}

    record Leaf(Part part) implements Node {}

    record Cut(int axis, int plane, Node below, Node above) implements Node {}

    private final VoxelGrid g;
    private final DecompositionParameters p;
    private final double cellVolume;

    VoxelSplitter(VoxelGrid grid, DecompositionParameters params) {
        this.g = grid;
        this.p = params;
        double h = grid.cellSize();
        this.cellVolume = h * h * h;
    }

    /** The whole grid as one part (null if no cell is occupied, which a voxelised mesh never is). */
    Part root() {
        return analyse(new int[] {0, 0, 0, g.nx(), g.ny(), g.nz()});
    }

    /** The split tree below {@code root}; run inside a ForkJoinPool to use its workers. */
    Node split(Part root) {
        return new SplitTask(root, 0).compute();
    }

    /** The leaf owning cell (x,y,z). */
    static Leaf leafOf(Node root, int x, int y, int z) {
        Node n = root;
        while (n instanceof Cut c) {
            int v = c.axis() == 0 ? x : (c.axis() == 1 ? y : z);
            n = v < c.plane() ? c.below() : c.above();
        }
        return (Leaf) n;
    }

    /** Leaf nodes in depth-first (below before above) order. */
    static List<Leaf> leafNodes(Node n) {
        List<Leaf> out = new ArrayList<>();
        collectNodes(n, out);
        return out;
    }

    private static void collectNodes(Node n, List<Leaf> out) {
        if (n instanceof Leaf l) {
            out.add(l);
        } else if (n instanceof Cut c) {
            collectNodes(c.below(), out);
            collectNodes(c.above(), out);
        }
    }

    private final class SplitTask extends RecursiveTask<Node> {
        private final Part part;
        private final int depth;

        SplitTask(Part part, int depth) {
            this.part = part;
            this.depth = depth;
        }

        @Override
        protected Node compute() {
            Choice cut = chooseSplit(part, depth);
            if (cut == null) {
                return new Leaf(part);
            }
            SplitTask below = new SplitTask(cut.below(), depth + 1);
            SplitTask above = new SplitTask(cut.above(), depth + 1);
            Node b, a;
            if (part.occupied() >= FORK_THRESHOLD && getPool() != null) {
                below.fork();
                a = above.compute();
                b = below.join();
            } else {
                b = below.compute();
                a = above.compute();
            }
            return new Cut(cut.axis(), cut.plane(), b, a);
        }
    }

    /** A chosen cut and the two analysed halves. */
    private record Choice(int axis, int plane, Part below, Part above) {}

    /**
     * The two halves of the best cut of {@code part} whatever its error and depth (refinement beyond the
     * recursive split), or null if it is too small to cut.
     */
    Part[] cut(Part part) {
        Choice c = chooseCut(part);
        return c == null ? null : new Part[] {c.below(), c.above()};
    }

    /**
     * Estimated solid volume of {@code part}: its interior cells and half its surface cells (a surface
     * cell is on average about half inside).
     */
    double solidEstimate(Part part) {
        int[] t = part.tight();
        int surface = 0;
        for (int z = t[2]; z < t[5]; z++) {
            for (int y = t[1]; y < t[4]; y++) {
                for (int x = t[0]; x < t[3]; x++) {
                    if (g.state(x, y, z) == VoxelGrid.SURFACE) {
                        surface++;
                    }
                }
            }
        }
        return (part.occupied() - 0.5 * surface) * cellVolume;
    }

    /** The best cut of {@code part}, or null if the part is good enough, too deep or too small to cut. */
    private Choice chooseSplit(Part part, int depth) {
        if (depth >= p.maxRecursionDepth() || part.errorPercent() <= p.minimumVolumePercentErrorAllowed()) {
            return null;
        }
        return chooseCut(part);
    }

    private Choice chooseCut(Part part) {
        int[] t = part.tight();
        int ex = t[3] - t[0], ey = t[4] - t[1], ez = t[5] - t[2];
        int longest = Math.max(ex, Math.max(ey, ez));
        if (longest < Math.max(2, p.minEdgeLength())) {
            return null;
        }
        List<int[]> candidates = concavityPlanes(part);
        if (candidates.size() > 1) {
            candidates = candidates.subList(0, 1); // each candidate costs two hulls: keep the sharpest
        }
        candidates = new ArrayList<>(candidates);
        int la = ex == longest ? 0 : (ey == longest ? 1 : 2);
        int[] mid = {la, t[la] + longest / 2};
        if (candidates.stream().noneMatch(c -> c[0] == mid[0] && c[1] == mid[1])) {
            candidates.add(mid);
        }
        Choice best = null;
        double bestScore = Double.POSITIVE_INFINITY;
        for (int[] c : candidates) {
            int[] lo = part.box().clone(), hi = part.box().clone();
            lo[3 + c[0]] = c[1];
            hi[c[0]] = c[1];
            Part below = analyse(lo), above = analyse(hi);
            double score = Hulls.volume(below.hull()) + Hulls.volume(above.hull());
            // Earlier candidates (sharper concavities) win unless a later one is clearly better: a
            // single cut often cannot lower the hull volume of a ring, yet the concavity cut is right.
            if (best == null || score < bestScore * (1 - TIE)) {
                bestScore = score;
                best = new Choice(c[0], c[1], below, above);
            }
        }
        return best;
    }

    /**
     * Concavity cuts, sharpest first: per axis, the lattice plane between the two adjacent slices of
     * the tight bounds whose occupied-cell counts differ most, if that jump is at least
     * {@link #MIN_JUMP} of the fullest slice (where a wall meets a cavity, a floor meets a ring).
     */
    private List<int[]> concavityPlanes(Part part) {
        int[] t = part.tight();
        int[][] counts = {new int[t[3] - t[0]], new int[t[4] - t[1]], new int[t[5] - t[2]]};
        for (int z = t[2]; z < t[5]; z++) {
            for (int y = t[1]; y < t[4]; y++) {
                for (int x = t[0]; x < t[3]; x++) {
                    if (g.occupied(x, y, z)) {
                        counts[0][x - t[0]]++;
                        counts[1][y - t[1]]++;
                        counts[2][z - t[2]]++;
                    }
                }
            }
        }
        List<double[]> found = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            int[] c = counts[a];
            int max = 0;
            for (int v : c) {
                max = Math.max(max, v);
            }
            int bestK = -1;
            int bestJump = 0;
            for (int k = 1; k < c.length; k++) {
                int jump = Math.abs(c[k] - c[k - 1]);
                if (jump > bestJump) {
                    bestJump = jump;
                    bestK = k;
                }
            }
            if (bestK > 0 && bestJump >= MIN_JUMP * max) {
                found.add(new double[] {(double) bestJump / max, a, t[a] + bestK});
            }
        }
        found.sort((p, q) -> p[0] != q[0] ? Double.compare(q[0], p[0]) : Double.compare(p[1], q[1]));
        List<int[]> out = new ArrayList<>();
        for (double[] f : found) {
            out.add(new int[] {(int) f[1], (int) f[2]});
        }
        return out;
    }

    /**
     * The occupied cells of {@code box}: count, tight bounds, and the hull of the lattice corners that
     * are extreme on all three axis lines through them (every hull vertex of the union of the cell
     * boxes is such a corner, so the hull contains every occupied cell). Null if nothing is occupied.
     */
    Part analyse(int[] box) {
        int x0 = Integer.MAX_VALUE, y0 = Integer.MAX_VALUE, z0 = Integer.MAX_VALUE, x1 = -1, y1 = -1, z1 = -1;
        int count = 0;
        for (int z = box[2]; z < box[5]; z++) {
            for (int y = box[1]; y < box[4]; y++) {
                for (int x = box[0]; x < box[3]; x++) {
                    if (g.occupied(x, y, z)) {
                        count++;
                        x0 = Math.min(x0, x);
                        x1 = Math.max(x1, x);
                        y0 = Math.min(y0, y);
                        y1 = Math.max(y1, y);
                        z0 = Math.min(z0, z);
                        z1 = Math.max(z1, z);
                    }
                }
            }
        }
        if (count == 0) {
            return null;
        }
        int[] tight = {x0, y0, z0, x1 + 1, y1 + 1, z1 + 1};
        // lattice sizes
        int lx = x1 - x0 + 2, ly = y1 - y0 + 2, lz = z1 - z0 + 2;
        // Extremes per cell row along each axis first (two updates per cell and axis), then per lattice line: a
        // line is shared by the four cell rows around it (the same extremes as updating the lines cell by cell).
        int cx = lx - 1, cy = ly - 1, cz = lz - 1;
        int[] rxMin = filled(cy * cz, Integer.MAX_VALUE), rxMax = filled(cy * cz, -1); // row (j,k): j + cy·k
        int[] ryMin = filled(cx * cz, Integer.MAX_VALUE), ryMax = filled(cx * cz, -1); // row (i,k): i + cx·k
        int[] rzMin = filled(cx * cy, Integer.MAX_VALUE), rzMax = filled(cx * cy, -1); // row (i,j): i + cx·j
        for (int z = z0; z <= z1; z++) {
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    if (!g.occupied(x, y, z)) {
                        continue;
                    }
                    int i = x - x0, j = y - y0, k = z - z0;
                    int rx = j + cy * k, ry = i + cx * k, rz = i + cx * j;
                    rxMin[rx] = Math.min(rxMin[rx], i);
                    rxMax[rx] = Math.max(rxMax[rx], i + 1);
                    ryMin[ry] = Math.min(ryMin[ry], j);
                    ryMax[ry] = Math.max(ryMax[ry], j + 1);
                    rzMin[rz] = Math.min(rzMin[rz], k);
                    rzMax[rz] = Math.max(rzMax[rz], k + 1);
                }
            }
        }
        int[] xMin = new int[ly * lz], xMax = new int[ly * lz];
        int[] yMin = new int[lx * lz], yMax = new int[lx * lz];
        int[] zMin = new int[lx * ly], zMax = new int[lx * ly];
        linesFromRows(rxMin, rxMax, cy, cz, xMin, xMax);
        linesFromRows(ryMin, ryMax, cx, cz, yMin, yMax);
        linesFromRows(rzMin, rzMax, cx, cy, zMin, zMax);
        double[] pts = new double[3 * 64];
        int n = 0;
        for (int k = 0; k < lz; k++) {
            for (int j = 0; j < ly; j++) {
                int xs = j + ly * k;
                if (xMax[xs] < 0) {
                    continue;
                }
                for (int end = 0; end < 2; end++) {
                    int i = end == 0 ? xMin[xs] : xMax[xs];
                    int ys = i + lx * k, zs = i + lx * j;
                    if ((yMin[ys] == j || yMax[ys] == j) && (zMin[zs] == k || zMax[zs] == k)) {
                        if (3 * n + 3 > pts.length) {
                            pts = java.util.Arrays.copyOf(pts, pts.length * 2);
                        }
                        pts[3 * n] = g.coordinate(0, x0 + i);
                        pts[3 * n + 1] = g.coordinate(1, y0 + j);
                        pts[3 * n + 2] = g.coordinate(2, z0 + k);
                        n++;
                    }
                }
            }
        }
        ConvexHull hull = Hulls.of(java.util.Arrays.copyOf(pts, 3 * n));
        double hullVolume = Hulls.volume(hull);
        double error = (hullVolume - count * cellVolume) / hullVolume * 100;
        return new Part(box, tight, count, hull, error);
    }

    /**
     * Lattice-line extremes from cell-row extremes: line (u,v) of an (cu+1)×(cv+1) lattice takes the least minimum
     * and greatest maximum of the cell rows (u−1..u, v−1..v) that exist.
     */
    private static void linesFromRows(int[] rowMin, int[] rowMax, int cu, int cv, int[] lineMin, int[] lineMax) {
        int lu = cu + 1;
        for (int v = 0; v <= cv; v++) {
            for (int u = 0; u <= cu; u++) {
                int lo = Integer.MAX_VALUE, hi = -1;
                for (int dv = 0; dv < 2; dv++) {
                    int rv = v - dv;
                    if (rv < 0 || rv >= cv) {
                        continue;
                    }
                    for (int du = 0; du < 2; du++) {
                        int ru = u - du;
                        if (ru >= 0 && ru < cu) {
                            lo = Math.min(lo, rowMin[ru + cu * rv]);
                            hi = Math.max(hi, rowMax[ru + cu * rv]);
                        }
                    }
                }
                lineMin[u + lu * v] = lo;
                lineMax[u + lu * v] = hi;
            }
        }
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
