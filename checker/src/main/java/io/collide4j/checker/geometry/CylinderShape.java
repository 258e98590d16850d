package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Solid cylinder of {@code radius} about the z axis, z ∈ [−halfLength, halfLength]. Immutable. */
public record CylinderShape(double radius, double halfLength) implements ConvexShape {
    public CylinderShape {
        Shapes.requireNonNegative("cylinder radius", radius);
        Shapes.requireNonNegative("cylinder half length", halfLength);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double l = Math.sqrt(dx * dx + dy * dy);
        double z = dz >= 0 ? halfLength : -halfLength;
        if (l == 0) {
            dest.set(radius, 0, z); // any rim point is a support point when d is along the axis
        } else {
            double s = radius / l;
            dest.set(dx * s, dy * s, z);
        }
        return 0;
    }

    @Override
    public double boundingRadius() {
        return Math.sqrt(radius * radius + halfLength * halfLength) * (1 + 0x1p-50);
    }

    @Override
    public void localBounds(double[] d) {
        d[0] = d[1] = -radius;
        d[2] = -halfLength;
        d[3] = d[4] = radius;
        d[5] = halfLength;
    }
}
