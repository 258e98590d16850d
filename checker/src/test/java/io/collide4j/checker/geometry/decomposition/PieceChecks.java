package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Independent checks on pieces: planes recomputed here from each piece's own triangles. */
final class PieceChecks {
    private PieceChecks() {}

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
     * the parts it is cut into along a face plane of a piece holding one of its corners (where pieces meet
     * at a common face), or failing that each of its four midpoint sub-triangles, is covered, recursively
     * up to 24 cuts and 12 halvings deep (a sufficient condition: the parts tile it, and a convex piece holding a part's
     * corners holds it).
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
            if (!covered(c, planes, tol, 24, 12)) {
                return t;
            }
        }
        return -1;
    }

    private static boolean covered(double[] c, List<double[]> planes, double tol, int cutsLeft, int halvingsLeft) {
        for (double[] pl : planes) {
            if (inside(pl, c[0], c[1], c[2], tol)
                    && inside(pl, c[3], c[4], c[5], tol)
                    && inside(pl, c[6], c[7], c[8], tol)) {
                return true;
            }
        }
        double[][] parts = cutsLeft == 0 ? null : cutAlongAFace(c, planes, tol);
        if (parts != null) {
            for (double[] k : parts) {
                if (!covered(k, planes, tol, cutsLeft - 1, halvingsLeft)) {
                    return false;
                }
            }
            return true;
        }
        if (halvingsLeft == 0) {
            return false;
        }
        double[] m01 = mid(c, 0, 3), m12 = mid(c, 3, 6), m20 = mid(c, 6, 0);
        double[][] kids = {
            concat(Arrays.copyOfRange(c, 0, 3), m01, m20), concat(m01, Arrays.copyOfRange(c, 3, 6), m12),
            concat(m20, m12, Arrays.copyOfRange(c, 6, 9)), concat(m01, m12, m20)
        };
        for (double[] k : kids) {
            if (!covered(k, planes, tol, cutsLeft, halvingsLeft - 1)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The triangle {@code c} cut in two or three along the face plane, among those of pieces holding one of
     * its corners, that it straddles by more than {@code tol} on both sides and crosses farthest (pieces
     * meeting at a common face each hold one side); null if there is none. The cut points are interpolated
     * here in space, so they lie on the triangle's edges up to rounding (absorbed by {@code tol}).
     */
    private static double[][] cutAlongAFace(double[] c, List<double[]> planes, double tol) {
        double[] bestPlane = null;
        int bestFace = -1;
        double farthest = tol;
        for (double[] pl : planes) {
            if (!inside(pl, c[0], c[1], c[2], tol)
                    && !inside(pl, c[3], c[4], c[5], tol)
                    && !inside(pl, c[6], c[7], c[8], tol)) {
                continue;
            }
            for (int f = 0; f < pl.length; f += 4) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < 9; k += 3) {
                    double d = pl[f] * c[k] + pl[f + 1] * c[k + 1] + pl[f + 2] * c[k + 2] - pl[f + 3];
                    lo = Math.min(lo, d);
                    hi = Math.max(hi, d);
                }
                if (lo < -tol && hi > farthest) {
                    farthest = hi;
                    bestPlane = pl;
                    bestFace = f;
                }
            }
        }
        if (bestPlane == null) {
            return null;
        }
        double[] s = new double[3];
        for (int k = 0; k < 3; k++) {
            s[k] = bestPlane[bestFace] * c[3 * k]
                    + bestPlane[bestFace + 1] * c[3 * k + 1]
                    + bestPlane[bestFace + 2] * c[3 * k + 2]
                    - bestPlane[bestFace + 3];
        }
        // the corner alone on its side of the plane (the other two strictly on the other side or on it)
        int lone = -1;
        for (int k = 0; k < 3 && lone < 0; k++) {
            double a = s[(k + 1) % 3], b = s[(k + 2) % 3];
            if ((s[k] > 0 && a <= 0 && b <= 0) || (s[k] < 0 && a >= 0 && b >= 0)) {
                lone = k;
            }
        }
        int k1 = (lone + 1) % 3, k2 = (lone + 2) % 3;
        double[] p = Arrays.copyOfRange(c, 3 * lone, 3 * lone + 3);
        double[] q1 = Arrays.copyOfRange(c, 3 * k1, 3 * k1 + 3), q2 = Arrays.copyOfRange(c, 3 * k2, 3 * k2 + 3);
        double[] m1 = along(p, q1, s[lone] / (s[lone] - s[k1])), m2 = along(p, q2, s[lone] / (s[lone] - s[k2]));
        return new double[][] {concat(p, m1, m2), concat(m1, q1, q2), concat(m1, q2, m2)};
    }

    private static double[] along(double[] p, double[] q, double t) {
        return new double[] {p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])};
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
