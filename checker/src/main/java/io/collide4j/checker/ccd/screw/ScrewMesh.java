package io.collide4j.checker.ccd.screw;

import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.urdf.TriangleMesh;

import java.util.Arrays;

/**
 * A triangle mesh prepared for D2M: welded vertices and unique edges ({@link MeshSurface}), unit face normals with
 * their plane rounding allowance, and the midpoint-cut sphere tree (seed 000 §5.4.1).
 *
 * <p>Tree: top-down and binary; a node's triangles are split at the midpoint of the widest side of their bounding
 * box, by triangle centroid (no clipping: a triangle lives in exactly one leaf, and every sphere encloses all the
 * vertices of its triangles, so no triangle is ever outside its leaf's sphere); when the cut leaves a side empty the
 * centroid median is used. A node with ≤ {@link #LEAF_TRIANGLES} triangles or at depth {@link #MAX_DEPTH} is a
 * leaf. Spheres are centred on the box centre with the largest vertex distance as radius, rounded up: enclosing, not
 * minimal (the seed's minimal spheres hit floating-point degeneracies, §5.4.1). Each leaf lists its unique vertices
 * and edges so the leaf-pair feature loops do not repeat a feature.
 *
 * <p>Immutable and thread-safe.
 */
public final class ScrewMesh {
    /** Largest triangle count of a leaf above the depth cap. */
    public static final int LEAF_TRIANGLES = 4;
    /** Depth cap of the tree (the seed's 17). */
    public static final int MAX_DEPTH = 17;
    private static final double U = 0x1p-53;

    private final MeshSurface surface;
    final int triangleCount;
    final double[] vertices;       // welded xyz
    final int[] triangles;         // welded vertex ids
    final int[] edges;             // welded vertex ids
    final double[] normals;        // unit face normal xyz (NaN for a degenerate triangle)
    final double[] planeError;     // how far the triangle's own corners may sit off the plane (a0, normal)
    final double[] edgeLength;     // rounded up
    // tree
    final double[] nodeCenter;     // xyz
    final double[] nodeRadius;
    final int[] nodeLeft, nodeRight; // -1 for a leaf
    final int[] leafTriStart, leafTriEnd, leafVertStart, leafVertEnd, leafEdgeStart, leafEdgeEnd;
    final int[] leafTris, leafVerts, leafEdges;
    final int nodeCount;
    final int depth;

    private ScrewMesh(TriangleMesh mesh) {
        this.surface = new MeshSurface(mesh);
        this.triangleCount = mesh.triangleCount();
        if (triangleCount == 0) {
            throw new IllegalArgumentException("D2M needs a mesh with at least one triangle");
        }
        int nv = surface.vertexCount();
        vertices = new double[3 * nv];
        for (int v = 0; v < nv; v++) {
            for (int k = 0; k < 3; k++) {
                vertices[3 * v + k] = surface.vertex(v, k);
                if (!Double.isFinite(vertices[3 * v + k])) {
                    throw new IllegalArgumentException("vertex " + v + " has a non-finite coordinate");
                }
            }
        }
        triangles = new int[3 * triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            for (int c = 0; c < 3; c++) {
                triangles[3 * t + c] = surface.triangleVertex(t, c);
            }
        }
        int ne = surface.edgeCount();
        edges = new int[2 * ne];
        edgeLength = new double[ne];
        for (int e = 0; e < ne; e++) {
            edges[2 * e] = surface.edgeVertex(e, 0);
            edges[2 * e + 1] = surface.edgeVertex(e, 1);
            edgeLength[e] = dist(edges[2 * e], edges[2 * e + 1]) * (1 + 8 * U);
        }
        normals = new double[3 * triangleCount];
        planeError = new double[triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            int a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
            double e1x = vertices[3 * b] - vertices[3 * a], e1y = vertices[3 * b + 1] - vertices[3 * a + 1];
            double e1z = vertices[3 * b + 2] - vertices[3 * a + 2];
            double e2x = vertices[3 * c] - vertices[3 * a], e2y = vertices[3 * c + 1] - vertices[3 * a + 1];
            double e2z = vertices[3 * c + 2] - vertices[3 * a + 2];
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double l1 = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z), l2 = Math.sqrt(e2x * e2x + e2y * e2y + e2z * e2z);
            // a rounded cross product of exactly zero gives no plane: the triangle is then tested as its edges. A sliver
            // keeps its plane, with the large plane allowance below (its corners' distance from that plane)
            if (!(n > 0) || !(n < Double.POSITIVE_INFINITY)) {
                normals[3 * t] = normals[3 * t + 1] = normals[3 * t + 2] = Double.NaN;
                continue;
            }
            normals[3 * t] = nx / n;
            normals[3 * t + 1] = ny / n;
            normals[3 * t + 2] = nz / n;
            // the corners b, c lie within |e|·(angle error of the normal) of the plane through a; the angle error is a
            // few u of (edge products / n) plus the subtraction error of coordinates of size |a|
            double mag = Math.abs(vertices[3 * a]) + Math.abs(vertices[3 * a + 1]) + Math.abs(vertices[3 * a + 2]);
            double angle = 32 * U * (l1 * l2 / n) + 8 * U * mag * (l1 + l2) / n;
            planeError[t] = (l1 + l2) * angle + 8 * U * (l1 + l2);
        }
        // tree
        int cap = 2 * triangleCount + 1;
        double[] nc = new double[3 * cap];
        double[] nr = new double[cap];
        int[] left = new int[cap], right = new int[cap];
        int[] order = new int[triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            order[t] = t;
        }
        double[] centroid = new double[3 * triangleCount];
        for (int t = 0; t < triangleCount; t++) {
            for (int k = 0; k < 3; k++) {
                centroid[3 * t + k] = (vertices[3 * triangles[3 * t] + k] + vertices[3 * triangles[3 * t + 1] + k]
                        + vertices[3 * triangles[3 * t + 2] + k]) / 3;
            }
        }
        Builder bld = new Builder(order, centroid, nc, nr, left, right);
        bld.build(0, triangleCount, 0);
        nodeCount = bld.nodes;
        depth = bld.maxDepth;
        nodeCenter = Arrays.copyOf(nc, 3 * nodeCount);
        nodeRadius = Arrays.copyOf(nr, nodeCount);
        nodeLeft = Arrays.copyOf(left, nodeCount);
        nodeRight = Arrays.copyOf(right, nodeCount);
        // leaf feature lists
        leafTriStart = new int[nodeCount];
        leafTriEnd = new int[nodeCount];
        leafVertStart = new int[nodeCount];
        leafVertEnd = new int[nodeCount];
        leafEdgeStart = new int[nodeCount];
        leafEdgeEnd = new int[nodeCount];
        leafTris = order.clone();
        int[] lv = new int[3 * triangleCount], le = new int[3 * triangleCount];
        int nvOut = 0, neOut = 0;
        for (int node = 0; node < nodeCount; node++) {
            if (nodeLeft[node] >= 0) {
                continue;
            }
            int s = bld.start[node], e = bld.end[node];
            leafTriStart[node] = s;
            leafTriEnd[node] = e;
            leafVertStart[node] = nvOut;
            leafEdgeStart[node] = neOut;
            for (int i = s; i < e; i++) {
                int t = order[i];
                for (int c = 0; c < 3; c++) {
                    int v = triangles[3 * t + c];
                    if (!contains(lv, leafVertStart[node], nvOut, v)) {
                        lv[nvOut++] = v;
                    }
                    int ed = surface.triangleEdge(t, c);
                    if (!contains(le, leafEdgeStart[node], neOut, ed)) {
                        le[neOut++] = ed;
                    }
                }
            }
            leafVertEnd[node] = nvOut;
            leafEdgeEnd[node] = neOut;
        }
        leafVerts = Arrays.copyOf(lv, nvOut);
        leafEdges = Arrays.copyOf(le, neOut);
    }

    /** Prepares a mesh (any triangle soup; D2M's contacts are between surfaces). */
    public static ScrewMesh of(TriangleMesh mesh) {
        return new ScrewMesh(mesh);
    }

    /** The welded surface (exact mesh queries, closedness). */
    public MeshSurface surface() {
        return surface;
    }

    /** Nodes of the sphere tree. */
    public int nodeCount() {
        return nodeCount;
    }

    /** Depth of the sphere tree (root = 0). */
    public int depth() {
        return depth;
    }

    /** Whether node is a leaf. */
    public boolean isLeaf(int node) {
        return nodeLeft[node] < 0;
    }

    /** Children of an inner node (child 0 or 1). */
    public int child(int node, int which) {
        return which == 0 ? nodeLeft[node] : nodeRight[node];
    }

    /** Sphere centre coordinate of node, body frame. */
    public double center(int node, int axis) {
        return nodeCenter[3 * node + axis];
    }

    /** Sphere radius of node (encloses every vertex of the node's triangles). */
    public double radius(int node) {
        return nodeRadius[node];
    }

    /** Input triangles of a leaf. */
    public int[] leafTriangles(int node) {
        return Arrays.copyOfRange(leafTris, leafTriStart[node], leafTriEnd[node]);
    }

    /** Welded vertex ids of input triangle t. */
    public int triangleVertex(int t, int corner) {
        return triangles[3 * t + corner];
    }

    /** Welded vertex coordinate. */
    public double vertex(int v, int axis) {
        return vertices[3 * v + axis];
    }

    private static boolean contains(int[] a, int from, int to, int x) {
        for (int i = from; i < to; i++) {
            if (a[i] == x) {
                return true;
            }
        }
        return false;
    }

    private double dist(int a, int b) {
        double dx = vertices[3 * a] - vertices[3 * b], dy = vertices[3 * a + 1] - vertices[3 * b + 1];
        double dz = vertices[3 * a + 2] - vertices[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private final class Builder {
        final int[] order;
        final double[] centroid, nc, nr;
        final int[] left, right;
        final int[] start, end;
        int nodes;
        int maxDepth;

        Builder(int[] order, double[] centroid, double[] nc, double[] nr, int[] left, int[] right) {
            this.order = order;
            this.centroid = centroid;
            this.nc = nc;
            this.nr = nr;
            this.left = left;
            this.right = right;
            this.start = new int[left.length];
            this.end = new int[left.length];
        }

        int build(int s, int e, int d) {
            int node = nodes++;
            maxDepth = Math.max(maxDepth, d);
            start[node] = s;
            end[node] = e;
            double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int i = s; i < e; i++) {
                for (int c = 0; c < 3; c++) {
                    int v = triangles[3 * order[i] + c];
                    for (int k = 0; k < 3; k++) {
                        lo[k] = Math.min(lo[k], vertices[3 * v + k]);
                        hi[k] = Math.max(hi[k], vertices[3 * v + k]);
                    }
                }
            }
            double cx = 0.5 * (lo[0] + hi[0]), cy = 0.5 * (lo[1] + hi[1]), cz = 0.5 * (lo[2] + hi[2]);
            double r2 = 0;
            for (int i = s; i < e; i++) {
                for (int c = 0; c < 3; c++) {
                    int v = triangles[3 * order[i] + c];
                    double dx = vertices[3 * v] - cx, dy = vertices[3 * v + 1] - cy, dz = vertices[3 * v + 2] - cz;
                    r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
                }
            }
            nc[3 * node] = cx;
            nc[3 * node + 1] = cy;
            nc[3 * node + 2] = cz;
            // rounding of the differences and the sum of squares: a few u relative, plus u of the centre's magnitude
            double mag = Math.abs(cx) + Math.abs(cy) + Math.abs(cz);
            nr[node] = Math.sqrt(r2) * (1 + 16 * U) + 8 * U * mag + Double.MIN_NORMAL;
            left[node] = -1;
            right[node] = -1;
            if (e - s <= LEAF_TRIANGLES || d >= MAX_DEPTH) {
                return node;
            }
            int axis = 0;
            for (int k = 1; k < 3; k++) {
                if (hi[k] - lo[k] > hi[axis] - lo[axis]) {
                    axis = k;
                }
            }
            double cut = 0.5 * (lo[axis] + hi[axis]);
            int m = partition(s, e, axis, cut);
            if (m == s || m == e) {
                sortByCentroid(s, e, axis);
                m = (s + e) >>> 1;
            }
            left[node] = build(s, m, d + 1);
            right[node] = build(m, e, d + 1);
            return node;
        }

        private int partition(int s, int e, int axis, double cut) {
            int i = s, j = e - 1;
            while (i <= j) {
                if (centroid[3 * order[i] + axis] < cut) {
                    i++;
                } else {
                    int tmp = order[i];
                    order[i] = order[j];
                    order[j] = tmp;
                    j--;
                }
            }
            return i;
        }

        private void sortByCentroid(int s, int e, int axis) {
            Integer[] box = new Integer[e - s];
            for (int i = s; i < e; i++) {
                box[i - s] = order[i];
            }
            Arrays.sort(box, (x, y) -> Double.compare(centroid[3 * x + axis], centroid[3 * y + axis]));
            for (int i = s; i < e; i++) {
                order[i] = box[i - s];
            }
        }
    }
}
