package io.collide4j.planner.bench;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneJson;
import io.collide4j.models.Models;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.TriangleMesh;

/**
 * One rigid body of the benchmarks, in its own frame: the convex hull the checker would use for it (what GJK, MPR
 * and EPA see), that hull's triangulation in an AABB tree (what the exact mesh oracle sees: the same solid), its
 * original mesh, a reference point inside it (the vertex mean, which lies in the hull) and its AABB size (diagonal
 * length, the seed's scale for clearance buckets). Named {@code robot/link} (first collision mesh of a bundled
 * robot's link) or {@code scene/object} (a box of a bundled scene). Immutable.
 */
public final class BenchBody {
    private final String name;
    private final ConvexHull hull;
    private final HullShape shape;
    private final MeshBvh hullBvh;
    private final TriangleMesh mesh;
    private final double[] ref;
    private final double aabbSize;
    private final double radius;

    private BenchBody(String name, TriangleMesh mesh) {
        this.name = name;
        this.mesh = mesh;
        this.hull = QuickHull.compute(mesh.copyVertices());
        if (hull.dimension() != 3) {
            throw new IllegalArgumentException(
                    name + ": the mesh is flat (hull of dimension " + hull.dimension() + ")");
        }
        this.shape = new HullShape(hull);
        this.hullBvh = new MeshBvh(hull.copyVertices(), hull.copyTriangles());
        double[] v = hull.copyVertices();
        int n = v.length / 3;
        double[] m = new double[3];
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                m[k] += v[3 * i + k] / n;
                lo[k] = Math.min(lo[k], v[3 * i + k]);
                hi[k] = Math.max(hi[k], v[3 * i + k]);
            }
        }
        this.ref = m;
        this.aabbSize = Math.sqrt(sq(hi[0] - lo[0]) + sq(hi[1] - lo[1]) + sq(hi[2] - lo[2]));
        double r = 0;
        for (int i = 0; i < n; i++) {
            r = Math.max(r, Math.sqrt(sq(v[3 * i] - m[0]) + sq(v[3 * i + 1] - m[1]) + sq(v[3 * i + 2] - m[2])));
        }
        this.radius = r;
    }

    /** {@code robot/link} of a bundled robot or {@code scene/object} (a box) of a bundled scene. */
    public static BenchBody named(String id) {
        int slash = id.indexOf('/');
        if (slash <= 0 || slash == id.length() - 1) {
            throw new IllegalArgumentException("body '" + id + "': expected robot/link or scene/object");
        }
        String owner = id.substring(0, slash), part = id.substring(slash + 1);
        if (Models.names().contains(owner)) {
            LinkDescription link = Models.robot(owner)
                    .link(part)
                    .orElseThrow(() ->
                            new IllegalArgumentException("body '" + id + "': robot " + owner + " has no link " + part));
            for (GeometryElement g : link.collisions()) {
                if (g.geometry() instanceof Geometry.Mesh mg && mg.mesh().isPresent()) {
                    return new BenchBody(id, mg.mesh().get());
                }
            }
            throw new IllegalArgumentException("body '" + id + "': link " + part + " has no collision mesh");
        }
        if (Models.sceneNames().contains(owner)) {
            Scene scene = SceneJson.read(Models.sceneJson(owner), owner);
            Obstacle o = scene.obstacle(part)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "body '" + id + "': scene " + owner + " has no object " + part));
            if (!(o.shape() instanceof ObstacleShape.Box b)) {
                throw new IllegalArgumentException("body '" + id + "': only box objects are polyhedral, this is "
                        + o.shape().getClass().getSimpleName());
            }
            return box(id, b.sizeX() / 2, b.sizeY() / 2, b.sizeZ() / 2);
        }
        throw new IllegalArgumentException("body '" + id + "': no bundled robot or scene named " + owner + " (robots "
                + Models.names() + ", scenes " + Models.sceneNames() + ")");
    }

    /** A box with half sizes hx, hy, hz centred on the origin. */
    public static BenchBody box(String name, double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int c = 0; c < 8; c++) {
            v[3 * c] = (c & 1) == 0 ? -hx : hx;
            v[3 * c + 1] = (c & 2) == 0 ? -hy : hy;
            v[3 * c + 2] = (c & 4) == 0 ? -hz : hz;
        }
        int[] tri = {
            0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5
        };
        return new BenchBody(name, new TriangleMesh(v, tri));
    }

    /** A body from any triangle mesh (its hull is what the narrow phase sees). */
    public static BenchBody of(String name, TriangleMesh mesh) {
        return new BenchBody(name, mesh);
    }

    private static double sq(double x) {
        return x * x;
    }

    public String name() {
        return name;
    }

    public ConvexHull hull() {
        return hull;
    }

    public HullShape shape() {
        return shape;
    }

    /** The hull's triangulation in an AABB tree (the exact oracle's view of the same solid). */
    public MeshBvh hullBvh() {
        return hullBvh;
    }

    public TriangleMesh mesh() {
        return mesh;
    }

    /** Reference point (vertex mean of the hull, inside it), copy. */
    public double[] reference() {
        return ref.clone();
    }

    double ref(int k) {
        return ref[k];
    }

    /** Diagonal of the body's axis-aligned box in its own frame. */
    public double aabbSize() {
        return aabbSize;
    }

    /** Largest distance from the reference point to a hull vertex. */
    public double radiusAboutReference() {
        return radius;
    }

    @Override
    public String toString() {
        return name + " (" + mesh.triangleCount() + " triangles, hull " + hull.vertexCount() + " vertices)";
    }
}
