package io.collide4j.checker.geometry.mesh;

import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Vector3d;

/**
 * A triangle as a convex shape. Mutable (reset per candidate) and owned by one user ({@link MeshQuery}, the
 * certifier's exact-mesh window planes): not thread-safe.
 */
public final class TriangleShape implements ConvexShape {
    private final double[] v = new double[9];
    private double radius;

    /** The triangle of the nine coordinates t[o..o+8] (three corners, xyz each). */
    public void set(double[] t, int o) {
        System.arraycopy(t, o, v, 0, 9);
        double r = 0;
        for (int c = 0; c < 9; c += 3) {
            r = Math.max(r, v[c] * v[c] + v[c + 1] * v[c + 1] + v[c + 2] * v[c + 2]);
        }
        radius = Math.sqrt(r) * (1 + 0x1p-50);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double s0 = dx * v[0] + dy * v[1] + dz * v[2],
                s1 = dx * v[3] + dy * v[4] + dz * v[5],
                s2 = dx * v[6] + dy * v[7] + dz * v[8];
        int i = s0 >= s1 ? (s0 >= s2 ? 0 : 6) : (s1 >= s2 ? 3 : 6);
        dest.set(v[i], v[i + 1], v[i + 2]);
        return 0;
    }

    @Override
    public double boundingRadius() {
        return radius;
    }

    @Override
    public void localBounds(double[] d) {
        for (int k = 0; k < 3; k++) {
            d[k] = Math.min(v[k], Math.min(v[k + 3], v[k + 6]));
            d[k + 3] = Math.max(v[k], Math.max(v[k + 3], v[k + 6]));
        }
    }

    @Override
    public Vector3d center(Vector3d dest) {
        return dest.set((v[0] + v[3] + v[6]) / 3, (v[1] + v[4] + v[7]) / 3, (v[2] + v[5] + v[8]) / 3);
    }
}
