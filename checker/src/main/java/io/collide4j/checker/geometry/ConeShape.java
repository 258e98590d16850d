package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Solid cone about the z axis: base disc of {@code radius} at z = −height/2, apex at z = +height/2. Immutable. */
public record ConeShape(double radius, double height) implements ConvexShape {
    public ConeShape {
        Shapes.requireNonNegative("cone radius", radius);
        Shapes.requireNonNegative("cone height", height);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double h = height / 2;
        double l = Math.sqrt(dx * dx + dy * dy);
        // compare the apex with the best base-rim point: d·apex = dz·h, d·rim = r·l − dz·h
        if (dz * h >= radius * l - dz * h) {
            dest.set(0, 0, h);
        } else if (l == 0) {
            dest.set(radius, 0, -h);
        } else {
            double s = radius / l;
            dest.set(dx * s, dy * s, -h);
        }
        return 0;
    }

    @Override
    public double boundingRadius() {
        double h = height / 2;
        return Math.max(h, Math.sqrt(radius * radius + h * h)) * (1 + 0x1p-50);
    }

    @Override
    public void localBounds(double[] d) {
        d[0] = d[1] = -radius;
        d[2] = -height / 2;
        d[3] = d[4] = radius;
        d[5] = height / 2;
    }
}
