package io.collide4j.checker.scene;

import io.collide4j.urdf.TriangleMesh;
import java.util.Arrays;

/**
 * The geometry of an obstacle in its own frame (metres). Every size is validated positive and
 * finite at construction; hull point arrays are copied and never shared with the caller.
 */
public sealed interface ObstacleShape {

    /** Axis-aligned local bounds {minX, minY, minZ, maxX, maxY, maxZ} written into dest (length ≥ 6). */
    void localBounds(double[] dest);

    /** Radius of a sphere about the local origin that contains the whole shape. */
    double boundingRadius();

    /** A box centred on the origin with full edge lengths (as URDF and MoveIt write them). */
    record Box(double sizeX, double sizeY, double sizeZ) implements ObstacleShape {
        public Box {
            requirePositive("box size x", sizeX);
            requirePositive("box size y", sizeY);
            requirePositive("box size z", sizeZ);
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = -sizeX / 2;
            d[1] = -sizeY / 2;
            d[2] = -sizeZ / 2;
            d[3] = sizeX / 2;
            d[4] = sizeY / 2;
            d[5] = sizeZ / 2;
        }

        @Override
        public double boundingRadius() {
            return 0.5 * Math.sqrt(sizeX * sizeX + sizeY * sizeY + sizeZ * sizeZ);
        }
    }

    /** A sphere centred on the origin. */
    record Sphere(double radius) implements ObstacleShape {
        public Sphere {
            requirePositive("sphere radius", radius);
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = d[1] = d[2] = -radius;
            d[3] = d[4] = d[5] = radius;
        }

        @Override
        public double boundingRadius() {
            return radius;
        }
    }

    /** A solid cylinder about the local z axis, centred on the origin; {@code length} is the full height. */
    record Cylinder(double radius, double length) implements ObstacleShape {
        public Cylinder {
            requirePositive("cylinder radius", radius);
            requirePositive("cylinder length", length);
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = d[1] = -radius;
            d[3] = d[4] = radius;
            d[2] = -length / 2;
            d[5] = length / 2;
        }

        @Override
        public double boundingRadius() {
            return Math.hypot(radius, length / 2);
        }
    }

    /**
     * A capsule: all points within {@code radius} of the segment from (0,0,−length/2) to (0,0,length/2);
     * {@code length} is the segment (cylinder part) length, so the full extent along z is length + 2·radius.
     */
    record Capsule(double radius, double length) implements ObstacleShape {
        public Capsule {
            requirePositive("capsule radius", radius);
            if (!(length >= 0) || !Double.isFinite(length)) {
                throw new IllegalArgumentException("capsule length must be non-negative and finite, got " + length);
            }
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = d[1] = -radius;
            d[3] = d[4] = radius;
            d[2] = -length / 2 - radius;
            d[5] = length / 2 + radius;
        }

        @Override
        public double boundingRadius() {
            return length / 2 + radius;
        }
    }

    /** The convex hull of a point set (x,y,z triples, at least 4 points, not all coplanar is not required). */
    final class ConvexHull implements ObstacleShape {
        private final double[] points;

        public ConvexHull(double[] points) {
            if (points.length % 3 != 0 || points.length < 3) {
                throw new IllegalArgumentException(
                        "convex hull needs x,y,z triples (at least one point), got " + points.length + " numbers");
            }
            for (int i = 0; i < points.length; i++) {
                if (!Double.isFinite(points[i])) {
                    throw new IllegalArgumentException("convex hull point " + i / 3 + " has a non-finite coordinate");
                }
            }
            this.points = points.clone();
        }

        public int pointCount() {
            return points.length / 3;
        }

        /** Coordinate {@code axis} (0..2) of point {@code i}. */
        public double point(int i, int axis) {
            return points[3 * i + axis];
        }

        public double[] copyPoints() {
            return points.clone();
        }

        @Override
        public void localBounds(double[] d) {
            boundsOf(points, d);
        }

        @Override
        public double boundingRadius() {
            return radiusOf(points);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ConvexHull h && Arrays.equals(points, h.points);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(points);
        }

        @Override
        public String toString() {
            return "ConvexHull[" + pointCount() + " points]";
        }
    }

    /** A non-convex triangle mesh obstacle, checked exactly (triangle level), not through its hull. */
    record Mesh(TriangleMesh mesh) implements ObstacleShape {
        public Mesh {
            if (mesh.triangleCount() == 0) {
                throw new IllegalArgumentException("mesh obstacle needs at least one triangle");
            }
        }

        @Override
        public void localBounds(double[] d) {
            double[] b = mesh.bounds();
            System.arraycopy(b, 0, d, 0, 6);
        }

        @Override
        public double boundingRadius() {
            double r2 = 0;
            for (int v = 0; v < mesh.vertexCount(); v++) {
                double x = mesh.vertex(v, 0), y = mesh.vertex(v, 1), z = mesh.vertex(v, 2);
                r2 = Math.max(r2, x * x + y * y + z * z);
            }
            return Math.sqrt(r2);
        }
    }

    private static void boundsOf(double[] p, double[] d) {
        d[0] = d[1] = d[2] = Double.POSITIVE_INFINITY;
        d[3] = d[4] = d[5] = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.length; i++) {
            d[i % 3] = Math.min(d[i % 3], p[i]);
            d[3 + i % 3] = Math.max(d[3 + i % 3], p[i]);
        }
    }

    private static double radiusOf(double[] p) {
        double r2 = 0;
        for (int i = 0; i < p.length; i += 3) {
            r2 = Math.max(r2, p[i] * p[i] + p[i + 1] * p[i + 1] + p[i + 2] * p[i + 2]);
        }
        return Math.sqrt(r2);
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be positive and finite, got " + v);
        }
    }
}
