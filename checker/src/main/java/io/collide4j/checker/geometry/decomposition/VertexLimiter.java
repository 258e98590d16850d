package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Limits a hull's vertex count by enclosing it, never by shrinking it: the result is the
 * intersection of half-spaces {n_i·x <= max over the hull of n_i·x} for a greedy choice of the
 * hull's own face normals (ordered large faces far in angle from earlier ones first; the longest
 * prefix within budget, found by binary search, plus a bounding tetrahedron), so it contains
 * the input hull (and every point the input contained), with at most {@code maxVertices} vertices.
 * Vertices of the half-space intersection are found as the facets of the dual hull of the points
 * n_i / d_i (polar duality about an interior point). Stateless and thread-safe.
 */
final class VertexLimiter {
    private static final double SAME_DIRECTION = 1 - 1e-9;

    private VertexLimiter() {}

    /** {@code hull} itself if it has at most {@code maxVertices} vertices, else an enclosing hull that has. */
    static ConvexHull limit(ConvexHull hull, int maxVertices) {
        if (Hulls.vertexCount(hull) <= maxVertices) {
            return hull;
        }
        // Containment fixing keeps the vertex count except for slivers; then retry with a smaller budget.
        for (int budget = maxVertices; budget >= 4; budget--) {
            ConvexHull h = enclose(hull, budget);
            if (Hulls.vertexCount(h) <= maxVertices) {
                return h;
            }
        }
        throw new IllegalStateException(
                "cannot enclose a hull of " + Hulls.vertexCount(hull) + " vertices in " + maxVertices + " vertices");
    }

    private static ConvexHull enclose(ConvexHull hull, int maxVertices) {
        double[] v = Hulls.vertices(hull);
        double[] c = Hulls.centroid(v);
        double[] planes = Hulls.planes(hull);
        int[] faces = Hulls.faces(hull);
        int nf = planes.length / 4;
        double[] area = new double[nf];
        for (int f = 0; f < nf; f++) {
            area[f] = triangleArea(v, faces[3 * f], faces[3 * f + 1], faces[3 * f + 2]);
        }
        List<double[]> dirs = new ArrayList<>();
        double s = 1 / Math.sqrt(3);
        for (double[] t : new double[][] {{s, s, s}, {s, -s, -s}, {-s, s, -s}, {-s, -s, s}}) {
            dirs.add(t);
        }
        // Spread order: next is the face maximising area x (1 - cos of the angle to the nearest
        // normal already ordered), so the first k planes cover the surface evenly for every k.
        List<double[]> order = new ArrayList<>();
        double[] nearest = new double[nf];
        boolean[] used = new boolean[nf];
        java.util.Arrays.fill(nearest, -1);
        while (order.size() < 4 * maxVertices) {
            int pick = -1;
            double pickScore = 0;
            for (int f = 0; f < nf; f++) {
                if (!used[f]) {
                    double score = area[f] * (1 - nearest[f]);
                    if (score > pickScore) {
                        pickScore = score;
                        pick = f;
                    }
                }
            }
            if (pick < 0 || 1 - nearest[pick] < 1 - SAME_DIRECTION) {
                break;
            }
            used[pick] = true;
            double[] n = {planes[4 * pick], planes[4 * pick + 1], planes[4 * pick + 2]};
            order.add(n);
            for (int f = 0; f < nf; f++) {
                nearest[f] = Math.max(
                        nearest[f], planes[4 * f] * n[0] + planes[4 * f + 1] * n[1] + planes[4 * f + 2] * n[2]);
            }
        }
        // Largest prefix of that order whose polytope has at most maxVertices vertices (binary
        // search; the count grows about 2 per plane, and only tested prefixes are ever used).
        double[] best = primalVertices(dirs, v, c);
        int lo = 0, hi = order.size();
        while (lo < hi) {
            int k = (lo + hi + 1) >>> 1;
            List<double[]> trialDirs = new ArrayList<>(dirs);
            trialDirs.addAll(order.subList(0, k));
            double[] trial = primalVertices(trialDirs, v, c);
            if (trial.length / 3 <= maxVertices) {
                best = trial;
                lo = k;
            } else {
                hi = k - 1;
            }
        }
        ConvexHull limited = Hulls.of(best);
        // Rounding in the dual round trip may leave input vertices a hair outside: scale to fix.
        return Hulls.inflateToContain(limited, v);
    }

    /** Distinct vertices of the intersection of {n·(x-c) <= max over v of n·(v-c)} over dirs. */
    private static double[] primalVertices(List<double[]> dirs, double[] v, double[] c) {
        double[] dual = new double[3 * dirs.size()];
        for (int i = 0; i < dirs.size(); i++) {
            double[] n = dirs.get(i);
            double d = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < v.length; j += 3) {
                d = Math.max(d, n[0] * (v[j] - c[0]) + n[1] * (v[j + 1] - c[1]) + n[2] * (v[j + 2] - c[2]));
            }
            dual[3 * i] = n[0] / d;
            dual[3 * i + 1] = n[1] / d;
            dual[3 * i + 2] = n[2] / d;
        }
        ConvexHull dh = Hulls.of(dual);
        double[] dp = Hulls.planes(dh);
        double[] out = new double[dp.length / 4 * 3];
        int n = 0;
        for (int f = 0; f < dp.length; f += 4) {
            // dual facet m·q = e (e > 0: the origin is inside) is the primal vertex c + m / e
            double x = c[0] + dp[f] / dp[f + 3], y = c[1] + dp[f + 1] / dp[f + 3], z = c[2] + dp[f + 2] / dp[f + 3];
            boolean seen = false;
            for (int i = 0; i < n && !seen; i++) {
                double dx = out[3 * i] - x, dy = out[3 * i + 1] - y, dz = out[3 * i + 2] - z;
                double scale = Math.abs(x) + Math.abs(y) + Math.abs(z) + 1e-300;
                seen = Math.abs(dx) + Math.abs(dy) + Math.abs(dz) <= 1e-9 * scale;
            }
            if (!seen) {
                out[3 * n] = x;
                out[3 * n + 1] = y;
                out[3 * n + 2] = z;
                n++;
            }
        }
        return Arrays.copyOf(out, 3 * n);
    }

    private static double triangleArea(double[] v, int a, int b, int c) {
        double ux = v[3 * b] - v[3 * a], uy = v[3 * b + 1] - v[3 * a + 1], uz = v[3 * b + 2] - v[3 * a + 2];
        double wx = v[3 * c] - v[3 * a], wy = v[3 * c + 1] - v[3 * a + 1], wz = v[3 * c + 2] - v[3 * a + 2];
        double x = uy * wz - uz * wy, y = uz * wx - ux * wz, z = ux * wy - uy * wx;
        return 0.5 * Math.sqrt(x * x + y * y + z * z);
    }
}
