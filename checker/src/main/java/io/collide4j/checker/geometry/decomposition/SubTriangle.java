package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;

/**
 * A sub-triangle of mesh triangle {@code triangle} (a, b, c), from {@code depth} splits: 4-way
 * midpoint subdivision ({@link #children}) or a cut along a plane ({@link #splitBy}), so that a patch
 * straddling two convex pieces that meet at a common face plane is cut exactly there instead of being
 * shrunk until it fits one of them. Corners are barycentric pairs (u, v) meaning
 * {@code a + u(b - a) + v(c - a)}; (0,0), (1,0), (0,1) are the mesh vertices themselves and every caller
 * computes bit-identical corner coordinates ({@link #corners}). The children of a split share their new
 * corners, each of which lies on its parent's edge up to the rounding of one barycentric interpolation,
 * so the patches of a subdivision tile the triangle up to slivers of that width along their edges; with
 * the corners' own rounding this stays within {@link #roundingBound}. A convex piece whose planes hold
 * the three computed corners of a sub-triangle holds it up to that bound (convexity), so covering every
 * patch of a subdivision covers the triangle up to it. Immutable.
 *
 * @param triangle index of the mesh triangle
 * @param depth splits so far (0: the whole triangle)
 */
public record SubTriangle(int triangle, int depth, double u0, double v0, double u1, double v1, double u2, double v2) {
    /**
     * Deepest subdivision, midpoint splits and plane cuts counted alike (callers bound the number of patches
     * they make, e.g. with a budget).
     */
    public static final int MAX_DEPTH = 24;

    /** The whole triangle {@code t}. */
    public static SubTriangle whole(int t) {
        return new SubTriangle(t, 0, 0, 0, 1, 0, 0, 1);
    }

    /** The four halves-of-edges children (corner 0, corner 1, corner 2, middle); null at {@link #MAX_DEPTH}. */
    public SubTriangle[] children() {
        if (depth >= MAX_DEPTH) {
            return null;
        }
        double au = 0.5 * (u0 + u1), av = 0.5 * (v0 + v1); // midpoint of corners 0-1
        double bu = 0.5 * (u1 + u2), bv = 0.5 * (v1 + v2); // 1-2
        double cu = 0.5 * (u2 + u0), cv = 0.5 * (v2 + v0); // 2-0
        int d = depth + 1;
        return new SubTriangle[] {
            new SubTriangle(triangle, d, u0, v0, au, av, cu, cv),
            new SubTriangle(triangle, d, au, av, u1, v1, bu, bv),
            new SubTriangle(triangle, d, cu, cv, bu, bv, u2, v2),
            new SubTriangle(triangle, d, au, av, bu, bv, cu, cv)
        };
    }

    /**
     * The sub-triangles of this one on either side of the plane {@code n·x = d} ({@code planes[f..f+3]} as
     * (nx, ny, nz, d)), given this patch's computed corners {@code corners[0..8]}: two or three triangles
     * meeting along the cut. Null if the plane does not cross the patch's interior (all corners on one
     * side or on it) or the patch is at {@link #MAX_DEPTH}.
     */
    public SubTriangle[] splitBy(double[] planes, int f, double[] corners) {
        if (depth >= MAX_DEPTH) {
            return null;
        }
        double[] s = new double[3];
        int pos = 0, neg = 0;
        for (int k = 0; k < 3; k++) {
            s[k] = planes[f] * corners[3 * k]
                    + planes[f + 1] * corners[3 * k + 1]
                    + planes[f + 2] * corners[3 * k + 2]
                    - planes[f + 3];
            pos += s[k] > 0 ? 1 : 0;
            neg += s[k] < 0 ? 1 : 0;
        }
        if (pos == 0 || neg == 0) {
            return null;
        }
        double[] u = {u0, u1, u2}, v = {v0, v1, v2};
        int d = depth + 1;
        // The corner alone on its side (or, with a corner on the plane, that corner) is k; k1, k2 follow it.
        int k = -1;
        for (int i = 0; i < 3 && k < 0; i++) {
            if (s[i] == 0 || (s[i] > 0 ? pos == 1 : neg == 1) && s[(i + 1) % 3] != 0 && s[(i + 2) % 3] != 0) {
                k = i;
            }
        }
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        if (s[k] == 0) {
            // The plane passes through corner k and crosses the opposite edge: two triangles.
            double t = s[k1] / (s[k1] - s[k2]);
            double mu = lerp(u[k1], u[k2], t), mv = lerp(v[k1], v[k2], t);
            return new SubTriangle[] {
                new SubTriangle(triangle, d, u[k], v[k], u[k1], v[k1], mu, mv),
                new SubTriangle(triangle, d, u[k], v[k], mu, mv, u[k2], v[k2])
            };
        }
        double t1 = s[k] / (s[k] - s[k1]), t2 = s[k] / (s[k] - s[k2]);
        double mu = lerp(u[k], u[k1], t1), mv = lerp(v[k], v[k1], t1);
        double nu = lerp(u[k], u[k2], t2), nv = lerp(v[k], v[k2], t2);
        return new SubTriangle[] {
            new SubTriangle(triangle, d, u[k], v[k], mu, mv, nu, nv),
            new SubTriangle(triangle, d, mu, mv, u[k1], v[k1], u[k2], v[k2]),
            new SubTriangle(triangle, d, mu, mv, u[k2], v[k2], nu, nv)
        };
    }

    /**
     * The parts of this patch (computed corners {@code c[0..8]}) cut along a face of a piece ({@code planes[i]}:
     * (nx, ny, nz, d) quadruples, inside n·x &lt;= d) that holds one of its corners within {@code slack}: of all
     * such faces that the patch straddles by more than {@code slack} on both sides, the one its corners cross
     * farthest; null if there is none. Where pieces meet at a common face, the parts then each lie in one
     * piece.
     */
    public SubTriangle[] cutAlongHolder(double[][] planes, double[] c, double slack) {
        double[] best = null;
        int face = -1;
        double farthest = slack;
        for (double[] p : planes) {
            boolean holds = false;
            for (int v = 0; v < 9 && !holds; v += 3) {
                holds = Hulls.violation(p, c[v], c[v + 1], c[v + 2]) <= slack;
            }
            if (!holds) {
                continue;
            }
            for (int f = 0; f < p.length; f += 4) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int v = 0; v < 9; v += 3) {
                    double d = p[f] * c[v] + p[f + 1] * c[v + 1] + p[f + 2] * c[v + 2] - p[f + 3];
                    lo = Math.min(lo, d);
                    hi = Math.max(hi, d);
                }
                if (lo < -slack && hi > farthest) {
                    farthest = hi;
                    best = p;
                    face = f;
                }
            }
        }
        return best == null ? null : splitBy(best, face, c);
    }

    /** {@code p + t(q - p)}, clamped between p and q (t is in [0, 1] up to rounding). */
    private static double lerp(double p, double q, double t) {
        double r = p + t * (q - p);
        return Math.min(Math.max(r, Math.min(p, q)), Math.max(p, q));
    }

    /** Writes the three corners (x,y,z each) into {@code dest[0..8]}. */
    public void corners(TriangleMesh mesh, double[] dest) {
        int a = mesh.index(triangle, 0), b = mesh.index(triangle, 1), c = mesh.index(triangle, 2);
        point(mesh, a, b, c, u0, v0, dest, 0);
        point(mesh, a, b, c, u1, v1, dest, 3);
        point(mesh, a, b, c, u2, v2, dest, 6);
    }

    private static void point(TriangleMesh m, int a, int b, int c, double u, double v, double[] dest, int o) {
        int vertex = u == 0 && v == 0 ? a : (u == 1 && v == 0 ? b : (u == 0 && v == 1 ? c : -1));
        for (int k = 0; k < 3; k++) {
            if (vertex >= 0) {
                dest[o + k] = m.vertex(vertex, k);
            } else {
                double ak = m.vertex(a, k);
                dest[o + k] = ak + (u * (m.vertex(b, k) - ak) + v * (m.vertex(c, k) - ak));
            }
        }
    }

    /**
     * An upper bound on how far the exact triangle can lie from the union of the exact triangles on the
     * computed corners of any subdivision of mesh triangle {@code t}, plus how far a computed corner lies
     * from its exact barycentric point. With M the largest coordinate magnitude of its vertices and
     * u = 2^-53: a computed corner is off by at most 17 u M per coordinate (two differences, two products,
     * two sums), so 30 u M in distance; each split puts a new corner within 3 ulps of 1 in barycentric
     * terms, 12 u M in space, off its parent's edge, and a gap sliver of that width nests at most
     * {@link #MAX_DEPTH} deep: 30 + 24 × 12 = 318 u M; 512 u M plus the smallest normal double is
     * returned.
     */
    public static double roundingBound(TriangleMesh mesh, int t) {
        double m = 0;
        for (int c = 0; c < 3; c++) {
            int v = mesh.index(t, c);
            for (int k = 0; k < 3; k++) {
                m = Math.max(m, Math.abs(mesh.vertex(v, k)));
            }
        }
        return 512 * 0x1.0p-53 * m + Double.MIN_NORMAL;
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
