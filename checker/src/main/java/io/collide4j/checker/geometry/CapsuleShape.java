package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Segment z ∈ [−halfLength, halfLength] swept by a ball of {@code radius}. Immutable. */
public record CapsuleShape(double radius, double halfLength) implements ConvexShape {
    public CapsuleShape {
        Shapes.requireNonNegative("capsule radius", radius);
        Shapes.requireNonNegative("capsule half length", halfLength);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double z = dz >= 0 ? halfLength : -halfLength;
        if (l == 0) {
            dest.set(radius, 0, z);
        } else {
            double s = radius / l;
            dest.set(dx * s, dy * s, dz * s + z);
        }
        return 0;
    }

    @Override
    public double sweptRadius() {
        return radius;
    }

    @Override
    public int coreSupport(double dx, double dy, double dz, int hint, Vector3d dest) {
        dest.set(0, 0, dz >= 0 ? halfLength : -halfLength);
        return 0;
    }

    @Override
    public double boundingRadius() {
        return (radius + halfLength) * (1 + 0x1p-50);
    }

    @Override
    public void localBounds(double[] d) {
        d[0] = d[1] = -radius;
        d[2] = -radius - halfLength;
        d[3] = d[4] = radius;
        d[5] = radius + halfLength;
    }
}
