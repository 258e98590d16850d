package io.collide4j.urdf;

import java.util.Arrays;

/**
 * An immutable indexed triangle mesh: {@code vertices} holds x,y,z triples, {@code triangles}
 * holds counter-clockwise index triples. Guarantees every index is in range and no array is shared
 * with the caller (accessors copy; use {@link #vertex}/{@link #index} on hot paths).
 */
public final class TriangleMesh {
    private final double[] vertices;
    private final int[] triangles;

    public TriangleMesh(double[] vertices, int[] triangles) {
        if (vertices.length % 3 != 0) {
            throw new IllegalArgumentException("vertex array length " + vertices.length + " is not a multiple of 3");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangle array length " + triangles.length + " is not a multiple of 3");
        }
        int n = vertices.length / 3;
        for (int i = 0; i < vertices.length; i++) {
            if (!Double.isFinite(vertices[i])) {
                throw new IllegalArgumentException("vertex " + i / 3 + " has a non-finite coordinate: " + vertices[i]);
            }
        }
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= n) {
                throw new IllegalArgumentException(
                        "triangle " + i / 3 + " refers to vertex " + triangles[i] + ", expected 0.." + (n - 1));
            }
        }
        this.vertices = vertices.clone();
        this.triangles = triangles.clone();
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }

    /** Coordinate {@code axis} (0..2) of vertex {@code v}. */
    public double vertex(int v, int axis) {
        return vertices[3 * v + axis];
    }

    /** Corner {@code corner} (0..2) of triangle {@code t}. */
    public int index(int t, int corner) {
        return triangles[3 * t + corner];
    }

    public double[] copyVertices() {
        return vertices.clone();
    }

    public int[] copyTriangles() {
        return triangles.clone();
    }

    /** Axis-aligned bounds as {minX, minY, minZ, maxX, maxY, maxZ}; all NaN-free, empty mesh gives infinities. */
    public double[] bounds() {
        double[] b = {
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        for (int i = 0; i < vertices.length; i++) {
            b[i % 3] = Math.min(b[i % 3], vertices[i]);
            b[3 + i % 3] = Math.max(b[3 + i % 3], vertices[i]);
        }
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TriangleMesh m
                && Arrays.equals(vertices, m.vertices)
                && Arrays.equals(triangles, m.triangles);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(vertices) + Arrays.hashCode(triangles);
    }

    @Override
    public String toString() {
        return "TriangleMesh[" + vertexCount() + " vertices, " + triangleCount() + " triangles]";
    }
}
