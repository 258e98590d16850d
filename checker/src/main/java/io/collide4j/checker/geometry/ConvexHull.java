package io.collide4j.checker.geometry;

import java.util.Arrays;

/**
 * An immutable convex hull of a point set, as built by {@code hull.QuickHull}. Guarantees: every vertex is one of
 * the input points and is extreme (no vertex lies inside a facet or on an edge of the others); every input point
 * lies inside or within {@link #tolerance()} of the hull of the vertices, and inside every face plane; for
 * {@link #dimension()} 3 the triangles form a closed, outward-oriented, exactly locally convex surface
 * (every edge passes an exact orientation test), so the vertex adjacency graph supports exact hill climbing.
 * Face planes are conservative: every vertex (hence every point of the hull) satisfies n·x ≤ d when evaluated
 * in double precision, with a rounding margin of 8·2⁻⁵³·(max|x|+max|y|+max|z|) included in d.
 * Lower-dimensional input gives a lower-dimensional hull: 2 = convex polygon (vertices counter-clockwise about
 * {@link #polygonNormal}, adjacency is the cycle, no triangles), 1 = segment (2 vertices), 0 = single point.
 * Thread-safe (immutable); accessors returning arrays copy them, indexed accessors do not allocate.
 */
public final class ConvexHull {
    private final int dimension;
    private final double[] vertices;
    private final int[] triangles;
    private final double[] planes;
    private final int[] adjacencyStart;
    private final int[] adjacency;
    private final double[] interior;
    private final double[] polygonNormal;
    private final double tolerance;
    private final double volume;
    private final double boundingRadius;

    /**
     * The hull as {@code hull.QuickHull} builds it; the arrays are taken as they are and the guarantees above are the
     * builder's, so build hulls with {@code QuickHull.compute} rather than with this constructor.
     */
    public ConvexHull(
            int dimension,
            double[] vertices,
            int[] triangles,
            double[] planes,
            int[] adjacencyStart,
            int[] adjacency,
            double[] polygonNormal,
            double tolerance) {
        this.dimension = dimension;
        this.vertices = vertices;
        this.triangles = triangles;
        this.planes = planes;
        this.adjacencyStart = adjacencyStart;
        this.adjacency = adjacency;
        this.polygonNormal = polygonNormal;
        this.tolerance = tolerance;
        int n = vertices.length / 3;
        double[] c = new double[3];
        for (int i = 0; i < n; i++) {
            c[0] += vertices[3 * i];
            c[1] += vertices[3 * i + 1];
            c[2] += vertices[3 * i + 2];
        }
        for (int k = 0; k < 3; k++) {
            c[k] /= n;
        }
        this.interior = c;
        double vol = 0;
        for (int f = 0; f < triangles.length / 3; f++) {
            int a = 3 * triangles[3 * f], b = 3 * triangles[3 * f + 1], d = 3 * triangles[3 * f + 2];
            double ax = vertices[a] - c[0], ay = vertices[a + 1] - c[1], az = vertices[a + 2] - c[2];
            double bx = vertices[b] - c[0], by = vertices[b + 1] - c[1], bz = vertices[b + 2] - c[2];
            double dx = vertices[d] - c[0], dy = vertices[d + 1] - c[1], dz = vertices[d + 2] - c[2];
            vol += ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx);
        }
        this.volume = vol / 6;
        double r = 0;
        for (int i = 0; i < n; i++) {
            double x = vertices[3 * i], y = vertices[3 * i + 1], z = vertices[3 * i + 2];
            r = Math.max(r, x * x + y * y + z * z);
        }
        this.boundingRadius = Math.sqrt(r);
    }

    /** 3 for a solid hull, 2 planar polygon, 1 segment, 0 point. */
    public int dimension() {
        return dimension;
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }

    /** Coordinate {@code axis} (0..2) of hull vertex {@code v}. */
    public double vertex(int v, int axis) {
        return vertices[3 * v + axis];
    }

    /** Corner {@code corner} (0..2) of outward triangle {@code t} (counter-clockwise seen from outside). */
    public int triangle(int t, int corner) {
        return triangles[3 * t + corner];
    }

    /**
     * Component {@code k} of face {@code t}'s plane: k=0..2 unit outward normal (of the face's facet, i.e. of all
     * exactly coplanar triangles together), k=3 offset d (inside: n·x ≤ d). Conservative: d is at least the
     * largest n·v over all vertices v plus a rounding margin, so a plane never cuts into the hull; it may stand off
     * the face by about that margin (more on sliver faces whose rounded normal is tilted).
     */
    public double plane(int t, int k) {
        return planes[4 * t + k];
    }

    /** Number of neighbours of vertex {@code v} in the hull's edge graph. */
    public int degree(int v) {
        return adjacencyStart[v + 1] - adjacencyStart[v];
    }

    /** The {@code k}-th neighbour of vertex {@code v}. */
    public int neighbour(int v, int k) {
        return adjacency[adjacencyStart[v] + k];
    }

    public double[] copyVertices() {
        return vertices.clone();
    }

    public int[] copyTriangles() {
        return triangles.clone();
    }

    /** Face planes as (nx, ny, nz, d) quadruples. */
    public double[] copyPlanes() {
        return planes.clone();
    }

    /** CSR row starts of the adjacency (length vertexCount()+1). */
    public int[] copyAdjacencyStart() {
        return adjacencyStart.clone();
    }

    /** CSR neighbour lists of the adjacency. */
    public int[] copyAdjacency() {
        return adjacency.clone();
    }

    /** The vertex centroid; strictly interior for dimension 3. */
    public double[] interiorPoint() {
        return interior.clone();
    }

    /** Unit normal of the plane of a dimension-2 hull; null otherwise. */
    public double[] polygonNormal() {
        return polygonNormal == null ? null : polygonNormal.clone();
    }

    /** The coplanarity tolerance the hull was built with (absolute, scaled to the input's coordinates). */
    public double tolerance() {
        return tolerance;
    }

    /** Enclosed volume (0 below dimension 3). */
    public double volume() {
        return volume;
    }

    /** Largest distance from the local origin to a vertex. */
    public double boundingRadius() {
        return boundingRadius;
    }

    /**
     * True when (x,y,z) is inside the hull or within {@code tol} of it (measured per face plane / edge). For
     * dimension 3 it never answers false for a point of the hull, even with {@code tol} = 0 (planes are
     * conservative, see {@link #plane}); it may answer true for points up to about the rounding margin outside.
     */
    public boolean contains(double x, double y, double z, double tol) {
        switch (dimension) {
            case 3 -> {
                for (int f = 0; f < planes.length; f += 4) {
                    if (planes[f] * x + planes[f + 1] * y + planes[f + 2] * z - planes[f + 3] > tol) {
                        return false;
                    }
                }
                return true;
            }
            case 2 -> {
                double nx = polygonNormal[0], ny = polygonNormal[1], nz = polygonNormal[2];
                if (Math.abs(nx * (x - vertices[0]) + ny * (y - vertices[1]) + nz * (z - vertices[2])) > tol) {
                    return false;
                }
                int n = vertexCount();
                for (int i = 0; i < n; i++) {
                    int j = (i + 1) % n;
                    double ex = vertices[3 * j] - vertices[3 * i],
                            ey = vertices[3 * j + 1] - vertices[3 * i + 1],
                            ez = vertices[3 * j + 2] - vertices[3 * i + 2];
                    double mx = ny * ez - nz * ey, my = nz * ex - nx * ez, mz = nx * ey - ny * ex;
                    double len = Math.sqrt(mx * mx + my * my + mz * mz);
                    double s = (mx * (x - vertices[3 * i])
                                    + my * (y - vertices[3 * i + 1])
                                    + mz * (z - vertices[3 * i + 2]))
                            / len;
                    if (s < -tol) {
                        return false;
                    }
                }
                return true;
            }
            case 1 -> {
                double ex = vertices[3] - vertices[0], ey = vertices[4] - vertices[1], ez = vertices[5] - vertices[2];
                double px = x - vertices[0], py = y - vertices[1], pz = z - vertices[2];
                double t = Math.max(0, Math.min(1, (px * ex + py * ey + pz * ez) / (ex * ex + ey * ey + ez * ez)));
                double qx = px - t * ex, qy = py - t * ey, qz = pz - t * ez;
                return qx * qx + qy * qy + qz * qz <= tol * tol;
            }
            default -> {
                double qx = x - vertices[0], qy = y - vertices[1], qz = z - vertices[2];
                return qx * qx + qy * qy + qz * qz <= tol * tol;
            }
        }
    }

    @Override
    public String toString() {
        return "ConvexHull[dim " + dimension + ", " + vertexCount() + " vertices, " + triangleCount() + " triangles]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConvexHull h
                && dimension == h.dimension
                && Arrays.equals(vertices, h.vertices)
                && Arrays.equals(triangles, h.triangles);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(vertices) + Arrays.hashCode(triangles);
    }
}
