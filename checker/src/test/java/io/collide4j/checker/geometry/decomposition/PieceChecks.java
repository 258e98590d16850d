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
     * Index of the first triangle that the pieces do not provably cover, or -1. A triangle is covered if
     * one piece holds its three corners within {@code tol} of the piece's checked planes, or else each of
     * its four midpoint sub-triangles is covered, recursively down to 1/4096 of its edges (a sufficient
     * condition: the sub-triangles tile it, and a convex piece holding a sub-triangle's corners holds it).
     * The midpoints are computed here, in a different way from the decomposer's lattice points, so
     * rounding differences are absorbed by {@code tol}.
     */
    static int firstUncovered(TriangleMesh m, List<ConvexHull> pieces, double tol) {
        List<double[]> planes = new ArrayList<>();
        for (ConvexHull h : pieces) {
            planes.add(planesOf(h, tol));
        }
        for (int t = 0; t < m.triangleCount(); t++) {
            double[] c = new double[9];
            for (int k = 0; k < 3; k++) {
                int v = m.index(t, k);
                for (int a = 0; a < 3; a++) {
                    c[3 * k + a] = m.vertex(v, a);
                }
            }
            if (!covered(c, planes, tol, 12)) {
                return t;
            }
        }
        return -1;
    }

    private static boolean covered(double[] c, List<double[]> planes, double tol, int depthLeft) {
        for (double[] pl : planes) {
            if (inside(pl, c[0], c[1], c[2], tol) && inside(pl, c[3], c[4], c[5], tol) && inside(pl, c[6], c[7], c[8], tol)) {
                return true;
            }
        }
        if (depthLeft == 0) {
            return false;
        }
        double[] m01 = mid(c, 0, 3), m12 = mid(c, 3, 6), m20 = mid(c, 6, 0);
        double[][] kids = {
                concat(Arrays.copyOfRange(c, 0, 3), m01, m20), concat(m01, Arrays.copyOfRange(c, 3, 6), m12),
                concat(m20, m12, Arrays.copyOfRange(c, 6, 9)), concat(m01, m12, m20)};
        for (double[] k : kids) {
            if (!covered(k, planes, tol, depthLeft - 1)) {
                return false;
            }
        }
        return true;
    }

    private static double[] mid(double[] c, int i, int j) {
        return new double[] {0.5 * c[i] + 0.5 * c[j], 0.5 * c[i + 1] + 0.5 * c[j + 1], 0.5 * c[i + 2] + 0.5 * c[j + 2]};
    }

    private static double[] concat(double[] a, double[] b, double[] c) {
        double[] out = new double[9];
        System.arraycopy(a, 0, out, 0, 3);
        System.arraycopy(b, 0, out, 3, 3);
        System.arraycopy(c, 0, out, 6, 3);
        return out;
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
