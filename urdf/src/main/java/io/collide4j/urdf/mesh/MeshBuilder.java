package io.collide4j.urdf.mesh;

import io.collide4j.urdf.TriangleMesh;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects triangles as corner coordinates, then welds exactly equal vertices and drops
 * degenerate triangles. Vertices of dropped triangles are kept (so anything built from the
 * vertex set, such as a convex hull, still covers them); vertices no triangle used are not
 * emitted. -0.0 and 0.0 weld together. Single-use, not thread-safe.
 */
public final class MeshBuilder {
    private double[] corners = new double[3 * 3 * 64];
    private int cornerCount;

    /** Adds one triangle given its three corners in order (counter-clockwise seen from outside). */
    public void triangle(
            double ax, double ay, double az, double bx, double by, double bz, double cx, double cy, double cz) {
        ensure(9);
        int o = 3 * cornerCount;
        corners[o] = ax;
        corners[o + 1] = ay;
        corners[o + 2] = az;
        corners[o + 3] = bx;
        corners[o + 4] = by;
        corners[o + 5] = bz;
        corners[o + 6] = cx;
        corners[o + 7] = cy;
        corners[o + 8] = cz;
        cornerCount += 3;
    }

    public int triangleCount() {
        return cornerCount / 3;
    }

    private void ensure(int more) {
        if (3 * cornerCount + more > corners.length) {
            corners = Arrays.copyOf(corners, Math.max(corners.length * 2, 3 * cornerCount + more));
        }
    }

    /** Welds, removes degenerates and returns the immutable mesh with its statistics. */
    public MeshLoadResult build() {
        Map<Key, Integer> index = new HashMap<>();
        double[] verts = new double[Math.max(3, 3 * cornerCount)];
        int[] ids = new int[cornerCount];
        int n = 0;
        for (int c = 0; c < cornerCount; c++) {
            // +0.0 turns -0.0 into 0.0 so both weld to one vertex
            double x = corners[3 * c] + 0.0;
            double y = corners[3 * c + 1] + 0.0;
            double z = corners[3 * c + 2] + 0.0;
            Key k = new Key(x, y, z);
            Integer id = index.get(k);
            if (id == null) {
                id = n;
                index.put(k, id);
                verts[3 * n] = x;
                verts[3 * n + 1] = y;
                verts[3 * n + 2] = z;
                n++;
            }
            ids[c] = id;
        }
        int[] tris = new int[cornerCount];
        int t = 0;
        int degenerate = 0;
        for (int c = 0; c < cornerCount; c += 3) {
            int a = ids[c];
            int b = ids[c + 1];
            int d = ids[c + 2];
            if (a == b || b == d || a == d || zeroCross(verts, a, b, d)) {
                degenerate++;
                continue;
            }
            tris[t++] = a;
            tris[t++] = b;
            tris[t++] = d;
        }
        TriangleMesh mesh = new TriangleMesh(Arrays.copyOf(verts, 3 * n), Arrays.copyOf(tris, t));
        return new MeshLoadResult(mesh, new MeshStatistics(cornerCount / 3, cornerCount, n, degenerate));
    }

    private static boolean zeroCross(double[] v, int a, int b, int c) {
        double ux = v[3 * b] - v[3 * a];
        double uy = v[3 * b + 1] - v[3 * a + 1];
        double uz = v[3 * b + 2] - v[3 * a + 2];
        double wx = v[3 * c] - v[3 * a];
        double wy = v[3 * c + 1] - v[3 * a + 1];
        double wz = v[3 * c + 2] - v[3 * a + 2];
        return uy * wz - uz * wy == 0 && uz * wx - ux * wz == 0 && ux * wy - uy * wx == 0;
    }

    private record Key(double x, double y, double z) {}
}
