package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.urdf.TriangleMesh;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Meshes as the pieces of a convex decomposition ({@link Decomposer}), read from and written to a
 * {@link DecompositionCache} so a robot builds fast the second time. Coverage is not taken on trust:
 * the covering margin is measured against the mesh like a single hull's ({@link PieceCover}). A mesh
 * that decomposes into one piece gets the plain QuickHull of its vertices instead, which is never
 * larger than the decomposer's vertex-limited enclosing hull. Immutable and thread-safe; the covers built are kept
 * for the process in a synchronized memo ({@link #pieces}), so a robot built again costs no second measurement.
 */
public final class DecompositionPieces implements ConvexPieceProvider {
    private final DecompositionParameters params;
    private final DecompositionCache cache; // null: always compute

    private DecompositionPieces(DecompositionParameters params, DecompositionCache cache) {
        this.params = params;
        this.cache = cache;
    }

    /** Decompositions cached under {@link DecompositionCache#defaultDirectory()}. */
    public static DecompositionPieces cached(DecompositionParameters params) {
        return new DecompositionPieces(params, DecompositionCache.defaultCache());
    }

    /** Decompositions cached in {@code directory} (created when first written). */
    public static DecompositionPieces cached(DecompositionParameters params, Path directory) {
        return new DecompositionPieces(params, new DecompositionCache(directory));
    }

    /** Decompositions computed every time (no disk access). */
    public static DecompositionPieces uncached(DecompositionParameters params) {
        return new DecompositionPieces(params, null);
    }

    public DecompositionParameters parameters() {
        return params;
    }

    /** Name for {@link RobotCollisionModel.Builder#pieces}: the result-affecting parameters (not the cache). */
    public String name() {
        return "decomposition(" + params.canonicalKey() + ")";
    }

    /**
     * Covers already built in this process, by cache directory and {@link DecompositionCache#contentKey} (mesh content
     * and parameters; the directory too, so that a provider on a new directory still fills it):
     * reading a cache entry is fast, but measuring its covering margin against the mesh ({@link PieceCover}) is not,
     * and a planner builds the same robot for every problem and scene. At most {@value #MEMO_SIZE} meshes (least
     * recently used dropped); only cached providers use it, so {@link #uncached} still computes every time.
     */
    private static final Map<String, Pieces> MEMO = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Pieces> eldest) {
            return size() > MEMO_SIZE;
        }
    });

    private static final int MEMO_SIZE = 512;

    @Override
    public Pieces pieces(TriangleMesh mesh, String what) {
        if (cache == null) {
            return compute(mesh, what);
        }
        String key = cache.directory().toAbsolutePath() + "\0" + DecompositionCache.contentKey(mesh, params);
        Pieces known = MEMO.get(key);
        if (known != null) {
            return known;
        }
        Pieces p = compute(mesh, what); // outside the lock: two threads may both compute one mesh, with equal results
        MEMO.put(key, p);
        return p;
    }

    private Pieces compute(TriangleMesh mesh, String what) {
        Decomposition d;
        try {
            // measure() below searches the cover of cached pieces anyway (decomposing again where that fails)
            d = cache != null ? cache.decomposeCoverUnchecked(mesh, params) : Decomposer.decompose(mesh, params);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        if (d.pieces().size() == 1) {
            return ConvexPieceProvider.hull().pieces(mesh, what);
        }
        try {
            return measure(d, mesh, params, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    /** Sub-triangles per mesh triangle a cached decomposition's cover search may examine before decomposing again. */
    private static final int CACHED_SEARCH_PATCHES_PER_TRIANGLE = 16;

    /**
     * The measured cover of {@code d}, a decomposition of {@code mesh} with {@code params}: on its verified patches
     * when it has them ({@link Decomposition#coverPatches}); when read from a cache (pieces only) by a search for a
     * covering assignment with a budget of 16 sub-triangles per triangle
     * (plus 100,000), and where that search gives up or measures more than {@link PieceCover#tolerance}, by decomposing again (the same pieces, the
     * decomposer being deterministic, now with their patches): time is spent, the margin is never inflated.
     * {@code progress} (null: none) hears the triangles measured so far.
     *
     * @throws IllegalArgumentException if even the fresh decomposition's margin cannot be measured
     */
    public static Pieces measure(
            Decomposition d, TriangleMesh mesh, DecompositionParameters params, LongConsumer progress) {
        if (d.coverPatches().isPresent()) {
            return PieceCover.of(d, mesh, progress);
        }
        int budget = (int) Math.min(
                PieceCover.MAX_PATCHES, (long) CACHED_SEARCH_PATCHES_PER_TRIANGLE * mesh.triangleCount() + 100_000);
        try {
            Pieces searched = PieceCover.of(d.pieces(), mesh, budget, progress);
            if (searched.margin() <= PieceCover.tolerance(mesh)) {
                return searched;
            }
        } catch (IllegalArgumentException searchGaveUp) {
            // measured again below, on the patches
        }
        return PieceCover.of(Decomposer.decompose(mesh, params), mesh, progress);
    }

    @Override
    public String toString() {
        return name() + (cache == null ? "" : " cached in " + cache.directory());
    }
}
