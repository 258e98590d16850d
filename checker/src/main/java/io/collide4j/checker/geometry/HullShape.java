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
    /** Cold-start table: a vertex extreme for the centre direction of each cell of a G×G grid on each cube face. */
    private static final int G = 6;

    private final int[] startTable;
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
        this.startTable = n > LINEAR_SCAN_MAX_VERTICES ? new int[6 * G * G] : null;
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
        if (startTable != null) {
            double[] d = new double[3];
            for (int face = 0; face < 6; face++) {
                int axis = face >> 1;
                for (int a = 0; a < G; a++) {
                    for (int b = 0; b < G; b++) {
                        d[axis] = (face & 1) == 0 ? 1 : -1;
                        d[(axis + 1) % 3] = -1 + (2 * a + 1) / (double) G;
                        d[(axis + 2) % 3] = -1 + (2 * b + 1) / (double) G;
                        startTable[(face * G + a) * G + b] = scan(d[0], d[1], d[2]);
                    }
                }
            }
        }
    }

    /** A vertex extreme for a direction near d (from the cube-map table): a close start for hill climbing. */
    private int tableStart(double dx, double dy, double dz) {
        double ax = Math.abs(dx), ay = Math.abs(dy), az = Math.abs(dz);
        int axis;
        double major, u, w;
        if (ax >= ay && ax >= az) {
            axis = 0;
            major = dx;
            u = dy;
            w = dz;
        } else if (ay >= az) {
            axis = 1;
            major = dy;
            u = dz;
            w = dx;
        } else {
            axis = 2;
            major = dz;
            u = dx;
            w = dy;
        }
        if (!(major != 0)) {
            return axisExtreme[0]; // zero or NaN direction: any vertex is a support point
        }
        double m = Math.abs(major);
        int a = Math.min(G - 1, Math.max(0, (int) ((u / m + 1) * 0.5 * G)));
        int b = Math.min(G - 1, Math.max(0, (int) ((w / m + 1) * 0.5 * G)));
        int face = 2 * axis + (major > 0 ? 0 : 1);
        return startTable[(face * G + a) * G + b];
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

    /** Index of a vertex maximising d·p by hill climbing from {@code hint} (or, cold, from the cube-map table). */
    public int climb(double dx, double dy, double dz, int hint) {
        int i;
        double bv;
        if (startTable != null) {
            // the table's vertex is extreme for a direction within a cell of d; the hint (the previous answer) may
            // be closer when directions change slowly: start from the better of the two
            i = tableStart(dx, dy, dz);
            bv = dx * v[3 * i] + dy * v[3 * i + 1] + dz * v[3 * i + 2];
            if (hint >= 0 && hint < n) {
                double s = dx * v[3 * hint] + dy * v[3 * hint + 1] + dz * v[3 * hint + 2];
                if (s > bv) {
                    bv = s;
                    i = hint;
                }
            }
        } else if (hint >= 0 && hint < n) {
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
