package io.collide4j.checker.ccd.screw;

import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A triangle mesh prepared for D2M: welded vertices and unique edges ({@link MeshSurface}), unit face normals with
 * their plane rounding allowance, and the midpoint-cut sphere tree (seed 000 §5.4.1).
 *
 * <p>Tree: top-down and binary; a node's pieces (initially the triangles) are cut at the midpoint of the widest side
 * of their bounding box, and pieces straddling the cut are clipped into two convex pieces. A node with ≤
 * {@link #LEAF_TRIANGLES} pieces whose sphere is at most 1/{@link #SIZE_RATIO} of the root's, or at depth
 * {@link #MAX_DEPTH}, is a leaf (the seed's size rule: big triangles do not make big leaf spheres). Spheres are
 * centred on the box centre with the largest corner distance as radius, rounded up, plus an allowance for the
 * interpolated cut points: enclosing, not minimal (the seed's minimal spheres hit floating-point degeneracies,
 * §5.4.1). Each leaf lists, once each, the faces with a piece in it, the input vertices that are piece corners and
 * the input edges along piece boundaries, so every point of a face, edge or vertex lies in the sphere of a leaf that
 * lists it.
 *
 * <p>Immutable and thread-safe.
 */
public final class ScrewMesh {
    /** Largest triangle count of a leaf above the depth cap. */
    public static final int LEAF_TRIANGLES = 4;
    /** Depth cap of the tree (the seed's 17). */
    public static final int MAX_DEPTH = 17;
    /** Size rule: a leaf's sphere is at most the root's radius divided by this (unless at the depth cap). */
    public static final double SIZE_RATIO = 8;

    private static final double U = 0x1p-53;

    private final MeshSurface surface;
    final int triangleCount;
    final double[] vertices; // welded xyz
    final int[] triangles; // welded vertex ids
    final int[] edges; // welded vertex ids
    final double[] normals; // unit face normal xyz (NaN for a degenerate triangle)
    final double[] planeError; // how far the triangle's own corners may sit off the plane (a0, normal)
    final double[] edgeLength; // rounded up
    // tree
    final double[] nodeCenter; // xyz
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
            // a rounded cross product of exactly zero gives no plane: the triangle is then tested as its edges. A
            // sliver
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
        // tree over triangle pieces (clipped at the cuts)
        Builder bld = new Builder();
        List<Piece> all = new ArrayList<>(triangleCount);
        for (int t = 0; t < triangleCount; t++) {
            int[] tv = {triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]};
            double[] pts = new double[9];
            for (int c = 0; c < 3; c++) {
                System.arraycopy(vertices, 3 * tv[c], pts, 3 * c, 3);
            }
            all.add(new Piece(t, pts, tv, new int[] {
                surface.triangleEdge(t, 0), surface.triangleEdge(t, 1), surface.triangleEdge(t, 2)
            }));
        }
        double mag = 0;
        for (double x : vertices) {
            mag = Math.max(mag, Math.abs(x));
        }
        // cut points are interpolated: the pieces cover their triangle up to a few u of the coordinates
        bld.cover = 64 * U * mag + Double.MIN_NORMAL;
        bld.build(all, 0);
        nodeCount = bld.nodes;
        depth = bld.maxDepth;
        nodeCenter = bld.nc.toArray();
        nodeRadius = bld.nr.toArray();
        nodeLeft = bld.left.stream().mapToInt(Integer::intValue).toArray();
        nodeRight = bld.right.stream().mapToInt(Integer::intValue).toArray();
        leafTriStart = new int[nodeCount];
        leafTriEnd = new int[nodeCount];
        leafVertStart = new int[nodeCount];
        leafVertEnd = new int[nodeCount];
        leafEdgeStart = new int[nodeCount];
        leafEdgeEnd = new int[nodeCount];
        IntList lt = new IntList(), lv = new IntList(), le = new IntList();
        for (int node = 0; node < nodeCount; node++) {
            List<Piece> ps = bld.leafPieces.get(node);
            if (ps == null) {
                continue;
            }
            leafTriStart[node] = lt.size;
            leafVertStart[node] = lv.size;
            leafEdgeStart[node] = le.size;
            for (Piece pc : ps) {
                lt.addUnique(pc.tri, leafTriStart[node]);
                for (int k = 0; k < pc.vid.length; k++) {
                    if (pc.vid[k] >= 0) {
                        lv.addUnique(pc.vid[k], leafVertStart[node]);
                    }
                    if (pc.eid[k] >= 0) {
                        le.addUnique(pc.eid[k], leafEdgeStart[node]);
                    }
                }
            }
            leafTriEnd[node] = lt.size;
            leafVertEnd[node] = lv.size;
            leafEdgeEnd[node] = le.size;
        }
        leafTris = lt.toArray();
        leafVerts = lv.toArray();
        leafEdges = le.toArray();
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

    /** Input triangles with a piece in a leaf (their faces are tested at that leaf). */
    public int[] leafTriangles(int node) {
        return Arrays.copyOfRange(leafTris, leafTriStart[node], leafTriEnd[node]);
    }

    /** Welded vertices that are corners of pieces in a leaf. */
    public int[] leafVertices(int node) {
        return Arrays.copyOfRange(leafVerts, leafVertStart[node], leafVertEnd[node]);
    }

    /** Welded edges with a stretch on the boundary of a piece in a leaf. */
    public int[] leafEdgeIds(int node) {
        return Arrays.copyOfRange(leafEdges, leafEdgeStart[node], leafEdgeEnd[node]);
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

    /** A convex piece of input triangle {@code tri}: corners, their input vertex ids (-1 at a cut) and, per corner, the
     * input edge the boundary follows to the next corner (-1 along a cut). */
    private record Piece(int tri, double[] pts, int[] vid, int[] eid) {}

    private static final class IntList {
        int[] a = new int[64];
        int size;

        void addUnique(int x, int from) {
            for (int i = from; i < size; i++) {
                if (a[i] == x) {
                    return;
                }
            }
            if (size == a.length) {
                a = Arrays.copyOf(a, 2 * size);
            }
            a[size++] = x;
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    private static final class DoubleList {
        double[] a = new double[64];
        int size;

        void add(double x) {
            if (size == a.length) {
                a = Arrays.copyOf(a, 2 * size);
            }
            a[size++] = x;
        }

        double[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    /**
     * Top-down midpoint cuts (seed 000 §5.4.1): pieces straddling the cut plane are clipped into two convex pieces; a
     * node is a leaf when it has ≤ {@link #LEAF_TRIANGLES} pieces and its sphere is at most 1/{@link #SIZE_RATIO} of the
     * root's, or at depth {@link #MAX_DEPTH}.
     */
    private static final class Builder {
        final DoubleList nc = new DoubleList(), nr = new DoubleList();
        final List<Integer> left = new ArrayList<>(), right = new ArrayList<>();
        final java.util.Map<Integer, List<Piece>> leafPieces = new java.util.HashMap<>();
        double cover;
        double sizeLimit = Double.NaN;
        int nodes;
        int maxDepth;

        int build(List<Piece> ps, int d) {
            int node = nodes++;
            left.add(-1);
            right.add(-1);
            maxDepth = Math.max(maxDepth, d);
            double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (Piece p : ps) {
                for (int i = 0; i < p.pts.length; i++) {
                    lo[i % 3] = Math.min(lo[i % 3], p.pts[i]);
                    hi[i % 3] = Math.max(hi[i % 3], p.pts[i]);
                }
            }
            double cx = 0.5 * (lo[0] + hi[0]), cy = 0.5 * (lo[1] + hi[1]), cz = 0.5 * (lo[2] + hi[2]);
            double r2 = 0;
            for (Piece p : ps) {
                for (int i = 0; i < p.pts.length; i += 3) {
                    double dx = p.pts[i] - cx, dy = p.pts[i + 1] - cy, dz = p.pts[i + 2] - cz;
                    r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
                }
            }
            nc.add(cx);
            nc.add(cy);
            nc.add(cz);
            // rounding of the differences and the sum of squares: a few u relative, plus u of the centre's magnitude
            double mag = Math.abs(cx) + Math.abs(cy) + Math.abs(cz);
            double r = Math.sqrt(r2) * (1 + 16 * U) + 8 * U * mag + cover;
            nr.add(r);
            if (Double.isNaN(sizeLimit)) {
                sizeLimit = r / SIZE_RATIO;
            }
            int axis = 0;
            for (int k = 1; k < 3; k++) {
                if (hi[k] - lo[k] > hi[axis] - lo[axis]) {
                    axis = k;
                }
            }
            double cut = 0.5 * (lo[axis] + hi[axis]);
            if ((ps.size() <= LEAF_TRIANGLES && r <= sizeLimit)
                    || d >= MAX_DEPTH
                    || !(cut > lo[axis] && cut < hi[axis])) {
                leafPieces.put(node, ps);
                return node;
            }
            List<Piece> l = new ArrayList<>(), rt = new ArrayList<>();
            for (Piece p : ps) {
                split(p, axis, cut, l, rt);
            }
            int a = build(l, d + 1);
            int b = build(rt, d + 1);
            left.set(node, a);
            right.set(node, b);
            return node;
        }

        /** Sutherland–Hodgman against coordinate {@code axis} = cut; the cut points get exactly {@code cut} there. */
        private static void split(Piece p, int axis, double cut, List<Piece> l, List<Piece> r) {
            int k = p.vid.length;
            boolean anyLo = false, anyHi = false;
            for (int i = 0; i < k; i++) {
                double v = p.pts[3 * i + axis];
                anyLo |= v < cut;
                anyHi |= v > cut;
            }
            if (!anyHi) {
                l.add(p);
                return;
            }
            if (!anyLo) {
                r.add(p);
                return;
            }
            l.add(side(p, axis, cut, 1));
            r.add(side(p, axis, cut, -1));
        }

        /** The part of p with sign·(x[axis] − cut) ≤ 0. */
        private static Piece side(Piece p, int axis, double cut, double sign) {
            int k = p.vid.length;
            DoubleList pts = new DoubleList();
            IntList vid = new IntList(), eid = new IntList();
            for (int i = 0; i < k; i++) {
                int j = (i + 1) % k;
                double di = sign * (p.pts[3 * i + axis] - cut), dj = sign * (p.pts[3 * j + axis] - cut);
                if (di <= 0) {
                    emit(pts, vid, eid, p.pts, i, p.vid[i], dj <= 0 || di < 0 ? p.eid[i] : -1);
                    if (di < 0 && dj > 0) {
                        emitCut(pts, vid, eid, p.pts, i, j, axis, cut, -1);
                    }
                } else if (dj < 0) {
                    emitCut(pts, vid, eid, p.pts, i, j, axis, cut, p.eid[i]);
                }
            }
            return new Piece(p.tri, pts.toArray(), Arrays.copyOf(vid.a, vid.size), Arrays.copyOf(eid.a, eid.size));
        }

        private static void emit(DoubleList pts, IntList vid, IntList eid, double[] src, int i, int v, int e) {
            pts.add(src[3 * i]);
            pts.add(src[3 * i + 1]);
            pts.add(src[3 * i + 2]);
            push(vid, v);
            push(eid, e);
        }

        private static void emitCut(
                DoubleList pts, IntList vid, IntList eid, double[] src, int i, int j, int axis, double cut, int e) {
            double t = (cut - src[3 * i + axis]) / (src[3 * j + axis] - src[3 * i + axis]);
            for (int c = 0; c < 3; c++) {
                pts.add(c == axis ? cut : src[3 * i + c] + t * (src[3 * j + c] - src[3 * i + c]));
            }
            push(vid, -1);
            push(eid, e);
        }

        private static void push(IntList l, int x) {
            if (l.size == l.a.length) {
                l.a = Arrays.copyOf(l.a, 2 * l.size);
            }
            l.a[l.size++] = x;
        }
    }
}
