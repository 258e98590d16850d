package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.hull.QuickHull;

/**
 * The one place decomposition touches the hull API: QuickHull construction plus plane-exact
 * containment and inflation helpers. Stateless and thread-safe.
 */
final class Hulls {
    private Hulls() {}

    /**
     * The solid hull of the points.
     *
     * @throws IllegalArgumentException if the points are (within QuickHull's tolerance) coplanar
     */
    static ConvexHull of(double[] xyz) {
        ConvexHull h = null;
        IllegalArgumentException failure = null;
        // QuickHull may give up on a near-degenerate configuration: retry on points moved by a
        // deterministic pseudo-random relative 1e-9, then 1e-7, of the extent. Callers re-establish
        // exact containment of what must be covered with inflateToContain, so this loses nothing.
        for (double amplitude : new double[] {0, 1e-9, 1e-7}) {
            try {
                h = QuickHull.compute(amplitude == 0 ? xyz : jitter(xyz, amplitude));
                break;
            } catch (IllegalArgumentException e) {
                failure = e;
            }
        }
        if (h == null) {
            throw failure;
        }
        if (h.dimension() != 3) {
            throw new IllegalArgumentException(
                    "hull of " + xyz.length / 3 + " points has dimension " + h.dimension() + ", expected a solid");
        }
        return h;
    }

    static double[] jitter(double[] xyz, double relative) {
        double extent = 0;
        for (int a = 0; a < 3; a++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int i = a; i < xyz.length; i += 3) {
                lo = Math.min(lo, xyz[i]);
                hi = Math.max(hi, xyz[i]);
            }
            extent = Math.max(extent, hi - lo);
        }
        double[] out = xyz.clone();
        long state = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < out.length; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L; // fixed LCG: same input, same output
            out[i] += extent * relative * ((state >>> 11) * 0x1.0p-53 - 0.5);
        }
        return out;
    }

    static double[] vertices(ConvexHull h) {
        return h.copyVertices();
    }

    static int vertexCount(ConvexHull h) {
        return h.vertexCount();
    }

    /** Outward face planes as (nx, ny, nz, d) quadruples: inside means n·x <= d. */
    static double[] planes(ConvexHull h) {
        return h.copyPlanes();
    }

    static int[] faces(ConvexHull h) {
        return h.copyTriangles();
    }

    static double volume(ConvexHull h) {
        return h.volume();
    }

    /** Largest n·p - d over the hull's planes: <= 0 means p satisfies every plane exactly. */
    static double violation(double[] planes, double x, double y, double z) {
        double worst = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < planes.length; f += 4) {
            worst = Math.max(worst, planes[f] * x + planes[f + 1] * y + planes[f + 2] * z - planes[f + 3]);
        }
        return worst;
    }

    /**
     * {@code violation(planes, x, y, z) <= slack}, stopping at the first plane violated by more (the same answer,
     * cheaper for the many pieces a point is far outside).
     */
    static boolean holds(double[] planes, double x, double y, double z, double slack) {
        for (int f = 0; f < planes.length; f += 4) {
            if (!(planes[f] * x + planes[f + 1] * y + planes[f + 2] * z - planes[f + 3] <= slack)) {
                return false;
            }
        }
        return true;
    }

    /** Mean of the hull's vertices: strictly inside a full-dimensional hull. */
    static double[] centroid(double[] xyz) {
        double[] c = new double[3];
        int n = xyz.length / 3;
        for (int i = 0; i < xyz.length; i++) {
            c[i % 3] += xyz[i];
        }
        c[0] /= n;
        c[1] /= n;
        c[2] /= n;
        return c;
    }

    /**
     * A hull containing {@code hull} that also satisfies every plane exactly (violation <= 0) for
     * each point of {@code points}: the hull is scaled about its vertex centroid just enough (with a
     * small relative margin) and recomputed, repeatedly, which keeps its vertex count; only for a
     * sliver whose centroid rounds onto a face are the outside points added as hull input instead.
     * Points should already be inside up to rounding; one far outside is reached too, at the price
     * of a larger piece.
     */
    static ConvexHull inflateToContain(ConvexHull hull, double[] points) {
        ConvexHull current = hull;
        for (int round = 0; round < 200; round++) {
            double[] planes = planes(current);
            double[] v = vertices(current);
            double[] c = current.interiorPoint();
            double scale = 0;
            boolean flat = false;
            double[] outside = new double[points.length];
            int nOut = 0;
            for (int i = 0; i < points.length; i += 3) {
                boolean out = false;
                for (int f = 0; f < planes.length; f += 4) {
                    double np = planes[f] * points[i] + planes[f + 1] * points[i + 1] + planes[f + 2] * points[i + 2];
                    if (np - planes[f + 3] > 0) { // the same expression as violation(), so no rounding mismatch
                        out = true;
                        double nc = planes[f] * c[0] + planes[f + 1] * c[1] + planes[f + 2] * c[2];
                        double room = planes[f + 3] - nc;
                        if (room > 0) {
                            scale = Math.max(scale, Math.max(1, (np - nc) / room));
                        } else {
                            flat = true; // rounding put the interior point on a face: scaling cannot help
                        }
                    }
                }
                if (out) {
                    System.arraycopy(points, i, outside, 3 * nOut++, 3);
                }
            }
            if (nOut == 0) {
                return current;
            }
            if (flat) {
                // A sliver face whose rounded plane passes the interior point: scaling cannot help.
                // Rebuild from the vertices plus the outside points, moved by a growing relative
                // jitter, so the triangulation changes; containment is then checked again.
                double[] w = java.util.Arrays.copyOf(v, v.length + 3 * nOut);
                System.arraycopy(outside, 0, w, v.length, 3 * nOut);
                current = of(round == 0 ? w : jitter(w, 1e-12 * Math.pow(2, Math.min(round, 30))));
                continue;
            }
            // grow the margin geometrically so rounding in the rebuilt planes cannot stall progress
            double s = scale * (1 + 0x1.0p-50 * Math.pow(2, Math.min(round, 40)));
            double[] w = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                w[i] = c[i % 3] + (v[i] - c[i % 3]) * s;
            }
            current = of(w);
        }
        throw new IllegalStateException("could not inflate a hull of " + vertexCount(hull) + " vertices to contain "
                + points.length / 3 + " points");
    }

    /**
     * A hull containing {@code points} exactly that is a fixed point of QuickHull (it is the hull
     * of its own vertex set taken in sorted order, so {@code of(sortedTriples(h))} rebuilds it
     * exactly; QuickHull may keep points on edges as vertices that a second pass drops) and has no sliver face whose
     * stored plane misses one of its own corners
     * by more than 1e-10 of the hull's extent (such a plane is tilted, so plane tests and the
     * vertex hull would disagree). Slivers are removed by rebuilding from slightly jittered vertices.
     */
    static ConvexHull canonical(ConvexHull hull, double[] points) {
        ConvexHull h = hull;
        for (int round = 0; round < 40; round++) {
            // built from the sorted vertex set, so rebuilding from stored vertices reproduces it exactly
            ConvexHull again = of(sortedTriples(h));
            boolean formed = wellFormed(again);
            if (formed
                    && containsAll(again, points)
                    && java.util.Arrays.equals(sortedTriples(again), sortedTriples(h))) {
                // also stable when hulled in its own vertex order (QuickHull keeps or drops points
                // on edges depending on input order)
                ConvexHull own = of(vertices(again));
                if (java.util.Arrays.equals(sortedTriples(own), sortedTriples(again))) {
                    return again;
                }
                h = inflateToContain(own, points);
                continue;
            }
            if (!formed) {
                again = of(jitter(vertices(again), 1e-10 * Math.pow(2, round)));
            }
            h = inflateToContain(again, points);
        }
        throw new IllegalStateException("hull of " + hull.vertexCount() + " vertices does not settle");
    }

    /** True if every face's plane passes through its three corners within 1e-10 of the hull's extent. */
    static boolean wellFormed(ConvexHull h) {
        double extent = 0;
        for (int a = 0; a < 3; a++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int v = 0; v < h.vertexCount(); v++) {
                lo = Math.min(lo, h.vertex(v, a));
                hi = Math.max(hi, h.vertex(v, a));
            }
            extent = Math.max(extent, hi - lo);
        }
        double tol = 1e-10 * extent;
        for (int t = 0; t < h.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = h.triangle(t, c);
                double off = h.plane(t, 0) * h.vertex(v, 0)
                        + h.plane(t, 1) * h.vertex(v, 1)
                        + h.plane(t, 2) * h.vertex(v, 2)
                        - h.plane(t, 3);
                if (Math.abs(off) > tol) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Volume of the union of the hulls, estimated as the fraction of a fixed 48^3 lattice of cell
     * centres over their joint bounds that lies inside some hull (plane test, bounds prefilter).
     */
    static double unionVolume(java.util.List<ConvexHull> hulls) {
        final int n = 48;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double[][] box = new double[hulls.size()][6];
        double[][] planes = new double[hulls.size()][];
        for (int i = 0; i < hulls.size(); i++) {
            ConvexHull h = hulls.get(i);
            planes[i] = planes(h);
            java.util.Arrays.fill(box[i], 0, 3, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(box[i], 3, 6, Double.NEGATIVE_INFINITY);
            for (int v = 0; v < h.vertexCount(); v++) {
                for (int a = 0; a < 3; a++) {
                    box[i][a] = Math.min(box[i][a], h.vertex(v, a));
                    box[i][3 + a] = Math.max(box[i][3 + a], h.vertex(v, a));
                }
            }
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], box[i][a]);
                hi[a] = Math.max(hi[a], box[i][3 + a]);
            }
        }
        double sx = (hi[0] - lo[0]) / n, sy = (hi[1] - lo[1]) / n, sz = (hi[2] - lo[2]) / n;
        long inside = 0;
        for (int k = 0; k < n; k++) {
            double z = lo[2] + (k + 0.5) * sz;
            for (int j = 0; j < n; j++) {
                double y = lo[1] + (j + 0.5) * sy;
                for (int i = 0; i < n; i++) {
                    double x = lo[0] + (i + 0.5) * sx;
                    for (int h = 0; h < planes.length; h++) {
                        double[] b = box[h];
                        if (x >= b[0]
                                && x <= b[3]
                                && y >= b[1]
                                && y <= b[4]
                                && z >= b[2]
                                && z <= b[5]
                                && holds(planes[h], x, y, z, 0)) {
                            inside++;
                            break;
                        }
                    }
                }
            }
        }
        return inside * sx * sy * sz;
    }

    /** The hull's vertices as x,y,z triples sorted lexicographically (an order-free identity). */
    static double[] sortedTriples(ConvexHull h) {
        double[] v = vertices(h);
        Integer[] order = new Integer[v.length / 3];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> {
            for (int k = 0; k < 3; k++) {
                int c = Double.compare(v[3 * a + k], v[3 * b + k]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        double[] out = new double[v.length];
        for (int i = 0; i < order.length; i++) {
            System.arraycopy(v, 3 * order[i], out, 3 * i, 3);
        }
        return out;
    }

    /** True if every point satisfies every plane of the hull exactly. */
    static boolean containsAll(ConvexHull hull, double[] points) {
        double[] planes = planes(hull);
        for (int i = 0; i < points.length; i += 3) {
            if (violation(planes, points[i], points[i + 1], points[i + 2]) > 0) {
                return false;
            }
        }
        return true;
    }
}
