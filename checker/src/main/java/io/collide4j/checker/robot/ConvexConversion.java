package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;

/**
 * Converts URDF geometry and obstacle shapes, scaled by a factor ≥ 1 about their own origin, into
 * convex pieces (in the shape's own frame) that cover them: primitives exactly, meshes and point sets
 * through a {@link ConvexPieceProvider} or QuickHull with a measured covering margin. Stateless.
 */
public final class ConvexConversion {
    private ConvexConversion() {}

    /** Pieces for a URDF collision geometry; a mesh whose file could not be loaded is an error naming it. */
    public static ConvexPieceProvider.Pieces of(Geometry g, double scale, ConvexPieceProvider provider, String what) {
        if (g instanceof Geometry.Box b) {
            return exact(Shapes.box(scale * b.sizeX() / 2, scale * b.sizeY() / 2, scale * b.sizeZ() / 2));
        } else if (g instanceof Geometry.Sphere s) {
            return exact(Shapes.sphere(scale * s.radius()));
        } else if (g instanceof Geometry.Cylinder c) {
            return exact(Shapes.cylinder(scale * c.radius(), scale * c.length() / 2));
        }
        Geometry.Mesh m = (Geometry.Mesh) g;
        TriangleMesh mesh = m.mesh()
                .orElseThrow(() ->
                        new IllegalArgumentException(what + ": collision mesh '" + m.filename() + "' was not loaded"));
        return provider.pieces(scaled(mesh, scale), what + " mesh '" + m.filename() + "'");
    }

    /** Pieces for an obstacle or attached-object shape (a non-convex mesh becomes covering pieces). */
    public static ConvexPieceProvider.Pieces of(
            ObstacleShape s, double scale, ConvexPieceProvider provider, String what) {
        if (s instanceof ObstacleShape.Box b) {
            return exact(Shapes.box(scale * b.sizeX() / 2, scale * b.sizeY() / 2, scale * b.sizeZ() / 2));
        } else if (s instanceof ObstacleShape.Sphere sp) {
            return exact(Shapes.sphere(scale * sp.radius()));
        } else if (s instanceof ObstacleShape.Cylinder c) {
            return exact(Shapes.cylinder(scale * c.radius(), scale * c.length() / 2));
        } else if (s instanceof ObstacleShape.Capsule c) {
            return exact(Shapes.capsule(scale * c.radius(), scale * c.length() / 2));
        } else if (s instanceof ObstacleShape.ConvexHull h) {
            double[] p = h.copyPoints();
            for (int i = 0; i < p.length; i++) {
                p[i] *= scale;
            }
            ConvexShape shape = Shapes.hull(QuickHull.compute(p));
            return new ConvexPieceProvider.Pieces(List.of(shape), HullCoverage.margin(shape, p));
        }
        return provider.pieces(scaled(((ObstacleShape.Mesh) s).mesh(), scale), what);
    }

    private static ConvexPieceProvider.Pieces exact(ConvexShape s) {
        return new ConvexPieceProvider.Pieces(List.of(s), 0);
    }

    /** The mesh with every vertex coordinate multiplied by {@code scale} (the mesh itself when scale is 1). */
    public static TriangleMesh scaled(TriangleMesh m, double scale) {
        if (scale == 1) {
            return m;
        }
        double[] v = m.copyVertices();
        for (int i = 0; i < v.length; i++) {
            v[i] *= scale;
        }
        return new TriangleMesh(v, m.copyTriangles());
    }
}
