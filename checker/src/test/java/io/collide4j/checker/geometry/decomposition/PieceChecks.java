package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Independent checks on pieces: planes recomputed here from each piece's own triangles. */
final class PieceChecks {
    private PieceChecks() {
    }

    /**
     * The piece's face planes (nx,ny,nz,d), after checking independently that they describe it: each
     * unit normal agrees in direction with its triangle's winding (a sliver's cross product may be
     * too inaccurate to rebuild the plane from, so the stored normal is used), each plane passes
     * through its triangle's corners within {@code tol}, and no vertex of the piece is outside any
     * plane by more than {@code tol}. Throws AssertionError otherwise.
     */
    static double[] planesOf(ConvexHull h, double tol) {
        double[] v = h.copyVertices();
        int[] f = h.copyTriangles();
        double[] pl = h.copyPlanes();
        for (int t = 0; t < f.length / 3; t++) {
            double nx = pl[4 * t], ny = pl[4 * t + 1], nz = pl[4 * t + 2], d = pl[4 * t + 3];
            if (Math.abs(Math.sqrt(nx * nx + ny * ny + nz * nz) - 1) > 1e-9) {
                throw new AssertionError("face " + t + " normal is not unit");
            }
            int a = 3 * f[3 * t], b = 3 * f[3 * t + 1], c = 3 * f[3 * t + 2];
            double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
            double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            if (cx * nx + cy * ny + cz * nz < 0) {
                throw new AssertionError("face " + t + " normal points against its winding");
            }
            for (int k : new int[] {a, b, c}) {
                if (Math.abs(nx * v[k] + ny * v[k + 1] + nz * v[k + 2] - d) > tol) {
                    throw new AssertionError("face " + t + " plane misses its own corner");
                }
            }
            for (int i = 0; i < v.length; i += 3) {
                if (nx * v[i] + ny * v[i + 1] + nz * v[i + 2] - d > tol) {
                    throw new AssertionError("vertex " + i / 3 + " is outside face " + t);
                }
            }
        }
        return pl;
    }

    static boolean inside(double[] planes, double x, double y, double z, double tol) {
        for (int f = 0; f < planes.length; f += 4) {
            if (planes[f] * x + planes[f + 1] * y + planes[f + 2] * z - planes[f + 3] > tol) {
                return false;
            }
        }
        return true;
    }

    /** Bounding-box diagonal of the mesh: the scale for tolerances. */
    static double diagonal(TriangleMesh m) {
        double[] b = m.bounds();
        return Math.sqrt(Math.pow(b[3] - b[0], 2) + Math.pow(b[4] - b[1], 2) + Math.pow(b[5] - b[2], 2));
    }

    /**
     * Index of the first triangle none of whose pieces contains all three of its vertices within
     * {@code tol} of the piece's checked planes, or -1.
     */
    static int firstUncovered(TriangleMesh m, List<ConvexHull> pieces, double tol) {
        List<double[]> planes = new ArrayList<>();
        for (ConvexHull h : pieces) {
            planes.add(planesOf(h, tol));
        }
        for (int t = 0; t < m.triangleCount(); t++) {
            boolean covered = false;
            for (double[] pl : planes) {
                boolean all = true;
                for (int c = 0; c < 3 && all; c++) {
                    int v = m.index(t, c);
                    all = inside(pl, m.vertex(v, 0), m.vertex(v, 1), m.vertex(v, 2), tol);
                }
                if (all) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                return t;
            }
        }
        return -1;
    }

    /** The hull's vertices as sorted x,y,z triples (for order-independent comparison). */
    static List<List<Double>> vertexSet(ConvexHull h) {
        List<List<Double>> out = new ArrayList<>();
        double[] v = h.copyVertices();
        for (int i = 0; i < v.length; i += 3) {
            out.add(Arrays.asList(v[i], v[i + 1], v[i + 2]));
        }
        out.sort((p, q) -> {
            for (int k = 0; k < 3; k++) {
                int c = Double.compare(p.get(k), q.get(k));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        return out;
    }
}
