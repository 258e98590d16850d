package io.collide4j.checker.geometry.mesh;

import io.collide4j.urdf.TriangleMesh;
import java.util.Arrays;

/**
 * An immutable AABB tree over the triangles of a mesh (top-down, median split on the longest axis of the
 * triangle centroids, up to {@link #LEAF_SIZE} triangles per leaf). Triangle corners are stored unrolled
 * (9 doubles per triangle, in tree order) so leaf tests read contiguous memory. Thread-safe.
 */
public final class MeshBvh {
    public static final int LEAF_SIZE = 4;

    /** Triangle corner coordinates, 9 per triangle, in tree order. */
    final double[] tri;
    /** Original triangle index for each tree-order triangle. */
    final int[] order;
    /** Per node: minX, minY, minZ, maxX, maxY, maxZ. */
    final double[] box;
    /** Per node: left child, right child (−1 for leaves), first triangle, triangle count. */
    final int[] node;

    final int nodeCount;

    public MeshBvh(double[] vertices, int[] triangles) {
        if (vertices.length % 3 != 0 || triangles.length % 3 != 0 || triangles.length == 0) {
            throw new IllegalArgumentException("mesh needs xyz triples and at least one index triple, got "
                    + vertices.length + " coordinates and " + triangles.length + " indices");
        }
        int nt = triangles.length / 3;
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || 3 * triangles[i] + 2 >= vertices.length) {
                throw new IllegalArgumentException("triangle " + i / 3 + " refers to vertex " + triangles[i]
                        + ", expected 0.." + (vertices.length / 3 - 1));
            }
        }
        for (int i = 0; i < vertices.length; i++) {
            if (!Double.isFinite(vertices[i])) {
                throw new IllegalArgumentException("vertex " + i / 3 + " has a non-finite coordinate");
            }
        }
        Integer[] idx = new Integer[nt];
        double[] cen = new double[3 * nt];
        for (int t = 0; t < nt; t++) {
            idx[t] = t;
            for (int k = 0; k < 3; k++) {
                cen[3 * t + k] = (vertices[3 * triangles[3 * t] + k]
                                + vertices[3 * triangles[3 * t + 1] + k]
                                + vertices[3 * triangles[3 * t + 2] + k])
                        / 3;
            }
        }
        int maxNodes = 2 * nt;
        double[] bx = new double[6 * maxNodes];
        int[] nd = new int[4 * maxNodes];
        int[] count = {0};
        build(idx, 0, nt, cen, vertices, triangles, bx, nd, count);
        this.nodeCount = count[0];
        this.box = Arrays.copyOf(bx, 6 * nodeCount);
        this.node = Arrays.copyOf(nd, 4 * nodeCount);
        this.order = new int[nt];
        this.tri = new double[9 * nt];
        for (int t = 0; t < nt; t++) {
            order[t] = idx[t];
            for (int c = 0; c < 3; c++) {
                System.arraycopy(vertices, 3 * triangles[3 * idx[t] + c], tri, 9 * t + 3 * c, 3);
            }
        }
    }

    public static MeshBvh of(TriangleMesh mesh) {
        return new MeshBvh(mesh.copyVertices(), mesh.copyTriangles());
    }

    private static int build(
            Integer[] idx, int from, int to, double[] cen, double[] v, int[] t, double[] bx, int[] nd, int[] count) {
        int n = count[0]++;
        double[] b = {
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        double[] cb = b.clone();
        for (int i = from; i < to; i++) {
            int tr = idx[i];
            for (int c = 0; c < 3; c++) {
                int vi = 3 * t[3 * tr + c];
                for (int k = 0; k < 3; k++) {
                    b[k] = Math.min(b[k], v[vi + k]);
                    b[k + 3] = Math.max(b[k + 3], v[vi + k]);
                }
            }
            for (int k = 0; k < 3; k++) {
                cb[k] = Math.min(cb[k], cen[3 * tr + k]);
                cb[k + 3] = Math.max(cb[k + 3], cen[3 * tr + k]);
            }
        }
        System.arraycopy(b, 0, bx, 6 * n, 6);
        nd[4 * n + 2] = from;
        nd[4 * n + 3] = to - from;
        if (to - from <= LEAF_SIZE) {
            nd[4 * n] = nd[4 * n + 1] = -1;
            return n;
        }
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (cb[k + 3] - cb[k] > cb[axis + 3] - cb[axis]) {
                axis = k;
            }
        }
        final int ax = axis;
        Arrays.sort(idx, from, to, (p, q) -> Double.compare(cen[3 * p + ax], cen[3 * q + ax]));
        int mid = (from + to) >>> 1;
        nd[4 * n] = build(idx, from, mid, cen, v, t, bx, nd, count);
        nd[4 * n + 1] = build(idx, mid, to, cen, v, t, bx, nd, count);
        return n;
    }

    public int triangleCount() {
        return order.length;
    }

    /** Copies the 9 corner coordinates of tree-order triangle {@code i} into dest[off .. off+8]. */
    public void triangle(int i, double[] dest, int off) {
        System.arraycopy(tri, 9 * i, dest, off, 9);
    }

    /** Input index of tree-order triangle {@code i}. */
    public int originalTriangle(int i) {
        return order[i];
    }

    /** Bounds of the whole mesh {minX, minY, minZ, maxX, maxY, maxZ}. */
    public double[] bounds() {
        return Arrays.copyOf(box, 6);
    }
}
