package io.collide4j.checker.query;

import io.collide4j.urdf.TriangleMesh;

/** Watertight concave test meshes built by hand (one triangle mesh each), with analytic membership. */
final class ConcaveMeshes {
    private ConcaveMeshes() {}

    /**
     * A bowl: the box [x0 − wall, x1 + wall] × [y0 − wall, y1 + wall] × [z0 − wall, rim] minus the open-topped
     * cavity [x0, x1] × [y0, y1] × [z0, rim]; 16 vertices, 28 triangles, every edge shared by two triangles,
     * counter-clockwise seen from outside.
     */
    static TriangleMesh bowl(double x0, double y0, double z0, double x1, double y1, double rim, double wall) {
        double[] ox = {x0 - wall, x1 + wall, x1 + wall, x0 - wall}, oy = {y0 - wall, y0 - wall, y1 + wall, y1 + wall};
        double[] ix = {x0, x1, x1, x0}, iy = {y0, y0, y1, y1};
        double zb = z0 - wall;
        double[] v = new double[48];
        for (int i = 0; i < 4; i++) {
            set(v, i, ox[i], oy[i], zb); // outer bottom
            set(v, 4 + i, ox[i], oy[i], rim); // outer top
            set(v, 8 + i, ix[i], iy[i], rim); // inner top
            set(v, 12 + i, ix[i], iy[i], z0); // cavity floor
        }
        int[] t = new int[84];
        int n = 0;
        n = quad(t, n, 0, 3, 2, 1); // bottom, facing −z
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            n = quad(t, n, i, j, 4 + j, 4 + i); // outer wall
            n = quad(t, n, 4 + i, 4 + j, 8 + j, 8 + i); // rim ring
            n = quad(t, n, 8 + i, 8 + j, 12 + j, 12 + i); // cavity wall, facing inwards
        }
        quad(t, n, 12, 13, 14, 15); // cavity floor, facing +z
        return new TriangleMesh(v, t);
    }

    /** Whether a point lies in the bowl's solid (closed set) built with the same parameters. */
    static boolean inBowl(
            double x,
            double y,
            double z,
            double x0,
            double y0,
            double z0,
            double x1,
            double y1,
            double rim,
            double wall) {
        boolean outer =
                x >= x0 - wall && x <= x1 + wall && y >= y0 - wall && y <= y1 + wall && z >= z0 - wall && z <= rim;
        boolean cavity = x > x0 && x < x1 && y > y0 && y < y1 && z > z0;
        return outer && !cavity;
    }

    /** An axis-aligned box [x0, x1] × [y0, y1] × [z0, z1] as 12 triangles (closed), or without its top (open). */
    static TriangleMesh box(double x0, double y0, double z0, double x1, double y1, double z1, boolean withTop) {
        double[] v = new double[24];
        for (int c = 0; c < 8; c++) {
            set(v, c, (c & 1) == 0 ? x0 : x1, (c & 2) == 0 ? y0 : y1, (c & 4) == 0 ? z0 : z1);
        }
        int[] t = new int[withTop ? 36 : 30];
        int n = 0;
        n = quad(t, n, 0, 2, 3, 1); // z0
        n = quad(t, n, 0, 1, 5, 4); // y0
        n = quad(t, n, 2, 6, 7, 3); // y1
        n = quad(t, n, 0, 4, 6, 2); // x0
        n = quad(t, n, 1, 3, 7, 5); // x1
        if (withTop) {
            quad(t, n, 4, 5, 7, 6); // z1
        }
        return new TriangleMesh(v, t);
    }

    private static void set(double[] v, int i, double x, double y, double z) {
        v[3 * i] = x;
        v[3 * i + 1] = y;
        v[3 * i + 2] = z;
    }

    private static int quad(int[] t, int n, int a, int b, int c, int d) {
        t[n++] = a;
        t[n++] = b;
        t[n++] = c;
        t[n++] = a;
        t[n++] = c;
        t[n++] = d;
        return n;
    }
}
