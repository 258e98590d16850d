package io.collide4j.checker.geometry.decomposition;

/**
 * Immutable, validated parameters of a convex decomposition, named and defaulted as in V-HACD 4.
 * Every field except {@code threads} changes the result and is part of the cache key; the result
 * never depends on {@code threads}.
 *
 * @param maxConvexHulls pieces are merged until at most this many remain (coverage can never be
 *     traded for this limit, but it always holds: merging only enlarges pieces)
 * @param resolution target number of voxels of the mesh's bounding box (the grid is the largest
 *     one with at most this many cells, plus a two-cell empty margin)
 * @param minimumVolumePercentErrorAllowed a part whose voxel volume is within this percentage of
 *     its voxel hull's volume is not split further
 * @param maxRecursionDepth parts at this depth are not split further
 * @param maxNumVerticesPerCH each output piece has at most this many vertices (at least 4)
 * @param shrinkWrap project the voxel-hull vertices onto the nearby mesh surface (tighter pieces)
 * @param minEdgeLength a part whose occupied voxel extent is below this on all three axes is not split
 * @param maxVolumeExcess the volume excess aimed for, as a fraction: the pieces' summed volume over the
 *     mesh volume, minus 1 (0.1: pieces 10 % larger than the mesh in total). Once merging has reached
 *     {@code maxConvexHulls} pieces it goes on, least added volume first, while the pieces as returned
 *     (vertex-limited) stay within it in total, so a larger value gives fewer, looser pieces. 0 (the default) spends
 * the whole hull budget on tightness, as V-HACD
 *     does. The hull budget wins: when {@code maxConvexHulls} pieces cannot meet the target the result
 *     is the tightest found within it ({@link DecompositionStats#excessPercent} says how close it came).
 * @param threads worker threads used (1 = the calling thread only); does not affect the result
 */
public record DecompositionParameters(
        int maxConvexHulls,
        int resolution,
        double minimumVolumePercentErrorAllowed,
        int maxRecursionDepth,
        int maxNumVerticesPerCH,
        boolean shrinkWrap,
        int minEdgeLength,
        double maxVolumeExcess,
        int threads) {

    public static final int DEFAULT_MAX_CONVEX_HULLS = 64;
    public static final int DEFAULT_RESOLUTION = 400_000;
    public static final double DEFAULT_MINIMUM_VOLUME_PERCENT_ERROR_ALLOWED = 1.0;
    public static final int DEFAULT_MAX_RECURSION_DEPTH = 10;
    public static final int DEFAULT_MAX_NUM_VERTICES_PER_CH = 64;
    public static final boolean DEFAULT_SHRINK_WRAP = true;
    public static final int DEFAULT_MIN_EDGE_LENGTH = 2;
    public static final double DEFAULT_MAX_VOLUME_EXCESS = 0.0;
    /** Largest accepted {@code maxVolumeExcess} (pieces ten times the mesh volume: one hull is always tighter). */
    public static final double MAX_VOLUME_EXCESS_LIMIT = 10.0;

    public DecompositionParameters {
        require(maxConvexHulls >= 1, "maxConvexHulls", maxConvexHulls, ">= 1");
        require(resolution >= 1_000 && resolution <= 64_000_000, "resolution", resolution, "in 1000..64000000");
        require(
                Double.isFinite(minimumVolumePercentErrorAllowed)
                        && minimumVolumePercentErrorAllowed >= 0
                        && minimumVolumePercentErrorAllowed <= 100,
                "minimumVolumePercentErrorAllowed",
                minimumVolumePercentErrorAllowed,
                "in 0..100");
        require(maxRecursionDepth >= 0 && maxRecursionDepth <= 30, "maxRecursionDepth", maxRecursionDepth, "in 0..30");
        require(maxNumVerticesPerCH >= 4, "maxNumVerticesPerCH", maxNumVerticesPerCH, ">= 4");
        require(minEdgeLength >= 1, "minEdgeLength", minEdgeLength, ">= 1");
        require(
                Double.isFinite(maxVolumeExcess) && maxVolumeExcess >= 0 && maxVolumeExcess <= MAX_VOLUME_EXCESS_LIMIT,
                "maxVolumeExcess",
                maxVolumeExcess,
                "a fraction in 0.." + MAX_VOLUME_EXCESS_LIMIT);
        require(threads >= 1, "threads", threads, ">= 1");
    }

    private static void require(boolean ok, String name, Object value, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(
                    "decomposition parameter " + name + " = " + value + ", expected " + expected);
        }
    }

    /** The V-HACD defaults, using all available processors. */
    public static DecompositionParameters defaults() {
        return builder().build();
    }

    /** {@link #collisionDefaults()}'s vertex limit per piece. */
    public static final int COLLISION_MAX_VERTICES = 256;

    /**
     * What the checker decomposes robot links and scene meshes with ({@code --decompose} and the default for concave
     * links): the V-HACD defaults but at most {@value #COLLISION_MAX_VERTICES} vertices per piece instead of 64. Pieces
     * are cut back to the mesh's hull, and the 64-vertex limit encloses them again, standing up to 5 mm past that hull
     * on example-robot-data's UR5 arm links (0 at 256): near contact that doubled the false "collision" answers of
     * one hull per link (DECOMPOSITION.md, "Decomposition by default"). More vertices cost little in a support map.
     */
    public static DecompositionParameters collisionDefaults() {
        return builder().maxNumVerticesPerCH(COLLISION_MAX_VERTICES).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these values. */
    public Builder toBuilder() {
        return new Builder()
                .maxConvexHulls(maxConvexHulls)
                .resolution(resolution)
                .minimumVolumePercentErrorAllowed(minimumVolumePercentErrorAllowed)
                .maxRecursionDepth(maxRecursionDepth)
                .maxNumVerticesPerCH(maxNumVerticesPerCH)
                .shrinkWrap(shrinkWrap)
                .minEdgeLength(minEdgeLength)
                .maxVolumeExcess(maxVolumeExcess)
                .threads(threads);
    }

    /** Canonical text of every result-affecting field (the cache key part); {@code threads} is left out. */
    public String canonicalKey() {
        return "maxConvexHulls=" + maxConvexHulls + ";resolution=" + resolution + ";minimumVolumePercentErrorAllowed="
                + Double.doubleToLongBits(minimumVolumePercentErrorAllowed) + ";maxRecursionDepth=" + maxRecursionDepth
                + ";maxNumVerticesPerCH=" + maxNumVerticesPerCH + ";shrinkWrap=" + shrinkWrap + ";minEdgeLength="
                + minEdgeLength + ";maxVolumeExcess=" + Double.doubleToLongBits(maxVolumeExcess);
    }

    /** Mutable builder; {@link #build()} validates. */
    public static final class Builder {
        private int maxConvexHulls = DEFAULT_MAX_CONVEX_HULLS;
        private int resolution = DEFAULT_RESOLUTION;
        private double minimumVolumePercentErrorAllowed = DEFAULT_MINIMUM_VOLUME_PERCENT_ERROR_ALLOWED;
        private int maxRecursionDepth = DEFAULT_MAX_RECURSION_DEPTH;
        private int maxNumVerticesPerCH = DEFAULT_MAX_NUM_VERTICES_PER_CH;
        private boolean shrinkWrap = DEFAULT_SHRINK_WRAP;
        private int minEdgeLength = DEFAULT_MIN_EDGE_LENGTH;
        private double maxVolumeExcess = DEFAULT_MAX_VOLUME_EXCESS;
        private int threads = Runtime.getRuntime().availableProcessors();

        private Builder() {}

        public Builder maxConvexHulls(int v) {
            maxConvexHulls = v;
            return this;
        }

        public Builder resolution(int v) {
            resolution = v;
            return this;
        }

        public Builder minimumVolumePercentErrorAllowed(double v) {
            minimumVolumePercentErrorAllowed = v;
            return this;
        }

        public Builder maxRecursionDepth(int v) {
            maxRecursionDepth = v;
            return this;
        }

        public Builder maxNumVerticesPerCH(int v) {
            maxNumVerticesPerCH = v;
            return this;
        }

        public Builder shrinkWrap(boolean v) {
            shrinkWrap = v;
            return this;
        }

        public Builder minEdgeLength(int v) {
            minEdgeLength = v;
            return this;
        }

        public Builder maxVolumeExcess(double v) {
            maxVolumeExcess = v;
            return this;
        }

        public Builder threads(int v) {
            threads = v;
            return this;
        }

        public DecompositionParameters build() {
            return new DecompositionParameters(
                    maxConvexHulls,
                    resolution,
                    minimumVolumePercentErrorAllowed,
                    maxRecursionDepth,
                    maxNumVerticesPerCH,
                    shrinkWrap,
                    minEdgeLength,
                    maxVolumeExcess,
                    threads);
        }
    }
}
