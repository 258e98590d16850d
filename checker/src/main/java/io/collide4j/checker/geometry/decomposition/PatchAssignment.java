package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Which piece must hold which part of the surface: every triangle is cut into {@link SubTriangle}
 * patches, each owned by one piece. A triangle that straddles leaf boxes is cut along the box faces, so
 * each patch lies in one box, where that leaf's surface-clipped hull holds it: no piece grows across a
 * cut to hold a straddling patch (the looseness of low-polygon meshes such as walls and boxes). A patch
 * its leaf hull still does not hold is halved where it sticks out, down to about a voxel, and the leaf
 * grows by at most that. Immutable once built.
 */
final class PatchAssignment {
    /** At most this many box cuts per triangle (a bound on time for a triangle crossing very many leaves). */
    private static final int MAX_CUTS = 4096;
    /** Straddling patches are halved at most this many times (edges 1/1024 of their triangle's). */
    private static final int MIDPOINT_DEPTH = 10;

    private final TriangleMesh mesh;
    private final SubTriangle[][] patches; // per triangle
    private final int[][] owner; // per triangle, per patch: the piece

    private PatchAssignment(TriangleMesh mesh, SubTriangle[][] patches, int[][] owner) {
        this.mesh = mesh;
        this.patches = patches;
        this.owner = owner;
    }

    /** Every triangle whole, owned by piece 0. */
    static PatchAssignment whole(TriangleMesh mesh) {
        int nt = mesh.triangleCount();
        SubTriangle[][] p = new SubTriangle[nt][];
        int[][] o = new int[nt][];
        for (int t = 0; t < nt; t++) {
            p[t] = new SubTriangle[] {SubTriangle.whole(t)};
            o[t] = new int[1];
        }
        return new PatchAssignment(mesh, p, o);
    }

    /**
     * Patches owned by the leaf hull (given by its planes) they stick out of least (summed corner
     * overshoot; lowest index on ties) among the leaves whose cell boxes ({@code boxes}: cells [lo,hi) per
     * axis, partitioning the grid) come within a cell of the patch (all leaves if none does). A patch is
     * subdivided while that overshoot exceeds {@code tolerance} and its edges are longer than
     * {@code minEdge}; results do not depend on the pool's size.
     */
    static PatchAssignment assign(
            TriangleMesh mesh,
            double[][] planes,
            VoxelGrid grid,
            List<int[]> boxes,
            double tolerance,
            double minEdge,
            ForkJoinPool pool) {
        int nt = mesh.triangleCount();
        SubTriangle[][] p = new SubTriangle[nt][];
        int[][] o = new int[nt][];
        int[] all = IntStream.range(0, planes.length).toArray();
        pool.submit(() -> IntStream.range(0, nt).parallel().forEach(t -> {
                    int cap = (int) Math.min(
                            MIDPOINT_DEPTH,
                            Math.max(0, Math.ceil(Math.log(SubTriangle.longestEdge(mesh, t) / minEdge) / Math.log(2))));
                    Walk w = new Walk(mesh, planes, grid, boxes, tolerance, cap);
                    w.collect(SubTriangle.whole(t), all);
                    p[t] = w.out.toArray(new SubTriangle[0]);
                    o[t] = w.own.stream().mapToInt(Integer::intValue).toArray();
                }))
                .join();
        return new PatchAssignment(mesh, p, o);
    }

    /** One triangle's patches and owners, with scratch (one per triangle: no sharing between threads). */
    private static final class Walk {
        final TriangleMesh mesh;
        final double[][] planes;
        final VoxelGrid grid;
        final List<int[]> boxes;
        final double tolerance;
        final int cap;
        final double[] c = new double[9];
        final List<SubTriangle> out = new ArrayList<>(1);
        final List<Integer> own = new ArrayList<>(1);
        int cuts;

        Walk(TriangleMesh mesh, double[][] planes, VoxelGrid grid, List<int[]> boxes, double tolerance, int cap) {
            this.mesh = mesh;
            this.planes = planes;
            this.grid = grid;
            this.boxes = boxes;
            this.tolerance = tolerance;
            this.cap = cap;
        }

        /** {@code within}: ascending leaves whose boxes meet the parent's range (a superset of this patch's). */
        void collect(SubTriangle s, int[] within) {
            s.corners(mesh, c);
            int[] cand = candidates(within);
            int[] scan = cand.length == 0 ? within : cand;
            if (cuts < MAX_CUTS) {
                SubTriangle[] parts = cutAtBox(s, scan);
                if (parts != null) {
                    cuts++;
                    for (SubTriangle part : parts) {
                        collect(part, scan);
                    }
                    return;
                }
            }
            int best = -1;
            double bestCost = Double.POSITIVE_INFINITY;
            for (int k = 0; k < scan.length && bestCost > 0; k++) {
                int i = scan[k];
                double cost = 0;
                for (int v = 0; v < 9 && cost < bestCost; v += 3) {
                    cost += Math.max(0, Hulls.violation(planes[i], c[v], c[v + 1], c[v + 2]));
                }
                if (cost < bestCost) {
                    bestCost = cost;
                    best = i;
                }
            }
            if (bestCost <= tolerance || s.depth() >= cap) {
                out.add(s);
                own.add(best);
                return;
            }
            SubTriangle[] children = s.children();
            if (children == null) {
                out.add(s);
                own.add(best);
                return;
            }
            for (SubTriangle child : children) {
                collect(child, scan);
            }
        }

        /**
         * The parts of {@code s} (corners in {@link #c}) on either side of the face of the leaf box holding
         * its centroid that its corners cross farthest (by more than a rounding-sized slack), or null if the
         * patch lies in that box: each part then lies in fewer boxes, and once in one box it is in that leaf's
         * surface-clipped hull, so no piece grows across a cut to hold a straddling patch.
         */
        private SubTriangle[] cutAtBox(SubTriangle s, int[] scan) {
            int[] cell = new int[3];
            for (int a = 0; a < 3; a++) {
                cell[a] = grid.cellIndex(a, (c[a] + c[3 + a] + c[6 + a]) / 3);
            }
            int[] box = null;
            for (int i : scan) {
                int[] b = boxes.get(i);
                if (b[0] <= cell[0]
                        && cell[0] < b[3]
                        && b[1] <= cell[1]
                        && cell[1] < b[4]
                        && b[2] <= cell[2]
                        && cell[2] < b[5]) {
                    box = b;
                    break;
                }
            }
            if (box == null) {
                return null;
            }
            double slack = 1e-9 * grid.cellSize();
            double worst = slack;
            int axis = -1;
            double at = 0;
            for (int a = 0; a < 3; a++) {
                double lo = grid.coordinate(a, box[a]), hi = grid.coordinate(a, box[3 + a]);
                for (int v = a; v < 9; v += 3) {
                    if (lo - c[v] > worst) {
                        worst = lo - c[v];
                        axis = a;
                        at = lo;
                    }
                    if (c[v] - hi > worst) {
                        worst = c[v] - hi;
                        axis = a;
                        at = hi;
                    }
                }
            }
            if (axis < 0) {
                return null;
            }
            double[] plane = new double[4];
            plane[axis] = 1;
            plane[3] = at;
            return s.splitBy(plane, 0, c);
        }

        /** The leaves of {@code within} whose boxes meet the cells within one cell of the corners' bounds. */
        private int[] candidates(int[] within) {
            int[] lo = new int[3], hi = new int[3];
            for (int a = 0; a < 3; a++) {
                double mn = Math.min(c[a], Math.min(c[3 + a], c[6 + a])),
                        mx = Math.max(c[a], Math.max(c[3 + a], c[6 + a]));
                lo[a] = Math.max(0, grid.cellIndex(a, mn) - 1);
                hi[a] = Math.min(grid.n(a) - 1, grid.cellIndex(a, mx) + 1);
            }
            int[] out = new int[within.length];
            int n = 0;
            for (int i : within) {
                int[] b = boxes.get(i);
                if (b[0] <= hi[0] && lo[0] < b[3] && b[1] <= hi[1] && lo[1] < b[4] && b[2] <= hi[2] && lo[2] < b[5]) {
                    out[n++] = i;
                }
            }
            return java.util.Arrays.copyOf(out, n);
        }
    }

    /** The same patches, piece i becoming {@code map[i]} (e.g. leaves to merged pieces). */
    PatchAssignment remap(int[] map) {
        int[][] o = new int[owner.length][];
        for (int t = 0; t < owner.length; t++) {
            o[t] = new int[owner[t].length];
            for (int k = 0; k < o[t].length; k++) {
                o[t][k] = map[owner[t][k]];
            }
        }
        return new PatchAssignment(mesh, patches, o);
    }

    int patchCount() {
        int n = 0;
        for (SubTriangle[] p : patches) {
            n += p.length;
        }
        return n;
    }

    /** Per piece (0..pieces-1), the corner coordinates of the patches it owns. */
    double[][] points(int pieces) {
        int[] count = new int[pieces];
        for (int[] o : owner) {
            for (int i : o) {
                count[i]++;
            }
        }
        double[][] pts = new double[pieces][];
        for (int i = 0; i < pieces; i++) {
            pts[i] = new double[9 * count[i]];
        }
        int[] fill = new int[pieces];
        double[] c = new double[9];
        for (int t = 0; t < patches.length; t++) {
            for (int k = 0; k < patches[t].length; k++) {
                int i = owner[t][k];
                patches[t][k].corners(mesh, c);
                System.arraycopy(c, 0, pts[i], fill[i], 9);
                fill[i] += 9;
            }
        }
        return pts;
    }

    /**
     * True if the pieces hold every triangle up to its {@link SubTriangle#roundingBound}: each triangle, or each
     * patch of its adaptive subdivision, satisfies every plane of one piece at its three corners within that
     * bound. A patch that no piece holds but whose corners each lie in some piece is cut along a face of a
     * piece holding some of them ({@link SubTriangle#cutAlongHolder}: pieces meeting at a common face), or
     * where no such face cuts it split at its edge midpoints, down to {@link SubTriangle#MAX_DEPTH} and at most
     * {@link #MAX_CHECKED_PATCHES} patches in all.
     */
    static boolean covers(List<ConvexHull> pieces, TriangleMesh mesh) {
        double[][] planes = new double[pieces.size()][];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = Hulls.planes(pieces.get(i));
        }
        double[] c = new double[9];
        int[] budget = {MAX_CHECKED_PATCHES};
        for (int t = 0; t < mesh.triangleCount(); t++) {
            if (!covered(mesh, SubTriangle.whole(t), planes, c, SubTriangle.roundingBound(mesh, t), budget)) {
                return false;
            }
        }
        return true;
    }

    /** At most this many patches are examined by {@link #covers} (a bound on time for pieces that do not cover). */
    static final int MAX_CHECKED_PATCHES = 4_000_000;

    private static boolean covered(
            TriangleMesh mesh, SubTriangle s, double[][] planes, double[] c, double slack, int[] budget) {
        s.corners(mesh, c);
        boolean[] cornerIn = new boolean[3];
        for (double[] pl : planes) {
            boolean all = true;
            for (int k = 0; k < 3; k++) {
                boolean in = Hulls.holds(pl, c[3 * k], c[3 * k + 1], c[3 * k + 2], slack);
                cornerIn[k] |= in;
                all &= in;
            }
            if (all) {
                return true;
            }
        }
        if (!(cornerIn[0] && cornerIn[1] && cornerIn[2])) {
            return false;
        }
        SubTriangle[] parts = s.cutAlongHolder(planes, c, slack);
        if (parts == null) {
            parts = s.children();
        }
        if (parts == null || (budget[0] -= parts.length) < 0) {
            return false;
        }
        for (SubTriangle part : parts) {
            if (!covered(mesh, part, planes, c, slack, budget)) {
                return false;
            }
        }
        return true;
    }
}
