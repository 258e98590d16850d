package io.collide4j.checker.geometry.decomposition;

/**
 * Summary numbers of a decomposition.
 *
 * @param pieces number of convex pieces
 * @param totalHullVolume sum of the pieces' volumes (overlaps counted twice)
 * @param meshVolume the enclosed volume if the mesh is closed, else the voxel estimate
 *     (interior cells plus half the surface cells)
 * @param meshClosed whether {@code meshVolume} is exact (the mesh bounds a solid)
 * @param excessPercent {@code 100 * (totalHullVolume / meshVolume - 1)}
 * @param maxVertices largest vertex count of a piece
 * @param voxels occupied voxels (0 when the mesh was convex enough to skip voxelisation)
 * @param computeMillis wall time of the computation that produced this result (also when loaded from cache)
 */
public record DecompositionStats(int pieces, double totalHullVolume, double meshVolume, boolean meshClosed,
        double excessPercent, int maxVertices, int voxels, double computeMillis) {

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT,
                "%d pieces, hull volume %.6g vs mesh %.6g (%s), excess %.1f%%, max %d vertices, %d voxels, %.0f ms",
                pieces, totalHullVolume, meshVolume, meshClosed ? "closed" : "open, voxel estimate", excessPercent,
                maxVertices, voxels, computeMillis);
    }
}
