package io.collide4j.checker.geometry.hull;

import java.util.Arrays;

/**
 * The faces of one hull under construction, as parallel primitive arrays indexed by face (grown by doubling): corners
 * ({@code fv}, outward counter-clockwise), the neighbour across each edge ({@code fadj}), the rounded cross product
 * and its permanent parts that {@code Orient3d}'s filter needs ({@code fc}), 1/|cross| ({@code finv}), whether the
 * face is still on the hull ({@code alive}), the first point of its conflict list ({@code head}) and a visit stamp
 * ({@code stampOf}). Split out of {@link QuickHull}'s builder, which reads the arrays directly (its inner loops).
 * One pool per build; not thread-safe.
 */
final class FacePool {
    private final double[] p;
    int[] fv = new int[96];
    int[] fadj = new int[96];
    double[] fc = new double[192];
    double[] finv = new double[32];
    boolean[] alive = new boolean[32];
    int[] head = new int[32];
    int[] stampOf = new int[32];
    int nf;

    FacePool(double[] p) {
        this.p = p;
    }

    /** Index j of the edge of face h that runs from vertex {@code from} and borders face g. */
    int edgeIndex(int h, int g, int from) {
        for (int j = 0; j < 3; j++) {
            if (fadj[3 * h + j] == g && fv[3 * h + j] == from) {
                return j;
            }
        }
        throw new IllegalStateException("face adjacency is inconsistent");
    }

    int newFace(int a, int b, int c) {
        if (nf == alive.length) {
            int cap = nf * 2;
            fv = Arrays.copyOf(fv, 3 * cap);
            fadj = Arrays.copyOf(fadj, 3 * cap);
            fc = Arrays.copyOf(fc, 6 * cap);
            finv = Arrays.copyOf(finv, cap);
            alive = Arrays.copyOf(alive, cap);
            head = Arrays.copyOf(head, cap);
            stampOf = Arrays.copyOf(stampOf, cap);
        }
        int f = nf++;
        fv[3 * f] = a;
        fv[3 * f + 1] = b;
        fv[3 * f + 2] = c;
        fadj[3 * f] = fadj[3 * f + 1] = fadj[3 * f + 2] = -1;
        // Same operations, in the same order, as the first stage of Orient3d.sign with (a, b, c, ·).
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double c1 = uy * vz - uz * vy, c2 = uz * vx - ux * vz, c3 = ux * vy - uy * vx;
        int o = 6 * f;
        fc[o] = c1;
        fc[o + 1] = c2;
        fc[o + 2] = c3;
        fc[o + 3] = Math.abs(uy * vz) + Math.abs(uz * vy);
        fc[o + 4] = Math.abs(uz * vx) + Math.abs(ux * vz);
        fc[o + 5] = Math.abs(ux * vy) + Math.abs(uy * vx);
        double len = Math.sqrt(c1 * c1 + c2 * c2 + c3 * c3);
        finv[f] = len > 0 && Double.isFinite(len) ? 1 / len : 0;
        alive[f] = true;
        head[f] = -1;
        stampOf[f] = 0;
        return f;
    }

    /** Sets the adjacency of a closed set of faces by matching reversed edges. */
    void linkAll(int[] faces) {
        for (int f : faces) {
            for (int e = 0; e < 3; e++) {
                int a = fv[3 * f + e], b = fv[3 * f + (e + 1) % 3];
                for (int g : faces) {
                    for (int j = 0; j < 3; j++) {
                        if (fv[3 * g + j] == b && fv[3 * g + (j + 1) % 3] == a) {
                            fadj[3 * f + e] = g;
                        }
                    }
                }
            }
        }
    }
}
