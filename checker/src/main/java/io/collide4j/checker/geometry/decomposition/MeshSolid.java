package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;
import java.util.HashMap;
import java.util.Map;

/**
 * Whether a mesh bounds a solid (after welding vertices with identical coordinates, every directed
 * edge is used once and its reverse once) and its enclosed volume (divergence theorem).
 */
record MeshSolid(boolean closed, double volume) {

    static MeshSolid of(TriangleMesh mesh) {
        int nv = mesh.vertexCount();
        int[] weld = new int[nv];
        Map<Key, Integer> ids = new HashMap<>();
        for (int v = 0; v < nv; v++) {
            weld[v] = ids.computeIfAbsent(
                    new Key(mesh.vertex(v, 0), mesh.vertex(v, 1), mesh.vertex(v, 2)), k -> ids.size());
        }
        Map<Long, Integer> directed = new HashMap<>();
        boolean closed = true;
        double six = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int a = mesh.index(t, 0), b = mesh.index(t, 1), c = mesh.index(t, 2);
            double ax = mesh.vertex(a, 0), ay = mesh.vertex(a, 1), az = mesh.vertex(a, 2);
            double bx = mesh.vertex(b, 0), by = mesh.vertex(b, 1), bz = mesh.vertex(b, 2);
            double cx = mesh.vertex(c, 0), cy = mesh.vertex(c, 1), cz = mesh.vertex(c, 2);
            six += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
            int[] w = {weld[a], weld[b], weld[c]};
            for (int e = 0; e < 3; e++) {
                int p = w[e], q = w[(e + 1) % 3];
                if (p == q || directed.merge(((long) p << 32) | q, 1, Integer::sum) > 1) {
                    closed = false;
                }
            }
        }
        if (closed) {
            for (long e : directed.keySet()) {
                long reverse = ((e & 0xffffffffL) << 32) | (e >>> 32);
                if (!directed.containsKey(reverse)) {
                    closed = false;
                    break;
                }
            }
        }
        return new MeshSolid(closed, Math.abs(six) / 6);
    }

    private record Key(double x, double y, double z) {}
}
