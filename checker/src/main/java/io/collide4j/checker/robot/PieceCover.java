package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.urdf.TriangleMesh;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns convex hulls meant to cover a mesh into {@link ConvexPieceProvider.Pieces} whose margin is
 * <em>measured</em>, not trusted: each triangle goes to the hull its corners stick out of least
 * (summed plane overshoot), and the margin is the GJK bound ({@link HullCoverage}) on the largest
 * distance of a triangle corner to its hull. A triangle whose three corners are within m of one convex
 * piece lies within m of it entirely (distance to a convex set is convex), so the contract of
 * {@link ConvexPieceProvider} holds whatever the hulls are. Stateless.
 */
public final class PieceCover {
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
        int nt = mesh.triangleCount();
        int[] owner = new int[nt];
        int[] count = new int[np];
        int last = 0;
        for (int t = 0; t < nt; t++) {
            owner[t] = leastOutside(mesh, t, planes, last);
            last = owner[t];
            count[last]++;
        }
        double[][] pts = new double[np][];
        for (int i = 0; i < np; i++) {
            pts[i] = new double[9 * count[i]];
        }
        int[] fill = new int[np];
        for (int t = 0; t < nt; t++) {
            int i = owner[t];
            for (int c = 0; c < 3; c++) {
                int v = mesh.index(t, c);
                for (int a = 0; a < 3; a++) {
                    pts[i][fill[i]++] = mesh.vertex(v, a);
                }
            }
        }
        List<ConvexShape> shapes = new ArrayList<>(np);
        double margin = 0;
        for (int i = 0; i < np; i++) {
            ConvexShape s = Shapes.hull(hulls.get(i));
            shapes.add(s);
            if (count[i] > 0) {
                margin = Math.max(margin, HullCoverage.margin(s, pts[i]));
            }
        }
        return new ConvexPieceProvider.Pieces(shapes, margin);
    }

    // Starts at the previous triangle's piece (neighbours usually share one) and stops at a perfect fit.
    private static int leastOutside(TriangleMesh mesh, int t, double[][] planes, int start) {
        int best = start;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int k = 0; k < planes.length && bestCost > 0; k++) {
            int i = (start + k) % planes.length;
            double[] p = planes[i];
            double cost = 0;
            for (int c = 0; c < 3 && cost < bestCost; c++) {
                int v = mesh.index(t, c);
                double x = mesh.vertex(v, 0), y = mesh.vertex(v, 1), z = mesh.vertex(v, 2);
                double worst = 0;
                for (int f = 0; f < p.length; f += 4) {
                    worst = Math.max(worst, p[f] * x + p[f + 1] * y + p[f + 2] * z - p[f + 3]);
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
