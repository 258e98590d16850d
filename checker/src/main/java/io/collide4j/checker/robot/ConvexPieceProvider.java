package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;

/**
 * Turns a (possibly non-convex) triangle mesh into convex pieces. Contract: every point of every
 * input triangle lies in the union of the returned pieces, each enlarged by {@link Pieces#margin()}
 * — pieces may over-cover, never under-cover — so distances to the pieces never exceed distances to
 * the mesh. The default is one convex hull; a convex decomposition plugs in here. Implementations
 * are stateless or immutable and thread-safe.
 */
@FunctionalInterface
public interface ConvexPieceProvider {

    /** Convex pieces in the mesh's own frame plus the Euclidean margin that closes any covering gap. */
    record Pieces(List<ConvexShape> shapes, double margin) {
        public Pieces {
            shapes = List.copyOf(shapes);
            if (shapes.isEmpty()) {
                throw new IllegalArgumentException("a mesh needs at least one convex piece");
            }
            if (!(margin >= 0) || !Double.isFinite(margin)) {
                throw new IllegalArgumentException("piece margin must be finite and >= 0, got " + margin);
            }
        }
    }

    /** Pieces covering {@code mesh}; {@code what} names the mesh in error messages. */
    Pieces pieces(TriangleMesh mesh, String what);

    /**
     * One convex hull (QuickHull) of the vertices. Quickhull may leave input points up to its tolerance
     * outside a face plane; the margin returned is an upper bound on every vertex's Euclidean distance
     * to the hull, measured after the fact (see {@link HullCoverage}).
     */
    static ConvexPieceProvider hull() {
        return (mesh, what) -> {
            if (mesh.vertexCount() == 0) {
                throw new IllegalArgumentException(what + ": mesh has no vertices");
            }
            double[] v = mesh.copyVertices();
            ConvexShape shape = Shapes.hull(QuickHull.compute(v));
            return new Pieces(List.of(shape), HullCoverage.margin(shape, v));
        };
    }
}
