package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/**
 * A {@link ConvexHull} as a convex shape. Support by hill climbing over the hull's vertex adjacency (seed 004
 * §4.3; steepest ascent, strict improvement only, so it terminates) warm-started from the caller's hint; hulls
 * with at most {@link #LINEAR_SCAN_MAX_VERTICES} vertices are scanned linearly instead (threshold measured with
 * JMH, see HullSupportBench). Hill climbing is exact because the hull surface is exactly locally convex: a vertex
 * no neighbour of which improves d·p maximises d·p over the hull. Immutable and thread-safe: the warm start lives
 * in the caller's hint, never in this object.
 */
public final class HullShape implements ConvexShape {
    /** Hulls with at most this many vertices use a linear scan. */
    public static final int LINEAR_SCAN_MAX_VERTICES = 24;

    private final ConvexHull hull;
    private final double[] v;
    private final int[] start;
    private final int[] adj;
    private final int n;
    private final int[] axisExtreme = new int[6];
    private final double radius;
    private final double[] bounds = new double[6];
    private final double[] centroid;

    public HullShape(ConvexHull hull) {
        if (hull == null) {
            throw new IllegalArgumentException("hull shape needs a hull");
        }
        this.hull = hull;
        this.v = hull.copyVertices();
        this.start = hull.copyAdjacencyStart();
        this.adj = hull.copyAdjacency();
        this.n = v.length / 3;
        this.radius = hull.boundingRadius() * (1 + 0x1p-50);
        this.centroid = hull.interiorPoint();
        for (int k = 0; k < 3; k++) {
            bounds[k] = Double.POSITIVE_INFINITY;
            bounds[k + 3] = Double.NEGATIVE_INFINITY;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                if (v[3 * i + k] < bounds[k]) {
                    bounds[k] = v[3 * i + k];
                    axisExtreme[k] = i;
                }
                if (v[3 * i + k] > bounds[k + 3]) {
                    bounds[k + 3] = v[3 * i + k];
                    axisExtreme[k + 3] = i;
                }
            }
        }
    }

    public ConvexHull hull() {
        return hull;
    }

    public int vertexCount() {
        return n;
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        int i = n <= LINEAR_SCAN_MAX_VERTICES ? scan(dx, dy, dz) : climb(dx, dy, dz, hint);
        dest.set(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
        return i;
    }

    /** Index of a vertex maximising d·p by linear scan (the reference the climb is tested against). */
    public int scan(double dx, double dy, double dz) {
        int best = 0;
        double bv = dx * v[0] + dy * v[1] + dz * v[2];
        for (int i = 1, o = 3; i < n; i++, o += 3) {
            double s = dx * v[o] + dy * v[o + 1] + dz * v[o + 2];
            if (s > bv) {
                bv = s;
                best = i;
            }
        }
        return best;
    }

    /** Index of a vertex maximising d·p by hill climbing from {@code hint} (or an axis-extreme vertex). */
    public int climb(double dx, double dy, double dz, int hint) {
        int i;
        double bv;
        if (hint >= 0 && hint < n) {
            i = hint;
            bv = dx * v[3 * i] + dy * v[3 * i + 1] + dz * v[3 * i + 2];
        } else {
            i = axisExtreme[0];
            bv = dx * v[3 * i] + dy * v[3 * i + 1] + dz * v[3 * i + 2];
            for (int k = 1; k < 6; k++) {
                int j = axisExtreme[k];
                double s = dx * v[3 * j] + dy * v[3 * j + 1] + dz * v[3 * j + 2];
                if (s > bv) {
                    bv = s;
                    i = j;
                }
            }
        }
        while (true) {
            int best = i;
            for (int k = start[i], e = start[i + 1]; k < e; k++) {
                int j = adj[k];
                double s = dx * v[3 * j] + dy * v[3 * j + 1] + dz * v[3 * j + 2];
                if (s > bv) {
                    bv = s;
                    best = j;
                }
            }
            if (best == i) {
                return i;
            }
            i = best;
        }
    }

    @Override
    public double boundingRadius() {
        return radius;
    }

    @Override
    public void localBounds(double[] d) {
        System.arraycopy(bounds, 0, d, 0, 6);
    }

    @Override
    public Vector3d center(Vector3d dest) {
        return dest.set(centroid[0], centroid[1], centroid[2]);
    }
}
