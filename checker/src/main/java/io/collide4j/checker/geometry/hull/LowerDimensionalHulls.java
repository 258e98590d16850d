package io.collide4j.checker.geometry.hull;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.Arrays;

/**
 * Hulls of input that spans no solid: a segment (collinear points, {@code dimension} 1) or a convex polygon (coplanar
 * points, {@code dimension} 2), each within the builder's tolerance {@code tol}. Split out of {@link QuickHull}, which
 * calls them when its exact simplex search finds no four points spanning a solid. Stateless.
 */
final class LowerDimensionalHulls {
    private LowerDimensionalHulls() {}

    static ConvexHull segment(double[] p, double tol, double lx, double ly, double lz) {
        int n = p.length / 3;
        int lo = 0, hi = 0;
        double mn = Double.POSITIVE_INFINITY, mx = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double s = lx * p[3 * i] + ly * p[3 * i + 1] + lz * p[3 * i + 2];
            if (s < mn) {
                mn = s;
                lo = i;
            }
            if (s > mx) {
                mx = s;
                hi = i;
            }
        }
        double[] v = {p[3 * lo], p[3 * lo + 1], p[3 * lo + 2], p[3 * hi], p[3 * hi + 1], p[3 * hi + 2]};
        return new ConvexHull(1, v, new int[0], new double[0], new int[] {0, 1, 2}, new int[] {1, 0}, null, tol);
    }

    /** Planar input: Andrew's monotone chain in plane coordinates; collinear points are dropped. */
    static ConvexHull polygon(double[] p, double tol, double nx, double ny, double nz) {
        int n = p.length / 3;
        double ux, uy, uz;
        if (Math.abs(nx) < 0.6) {
            ux = 0;
            uy = nz;
            uz = -ny;
        } else {
            ux = -nz;
            uy = 0;
            uz = nx;
        }
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
        Integer[] idx = new Integer[n];
        double[] s = new double[n], t = new double[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
            s[i] = ux * p[3 * i] + uy * p[3 * i + 1] + uz * p[3 * i + 2];
            t[i] = wx * p[3 * i] + wy * p[3 * i + 1] + wz * p[3 * i + 2];
        }
        Arrays.sort(idx, (i, j) -> s[i] != s[j] ? Double.compare(s[i], s[j]) : Double.compare(t[i], t[j]));
        int[] h = new int[2 * n + 1];
        int k = 0;
        for (int m = 0; m < n; m++) {
            int i = idx[m];
            while (k >= 2 && turn(h[k - 2], h[k - 1], i, s, t) <= tol * edge(h[k - 2], i, s, t)) {
                k--;
            }
            h[k++] = i;
        }
        int lower = k + 1;
        for (int m = n - 2; m >= 0; m--) {
            int i = idx[m];
            while (k >= lower && turn(h[k - 2], h[k - 1], i, s, t) <= tol * edge(h[k - 2], i, s, t)) {
                k--;
            }
            h[k++] = i;
        }
        k--;
        int m = Math.max(k, 1);
        if (m < 3) {
            // Within tolerance of a line after all: the segment between the extreme points.
            double ex = p[3 * h[m - 1]] - p[3 * h[0]],
                    ey = p[3 * h[m - 1] + 1] - p[3 * h[0] + 1],
                    ez = p[3 * h[m - 1] + 2] - p[3 * h[0] + 2];
            double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
            return el > 0 ? segment(p, tol, ex / el, ey / el, ez / el) : segment(p, tol, 1, 0, 0);
        }
        double[] v = new double[3 * m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(p, 3 * h[i], v, 3 * i, 3);
        }
        int[] start = new int[m + 1];
        int[] adj = new int[2 * m];
        for (int i = 0; i < m; i++) {
            start[i + 1] = 2 * (i + 1);
            adj[2 * i] = (i + m - 1) % m;
            adj[2 * i + 1] = (i + 1) % m;
        }
        return new ConvexHull(2, v, new int[0], new double[0], start, adj, new double[] {nx, ny, nz}, tol);
    }

    private static double turn(int a, int b, int c, double[] s, double[] t) {
        return (s[b] - s[a]) * (t[c] - t[a]) - (t[b] - t[a]) * (s[c] - s[a]);
    }

    private static double edge(int a, int c, double[] s, double[] t) {
        return Math.hypot(s[c] - s[a], t[c] - t[a]);
    }
}
