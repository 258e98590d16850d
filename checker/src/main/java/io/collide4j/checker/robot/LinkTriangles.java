package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * A link's collision geometry as triangles in the link frame, for evidence that two links really touch
 * (never for "free" answers): meshes as loaded, boxes exactly, spheres and cylinders as inscribed polytopes
 * (every vertex on the surface), so triangles that intersect imply that the real geometry intersects.
 * Stateless.
 */
public final class LinkTriangles {
    /** Segments around a sphere or cylinder (inscribed; only ever under-reports contact). */
    static final int SEGMENTS = 24;

    private LinkTriangles() {}

    /** The link's collision triangles as an AABB tree, or null when it has no collision geometry. */
    public static MeshBvh of(LinkDescription link) {
        List<double[]> vs = new ArrayList<>();
        List<int[]> ts = new ArrayList<>();
        for (GeometryElement ge : link.collisions()) {
            Matrix4d o = ge.origin().toMatrix(new Matrix4d());
            int base = vs.size();
            List<double[]> local = new ArrayList<>();
            List<int[]> tri = new ArrayList<>();
            triangles(ge.geometry(), local, tri, "link '" + link.name() + "'");
            Vector3d p = new Vector3d();
            for (double[] v : local) {
                o.transformPosition(v[0], v[1], v[2], p);
                vs.add(new double[] {p.x, p.y, p.z});
            }
            for (int[] t : tri) {
                ts.add(new int[] {base + t[0], base + t[1], base + t[2]});
            }
        }
        if (ts.isEmpty()) {
            return null;
        }
        double[] v = new double[3 * vs.size()];
        for (int i = 0; i < vs.size(); i++) {
            System.arraycopy(vs.get(i), 0, v, 3 * i, 3);
        }
        int[] t = new int[3 * ts.size()];
        for (int i = 0; i < ts.size(); i++) {
            System.arraycopy(ts.get(i), 0, t, 3 * i, 3);
        }
        return new MeshBvh(v, t);
    }

    private static void triangles(Geometry g, List<double[]> v, List<int[]> t, String what) {
        if (g instanceof Geometry.Mesh m) {
            var mesh = m.mesh().orElseThrow(() -> new IllegalArgumentException(what + ": collision mesh not loaded"));
            for (int i = 0; i < mesh.vertexCount(); i++) {
                v.add(new double[] {mesh.vertex(i, 0), mesh.vertex(i, 1), mesh.vertex(i, 2)});
            }
            for (int i = 0; i < mesh.triangleCount(); i++) {
                t.add(new int[] {mesh.index(i, 0), mesh.index(i, 1), mesh.index(i, 2)});
            }
        } else if (g instanceof Geometry.Box b) {
            double x = b.sizeX() / 2, y = b.sizeY() / 2, z = b.sizeZ() / 2;
            for (int i = 0; i < 8; i++) {
                v.add(new double[] {(i & 1) == 0 ? -x : x, (i & 2) == 0 ? -y : y, (i & 4) == 0 ? -z : z});
            }
            int[][] faces = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
            for (int[] f : faces) {
                t.add(new int[] {f[0], f[1], f[2]});
                t.add(new int[] {f[0], f[2], f[3]});
            }
        } else if (g instanceof Geometry.Cylinder c) {
            double h = c.length() / 2;
            for (int i = 0; i < SEGMENTS; i++) {
                double a = 2 * Math.PI * i / SEGMENTS;
                v.add(new double[] {c.radius() * Math.cos(a), c.radius() * Math.sin(a), -h});
                v.add(new double[] {c.radius() * Math.cos(a), c.radius() * Math.sin(a), h});
            }
            for (int i = 0; i < SEGMENTS; i++) {
                int j = (i + 1) % SEGMENTS;
                t.add(new int[] {2 * i, 2 * j, 2 * j + 1});
                t.add(new int[] {2 * i, 2 * j + 1, 2 * i + 1});
                if (i > 0 && j > 0) { // caps as fans from vertex 0 / 1
                    t.add(new int[] {0, 2 * j, 2 * i});
                    t.add(new int[] {1, 2 * i + 1, 2 * j + 1});
                }
            }
        } else if (g instanceof Geometry.Sphere s) {
            int rings = SEGMENTS / 2;
            v.add(new double[] {0, 0, -s.radius()});
            for (int r = 1; r < rings; r++) {
                double phi = Math.PI * r / rings - Math.PI / 2;
                for (int i = 0; i < SEGMENTS; i++) {
                    double a = 2 * Math.PI * i / SEGMENTS;
                    v.add(new double[] {
                        s.radius() * Math.cos(phi) * Math.cos(a),
                        s.radius() * Math.cos(phi) * Math.sin(a),
                        s.radius() * Math.sin(phi)
                    });
                }
            }
            int top = v.size();
            v.add(new double[] {0, 0, s.radius()});
            for (int i = 0; i < SEGMENTS; i++) {
                int j = (i + 1) % SEGMENTS;
                t.add(new int[] {0, 1 + j, 1 + i});
                t.add(new int[] {top, 1 + (rings - 2) * SEGMENTS + i, 1 + (rings - 2) * SEGMENTS + j});
                for (int r = 0; r < rings - 2; r++) {
                    int a = 1 + r * SEGMENTS;
                    int b = a + SEGMENTS;
                    t.add(new int[] {a + i, a + j, b + j});
                    t.add(new int[] {a + i, b + j, b + i});
                }
            }
        } else {
            throw new IllegalArgumentException(what + ": unknown geometry " + g);
        }
    }
}
