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
 * recursively by axis-aligned planes while the voxel hull's volume error is too large, then split the
 * loosest leaves further (largest hull volume over estimated solid volume) until twice the hull budget
 * exist, hull each leaf, merge the
 * neighbours whose joint hull adds least volume down to the hull budget (and on while the total stays
 * within {@code maxVolumeExcess}, or while a merge adds no volume), enclose each piece within the vertex
 * budget. With shrink-wrapping a leaf's hull is that of the mesh triangles clipped to its cell box ({@link
 * ClippedSurfaceHull}), so it hugs the surface instead of standing a voxel proud of it. Unlike V-HACD,
 * every triangle is then covered: where it straddles leaves it is cut along their box faces into {@link
 * SubTriangle} patches, each lying in one box and so held by that leaf's hull (a patch the hull does not
 * hold, e.g. beside a voxel-hull fallback, is halved down to about half a voxel and goes to the leaf it
 * sticks out of least, which grows to hold it); each piece is
 * made to hold its patches' corners exactly (checked against the piece's planes before returning; a
 * violation throws, never returns), so the pieces' union holds the whole surface. With
 * {@code shrinkWrap == false} every occupied voxel is inside a piece too (up to QuickHull's coplanarity
 * tolerance); shrink-wrapping gives up that interior guarantee (the surface guarantee stays). A closed
 * mesh whose hull is within {@code minimumVolumePercentErrorAllowed} of its volume is returned as its
 * (vertex-limited) hull without voxelising. Each piece is a fixed point of QuickHull (hulling its
 * vertices gives the same vertex set) with no sliver face whose plane misses its corners. The output is
 * identical for any thread count, and {@link Decomposition#pieces()} can back a robot model's convex
 * pieces directly ({@code robot.PieceCover} measures the margin on the verified patches, {@link
 * Decomposition#coverPatches}). Stateless and
 * thread-safe.
 */
public final class Decomposer {
    /**
     * Steps a decomposition reports to its progress hook: voxelised, split, leaves hulled (with their triangles),
     * merged, vertex-limited, coverage checked. A mesh convex enough for one piece goes straight to the last.
     */
    public static final int STEPS = 6;
    /**
     * Version of the algorithm's output, part of the cache key: bump it whenever the pieces for given
     * parameters change. 2: triangles straddling leaves are covered by sub-triangles. 3: sub-triangles are
     * cut along leaf-box faces; merges that add no volume go on past the hull budget. 4: pieces cut back to
     * the mesh's hull ({@link HullClip}) where that, vertex-limited, stands less far past it.
     */
    public static final int ALGORITHM_VERSION = 4;
    /** A patch sticking out of its leaf hull by at most this many cells (summed over its corners) is not split. */
    private static final double PATCH_TOLERANCE = 0.25;
    /** Straddling patches are split down to edges of about this many cells. */
    private static final double PATCH_EDGE = 0.5;
    /**
     * Past the hull budget, a merge adding at most this fraction of the mesh volume is still made: the
     * joint hull is as tight as its two pieces (boxes of one slab, pieces of one flat wall), so the result
     * has fewer pieces and no more excess.
     */
    private static final double FREE_MERGE = 1e-6;
    /** Refinement splits the loosest leaves until this many times the hull budget exist (then merging). */
    private static final int REFINE_FACTOR = 2;

    private Decomposer() {}

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
            return run(mesh, params, pool, start, stepsDone == null ? done -> {} : stepsDone);
        } finally {
            pool.shutdown();
        }
    }

    private static Decomposition run(
            TriangleMesh mesh, DecompositionParameters p, ForkJoinPool pool, long start, LongConsumer stepsDone) {
        MeshSolid solid = MeshSolid.of(mesh);
        double[] used = usedVertices(mesh);
        ConvexHull whole;
        try {
            whole = Hulls.of(used);
        } catch (IllegalArgumentException flat) {
            throw new IllegalArgumentException(
                    "cannot decompose " + mesh + ": its vertices span no volume (" + flat.getMessage()
                            + "); convex pieces need a solid",
                    flat);
        }
        if (solid.closed()
                && (Hulls.volume(whole) - solid.volume()) / Hulls.volume(whole) * 100
                        <= p.minimumVolumePercentErrorAllowed()) {
            // Convex enough already: one piece, no voxels.
            ConvexHull one = VertexLimiter.limit(whole, p.maxNumVerticesPerCH());
            Decomposition d =
                    finish(mesh, List.of(one), PatchAssignment.whole(mesh), solid, solid.volume(), 0, start, pool);
            stepsDone.accept(STEPS);
            return d;
        }
        VoxelGrid grid = VoxelGrid.voxelize(mesh, p.resolution());
        stepsDone.accept(1);
        VoxelSplitter splitter = new VoxelSplitter(grid, p);
        VoxelSplitter.Part root = splitter.root();
        VoxelSplitter.Node tree = pool.submit(() -> splitter.split(root)).join();
        SurfaceProjector projector = p.shrinkWrap() ? new SurfaceProjector(grid, mesh) : null;
        List<VoxelSplitter.Part> leaves = new ArrayList<>();
        for (VoxelSplitter.Leaf l : VoxelSplitter.leafNodes(tree)) {
            leaves.add(l.part());
        }
        List<ConvexHull> hulls = new ArrayList<>(Arrays.asList(new ConvexHull[leaves.size()]));
        pool.submit(() -> IntStream.range(0, leaves.size())
                        .parallel()
                        .forEach(i -> hulls.set(i, wrap(leaves.get(i), projector, grid, mesh))))
                .join();
        double targetVolume = (1 + p.maxVolumeExcess())
                * (solid.closed()
                        ? solid.volume()
                        : (grid.interiorCount() + 0.5 * grid.surfaceCount()) * Math.pow(grid.cellSize(), 3));
        refine(splitter, leaves, hulls, REFINE_FACTOR * p.maxConvexHulls(), projector, grid, mesh);
        stepsDone.accept(2);
        ConvexHull[] wrapped = hulls.toArray(new ConvexHull[0]);
        // Coverage: each triangle, or where it straddles leaves each of its sub-triangles, joins the
        // leaf it sticks out of least, whose hull then grows to hold it before merging, so merge costs
        // see the real (surface-holding) pieces.
        double[][] planes = new double[leaves.size()][];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = Hulls.planes(wrapped[i]);
        }
        List<int[]> boxes = new ArrayList<>();
        for (VoxelSplitter.Part l : leaves) {
            boxes.add(l.box());
        }
        PatchAssignment patches = PatchAssignment.assign(
                mesh, planes, grid, boxes, PATCH_TOLERANCE * grid.cellSize(), PATCH_EDGE * grid.cellSize(), pool);
        double[][] extra = patches.points(leaves.size());
        ConvexHull[] leafHulls = new ConvexHull[leaves.size()];
        pool.submit(() -> IntStream.range(0, leafHulls.length).parallel().forEach(i -> {
                    // Points the hull holds up to a rounding-sized slack cannot change it much; finish() makes
                    // the final pieces hold every patch exactly.
                    double[] out = distinct(outside(planes[i], extra[i], 1e-6 * grid.cellSize()));
                    leafHulls[i] = out.length == 0 ? wrapped[i] : Hulls.of(concat(Hulls.vertices(wrapped[i]), out));
                }))
                .join();
        stepsDone.accept(3);
        HullMerger.Result merged = HullMerger.merge(
                Arrays.asList(leafHulls),
                boxes,
                p.maxConvexHulls(),
                targetVolume,
                FREE_MERGE * targetVolume / (1 + p.maxVolumeExcess()),
                h -> VertexLimiter.limit(h, p.maxNumVerticesPerCH()).volume(),
                pool);
        stepsDone.accept(4);
        PatchAssignment piecePatches = patches.remap(merged.owner());
        List<ConvexHull> pieces = merged.hulls();
        ConvexHull[] limited = new ConvexHull[pieces.size()];
        double[] wholePlanes = Hulls.planes(whole);
        double[][] piecePoints = piecePatches.points(limited.length);
        // cut back to the mesh's hull what voxels and vertex limiting put past it (HullClip), then limit again
        pool.submit(() -> IntStream.range(0, limited.length).parallel().forEach(i -> {
                    ConvexHull piece = VertexLimiter.limit(pieces.get(i), p.maxNumVerticesPerCH());
                    if (!p.shrinkWrap()) { // then pieces hold every occupied voxel, also those past the mesh's hull
                        limited[i] = piece;
                        return;
                    }
                    ConvexHull cut = VertexLimiter.limit(
                            HullClip.clip(piece, wholePlanes, piecePoints[i]), p.maxNumVerticesPerCH());
                    // the vertex limit encloses again and may put back what the cut removed: keep the cut piece only
                    // where it stands less far past the mesh's hull
                    limited[i] = HullClip.protrusion(cut, wholePlanes) < HullClip.protrusion(piece, wholePlanes)
                            ? cut
                            : piece;
                }))
                .join();
        stepsDone.accept(5);
        double h3 = Math.pow(grid.cellSize(), 3);
        double meshVolume = solid.closed() ? solid.volume() : (grid.interiorCount() + 0.5 * grid.surfaceCount()) * h3;
        Decomposition parts = finish(
                mesh,
                Arrays.asList(limited),
                piecePatches,
                solid,
                meshVolume,
                grid.interiorCount() + grid.surfaceCount(),
                start,
                pool);
        // Never worse than one hull: if the pieces' union is not smaller than the (vertex-limited)
        // hull of the whole mesh, that hull is the better (and cheaper) cover.
        ConvexHull one = VertexLimiter.limit(whole, p.maxNumVerticesPerCH());
        if (parts.pieces().size() > 1 && parts.stats().unionVolume() >= one.volume()) {
            parts = finish(
                    mesh,
                    List.of(one),
                    PatchAssignment.whole(mesh),
                    solid,
                    meshVolume,
                    parts.stats().voxels(),
                    start,
                    pool);
        }
        stepsDone.accept(STEPS);
        return parts;
    }

    /**
     * Splits the loosest leaf (largest hull volume over its estimated solid volume) by the splitter's best
     * cut, again and again, while fewer than {@code maxLeaves} leaves exist: where the recursive split stopped early (parts within the voxel error
     * bound, whose hulls still stand proud of thin or curved walls), the piece budget is spent on
     * tightness; merging then returns to the budget by least volume increase. Deterministic (lowest index
     * wins ties; halves replace their parent in place, the upper half appended).
     */
    private static void refine(
            VoxelSplitter splitter,
            List<VoxelSplitter.Part> leaves,
            List<ConvexHull> hulls,
            int maxLeaves,
            SurfaceProjector projector,
            VoxelGrid grid,
            TriangleMesh mesh) {
        List<Double> excess = new ArrayList<>();
        for (int i = 0; i < leaves.size(); i++) {
            excess.add(Hulls.volume(hulls.get(i)) - splitter.solidEstimate(leaves.get(i)));
        }
        boolean[] done = new boolean[maxLeaves + 1];
        while (leaves.size() < maxLeaves) {
            int best = -1;
            for (int i = 0; i < leaves.size(); i++) {
                if (!done[i] && (best < 0 || excess.get(i) > excess.get(best))) {
                    best = i;
                }
            }
            if (best < 0 || excess.get(best) <= 0) {
                return;
            }
            VoxelSplitter.Part[] halves = splitter.cut(leaves.get(best));
            if (halves == null) {
                done[best] = true;
                continue;
            }
            // No gain test: one cut of a ring-like leaf often does not shrink its hull, the next one does.
            ConvexHull[] h2 = {wrap(halves[0], projector, grid, mesh), wrap(halves[1], projector, grid, mesh)};
            for (int k = 0; k < 2; k++) {
                ConvexHull h = h2[k];
                double e = Hulls.volume(h) - splitter.solidEstimate(halves[k]);
                if (k == 0) {
                    leaves.set(best, halves[0]);
                    hulls.set(best, h);
                    excess.set(best, e);
                } else {
                    leaves.add(halves[1]);
                    hulls.add(h);
                    excess.add(e);
                }
            }
        }
    }

    /** The voxel hull, its vertices pulled onto the nearby surface when shrink-wrapping. */
    private static ConvexHull wrap(
            VoxelSplitter.Part part, SurfaceProjector projector, VoxelGrid grid, TriangleMesh mesh) {
        ConvexHull voxelHull = part.hull();
        if (projector == null) {
            return voxelHull;
        }
        ConvexHull clipped = ClippedSurfaceHull.of(grid, mesh, part.tight());
        if (clipped != null && Hulls.volume(clipped) > 1e-6 * Hulls.volume(voxelHull)) {
            return clipped;
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

    /** The points of {@code xyz} that violate some plane by more than {@code slack}. */
    private static double[] outside(double[] planes, double[] xyz, double slack) {
        double[] out = new double[xyz.length];
        int n = 0;
        for (int i = 0; i < xyz.length; i += 3) {
            if (Hulls.violation(planes, xyz[i], xyz[i + 1], xyz[i + 2]) > slack) {
                System.arraycopy(xyz, i, out, n, 3);
                n += 3;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The distinct (x,y,z) triples of {@code xyz}, in sorted order. */
    static double[] distinct(double[] xyz) {
        int n = xyz.length / 3;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            for (int k = 0; k < 3; k++) {
                int c = Double.compare(xyz[3 * a + k], xyz[3 * b + k]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        double[] out = new double[xyz.length];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int k = 3 * order[i];
            if (m == 0 || out[m - 3] != xyz[k] || out[m - 2] != xyz[k + 1] || out[m - 1] != xyz[k + 2]) {
                System.arraycopy(xyz, k, out, m, 3);
                m += 3;
            }
        }
        return Arrays.copyOf(out, m);
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
    private static Decomposition finish(
            TriangleMesh mesh,
            List<ConvexHull> pieces,
            PatchAssignment patches,
            MeshSolid solid,
            double meshVolume,
            int voxels,
            long start,
            ForkJoinPool pool) {
        int np = pieces.size();
        double[][] pts = patches.points(np);
        ConvexHull[] done = new ConvexHull[np];
        // Pieces are independent: one per worker, each result the same as computed alone.
        pool.submit(() -> IntStream.range(0, np).parallel().forEach(i -> {
                    // Only points outside the piece can drive its inflation; patch corners repeat (up to six patches).
                    double[] out = distinct(outside(Hulls.planes(pieces.get(i)), pts[i], 0));
                    done[i] = Hulls.canonical(Hulls.inflateToContain(pieces.get(i), out), pts[i]);
                }))
                .join();
        for (int i = 0; i < np; i++) {
            if (!Hulls.containsAll(done[i], pts[i])) {
                throw new IllegalStateException("coverage violated for piece " + i + " of " + mesh);
            }
        }
        List<ConvexHull> out = Arrays.asList(done);
        double rounding = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            rounding = Math.max(rounding, SubTriangle.roundingBound(mesh, t));
        }
        double millis = (System.nanoTime() - start) / 1e6;
        return new Decomposition(
                out,
                DecompositionStats.of(out, meshVolume, solid.closed(), voxels, millis),
                new CoverPatches(pts, rounding));
    }
}
