package io.collide4j.checker.geometry.decomposition;

/**
 * Summary numbers of a decomposition.
 *
 * @param pieces number of convex pieces
 * @param totalHullVolume sum of the pieces' volumes (overlaps counted twice)
 * @param meshVolume the enclosed volume if the mesh is closed, else the voxel estimate
 *     (interior cells plus half the surface cells)
 * @param meshClosed whether {@code meshVolume} is exact (the mesh bounds a solid)
 * @param excessPercent {@code 100 * (totalHullVolume / meshVolume - 1)} (overlaps counted twice)
 * @param unionVolume volume of the union of the pieces, estimated on a fixed 48^3 sample lattice
 *     over their bounds (the region a collision check treats as solid)
 * @param unionExcessPercent {@code 100 * (unionVolume / meshVolume - 1)}
 * @param maxVertices largest vertex count of a piece
 * @param voxels occupied voxels (0 when the mesh was convex enough to skip voxelisation)
 * @param computeMillis wall time of the computation that produced this result (also when loaded from cache)
 */
public record DecompositionStats(
        int pieces,
        double totalHullVolume,
        double meshVolume,
        boolean meshClosed,
        double excessPercent,
        double unionVolume,
        double unionExcessPercent,
        int maxVertices,
        int voxels,
        double computeMillis) {

    /** Stats of {@code pieces} for a mesh of the given volume. */
    static DecompositionStats of(
            java.util.List<io.collide4j.checker.geometry.ConvexHull> pieces,
            double meshVolume,
            boolean meshClosed,
            int voxels,
            double computeMillis) {
        double total = 0;
        int maxVertices = 0;
        for (io.collide4j.checker.geometry.ConvexHull h : pieces) {
            total += h.volume();
            maxVertices = Math.max(maxVertices, h.vertexCount());
        }
        double union = Hulls.unionVolume(pieces);
        return new DecompositionStats(
                pieces.size(),
                total,
                meshVolume,
                meshClosed,
                100 * (total / meshVolume - 1),
                union,
                100 * (union / meshVolume - 1),
                maxVertices,
                voxels,
                computeMillis);
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT,
                "%d pieces, hull volume %.6g vs mesh %.6g (%s), excess %.1f%% (union %.1f%%), max %d vertices,"
                        + " %d voxels, %.0f ms",
                pieces,
                totalHullVolume,
                meshVolume,
                meshClosed ? "closed" : "open, voxel estimate",
                excessPercent,
                unionExcessPercent,
                maxVertices,
                voxels,
                computeMillis);
    }
}
