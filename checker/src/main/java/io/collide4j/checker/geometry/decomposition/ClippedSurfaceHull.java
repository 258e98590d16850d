package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.util.Arrays;

/**
 * A leaf's hull from the mesh itself rather than from its voxels: the hull of the mesh triangles
 * clipped to the leaf's cell box (Sutherland–Hodgman against its six planes) plus the box corners whose
 * corner cell is interior. For a closed mesh that is the hull of the solid inside the box, except near
 * box corners within a cell of the surface, so it hugs the surface where a voxel hull stands up to a
 * cell proud of it on every side (the looseness of thin walls). Covering the surface stays the job of
 * {@link PatchAssignment}; like shrink-wrapping this gives up holding every interior voxel. Stateless.
 */
final class ClippedSurfaceHull {
    private ClippedSurfaceHull() {}

    /**
     * The hull of the surface inside {@code box} (cells [lo,hi) per axis) and its interior corners, or
     * null when those points span no volume (the caller keeps the voxel hull).
     */
    static ConvexHull of(VoxelGrid g, TriangleMesh mesh, int[] box) {
        int[] tris = trianglesIn(g, box);
        double[] lo = {g.coordinate(0, box[0]), g.coordinate(1, box[1]), g.coordinate(2, box[2])};
        double[] hi = {g.coordinate(0, box[3]), g.coordinate(1, box[4]), g.coordinate(2, box[5])};
        double[] pts = new double[3 * 64];
        int n = 0;
        double[] poly = new double[3 * 12];
        double[] scratch = new double[3 * 12];
        for (int t : tris) {
            for (int c = 0; c < 3; c++) {
                int v = mesh.index(t, c);
                poly[3 * c] = mesh.vertex(v, 0);
                poly[3 * c + 1] = mesh.vertex(v, 1);
                poly[3 * c + 2] = mesh.vertex(v, 2);
            }
            int m = 3;
            for (int a = 0; a < 3 && m > 0; a++) {
                m = clip(poly, m, a, lo[a], 1, scratch);
                System.arraycopy(scratch, 0, poly, 0, 3 * m);
                m = m > 0 ? clip(poly, m, a, hi[a], -1, scratch) : 0;
                System.arraycopy(scratch, 0, poly, 0, 3 * m);
            }
            if (3 * (n + m) > pts.length) {
                pts = Arrays.copyOf(pts, Math.max(2 * pts.length, 3 * (n + m)));
            }
            System.arraycopy(poly, 0, pts, 3 * n, 3 * m);
            n += m;
        }
        for (int k = 0; k < 8; k++) {
            int cx = (k & 1) == 0 ? box[0] : box[3] - 1;
            int cy = (k & 2) == 0 ? box[1] : box[4] - 1;
            int cz = (k & 4) == 0 ? box[2] : box[5] - 1;
            if (g.state(cx, cy, cz) == VoxelGrid.INTERIOR) {
                if (3 * (n + 1) > pts.length) {
                    pts = Arrays.copyOf(pts, 2 * pts.length);
                }
                pts[3 * n] = (k & 1) == 0 ? lo[0] : hi[0];
                pts[3 * n + 1] = (k & 2) == 0 ? lo[1] : hi[1];
                pts[3 * n + 2] = (k & 4) == 0 ? lo[2] : hi[2];
                n++;
            }
        }
        if (n < 4) {
            return null;
        }
        try {
            return Hulls.of(Arrays.copyOf(pts, 3 * n));
        } catch (IllegalArgumentException flat) {
            return null;
        }
    }

    /** Distinct triangles listed by the surface cells of {@code box}, ascending. */
    private static int[] trianglesIn(VoxelGrid g, int[] box) {
        int[] out = new int[64];
        int n = 0;
        for (int z = box[2]; z < box[5]; z++) {
            for (int y = box[1]; y < box[4]; y++) {
                for (int x = box[0]; x < box[3]; x++) {
                    int c = g.triangleCount(x, y, z);
                    for (int k = 0; k < c; k++) {
                        if (n == out.length) {
                            out = Arrays.copyOf(out, 2 * n);
                        }
                        out[n++] = g.triangle(x, y, z, k);
                    }
                }
            }
        }
        return Arrays.stream(out, 0, n).sorted().distinct().toArray();
    }

    /**
     * Keeps the part of polygon {@code in} (m corners) with {@code sign * (p[axis] - plane) >= 0}, written
     * to {@code out}; returns its corner count (at most m + 1).
     */
    private static int clip(double[] in, int m, int axis, double plane, int sign, double[] out) {
        int n = 0;
        for (int i = 0; i < m; i++) {
            int j = (i + 1) % m;
            double di = sign * (in[3 * i + axis] - plane), dj = sign * (in[3 * j + axis] - plane);
            if (di >= 0) {
                System.arraycopy(in, 3 * i, out, 3 * n++, 3);
            }
            if ((di >= 0) != (dj >= 0)) {
                double s = di / (di - dj);
                for (int k = 0; k < 3; k++) {
                    out[3 * n + k] = in[3 * i + k] + s * (in[3 * j + k] - in[3 * i + k]);
                }
                out[3 * n + axis] = plane; // exactly on the box face
                n++;
            }
        }
        return n;
    }
}
