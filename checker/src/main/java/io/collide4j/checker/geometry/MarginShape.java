package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Minkowski sum of a shape with a ball of radius {@code margin} (rounded / padded shape). Immutable. */
public record MarginShape(ConvexShape inner, double margin) implements ConvexShape {
    public MarginShape {
        if (inner == null) {
            throw new IllegalArgumentException("margin shape needs an inner shape");
        }
        Shapes.requireNonNegative("margin", margin);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        int h = inner.support(dx, dy, dz, hint, dest);
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l == 0) {
            dest.x += margin;
        } else {
            double s = margin / l;
            dest.add(dx * s, dy * s, dz * s);
        }
        return h;
    }

    /** The inner shape's core, swept by the inner radius plus the margin. */
    @Override
    public double sweptRadius() {
        return inner.sweptRadius() + margin;
    }

    @Override
    public int coreSupport(double dx, double dy, double dz, int hint, Vector3d dest) {
        return inner.coreSupport(dx, dy, dz, hint, dest);
    }

    @Override
    public double boundingRadius() {
        return (inner.boundingRadius() + margin) * (1 + 0x1p-50);
    }

    @Override
    public void localBounds(double[] d) {
        inner.localBounds(d);
        for (int k = 0; k < 3; k++) {
            d[k] -= margin;
            d[k + 3] += margin;
        }
    }

    @Override
    public Vector3d center(Vector3d dest) {
        return inner.center(dest);
    }
}
