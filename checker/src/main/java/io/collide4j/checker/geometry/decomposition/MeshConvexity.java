package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.TriangleMesh;

/**
 * How far a mesh is from its convex hull, i.e. how much volume one covering hull adds: for a closed mesh,
 * {@link #hullExcess()} = hull volume / mesh volume (1 for a convex mesh; 1.8 means the hull is 80 % larger
 * than the link, room for false "collision" answers that a decomposition removes). An open mesh bounds no
 * volume: {@code closed} false and the ratio undefined (NaN).
 */
public record MeshConvexity(boolean closed, double meshVolume, double hullVolume) {
    /** Relative volume difference below which a closed mesh counts as convex (rounding in the two sums). */
    public static final double CONVEX_TOLERANCE = 1e-6;

    public static MeshConvexity of(TriangleMesh mesh) {
        MeshSolid solid = MeshSolid.of(mesh);
        double hull = mesh.vertexCount() < 4
                ? 0
                : QuickHull.compute(mesh.copyVertices()).volume();
        return new MeshConvexity(solid.closed(), solid.closed() ? solid.volume() : Double.NaN, hull);
    }

    /** Hull volume / mesh volume (≥ 1 up to rounding); NaN for an open or flat mesh. */
    public double hullExcess() {
        return closed && meshVolume > 0 ? hullVolume / meshVolume : Double.NaN;
    }

    /** A closed mesh whose hull adds no volume beyond {@link #CONVEX_TOLERANCE}. */
    public boolean convex() {
        return closed && meshVolume > 0 && hullVolume <= meshVolume * (1 + CONVEX_TOLERANCE);
    }
}
