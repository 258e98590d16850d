package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.decomposition.CoverPatches;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.SubTriangle;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

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
 * whatever the hulls are. A search that runs out of its patch budget with a patch still outside every hull
 * (beyond {@link #tolerance}) would only give a loose bound, so it is refused (never inflated silently).
 * A fresh {@link Decomposition} carries the patches it verified ({@link CoverPatches}); its margin is measured
 * on those directly, with no search. Stateless.
 */
public final class PieceCover {
    /** At most this many sub-triangles are examined per call (a bound on time for hulls that do not cover). */
    static final int MAX_PATCHES = 4_000_000;

    private PieceCover() {}

    /** Triangles between two calls of a progress hook. */
    private static final int PROGRESS_EVERY = 1024;

    /**
     * Largest covering margin counted as "measured tightly" for {@code mesh}: 1e-9 of its bounding-box diagonal
     * plus 1e-10 m. A cover that holds every patch has a margin of the patches' rounding bound (about 6e-14 of the
     * coordinates' magnitude) plus the distance bound's 1e-12 m and relative 1e-12; the tolerance is about a
     * thousand times that on a metre-sized mesh, and a nanometre per metre is far below any physical clearance.
     * The absolute part keeps millimetre meshes above the distance bound's 1e-12 m floor.
     */
    public static double tolerance(TriangleMesh mesh) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = mesh.index(t, c);
                for (int k = 0; k < 3; k++) {
                    lo[k] = Math.min(lo[k], mesh.vertex(v, k));
                    hi[k] = Math.max(hi[k], mesh.vertex(v, k));
                }
            }
        }
        double d2 = 0;
        for (int k = 0; k < 3; k++) {
            d2 += (hi[k] - lo[k]) * (hi[k] - lo[k]);
        }
        return 1e-9 * Math.sqrt(d2) + 1e-10;
    }

    /**
     * Pieces for a decomposition of {@code mesh}: measured on its verified patches when it has them ({@link
     * Decomposition#coverPatches}), else as {@link #of(List, TriangleMesh, int, LongConsumer)} with the default
     * budget. {@code trianglesDone} (null: none) hears the count of triangles (or patched pieces) measured so far.
     *
     * @throws IllegalArgumentException if the margin cannot be measured tightly (see {@link #of(List, TriangleMesh,
     *                                  int, LongConsumer)})
     */
    public static ConvexPieceProvider.Pieces of(Decomposition d, TriangleMesh mesh, LongConsumer trianglesDone) {
        if (d.coverPatches().isEmpty()) {
            return of(d.pieces(), mesh, MAX_PATCHES, trianglesDone);
        }
        CoverPatches patches = d.coverPatches().get();
        List<ConvexShape> shapes = new ArrayList<>(d.pieces().size());
        double margin = 0;
        for (int i = 0; i < d.pieces().size(); i++) {
            ConvexShape s = Shapes.hull(d.pieces().get(i));
            shapes.add(s);
            double[] corners = patches.corners(i);
            if (corners.length > 0) {
                margin = Math.max(margin, HullCoverage.margin(s, corners));
            }
            if (trianglesDone != null) {
                trianglesDone.accept(
                        (long) (i + 1) * mesh.triangleCount() / d.pieces().size());
            }
        }
        return new ConvexPieceProvider.Pieces(shapes, margin + patches.roundingBound());
    }

    /**
     * Pieces for {@code hulls} covering {@code mesh}, with the measured covering margin.
     *
     * @throws IllegalArgumentException if the patch budget runs out and the margin left is above {@link #tolerance}
     */
    public static ConvexPieceProvider.Pieces of(List<ConvexHull> hulls, TriangleMesh mesh) {
        return of(hulls, mesh, MAX_PATCHES, null);
    }

    /**
     * As {@link #of(List, TriangleMesh)} with at most {@code maxPatches} sub-triangles examined, calling {@code
     * trianglesDone} (null: none) now and then with the number of mesh triangles done.
     *
     * @throws IllegalArgumentException if that budget runs out with a patch outside every hull by more than
     *                                  {@link #tolerance}: the margin would be a loose bound, not a measurement
     */
    public static ConvexPieceProvider.Pieces of(
            List<ConvexHull> hulls, TriangleMesh mesh, int maxPatches, LongConsumer trianglesDone) {
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
        Walk w = new Walk(mesh, planes, maxPatches);
        for (int t = 0; t < mesh.triangleCount(); t++) {
            if (w.cover(SubTriangle.whole(t), SubTriangle.roundingBound(mesh, t))) {
                w.rounding = Math.max(w.rounding, SubTriangle.roundingBound(mesh, t));
            }
            if (trianglesDone != null && ((t + 1) % PROGRESS_EVERY == 0 || t + 1 == mesh.triangleCount())) {
                trianglesDone.accept(t + 1);
            }
        }
        List<ConvexShape> shapes = new ArrayList<>(np);
        double margin = 0;
        for (int i = 0; i < np; i++) {
            ConvexShape s = Shapes.hull(hulls.get(i));
            shapes.add(s);
            if (w.fill[i] > 0) {
                margin = Math.max(margin, HullCoverage.margin(s, Arrays.copyOf(w.pts[i], w.fill[i])));
            }
        }
        double tolerance = tolerance(mesh);
        if (w.exhausted && margin + w.rounding > tolerance) {
            throw new IllegalArgumentException("the covering margin of " + np + " pieces over " + mesh
                    + " cannot be measured: the search for a covering assignment ran out of its " + maxPatches
                    + " sub-triangles with parts still outside their best piece, leaving only a loose bound of "
                    + (margin + w.rounding) + " m (tolerance " + tolerance + " m); refused rather than inflated");
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
        final int maxPatches;
        int last;
        int patches;
        double rounding;
        boolean exhausted; // a split that could have helped was not made for want of budget

        Walk(TriangleMesh mesh, double[][] planes, int maxPatches) {
            this.mesh = mesh;
            this.planes = planes;
            this.maxPatches = maxPatches;
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
            boolean outside = cost(planes[best], c) > slack;
            if (outside && patches + 4 > maxPatches) {
                exhausted = true;
            } else if (outside && cornersCovered()) {
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
                pts[best] = Arrays.copyOf(pts[best], 2 * pts[best].length);
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
