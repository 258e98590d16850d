package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.decomposition.SubTriangle;
import io.collide4j.urdf.TriangleMesh;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns convex hulls meant to cover a mesh into {@link ConvexPieceProvider.Pieces} whose margin is
 * <em>measured</em>, not trusted: each triangle goes to the hull its corners stick out of least
 * (summed plane overshoot); a triangle that no hull holds (beyond its rounding bound) but whose corners
 * each lie in some hull is split into {@link SubTriangle}s where needed, first cut along a face of a
 * hull holding one of its corners (a decomposition's pieces meet at common faces and cover a straddling
 * triangle part by part), else halved, each part going to its own hull likewise. The margin is the GJK
 * bound ({@link HullCoverage}) on the largest distance of a (sub-)triangle corner to its hull, plus the
 * sub-triangles' rounding bound where a triangle was split. A triangle whose three corners are within m
 * of one convex piece lies within m of it entirely (distance to a convex set is convex), and the
 * sub-triangles tile their triangle up to that rounding bound, so the contract of {@link ConvexPieceProvider} holds
 * whatever the hulls are. Stateless.
 */
public final class PieceCover {
    /** At most this many sub-triangles are examined per call (a bound on time for hulls that do not cover). */
    static final int MAX_PATCHES = 4_000_000;

    private PieceCover() {
    }

    /** Pieces for {@code hulls} covering {@code mesh}, with the measured covering margin. */
    public static ConvexPieceProvider.Pieces of(List<ConvexHull> hulls, TriangleMesh mesh) {
        int np = hulls.size();
        double[][] planes = new double[np][];
        for (int i = 0; i < np; i++) {
            ConvexHull h = hulls.get(i);
            double[] p = new double[4 * h.triangleCount()];
            for (int t = 0; t < h.triangleCount(); t++) {
                for (int k = 0; k < 4; k++) {
                    p[4 * t + k] = h.plane(t, k);
                }
            }
            planes[i] = p;
        }
        Walk w = new Walk(mesh, planes);
        for (int t = 0; t < mesh.triangleCount(); t++) {
            if (w.cover(SubTriangle.whole(t), SubTriangle.roundingBound(mesh, t))) {
                w.rounding = Math.max(w.rounding, SubTriangle.roundingBound(mesh, t));
            }
        }
        List<ConvexShape> shapes = new ArrayList<>(np);
        double margin = 0;
        for (int i = 0; i < np; i++) {
            ConvexShape s = Shapes.hull(hulls.get(i));
            shapes.add(s);
            if (w.fill[i] > 0) {
                margin = Math.max(margin, HullCoverage.margin(s, java.util.Arrays.copyOf(w.pts[i], w.fill[i])));
            }
        }
        return new ConvexPieceProvider.Pieces(shapes, margin + w.rounding);
    }

    /** The assignment of (sub-)triangle corners to hulls, grown as it goes. */
    private static final class Walk {
        final TriangleMesh mesh;
        final double[][] planes;
        final double[][] pts;
        final int[] fill;
        final double[] c = new double[9];
        int last;
        int patches;
        double rounding;

        Walk(TriangleMesh mesh, double[][] planes) {
            this.mesh = mesh;
            this.planes = planes;
            this.pts = new double[planes.length][];
            for (int i = 0; i < planes.length; i++) {
                pts[i] = new double[9 * 16];
            }
            this.fill = new int[planes.length];
        }

        /**
         * Assigns {@code s} or its sub-triangles; true if it was split. A patch its best hull does not hold
         * (beyond {@code slack}) is cut along a face of a hull holding some of its corners ({@link
         * SubTriangle#cutAlongHolder}: two pieces meeting at a common face then each hold their side), or where
         * no face cuts it, split at its edge midpoints.
         */
        boolean cover(SubTriangle s, double slack) {
            s.corners(mesh, c);
            int best = leastOutside(planes, c, last);
            last = best;
            if (cost(planes[best], c) > slack && patches + 4 <= MAX_PATCHES && cornersCovered()) {
                SubTriangle[] parts = s.cutAlongHolder(planes, c, slack);
                if (parts == null) {
                    parts = s.children();
                }
                if (parts != null) {
                    patches += parts.length;
                    for (SubTriangle part : parts) {
                        cover(part, slack);
                    }
                    return true;
                }
            }
            if (fill[best] + 9 > pts[best].length) {
                pts[best] = java.util.Arrays.copyOf(pts[best], 2 * pts[best].length);
            }
            System.arraycopy(c, 0, pts[best], fill[best], 9);
            fill[best] += 9;
            return false;
        }

        /** True if each corner in {@code c} satisfies every plane of some hull (splitting can then help). */
        private boolean cornersCovered() {
            for (int k = 0; k < 9; k += 3) {
                boolean in = false;
                for (int i = 0; i < planes.length && !in; i++) {
                    double[] p = planes[i];
                    double worst = 0;
                    for (int f = 0; f < p.length && worst <= 0; f += 4) {
                        worst = Math.max(worst, p[f] * c[k] + p[f + 1] * c[k + 1] + p[f + 2] * c[k + 2] - p[f + 3]);
                    }
                    in = worst <= 0;
                }
                if (!in) {
                    return false;
                }
            }
            return true;
        }
    }

    private static double cost(double[] p, double[] c) {
        double cost = 0;
        for (int k = 0; k < 9; k += 3) {
            double worst = 0;
            for (int f = 0; f < p.length; f += 4) {
                worst = Math.max(worst, p[f] * c[k] + p[f + 1] * c[k + 1] + p[f + 2] * c[k + 2] - p[f + 3]);
            }
            cost += worst;
        }
        return cost;
    }

    // Starts at the previous triangle's piece (neighbours usually share one) and stops at a perfect fit.
    private static int leastOutside(double[][] planes, double[] c, int start) {
        int best = start;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int k = 0; k < planes.length && bestCost > 0; k++) {
            int i = (start + k) % planes.length;
            double[] p = planes[i];
            double cost = 0;
            for (int v = 0; v < 9 && cost < bestCost; v += 3) {
                double worst = 0;
                for (int f = 0; f < p.length; f += 4) {
                    worst = Math.max(worst, p[f] * c[v] + p[f + 1] * c[v + 1] + p[f + 2] * c[v + 2] - p[f + 3]);
                }
                cost += worst;
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = i;
            }
        }
        return best;
    }
}
