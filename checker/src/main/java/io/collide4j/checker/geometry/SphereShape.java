package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Ball of the given radius about the origin. Immutable. */
public record SphereShape(double radius) implements ConvexShape {
    public SphereShape {
        Shapes.requireNonNegative("sphere radius", radius);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l == 0) {
            dest.set(radius, 0, 0);
        } else {
            double s = radius / l;
            dest.set(dx * s, dy * s, dz * s);
        }
        return 0;
    }

    @Override
    public double sweptRadius() {
        return radius;
    }

    @Override
    public int coreSupport(double dx, double dy, double dz, int hint, Vector3d dest) {
        dest.set(0, 0, 0);
        return 0;
    }

    @Override
    public double boundingRadius() {
        return radius;
    }

    @Override
    public void localBounds(double[] d) {
        d[0] = d[1] = d[2] = -radius;
        d[3] = d[4] = d[5] = radius;
    }
}
