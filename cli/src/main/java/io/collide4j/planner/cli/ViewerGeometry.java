package io.collide4j.planner.cli;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.TransformedShape;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * The shapes of the report's 3-D view: a link's collision meshes as a triangle soup and decimated for size, the hull
 * drawn for each convex piece, and the scene's obstacles, written into the view's JSON (numbers through
 * {@link ViewerData#num}).
 */
final class ViewerGeometry {
    /** Directions sampled on shapes without an explicit vertex list (spheres, capsules, cylinders, margins). */
    private static final int SUPPORT_DIRECTIONS = 96;

    /** At most this many triangles per link in the decimated collision meshes. */
    static final int MESH_TRIANGLES = 1500;

    private ViewerGeometry() {}

    /**
     * The collision meshes of one link (URDF {@code <collision>} meshes, already scaled, posed by their origin) as
     * a flat triangle soup in the link frame; empty when the link has none.
     */
    static double[] linkMeshTriangles(KinematicModel kin, int link) {
        LinkDescription d = kin.description().linksByName().get(kin.linkName(link));
        if (d == null) {
            return new double[0];
        }
        List<double[]> parts = new ArrayList<>();
        Matrix4d m = new Matrix4d();
        Vector3d p = new Vector3d();
        for (GeometryElement g : d.collisions()) {
            if (g.geometry() instanceof Geometry.Mesh mesh && mesh.mesh().isPresent()) {
                TriangleMesh t = mesh.mesh().get();
                g.origin().toMatrix(m);
                double[] soup = new double[9 * t.triangleCount()];
                for (int k = 0; k < t.triangleCount(); k++) {
                    for (int c = 0; c < 3; c++) {
                        int v = t.index(k, c);
                        m.transformPosition(p.set(t.vertex(v, 0), t.vertex(v, 1), t.vertex(v, 2)));
                        soup[9 * k + 3 * c] = p.x;
                        soup[9 * k + 3 * c + 1] = p.y;
                        soup[9 * k + 3 * c + 2] = p.z;
                    }
                }
                parts.add(soup);
            }
        }
        double[] all = new double[parts.stream().mapToInt(a -> a.length).sum()];
        int at = 0;
        for (double[] a : parts) {
            System.arraycopy(a, 0, all, at, a.length);
            at += a.length;
        }
        return all;
    }

    /**
     * A triangle soup decimated by vertex clustering (Rossignac and Borrel, 1993): vertices snap to the mean of
     * their grid cell, collapsed and repeated triangles go; the cell doubles until at most {@code maxTriangles}
     * remain. For the picture only: the checker never uses these meshes.
     */
    static void decimatedJson(StringBuilder j, double[] soup, int maxTriangles) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < soup.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], soup[i]);
            hi[i % 3] = Math.max(hi[i % 3], soup[i]);
        }
        double diag = Math.sqrt(Math.pow(hi[0] - lo[0], 2) + Math.pow(hi[1] - lo[1], 2) + Math.pow(hi[2] - lo[2], 2));
        double cell = Math.max(1e-4, diag / 200);
        while (true) {
            Map<Long, Integer> cluster = new HashMap<>();
            List<double[]> sums = new ArrayList<>();
            int[] corner = new int[soup.length / 3];
            for (int v = 0; v < corner.length; v++) {
                long key = 0;
                for (int a = 0; a < 3; a++) {
                    key = key * 2_097_152L + (long) Math.floor((soup[3 * v + a] - lo[a]) / cell);
                }
                Integer id = cluster.get(key);
                if (id == null) {
                    id = sums.size();
                    cluster.put(key, id);
                    sums.add(new double[4]);
                }
                double[] sum = sums.get(id);
                for (int a = 0; a < 3; a++) {
                    sum[a] += soup[3 * v + a];
                }
                sum[3]++;
                corner[v] = id;
            }
            java.util.Set<List<Integer>> seen = new java.util.HashSet<>();
            List<int[]> tris = new ArrayList<>();
            for (int t = 0; t < corner.length / 3; t++) {
                int a = corner[3 * t], b = corner[3 * t + 1], c = corner[3 * t + 2];
                if (a != b && b != c && a != c) {
                    List<Integer> k = new ArrayList<>(List.of(a, b, c));
                    java.util.Collections.sort(k);
                    if (seen.add(k)) {
                        tris.add(new int[] {a, b, c});
                    }
                }
            }
            if (tris.size() > maxTriangles) {
                cell *= 2;
                continue;
            }
            j.append("{\"v\":[");
            for (int v = 0; v < sums.size(); v++) {
                double[] sum = sums.get(v);
                for (int a = 0; a < 3; a++) {
                    j.append(v + a == 0 ? "" : ",");
                    ViewerData.num(j, sum[a] / sum[3], false);
                }
            }
            j.append("],\"f\":[");
            for (int t = 0; t < tris.size(); t++) {
                int[] f = tris.get(t);
                j.append(t == 0 ? "" : ",")
                        .append(f[0])
                        .append(",")
                        .append(f[1])
                        .append(",")
                        .append(f[2]);
            }
            j.append("]}");
            return;
        }
    }

    /** The convex hull drawn for a piece: its own hull when it has one, else the hull of support samples. */
    static ConvexHull pieceHull(ConvexShape shape) {
        if (shape instanceof HullShape h) {
            return h.hull();
        }
        if (shape instanceof TransformedShape t && t.inner() instanceof HullShape h) {
            Matrix4d m = t.matrix(new Matrix4d());
            ConvexHull hull = h.hull();
            double[] xyz = new double[3 * hull.vertexCount()];
            Vector3d p = new Vector3d();
            for (int v = 0; v < hull.vertexCount(); v++) {
                m.transformPosition(p.set(hull.vertex(v, 0), hull.vertex(v, 1), hull.vertex(v, 2)));
                xyz[3 * v] = p.x;
                xyz[3 * v + 1] = p.y;
                xyz[3 * v + 2] = p.z;
            }
            return QuickHull.compute(xyz);
        }
        double[] xyz = new double[3 * SUPPORT_DIRECTIONS];
        Vector3d p = new Vector3d();
        double golden = Math.PI * (3 - Math.sqrt(5)); // Fibonacci sphere: near-uniform directions
        for (int k = 0; k < SUPPORT_DIRECTIONS; k++) {
            double z = 1 - (2 * k + 1.0) / SUPPORT_DIRECTIONS;
            double r = Math.sqrt(1 - z * z);
            shape.support(r * Math.cos(golden * k), r * Math.sin(golden * k), z, p);
            xyz[3 * k] = p.x;
            xyz[3 * k + 1] = p.y;
            xyz[3 * k + 2] = p.z;
        }
        return QuickHull.compute(xyz);
    }

    static void hullJson(StringBuilder j, ConvexHull h) {
        j.append("{\"v\":[");
        for (int v = 0; v < h.vertexCount(); v++) {
            for (int a = 0; a < 3; a++) {
                j.append(v + a == 0 ? "" : ",");
                ViewerData.num(j, h.vertex(v, a), false);
            }
        }
        j.append("],\"f\":[");
        for (int t = 0; t < h.triangleCount(); t++) {
            j.append(t == 0 ? "" : ",")
                    .append(h.triangle(t, 0))
                    .append(",")
                    .append(h.triangle(t, 1))
                    .append(",")
                    .append(h.triangle(t, 2));
        }
        j.append("]}");
    }

    static void obstacleJson(StringBuilder j, Obstacle o) {
        j.append("{\"name\":").append(ViewerData.str(o.name()));
        ObstacleShape shape = o.shape();
        if (shape instanceof ObstacleShape.Box b) {
            j.append(",\"type\":\"box\",\"size\":[")
                    .append(b.sizeX())
                    .append(",")
                    .append(b.sizeY())
                    .append(",")
                    .append(b.sizeZ())
                    .append("]");
        } else if (shape instanceof ObstacleShape.Sphere s) {
            j.append(",\"type\":\"sphere\",\"radius\":").append(s.radius());
        } else if (shape instanceof ObstacleShape.Cylinder c) {
            j.append(",\"type\":\"cylinder\",\"radius\":")
                    .append(c.radius())
                    .append(",\"length\":")
                    .append(c.length());
        } else if (shape instanceof ObstacleShape.Capsule c) {
            j.append(",\"type\":\"capsule\",\"radius\":")
                    .append(c.radius())
                    .append(",\"length\":")
                    .append(c.length());
        } else if (shape instanceof ObstacleShape.ConvexHull h) {
            j.append(",\"type\":\"mesh\",\"mesh\":");
            hullJson(j, QuickHull.compute(h.copyPoints()));
        } else if (shape instanceof ObstacleShape.Mesh m) {
            TriangleMesh t = m.mesh();
            j.append(",\"type\":\"mesh\",\"mesh\":{\"v\":[");
            for (int v = 0; v < t.vertexCount(); v++) {
                for (int a = 0; a < 3; a++) {
                    j.append(v + a == 0 ? "" : ",");
                    ViewerData.num(j, t.vertex(v, a), false);
                }
            }
            j.append("],\"f\":[");
            for (int k = 0; k < t.triangleCount(); k++) {
                j.append(k == 0 ? "" : ",")
                        .append(t.index(k, 0))
                        .append(",")
                        .append(t.index(k, 1))
                        .append(",")
                        .append(t.index(k, 2));
            }
            j.append("]}");
        } else {
            throw new IllegalStateException("no drawing for obstacle shape " + shape); // sealed: a new kind needs one
        }
        Pose p = o.pose();
        j.append(",\"p\":[")
                .append(p.x())
                .append(",")
                .append(p.y())
                .append(",")
                .append(p.z())
                .append("],\"q\":[")
                .append(p.qx())
                .append(",")
                .append(p.qy())
                .append(",")
                .append(p.qz())
                .append(",")
                .append(p.qw())
                .append("]}");
    }
}
