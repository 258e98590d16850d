package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;

/**
 * Shrink-wrap helper: the closest point of the mesh surface among the triangles listed by surface
 * cells within {@link #RADIUS} cells of a query point. Immutable and thread-safe (no scratch state).
 */
final class SurfaceProjector {
    /** Search radius in cells; voxel-hull vertices sit within about one cell of the surface. */
    static final int RADIUS = 2;

    private final VoxelGrid g;
    private final TriangleMesh mesh;

    SurfaceProjector(VoxelGrid grid, TriangleMesh mesh) {
        this.g = grid;
        this.mesh = mesh;
    }

    /**
     * Writes into {@code out} the closest surface point to (px,py,pz) found near it and returns
     * true, or returns false if no surface cell lies within the search radius.
     */
    boolean project(double px, double py, double pz, double[] out) {
        int cx = g.cellIndex(0, px), cy = g.cellIndex(1, py), cz = g.cellIndex(2, pz);
        double best = Double.POSITIVE_INFINITY;
        double[] q = new double[3];
        for (int z = Math.max(0, cz - RADIUS); z <= Math.min(g.nz() - 1, cz + RADIUS); z++) {
            for (int y = Math.max(0, cy - RADIUS); y <= Math.min(g.ny() - 1, cy + RADIUS); y++) {
                for (int x = Math.max(0, cx - RADIUS); x <= Math.min(g.nx() - 1, cx + RADIUS); x++) {
                    int n = g.triangleCount(x, y, z);
                    for (int k = 0; k < n; k++) {
                        int t = g.triangle(x, y, z, k);
                        closestOnTriangle(t, px, py, pz, q);
                        double d = (q[0] - px) * (q[0] - px) + (q[1] - py) * (q[1] - py) + (q[2] - pz) * (q[2] - pz);
                        if (d < best) {
                            best = d;
                            out[0] = q[0];
                            out[1] = q[1];
                            out[2] = q[2];
                        }
                    }
                }
            }
        }
        return best < Double.POSITIVE_INFINITY;
    }

    /** Closest point of triangle t to p (Ericson, Real-Time Collision Detection, 5.1.5). */
    void closestOnTriangle(int t, double px, double py, double pz, double[] out) {
        int ia = mesh.index(t, 0), ib = mesh.index(t, 1), ic = mesh.index(t, 2);
        double ax = mesh.vertex(ia, 0), ay = mesh.vertex(ia, 1), az = mesh.vertex(ia, 2);
        double bx = mesh.vertex(ib, 0), by = mesh.vertex(ib, 1), bz = mesh.vertex(ib, 2);
        double cx = mesh.vertex(ic, 0), cy = mesh.vertex(ic, 1), cz = mesh.vertex(ic, 2);
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            set(out, ax, ay, az);
            return;
        }
        double bpx = px - bx, bpy = py - by, bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            set(out, bx, by, bz);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            set(out, ax + v * abx, ay + v * aby, az + v * abz);
            return;
        }
        double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            set(out, cx, cy, cz);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6);
            set(out, ax + w * acx, ay + w * acy, az + w * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            set(out, bx + w * (cx - bx), by + w * (cy - by), bz + w * (cz - bz));
            return;
        }
        double denom = va + vb + vc;
        if (!(denom > 0)) { // degenerate triangle: fall back to its nearest vertex
            set(out, ax, ay, az);
            return;
        }
        double v = vb / denom, w = vc / denom;
        set(out, ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w);
    }

    private static void set(double[] out, double x, double y, double z) {
        out[0] = x;
        out[1] = y;
        out[2] = z;
    }
}
