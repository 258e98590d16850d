package io.collide4j.checker.geometry.mesh;

import io.collide4j.urdf.TriangleMesh;
import java.util.HashMap;
import java.util.Map;

/**
 * A triangle mesh prepared for exact queries against it: its {@link MeshBvh}, its vertices welded by exact
 * coordinates, unique undirected edges (for edge–edge CCD), each triangle's three edge indices, and whether the
 * surface is closed (every edge shared by an even number of triangles, so a point's inside/outside is defined by
 * ray parity). Immutable and thread-safe.
 */
public final class MeshSurface {
    private final MeshBvh bvh;
    private final double[] vertices; // welded, xyz per vertex
    private final int[] triangles; // 3 welded vertex indices per input triangle
    private final int[] edges; // 2 welded vertex indices per unique edge
    private final int[] triangleEdges; // 3 edge indices per input triangle (edge c joins corners c and c+1)
    private final boolean closed;

    public MeshSurface(TriangleMesh mesh) {
        this.bvh = MeshBvh.of(mesh);
        Map<Key, Integer> weld = new HashMap<>();
        int nv = mesh.vertexCount(), nt = mesh.triangleCount();
        int[] map = new int[nv];
        double[] v = new double[3 * nv];
        int count = 0;
        for (int i = 0; i < nv; i++) {
            // + 0.0 turns -0.0 into 0.0 so both weld
            Key k = new Key(mesh.vertex(i, 0) + 0.0, mesh.vertex(i, 1) + 0.0, mesh.vertex(i, 2) + 0.0);
            Integer id = weld.get(k);
            if (id == null) {
                id = count++;
                weld.put(k, id);
                v[3 * id] = k.x;
                v[3 * id + 1] = k.y;
                v[3 * id + 2] = k.z;
            }
            map[i] = id;
        }
        this.vertices = java.util.Arrays.copyOf(v, 3 * count);
        this.triangles = new int[3 * nt];
        this.triangleEdges = new int[3 * nt];
        Map<Long, Integer> edgeId = new HashMap<>();
        int[] e = new int[6 * nt];
        int[] uses = new int[3 * nt];
        int ne = 0;
        for (int t = 0; t < nt; t++) {
            for (int c = 0; c < 3; c++) {
                triangles[3 * t + c] = map[mesh.index(t, c)];
            }
        }
        for (int t = 0; t < nt; t++) {
            for (int c = 0; c < 3; c++) {
                int a = triangles[3 * t + c], b = triangles[3 * t + (c + 1) % 3];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                Integer id = edgeId.get(key);
                if (id == null) {
                    id = ne++;
                    edgeId.put(key, id);
                    e[2 * id] = Math.min(a, b);
                    e[2 * id + 1] = Math.max(a, b);
                }
                uses[id]++;
                triangleEdges[3 * t + c] = id;
            }
        }
        this.edges = java.util.Arrays.copyOf(e, 2 * ne);
        boolean even = true;
        for (int i = 0; i < ne; i++) {
            even &= (uses[i] & 1) == 0;
        }
        this.closed = even;
    }

    private record Key(double x, double y, double z) {}

    public MeshBvh bvh() {
        return bvh;
    }

    /** Whether every edge is shared by an even number of triangles (a closed surface bounding a solid). */
    public boolean isClosed() {
        return closed;
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    /** Coordinate {@code axis} of welded vertex v. */
    public double vertex(int v, int axis) {
        return vertices[3 * v + axis];
    }

    /** Number of input triangles (their order is the input mesh's). */
    public int triangleCount() {
        return triangles.length / 3;
    }

    public int edgeCount() {
        return edges.length / 2;
    }

    /** Welded vertex {@code end} (0 or 1) of edge e. */
    public int edgeVertex(int e, int end) {
        return edges[2 * e + end];
    }

    /** Welded vertex of corner c of input triangle t. */
    public int triangleVertex(int t, int c) {
        return triangles[3 * t + c];
    }

    /** Edge c (corners c, c+1) of input triangle t. */
    public int triangleEdge(int t, int c) {
        return triangleEdges[3 * t + c];
    }
}
