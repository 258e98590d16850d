package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.Arrays;

/**
 * A piece cut back to the mesh's own convex hull: piece ∩ hull(mesh), as the hull of the vertices of that half-space
 * intersection (found, as in {@link VertexLimiter}, as the facets of the dual hull of the points n / (d − n·c) about a
 * point c inside both). Voxel-derived pieces stand up to about a cell proud of the surface (box corners, vertex
 * limiting, inflation); where that sticks out past the mesh's hull it is volume one covering hull would not have, and
 * it cost measured false "collision" answers near contact (DECOMPOSITION.md, "Decomposition by default"). The cut
 * keeps coverage: the mesh lies in its hull, so whatever of the mesh a piece held, the cut piece holds (the caller
 * re-establishes exact containment of its patches, as for every piece). Stateless and thread-safe.
 */
final class HullClip {
    /** Slack, relative to the piece's extent, that c must keep from every plane: less and the dual is ill-posed. */
    private static final double INTERIOR = 1e-7;
    /** Subgradient steps spent looking for an interior point when the first guesses lie on a plane. */
    private static final int ASCENT_STEPS = 200;

    private HullClip() {}

    /**
     * {@code piece} ∩ the half-spaces {@code meshPlanes} (n·x ≤ d, 4 numbers each), or {@code piece} itself when no
     * plane cuts it, when no point well inside both is found among its patch centroid, its interior point and their
     * midpoint, or when the intersection degenerates.
     */
    static ConvexHull clip(ConvexHull piece, double[] meshPlanes, double[] patchPoints) {
        double[] cuts = cutting(piece, meshPlanes);
        int cutting = cuts.length / 4;
        if (cutting == 0) {
            return piece;
        }
        double[] v = Hulls.vertices(piece);
        double[] own = Hulls.planes(piece);
        double extent = 0;
        for (double x : v) {
            extent = Math.max(extent, Math.abs(x));
        }
        double[] planes = new double[own.length + 4 * cutting];
        System.arraycopy(own, 0, planes, 0, own.length);
        System.arraycopy(cuts, 0, planes, own.length, 4 * cutting);
        double[] c = inside(
                planes,
                piece.interiorPoint(),
                patchPoints.length == 0 ? null : Hulls.centroid(patchPoints),
                INTERIOR * Math.max(extent, Double.MIN_NORMAL));
        if (c == null) {
            return piece;
        }
        double[] dual = new double[3 * (planes.length / 4)];
        for (int f = 0, i = 0; f < planes.length; f += 4, i += 3) {
            double e = planes[f + 3] - (planes[f] * c[0] + planes[f + 1] * c[1] + planes[f + 2] * c[2]);
            dual[i] = planes[f] / e;
            dual[i + 1] = planes[f + 1] / e;
            dual[i + 2] = planes[f + 2] / e;
        }
        try {
            double[] dp = Hulls.planes(Hulls.of(dual));
            double[] out = new double[dp.length / 4 * 3];
            for (int f = 0, i = 0; f < dp.length; f += 4, i += 3) {
                // dual facet m·q = e (e > 0: c is inside) is the primal vertex c + m / e
                out[i] = c[0] + dp[f] / dp[f + 3];
                out[i + 1] = c[1] + dp[f + 1] / dp[f + 3];
                out[i + 2] = c[2] + dp[f + 2] / dp[f + 3];
            }
            ConvexHull cut = Hulls.of(Decomposer.distinct(out));
            return Hulls.volume(cut) < Hulls.volume(piece) ? cut : piece;
        } catch (IllegalArgumentException degenerate) {
            return piece; // a sliver of an intersection: the uncut piece is a sound cover
        }
    }

    /** How far (along the planes' unit normals) the farthest vertex of {@code piece} lies past {@code meshPlanes}. */
    static double protrusion(ConvexHull piece, double[] meshPlanes) {
        double[] v = Hulls.vertices(piece);
        double worst = 0;
        for (int j = 0; j < v.length; j += 3) {
            worst = Math.max(worst, Hulls.violation(meshPlanes, v[j], v[j + 1], v[j + 2]));
        }
        return worst;
    }

    /** The planes of {@code meshPlanes} (4 numbers each) that some vertex of {@code piece} lies beyond. */
    static double[] cutting(ConvexHull piece, double[] meshPlanes) {
        double[] v = Hulls.vertices(piece);
        double extent = 0;
        for (double x : v) {
            extent = Math.max(extent, Math.abs(x));
        }
        int n = 0;
        double[] cuts = new double[meshPlanes.length];
        for (int f = 0; f < meshPlanes.length; f += 4) {
            double worst = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < v.length; j += 3) {
                worst = Math.max(
                        worst, meshPlanes[f] * v[j] + meshPlanes[f + 1] * v[j + 1] + meshPlanes[f + 2] * v[j + 2]);
            }
            if (worst > meshPlanes[f + 3] + 1e-9 * extent) {
                System.arraycopy(meshPlanes, f, cuts, 4 * n++, 4);
            }
        }
        return Arrays.copyOf(cuts, 4 * n);
    }

    /**
     * A point with more than {@code slack} to every plane, or null: the best of the patch centroid, the piece's
     * interior point and their midpoint, improved by subgradient ascent on the smallest slack (each step moves
     * away from the nearest plane, with a shrinking step: a rough Chebyshev centre, which is all the dual needs).
     */
    private static double[] inside(double[] planes, double[] interior, double[] patchCentroid, double slack) {
        double[][] candidates = patchCentroid == null
                ? new double[][] {interior}
                : new double[][] {
                    patchCentroid,
                    interior,
                    {
                        (interior[0] + patchCentroid[0]) / 2,
                        (interior[1] + patchCentroid[1]) / 2,
                        (interior[2] + patchCentroid[2]) / 2
                    }
                };
        double[] c = null;
        double best = Double.NEGATIVE_INFINITY;
        for (double[] x : candidates) {
            double s = -Hulls.violation(planes, x[0], x[1], x[2]);
            if (s > best) {
                c = Arrays.copyOf(x, 3);
                best = s;
            }
        }
        double step = slack / INTERIOR * 0.05; // 5 % of the piece's extent
        double[] x = Arrays.copyOf(c, 3);
        for (int k = 0; k < ASCENT_STEPS && best <= 100 * slack; k++) {
            int nearest = 0;
            double least = Double.POSITIVE_INFINITY;
            for (int f = 0; f < planes.length; f += 4) {
                double s = planes[f + 3] - (planes[f] * x[0] + planes[f + 1] * x[1] + planes[f + 2] * x[2]);
                if (s < least) {
                    least = s;
                    nearest = f;
                }
            }
            double t = step / (1 + k);
            x[0] -= t * planes[nearest];
            x[1] -= t * planes[nearest + 1];
            x[2] -= t * planes[nearest + 2];
            double s = -Hulls.violation(planes, x[0], x[1], x[2]);
            if (s > best) {
                best = s;
                c = Arrays.copyOf(x, 3);
            }
        }
        return best > slack ? c : null;
    }
}
