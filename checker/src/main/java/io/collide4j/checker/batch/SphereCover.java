package io.collide4j.checker.batch;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.TransformedShape;
import java.util.ArrayList;
import java.util.List;

/**
 * The covering spheres of one robot piece for the device tiers, in the piece's link frame, every radius grown by the
 * piece margin: a hull piece is cut into slabs along its longest axis and each slab's part enclosed by one sphere;
 * any other piece uses the model's piece sphere. Every point of the margin-grown piece lies in one of its spheres.
 *
 * <p>Stateless.
 */
final class SphereCover {

    private SphereCover() {}

    /**
     * Appends the spheres (centre x, y, z, radius; 4 doubles each) of a piece to {@code out}.
     *
     * @param shape       the piece's shape (link frame)
     * @param vertices    its polytope vertices (3 per vertex), or null for a curved primitive
     * @param pieceSphere the model's sphere of the piece (centre x, y, z, radius), used when the piece is no hull
     * @param slabs       spheres per hull piece, ≥ 1
     * @param margin      the piece margin every hull sphere grows by
     */
    static void cover(
            ConvexShape shape, double[] vertices, double[] pieceSphere, int slabs, double margin, List<double[]> out) {
        ConvexHull hull = hullOf(shape);
        if (hull != null && vertices != null) {
            slabSpheres(vertices, hull.copyTriangles(), hull.dimension(), slabs, margin, out);
        } else {
            out.add(new double[] {pieceSphere[0], pieceSphere[1], pieceSphere[2], grow(pieceSphere[3])});
        }
    }

    private static ConvexHull hullOf(ConvexShape s) {
        if (s instanceof HullShape h) {
            return h.hull();
        }
        if (s instanceof TransformedShape t) {
            return hullOf(t.inner());
        }
        return null;
    }

    private static double grow(double r) {
        return r * (1 + 1e-12) + 1e-12;
    }

    /**
     * Spheres covering the hull grown by {@code margin}: the hull (vertices v, triangles tri, any affine image of
     * the hull's own: the combinatorics carry over) is cut into k slabs along its longest axis; the part of the
     * hull inside a slab is the hull of its vertices in the slab and of the hull edges' crossings of the slab
     * planes, and the sphere about those points' box centre through the farthest of them contains it.
     */
    private static void slabSpheres(double[] v, int[] tri, int dimension, int k, double margin, List<double[]> out) {
        int n = v.length / 3;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], v[3 * i + a]);
                hi[a] = Math.max(hi[a], v[3 * i + a]);
            }
        }
        int ax = 0;
        for (int a = 1; a < 3; a++) {
            if (hi[a] - lo[a] > hi[ax] - lo[ax]) {
                ax = a;
            }
        }
        int slabs = dimension < 3 ? 1 : Math.max(1, k);
        for (int s = 0; s < slabs; s++) {
            double a0 = s == 0 ? Double.NEGATIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * s / slabs;
            double a1 = s == slabs - 1 ? Double.POSITIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * (s + 1) / slabs;
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (v[3 * i + ax] >= a0 && v[3 * i + ax] <= a1) {
                    pts.add(new double[] {v[3 * i], v[3 * i + 1], v[3 * i + 2]});
                }
            }
            for (int t = 0; t + 2 < tri.length; t += 3) {
                for (int e = 0; e < 3; e++) {
                    int p = tri[t + e], q = tri[t + (e + 1) % 3];
                    for (double plane : new double[] {a0, a1}) {
                        double pa = v[3 * p + ax], qa = v[3 * q + ax];
                        if (Double.isFinite(plane) && (pa - plane) * (qa - plane) < 0) {
                            double f = (plane - pa) / (qa - pa);
                            pts.add(new double[] {
                                v[3 * p] + f * (v[3 * q] - v[3 * p]),
                                v[3 * p + 1] + f * (v[3 * q + 1] - v[3 * p + 1]),
                                v[3 * p + 2] + f * (v[3 * q + 2] - v[3 * p + 2])
                            });
                        }
                    }
                }
            }
            if (pts.isEmpty()) {
                continue;
            }
            double[] bl = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] bh = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (double[] p : pts) {
                for (int a = 0; a < 3; a++) {
                    bl[a] = Math.min(bl[a], p[a]);
                    bh[a] = Math.max(bh[a], p[a]);
                }
            }
            double cx = (bl[0] + bh[0]) / 2, cy = (bl[1] + bh[1]) / 2, cz = (bl[2] + bh[2]) / 2;
            double r2 = 0;
            for (double[] p : pts) {
                double dx = p[0] - cx, dy = p[1] - cy, dz = p[2] - cz;
                r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
            }
            // the edge crossings are rounded: grow by a relative hair before the margin
            out.add(new double[] {cx, cy, cz, grow(Math.sqrt(r2) * (1 + 1e-9) + 1e-12 + margin)});
        }
    }
}
