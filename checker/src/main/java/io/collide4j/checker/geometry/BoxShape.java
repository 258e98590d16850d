package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/** Axis-aligned box [−hx,hx]×[−hy,hy]×[−hz,hz] (half extents; URDF boxes give full sizes). Immutable. */
public record BoxShape(double hx, double hy, double hz) implements ConvexShape {
    public BoxShape {
        Shapes.requireNonNegative("box half extent x", hx);
        Shapes.requireNonNegative("box half extent y", hy);
        Shapes.requireNonNegative("box half extent z", hz);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        dest.set(dx >= 0 ? hx : -hx, dy >= 0 ? hy : -hy, dz >= 0 ? hz : -hz);
        return 0;
    }

    @Override
    public double boundingRadius() {
        return Math.sqrt(hx * hx + hy * hy + hz * hz) * (1 + 0x1p-50);
    }

    @Override
    public void localBounds(double[] d) {
        d[0] = -hx;
        d[1] = -hy;
        d[2] = -hz;
        d[3] = hx;
        d[4] = hy;
        d[5] = hz;
    }
}
