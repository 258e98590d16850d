package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.CapsuleShape;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.CylinderShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.MarginShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.SphereShape;
import io.collide4j.checker.geometry.TransformedShape;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;

/**
 * A few spheres whose union provably contains a convex piece (its own frame): the cheap tier in front of GJK.
 * A lower bound on the distance from every sphere to an obstacle is a lower bound on the piece's distance.
 *
 * <h2>Why the union covers the piece</h2>
 * <ul>
 * <li><b>Polytopes</b> (hulls, boxes, and affine images of them): the piece P is cut into k overlapping slabs
 *     S_i = {x : z0_i ≤ a·x ≤ z1_i} along its principal axis a; together they cover [min a·x, max a·x] over P,
 *     hence P. P ∩ S_i is a convex polytope whose vertices are the vertices of P inside S_i and the points where
 *     edges of P cross the two slab planes (S_i's bounding planes are parallel, so it adds no other vertices).
 *     A ball contains a convex polytope when it contains all its vertices, so the ball about any centre c whose
 *     radius is the largest |v − c| over those points contains P ∩ S_i. Every edge of P is an edge of one of the
 *     hull's triangles (their diagonals inside faces only add points inside P), or, for small vertex sets, of
 *     the segment between some pair of vertices.</li>
 * <li><b>Rounding.</b> Vertices are assigned to slabs with a tolerance band δ (10⁻⁶ of the piece's size) on
 *     both sides and edges are cut wherever they come within δ of a plane (parameter clamped to the edge), so
 *     every exact vertex of P ∩ S_i is one of the computed points or lies on an edge between two of them (both
 *     within the band), or is the cut of an edge at least δ long across the band, computed to a relative error
 *     of about 10⁻¹⁰ of the edge; the radius is padded by 10⁻⁹ of the piece's size plus 10⁻¹² m, far above
 *     that. {@link #of} then re-checks every polytope vertex against the union and refuses to return otherwise.</li>
 * <li><b>Curved primitives</b> (their own frame, axis z): a sphere is itself; a cylinder of radius r is cut into
 *     k slabs of height t, each inside the ball of radius √(r² + (t/2)²) about its centre; a capsule's core
 *     segment is cut into k pieces of length t, each piece ⊕ ball(r) inside the ball of radius r + t/2 about
 *     the piece's midpoint. Rigid placements move the centres and keep the radii (times 1 + 8·defect for the
 *     matrix's orthonormality defect). A margin shape adds its margin to every radius.</li>
 * <li>Any other shape gets one sphere: the ball about its bounding box's centre through the box's corners.</li>
 * </ul>
 * Slab count: about one slab per cross-section radius along the axis (at most {@value #MAX_SPHERES}), which keeps
 * each ball within a few percent of the cross-section it covers for round links. Stateless.
 */
public final class CoveringSpheres {
    /** Most spheres per piece. */
    static final int MAX_SPHERES = 12;
    /** Vertex sets up to this size are cut along the segments between every pair of vertices. */
    private static final int ALL_PAIRS_MAX = 64;

    private CoveringSpheres() {}

    /**
     * Spheres (4 numbers each: centre x, y, z and radius, in the shape's frame) whose union contains the shape
     * grown by {@code margin} ≥ 0.
     *
     * @throws IllegalStateException if the construction's own check finds a polytope vertex outside the union
     */
    public static double[] of(ConvexShape shape, double margin) {
        List<double[]> out = new ArrayList<>();
        cover(shape, out);
        double[] s = new double[4 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            double[] b = out.get(i);
            s[4 * i] = b[0];
            s[4 * i + 1] = b[1];
            s[4 * i + 2] = b[2];
            s[4 * i + 3] = (b[3] + margin) * (1 + 1e-15);
        }
        double[] v = Shapes.polytopeVertices(shape);
        if (v != null) {
            for (int i = 0; i < v.length / 3; i++) {
                if (!contains(s, v[3 * i], v[3 * i + 1], v[3 * i + 2])) {
                    throw new IllegalStateException("covering spheres miss vertex " + i + " of " + shape);
                }
            }
        }
        return s;
    }

    /** Whether the point lies in one of the spheres (4 numbers each). */
    public static boolean contains(double[] spheres, double x, double y, double z) {
        for (int i = 0; i < spheres.length; i += 4) {
            double dx = x - spheres[i], dy = y - spheres[i + 1], dz = z - spheres[i + 2];
            double r = spheres[i + 3];
            if (dx * dx + dy * dy + dz * dz <= r * r) {
                return true;
            }
        }
        return false;
    }

    private static void cover(ConvexShape shape, List<double[]> out) {
        double[] poly = Shapes.polytopeVertices(shape);
        int[] edges = poly == null ? null : polytopeEdges(shape, poly.length / 3);
        if (edges != null) {
            coverPolytope(poly, edges, out);
        } else if (poly == null && shape instanceof SphereShape sp) {
            out.add(new double[] {0, 0, 0, sp.radius()});
        } else if (poly == null && shape instanceof CylinderShape cy) {
            int k = slabs(2 * cy.halfLength(), cy.radius());
            double t = 2 * cy.halfLength() / k;
            for (int i = 0; i < k; i++) {
                double z = -cy.halfLength() + (i + 0.5) * t;
                out.add(new double[] {
                    0, 0, z, pad(Math.sqrt(cy.radius() * cy.radius() + t * t / 4), cy.boundingRadius())
                });
            }
        } else if (poly == null && shape instanceof CapsuleShape ca) {
            int k = slabs(2 * ca.halfLength(), ca.radius());
            double t = 2 * ca.halfLength() / k;
            for (int i = 0; i < k; i++) {
                double z = -ca.halfLength() + (i + 0.5) * t;
                out.add(new double[] {0, 0, z, pad(ca.radius() + t / 2, ca.boundingRadius())});
            }
        } else if (poly == null && shape instanceof MarginShape ms) {
            List<double[]> inner = new ArrayList<>();
            cover(ms.inner(), inner);
            for (double[] b : inner) {
                out.add(new double[] {b[0], b[1], b[2], pad(b[3] + ms.margin(), ms.boundingRadius())});
            }
        } else if (poly == null && shape instanceof TransformedShape ts && rigid(ts)) {
            List<double[]> inner = new ArrayList<>();
            cover(ts.inner(), inner);
            Matrix4d m = ts.matrix(new Matrix4d());
            double grow = 1 + 8 * defect(m);
            for (double[] b : inner) {
                double x = m.m00() * b[0] + m.m10() * b[1] + m.m20() * b[2] + m.m30();
                double y = m.m01() * b[0] + m.m11() * b[1] + m.m21() * b[2] + m.m31();
                double z = m.m02() * b[0] + m.m12() * b[1] + m.m22() * b[2] + m.m32();
                out.add(new double[] {x, y, z, pad(b[3] * grow, ts.boundingRadius())});
            }
        } else {
            double[] b = new double[6];
            shape.localBounds(b);
            double hx = (b[3] - b[0]) / 2, hy = (b[4] - b[1]) / 2, hz = (b[5] - b[2]) / 2;
            out.add(new double[] {
                (b[0] + b[3]) / 2,
                (b[1] + b[4]) / 2,
                (b[2] + b[5]) / 2,
                pad(Math.sqrt(hx * hx + hy * hy + hz * hz), shape.boundingRadius())
            });
        }
    }

    private static boolean rigid(TransformedShape ts) {
        return defect(ts.matrix(new Matrix4d())) <= AffineRows.RIGID_DEFECT;
    }

    private static double defect(Matrix4d m) {
        return AffineRows.orthonormalityDefect(AffineRows.load(m, new double[12]));
    }

    /** About one slab per cross-section radius along a length, at least 1, at most MAX_SPHERES. */
    private static int slabs(double length, double radius) {
        if (!(length > 0)) {
            return 1;
        }
        double k = Math.ceil(length / Math.max(radius, length / MAX_SPHERES));
        return (int) Math.max(1, Math.min(MAX_SPHERES, k));
    }

    /** A radius padded for the rounding of its construction, at the scale of the shape's size. */
    private static double pad(double r, double size) {
        return r * (1 + 1e-12) + 1e-9 * size + 1e-12;
    }

    /** Vertex sets without triangles up to this size are cut along all pairs; larger ones get one sphere. */
    private static final int ALL_PAIRS_LIMIT = 2000;

    /** Segments (pairs of vertex indices) that include every edge of the polytope, or null when too many. */
    private static int[] polytopeEdges(ConvexShape shape, int n) {
        ConvexShape s = shape;
        while (s instanceof TransformedShape ts) {
            s = ts.inner();
        }
        if (s instanceof HullShape h && n > ALL_PAIRS_MAX && h.hull().triangleCount() > 0) {
            ConvexHull hull = h.hull();
            int[] e = new int[6 * hull.triangleCount()];
            for (int t = 0; t < hull.triangleCount(); t++) {
                for (int k = 0; k < 3; k++) {
                    e[6 * t + 2 * k] = hull.triangle(t, k);
                    e[6 * t + 2 * k + 1] = hull.triangle(t, (k + 1) % 3);
                }
            }
            return e;
        }
        if (n > ALL_PAIRS_LIMIT) {
            return null;
        }
        int[] e = new int[n * (n - 1)];
        int o = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                e[o++] = i;
                e[o++] = j;
            }
        }
        return e;
    }

    private static void coverPolytope(double[] v, int[] edges, List<double[]> out) {
        int n = v.length / 3;
        double[] a = principalAxis(v);
        double zMin = Double.POSITIVE_INFINITY, zMax = Double.NEGATIVE_INFINITY;
        double[] z = new double[n];
        double size = 0;
        for (int i = 0; i < n; i++) {
            z[i] = a[0] * v[3 * i] + a[1] * v[3 * i + 1] + a[2] * v[3 * i + 2];
            zMin = Math.min(zMin, z[i]);
            zMax = Math.max(zMax, z[i]);
            size = Math.max(size, Math.abs(v[3 * i]) + Math.abs(v[3 * i + 1]) + Math.abs(v[3 * i + 2]));
        }
        // cross-section radius: the largest distance of a vertex from the axis through the vertices' mean
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            mx += v[3 * i] / n;
            my += v[3 * i + 1] / n;
            mz += v[3 * i + 2] / n;
        }
        double cross = 0;
        for (int i = 0; i < n; i++) {
            double dx = v[3 * i] - mx, dy = v[3 * i + 1] - my, dz = v[3 * i + 2] - mz;
            double along = dx * a[0] + dy * a[1] + dz * a[2];
            cross = Math.max(cross, Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - along * along)));
        }
        double length = zMax - zMin;
        int k = slabs(length, cross);
        double delta = 1e-6 * (length + cross + size) + 1e-12;
        double[] pts = new double[3 * (n + edges.length)];
        for (int s = 0; s < k; s++) {
            double z0 = zMin + length * s / k - delta, z1 = zMin + length * (s + 1) / k + delta;
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (z[i] >= z0 - delta && z[i] <= z1 + delta) {
                    System.arraycopy(v, 3 * i, pts, 3 * m++, 3);
                }
            }
            for (int e = 0; e < edges.length; e += 2) {
                int p = edges[e], q = edges[e + 1];
                for (double plane : new double[] {z0, z1}) {
                    double lo = Math.min(z[p], z[q]), hi = Math.max(z[p], z[q]);
                    if (lo <= plane + delta && hi >= plane - delta && hi > lo) {
                        double t = Math.max(0, Math.min(1, (plane - z[p]) / (z[q] - z[p])));
                        pts[3 * m] = v[3 * p] + t * (v[3 * q] - v[3 * p]);
                        pts[3 * m + 1] = v[3 * p + 1] + t * (v[3 * q + 1] - v[3 * p + 1]);
                        pts[3 * m + 2] = v[3 * p + 2] + t * (v[3 * q + 2] - v[3 * p + 2]);
                        m++;
                    }
                }
            }
            if (m == 0) {
                continue;
            }
            double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int i = 0; i < m; i++) {
                for (int c = 0; c < 3; c++) {
                    lo[c] = Math.min(lo[c], pts[3 * i + c]);
                    hi[c] = Math.max(hi[c], pts[3 * i + c]);
                }
            }
            double cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2, cz = (lo[2] + hi[2]) / 2;
            double r2 = 0;
            for (int i = 0; i < m; i++) {
                double dx = pts[3 * i] - cx, dy = pts[3 * i + 1] - cy, dz = pts[3 * i + 2] - cz;
                r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
            }
            out.add(new double[] {cx, cy, cz, pad(Math.sqrt(r2), length + cross + size)});
        }
    }

    /** Unit direction of largest spread of the points (power iteration on their covariance); x for degenerate sets. */
    private static double[] principalAxis(double[] v) {
        int n = v.length / 3;
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            mx += v[3 * i];
            my += v[3 * i + 1];
            mz += v[3 * i + 2];
        }
        mx /= n;
        my /= n;
        mz /= n;
        double[] c = new double[9];
        for (int i = 0; i < n; i++) {
            double[] d = {v[3 * i] - mx, v[3 * i + 1] - my, v[3 * i + 2] - mz};
            for (int r = 0; r < 3; r++) {
                for (int s = 0; s < 3; s++) {
                    c[3 * r + s] += d[r] * d[s];
                }
            }
        }
        double[] a = {1, 0.7, 0.3};
        for (int it = 0; it < 100; it++) {
            double x = c[0] * a[0] + c[1] * a[1] + c[2] * a[2];
            double y = c[3] * a[0] + c[4] * a[1] + c[5] * a[2];
            double w = c[6] * a[0] + c[7] * a[1] + c[8] * a[2];
            double l = Math.sqrt(x * x + y * y + w * w);
            if (!(l > 0) || !Double.isFinite(l)) {
                return new double[] {1, 0, 0};
            }
            a[0] = x / l;
            a[1] = y / l;
            a[2] = w / l;
        }
        return a;
    }
}
