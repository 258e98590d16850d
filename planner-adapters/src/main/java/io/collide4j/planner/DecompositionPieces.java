package io.collide4j.planner;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.urdf.TriangleMesh;
import org.joml.Matrix4d;
import org.joml.Vector3d;

import java.util.ArrayList;
import java.util.List;

/**
 * Meshes as a convex decomposition (V-HACD-style, {@link Decomposer}) instead of one hull: tighter
 * pieces, fewer false alarms. The covering margin is measured, not assumed: for every triangle, the
 * smallest over pieces of its vertices' largest distance to that piece (a triangle lies in the convex
 * piece that holds its three vertices), maximised over triangles, plus rounding slack — so the
 * provider contract (every triangle inside some piece enlarged by the margin) holds whatever the
 * decomposition did. Decompositions are cached on disk when a cache is given. Stateless and
 * thread-safe.
 */
public final class DecompositionPieces implements ConvexPieceProvider {
    private final DecompositionParameters parameters;
    private final DecompositionCache cache;

    private DecompositionPieces(DecompositionParameters parameters, DecompositionCache cache) {
        this.parameters = parameters;
        this.cache = cache;
    }

    /** Decomposes every mesh afresh. */
    public static DecompositionPieces of(DecompositionParameters parameters) {
        return new DecompositionPieces(parameters, null);
    }

    /** Decomposes through an on-disk cache keyed by mesh hash and parameters. */
    public static DecompositionPieces cached(DecompositionParameters parameters, DecompositionCache cache) {
        return new DecompositionPieces(parameters, cache);
    }

    /** Name for content hashes: the parameters' canonical key. */
    public String name() {
        return "decomposition:" + parameters.canonicalKey();
    }

    @Override
    public Pieces pieces(TriangleMesh mesh, String what) {
        Decomposition d;
        try {
            d = cache == null ? Decomposer.decompose(mesh, parameters) : cache.decompose(mesh, parameters);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + ": convex decomposition failed: " + e.getMessage(), e);
        }
        List<ConvexShape> shapes = new ArrayList<>();
        d.pieces().forEach(h -> shapes.add(Shapes.hull(h)));
        return new Pieces(shapes, coverageMargin(shapes, mesh));
    }

    /**
     * An upper bound on how far the mesh's triangles reach outside the union of the pieces: the GJK witness on
     * a piece bounds a point's distance to it from above; 1e-12 m plus a relative 1e-12 covers rounding (also
     * for points GJK reports inside).
     */
    public static double coverageMargin(List<ConvexShape> pieces, TriangleMesh mesh) {
        Gjk gjk = new Gjk();
        DistanceResult r = new DistanceResult();
        Matrix4d identity = new Matrix4d();
        PointShape p = new PointShape();
        double[] v = mesh.copyVertices();
        int[] t = mesh.copyTriangles();
        double radius = 0;
        for (ConvexShape s : pieces) {
            radius = Math.max(radius, s.boundingRadius());
        }
        double worst = 0;
        int lastPiece = 0;
        for (int tri = 0; tri < t.length; tri += 3) {
            double best = Double.POSITIVE_INFINITY;
            // start with the piece that held the previous triangle: neighbouring triangles share pieces
            for (int k = 0; k < pieces.size() && best > worst; k++) {
                int piece = (lastPiece + k) % pieces.size();
                double far = 0;
                for (int corner = 0; corner < 3 && far < best; corner++) {
                    int o = 3 * t[tri + corner];
                    p.set(v[o], v[o + 1], v[o + 2]);
                    gjk.distance(p, identity, pieces.get(piece), identity, r);
                    if (!r.intersecting) {
                        far = Math.max(far, r.witnessB.distance(p.x, p.y, p.z));
                    }
                }
                if (far < best) {
                    best = far;
                    lastPiece = piece;
                }
            }
            worst = Math.max(worst, best);
        }
        return worst + 1e-12 + 1e-12 * radius;
    }

    /** One point as a convex shape (mutable; private to one measurement). */
    private static final class PointShape implements ConvexShape {
        double x, y, z;

        void set(double px, double py, double pz) {
            x = px;
            y = py;
            z = pz;
        }

        @Override
        public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
            dest.set(x, y, z);
            return -1;
        }

        @Override
        public double boundingRadius() {
            return Math.sqrt(x * x + y * y + z * z) * (1 + 1e-15);
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = d[3] = x;
            d[1] = d[4] = y;
            d[2] = d[5] = z;
        }

        @Override
        public Vector3d center(Vector3d dest) {
            return dest.set(x, y, z);
        }
    }
}
