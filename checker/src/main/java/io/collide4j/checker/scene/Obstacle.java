package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;
import org.joml.Matrix3d;

import java.util.Objects;

/**
 * A named obstacle: a shape placed in the world by a pose (obstacle frame → world). Immutable.
 */
public record Obstacle(String name, ObstacleShape shape, Pose pose) {

    public Obstacle {
        Objects.requireNonNull(name, "obstacle name");
        Objects.requireNonNull(shape, "obstacle shape");
        Objects.requireNonNull(pose, "obstacle pose");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("obstacle name must not be empty");
        }
    }

    /** The same obstacle at another pose. */
    public Obstacle movedTo(Pose newPose) {
        return new Obstacle(name, shape, newPose);
    }

    /**
     * World-frame axis-aligned bounds {minX, minY, minZ, maxX, maxY, maxZ} into dest. Guaranteed to
     * contain the shape (enlarged by a relative 1e-12 plus 1e-12 m for rounding), tight for boxes,
     * spheres, cylinders and capsules, exact up to rounding for hulls and meshes.
     */
    public double[] worldBounds(double[] d) {
        // the pose's own rotation matrix (column-major arguments), the numbers the checker places the shape with
        Matrix3d r = new Matrix3d(pose.rotation(0, 0), pose.rotation(1, 0), pose.rotation(2, 0),
                pose.rotation(0, 1), pose.rotation(1, 1), pose.rotation(2, 1),
                pose.rotation(0, 2), pose.rotation(1, 2), pose.rotation(2, 2));
        double[] e = new double[3];
        double[] c = {pose.x(), pose.y(), pose.z()};
        if (shape instanceof ObstacleShape.Sphere s) {
            e[0] = e[1] = e[2] = s.radius();
        } else if (shape instanceof ObstacleShape.Box b) {
            for (int i = 0; i < 3; i++) {
                e[i] = Math.abs(r.get(0, i)) * b.sizeX() / 2 + Math.abs(r.get(1, i)) * b.sizeY() / 2
                        + Math.abs(r.get(2, i)) * b.sizeZ() / 2;
            }
        } else if (shape instanceof ObstacleShape.Cylinder cy) {
            for (int i = 0; i < 3; i++) {
                double a = r.get(2, i); // local z axis, component along world axis i
                e[i] = Math.abs(a) * cy.length() / 2 + cy.radius() * Math.sqrt(Math.max(0, 1 - a * a));
            }
        } else if (shape instanceof ObstacleShape.Capsule cp) {
            for (int i = 0; i < 3; i++) {
                e[i] = Math.abs(r.get(2, i)) * cp.length() / 2 + cp.radius();
            }
        } else if (shape instanceof ObstacleShape.ConvexHull h) {
            pointBounds(h.copyPoints(), r, c, d);
            return inflate(d);
        } else {
            pointBounds(((ObstacleShape.Mesh) shape).mesh().copyVertices(), r, c, d);
            return inflate(d);
        }
        for (int i = 0; i < 3; i++) {
            d[i] = c[i] - e[i];
            d[3 + i] = c[i] + e[i];
        }
        return inflate(d);
    }

    // JOML's Matrix3d.get(column, row): r.get(localAxis, worldAxis) is the world component of a local axis.
    private static void pointBounds(double[] p, Matrix3d r, double[] c, double[] d) {
        d[0] = d[1] = d[2] = Double.POSITIVE_INFINITY;
        d[3] = d[4] = d[5] = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < p.length; k += 3) {
            for (int i = 0; i < 3; i++) {
                double w = c[i] + r.get(0, i) * p[k] + r.get(1, i) * p[k + 1] + r.get(2, i) * p[k + 2];
                d[i] = Math.min(d[i], w);
                d[3 + i] = Math.max(d[3 + i], w);
            }
        }
    }

    private static double[] inflate(double[] d) {
        for (int i = 0; i < 3; i++) {
            double pad = 1e-12 + 1e-12 * Math.max(Math.abs(d[i]), Math.abs(d[3 + i]));
            d[i] -= pad;
            d[3 + i] += pad;
        }
        return d;
    }
}
