package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * Convex decomposition with a coverage guarantee, after V-HACD 4 (K. Mamou): voxelise, split parts
 * recursively by axis-aligned planes while the voxel hull's volume error is too large, hull each
 * leaf, merge cheapest neighbours down to the hull budget, enclose each piece within the vertex
 * budget. Unlike V-HACD, each triangle is then assigned to the merged piece it sticks out of least
 * and its vertices join that piece's hull points, so every triangle ends up inside one piece
 * (checked exactly against the piece's planes before returning; a violation throws, never returns).
 * With {@code shrinkWrap == false} every occupied voxel is inside a piece too (up to QuickHull's
 * coplanarity tolerance); shrink-wrapping pulls voxel-hull vertices onto the nearby surface and so
 * gives up that interior guarantee (the surface guarantee stays). A closed mesh whose hull is within
 * {@code minimumVolumePercentErrorAllowed} of its volume is returned as its (vertex-limited) hull
 * without voxelising. Each piece is a fixed point of QuickHull (hulling its vertices gives the same
 * vertex set) with no sliver face whose plane misses its corners. The output is identical for any
 * thread count, and {@link Decomposition#pieces()} can back a robot model's convex pieces directly.
 * Stateless and thread-safe.
 */
public final class Decomposer {
    /**
     * Steps a decomposition reports to its progress hook: voxelised, split, leaves hulled (with their triangles),
     * merged, vertex-limited, coverage checked. A mesh convex enough for one piece goes straight to the last.
     */
    public static final int STEPS = 6;

    private Decomposer() {
    }

    /** Decomposes {@code mesh}; no cache (see {@link DecompositionCache}). */
    public static Decomposition decompose(TriangleMesh mesh, DecompositionParameters params) {
        return decompose(mesh, params, null);
    }

    /**
     * As {@link #decompose(TriangleMesh, DecompositionParameters)}, calling {@code stepsDone} (null: none) on the
     * calling thread as each of the {@link #STEPS} steps ends, with the number ended so far (increasing, the last
     * call {@value #STEPS}), for progress display; the pieces are those without it.
     */
    public static Decomposition decompose(TriangleMesh mesh, DecompositionParameters params, LongConsumer stepsDone) {
        if (mesh.triangleCount() == 0) {
            throw new IllegalArgumentException("cannot decompose " + mesh + ": it has no triangles");
        }
        long start = System.nanoTime();
        ForkJoinPool pool = new ForkJoinPool(params.threads());
        try {
            return run(mesh, params, pool, start, stepsDone == null ? done -> { } : stepsDone);
        } finally {
            pool.shutdown();
        }
    }

    private static Decomposition run(TriangleMesh mesh, DecompositionParameters p, ForkJoinPool pool, long start,
            LongConsumer stepsDone) {
        MeshSolid solid = MeshSolid.of(mesh);
        double[] used = usedVertices(mesh);
        ConvexHull whole;
        try {
            whole = Hulls.of(used);
        } catch (IllegalArgumentException flat) {
            throw new IllegalArgumentException("cannot decompose " + mesh + ": its vertices span no volume ("
                    + flat.getMessage() + "); convex pieces need a solid", flat);
        }
        if (solid.closed() && (Hulls.volume(whole) - solid.volume()) / Hulls.volume(whole) * 100
                <= p.minimumVolumePercentErrorAllowed()) {
            // Convex enough already: one piece, no voxels.
            ConvexHull one = VertexLimiter.limit(whole, p.maxNumVerticesPerCH());
            Decomposition d = finish(mesh, List.of(one), new int[mesh.triangleCount()], solid, solid.volume(), 0, start);
            stepsDone.accept(STEPS);
            return d;
        }
        VoxelGrid grid = VoxelGrid.voxelize(mesh, p.resolution());
        stepsDone.accept(1);
        VoxelSplitter splitter = new VoxelSplitter(grid, p);
        VoxelSplitter.Part root = splitter.root();
        VoxelSplitter.Node tree = pool.submit(() -> splitter.split(root)).join();
        List<VoxelSplitter.Leaf> leaves = VoxelSplitter.leafNodes(tree);
        stepsDone.accept(2);
        SurfaceProjector projector = p.shrinkWrap() ? new SurfaceProjector(grid, mesh) : null;
        ConvexHull[] wrapped = new ConvexHull[leaves.size()];
        pool.submit(() -> IntStream.range(0, leaves.size()).parallel().forEach(i -> wrapped[i] = wrap(
                leaves.get(i).part().hull(), projector))).join();
        // Coverage: each triangle joins the leaf it sticks out of least, whose hull then grows to hold
        // it before merging, so merge costs see the real (triangle-holding) pieces.
        int nt = mesh.triangleCount();
        int[] triLeaf = new int[nt];
        double[][] planes = new double[leaves.size()][];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = Hulls.planes(wrapped[i]);
        }
        pool.submit(() -> IntStream.range(0, nt).parallel().forEach(t -> triLeaf[t] = leastOutside(mesh, t, planes)))
                .join();
        double[][] extra = trianglePoints(mesh, triLeaf, leaves.size());
        ConvexHull[] leafHulls = new ConvexHull[leaves.size()];
        pool.submit(() -> IntStream.range(0, leafHulls.length).parallel().forEach(i -> leafHulls[i] =
                extra[i].length == 0 ? wrapped[i] : Hulls.of(concat(Hulls.vertices(wrapped[i]), extra[i])))).join();
        stepsDone.accept(3);
        List<int[]> boxes = new ArrayList<>();
        for (VoxelSplitter.Leaf l : leaves) {
            boxes.add(l.part().box());
        }
        HullMerger.Result merged = HullMerger.merge(Arrays.asList(leafHulls), boxes, p.maxConvexHulls(), pool);
        stepsDone.accept(4);
        int[] triPiece = new int[nt];
        for (int t = 0; t < nt; t++) {
            triPiece[t] = merged.owner()[triLeaf[t]];
        }
        List<ConvexHull> pieces = merged.hulls();
        ConvexHull[] limited = new ConvexHull[pieces.size()];
        pool.submit(() -> IntStream.range(0, limited.length).parallel().forEach(i -> limited[i] =
                VertexLimiter.limit(pieces.get(i), p.maxNumVerticesPerCH()))).join();
        stepsDone.accept(5);
        double h3 = Math.pow(grid.cellSize(), 3);
        double meshVolume = solid.closed() ? solid.volume() : (grid.interiorCount() + 0.5 * grid.surfaceCount()) * h3;
        Decomposition parts = finish(mesh, Arrays.asList(limited), triPiece, solid, meshVolume,
                grid.interiorCount() + grid.surfaceCount(), start);
        // Never worse than one hull: if the pieces' union is not smaller than the (vertex-limited)
        // hull of the whole mesh, that hull is the better (and cheaper) cover.
        ConvexHull one = VertexLimiter.limit(whole, p.maxNumVerticesPerCH());
        if (parts.pieces().size() > 1 && parts.stats().unionVolume() >= one.volume()) {
            parts = finish(mesh, List.of(one), new int[nt], solid, meshVolume, parts.stats().voxels(), start);
        }
        stepsDone.accept(STEPS);
        return parts;
    }

    /** The hull whose planes triangle t's vertices exceed least (summed overshoot; lowest index on ties). */
    private static int leastOutside(TriangleMesh mesh, int t, double[][] planes) {
        int best = 0;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int i = 0; i < planes.length && bestCost > 0; i++) {
            double cost = 0;
            for (int c = 0; c < 3 && cost < bestCost; c++) {
                int v = mesh.index(t, c);
                cost += Math.max(0, Hulls.violation(planes[i], mesh.vertex(v, 0), mesh.vertex(v, 1), mesh.vertex(v, 2)));
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = i;
            }
        }
        return best;
    }

    /** Per piece, the coordinates of the vertices of the triangles assigned to it. */
    private static double[][] trianglePoints(TriangleMesh mesh, int[] triPiece, int pieces) {
        int[] count = new int[pieces];
        for (int i : triPiece) {
            count[i]++;
        }
        double[][] pts = new double[pieces][];
        for (int i = 0; i < pieces; i++) {
            pts[i] = new double[9 * count[i]];
        }
        int[] fill = new int[pieces];
        for (int t = 0; t < triPiece.length; t++) {
            int i = triPiece[t];
            for (int c = 0; c < 3; c++) {
                for (int a = 0; a < 3; a++) {
                    pts[i][fill[i]++] = mesh.vertex(mesh.index(t, c), a);
                }
            }
        }
        return pts;
    }

    /** The voxel hull, its vertices pulled onto the nearby surface when shrink-wrapping. */
    private static ConvexHull wrap(ConvexHull voxelHull, SurfaceProjector projector) {
        if (projector == null) {
            return voxelHull;
        }
        double[] vox = Hulls.vertices(voxelHull);
        double[] wrapped = vox.clone();
        double[] q = new double[3];
        for (int i = 0; i < wrapped.length; i += 3) {
            if (projector.project(vox[i], vox[i + 1], vox[i + 2], q)) {
                wrapped[i] = q[0];
                wrapped[i + 1] = q[1];
                wrapped[i + 2] = q[2];
            }
        }
        ConvexHull h = tryHull(wrapped);
        // Wrapped points can collapse onto one flat patch; then the voxel hull stays.
        return h != null && Hulls.volume(h) > 1e-6 * Hulls.volume(voxelHull) ? h : voxelHull;
    }

    private static ConvexHull tryHull(double[] xyz) {
        try {
            return Hulls.of(xyz);
        } catch (IllegalArgumentException degenerate) {
            return null;
        }
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static double[] usedVertices(TriangleMesh mesh) {
        boolean[] used = new boolean[mesh.vertexCount()];
        int n = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = mesh.index(t, c);
                if (!used[v]) {
                    used[v] = true;
                    n++;
                }
            }
        }
        double[] out = new double[3 * n];
        int k = 0;
        for (int v = 0; v < used.length; v++) {
            if (used[v]) {
                out[k++] = mesh.vertex(v, 0);
                out[k++] = mesh.vertex(v, 1);
                out[k++] = mesh.vertex(v, 2);
            }
        }
        return out;
    }

    /** Makes each piece contain its triangles exactly, verifies that, and packages the result. */
    private static Decomposition finish(TriangleMesh mesh, List<ConvexHull> pieces, int[] triPiece, MeshSolid solid,
            double meshVolume, int voxels, long start) {
        int np = pieces.size();
        double[][] pts = trianglePoints(mesh, triPiece, np);
        List<ConvexHull> out = new ArrayList<>(np);
        for (int i = 0; i < np; i++) {
            ConvexHull h = Hulls.canonical(Hulls.inflateToContain(pieces.get(i), pts[i]), pts[i]);
            if (!Hulls.containsAll(h, pts[i])) {
                throw new IllegalStateException("coverage violated for piece " + i + " of " + mesh);
            }
            out.add(h);
        }
        double millis = (System.nanoTime() - start) / 1e6;
        return new Decomposition(out, DecompositionStats.of(out, meshVolume, solid.closed(), voxels, millis));
    }
}
