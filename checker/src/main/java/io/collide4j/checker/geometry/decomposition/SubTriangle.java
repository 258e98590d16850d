package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;

/**
 * A sub-triangle of mesh triangle {@code triangle}, from {@code depth} rounds of 4-way midpoint
 * subdivision. Its corners are lattice points {@code a + (i/N)(b - a) + (j/N)(c - a)} of the
 * triangle (a, b, c) with {@code N = 2^MAX_DEPTH}, so the exact sub-triangles of one depth tile the
 * triangle exactly and every caller computes bit-identical corner coordinates ({@link #corners});
 * the computed corners are within {@link #roundingBound} of the exact ones, and the three lattice
 * points (0,0), (N,0), (0,N) are the mesh vertices themselves. A convex piece whose planes hold the
 * three computed corners of a sub-triangle holds it up to that bound (convexity), so covering every
 * patch of a subdivision covers the triangle. Immutable.
 *
 * @param triangle index of the mesh triangle
 * @param depth subdivision rounds (0: the whole triangle)
 */
public record SubTriangle(int triangle, int depth, int i0, int j0, int i1, int j1, int i2, int j2) {
    /** Deepest subdivision: sub-triangle edges are 1/1024 of the triangle's. */
    public static final int MAX_DEPTH = 10;
    private static final int N = 1 << MAX_DEPTH;
    private static final double INV_N = 1.0 / N;

    /** The whole triangle {@code t}. */
    public static SubTriangle whole(int t) {
        return new SubTriangle(t, 0, 0, 0, N, 0, 0, N);
    }

    /** The four halves-of-edges children (corner 0, corner 1, corner 2, middle); null at {@link #MAX_DEPTH}. */
    public SubTriangle[] children() {
        if (depth >= MAX_DEPTH) {
            return null;
        }
        int ai = (i0 + i1) / 2, aj = (j0 + j1) / 2; // midpoint of corners 0-1 (exact: lattice spacing is even)
        int bi = (i1 + i2) / 2, bj = (j1 + j2) / 2; // 1-2
        int ci = (i2 + i0) / 2, cj = (j2 + j0) / 2; // 2-0
        int d = depth + 1;
        return new SubTriangle[] {new SubTriangle(triangle, d, i0, j0, ai, aj, ci, cj),
                new SubTriangle(triangle, d, ai, aj, i1, j1, bi, bj), new SubTriangle(triangle, d, ci, cj, bi, bj, i2, j2),
                new SubTriangle(triangle, d, ai, aj, bi, bj, ci, cj)};
    }

    /** Writes the three corners (x,y,z each) into {@code dest[0..8]}. */
    public void corners(TriangleMesh mesh, double[] dest) {
        int a = mesh.index(triangle, 0), b = mesh.index(triangle, 1), c = mesh.index(triangle, 2);
        point(mesh, a, b, c, i0, j0, dest, 0);
        point(mesh, a, b, c, i1, j1, dest, 3);
        point(mesh, a, b, c, i2, j2, dest, 6);
    }

    private static void point(TriangleMesh m, int a, int b, int c, int i, int j, double[] dest, int o) {
        int v = i == 0 && j == 0 ? a : (i == N && j == 0 ? b : (i == 0 && j == N ? c : -1));
        for (int k = 0; k < 3; k++) {
            if (v >= 0) {
                dest[o + k] = m.vertex(v, k);
            } else {
                double ak = m.vertex(a, k);
                dest[o + k] = ak + (i * INV_N) * (m.vertex(b, k) - ak) + (j * INV_N) * (m.vertex(c, k) - ak);
            }
        }
    }

    /**
     * An upper bound on the distance between a computed corner of any sub-triangle of mesh triangle
     * {@code t} and the exact lattice point: with M the largest coordinate magnitude of its vertices, each
     * coordinate is off by at most 12 u M (u = 2^-53: two differences, two sums, the dyadic products exact),
     * so the distance by at most 21 u M; 32 u M plus the smallest normal double is returned.
     */
    public static double roundingBound(TriangleMesh mesh, int t) {
        double m = 0;
        for (int c = 0; c < 3; c++) {
            int v = mesh.index(t, c);
            for (int k = 0; k < 3; k++) {
                m = Math.max(m, Math.abs(mesh.vertex(v, k)));
            }
        }
        return 32 * 0x1.0p-53 * m + Double.MIN_NORMAL;
    }

    /** Longest edge of mesh triangle {@code t}. */
    static double longestEdge(TriangleMesh mesh, int t) {
        double best = 0;
        for (int e = 0; e < 3; e++) {
            int p = mesh.index(t, e), q = mesh.index(t, (e + 1) % 3);
            double dx = mesh.vertex(p, 0) - mesh.vertex(q, 0), dy = mesh.vertex(p, 1) - mesh.vertex(q, 1);
            double dz = mesh.vertex(p, 2) - mesh.vertex(q, 2);
            best = Math.max(best, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return best;
    }
}
