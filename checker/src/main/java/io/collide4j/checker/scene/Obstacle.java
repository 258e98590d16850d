package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;
import java.util.Objects;
import org.joml.Matrix3d;

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
     * spheres, cylinders and capsules, exact up to rounding for hulls and meshes, and enlarged by the pose's own
     * placement error ({@link Pose#pointError} at the shape's farthest point from its origin): the checker's distances
     * are to the shape at the exact pose, so a broad phase culling with tighter bounds could say "free" while the
     * narrow phase, margins included, would not (an rpy of 1e308 rad was certified valid at a -8e301 m clearance).
     */
    public double[] worldBounds(double[] d) {
        // the pose's own rotation matrix (column-major arguments), the numbers the checker places the shape with
        Matrix3d r = new Matrix3d(
                pose.rotation(0, 0),
                pose.rotation(1, 0),
                pose.rotation(2, 0),
                pose.rotation(0, 1),
                pose.rotation(1, 1),
                pose.rotation(2, 1),
                pose.rotation(0, 2),
                pose.rotation(1, 2),
                pose.rotation(2, 2));
        double[] e = new double[3];
        double[] c = {pose.x(), pose.y(), pose.z()};
        double slack;
        if (shape instanceof ObstacleShape.Sphere s) {
            e[0] = e[1] = e[2] = s.radius();
            slack = pose.pointError(s.radius());
        } else if (shape instanceof ObstacleShape.Box b) {
            for (int i = 0; i < 3; i++) {
                e[i] = Math.abs(r.get(0, i)) * b.sizeX() / 2
                        + Math.abs(r.get(1, i)) * b.sizeY() / 2
                        + Math.abs(r.get(2, i)) * b.sizeZ() / 2;
            }
            slack = pose.pointError(
                    Math.sqrt(b.sizeX() * b.sizeX() + b.sizeY() * b.sizeY() + b.sizeZ() * b.sizeZ()) / 2);
        } else if (shape instanceof ObstacleShape.Cylinder cy) {
            for (int i = 0; i < 3; i++) {
                double a = r.get(2, i); // local z axis, component along world axis i
                e[i] = Math.abs(a) * cy.length() / 2 + cy.radius() * Math.sqrt(Math.max(0, 1 - a * a));
            }
            slack = pose.pointError(cy.radius() + cy.length() / 2);
        } else if (shape instanceof ObstacleShape.Capsule cp) {
            for (int i = 0; i < 3; i++) {
                e[i] = Math.abs(r.get(2, i)) * cp.length() / 2 + cp.radius();
            }
            slack = pose.pointError(cp.length() / 2 + cp.radius());
        } else if (shape instanceof ObstacleShape.ConvexHull h) {
            double[] p = h.copyPoints();
            pointBounds(p, r, c, d);
            return inflate(d, pose.pointError(farthest(p)));
        } else {
            double[] p = ((ObstacleShape.Mesh) shape).mesh().copyVertices();
            pointBounds(p, r, c, d);
            return inflate(d, pose.pointError(farthest(p)));
        }
        for (int i = 0; i < 3; i++) {
            d[i] = c[i] - e[i];
            d[3 + i] = c[i] + e[i];
        }
        return inflate(d, slack);
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

    /** Largest distance of a point (3 per entry) from the origin, rounded up. */
    private static double farthest(double[] p) {
        double m = 0;
        for (int k = 0; k < p.length; k += 3) {
            m = Math.max(m, Math.sqrt(p[k] * p[k] + p[k + 1] * p[k + 1] + p[k + 2] * p[k + 2]));
        }
        return m * (1 + 1e-12) + 1e-12;
    }

    private static double[] inflate(double[] d, double poseSlack) {
        for (int i = 0; i < 3; i++) {
            double pad = 1e-12 + 1e-12 * Math.max(Math.abs(d[i]), Math.abs(d[3 + i])) + poseSlack;
            d[i] -= pad;
            d[3 + i] += pad;
        }
        return d;
    }
}
