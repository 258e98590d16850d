package io.collide4j.planner.plan;

/**
 * Nearest neighbour by a linear scan over configurations stored flat (row i at {@code rows[i*n .. i*n+n)}), Euclidean
 * joint distance, for spaces without continuous joints (those go through {@code JointSpace.squaredDistance}).
 * At the tree sizes of RRT-Connect on arm problems (tens to a few thousand nodes) a tight scan over one double[]
 * costs about a fifth of the per-joint generic distance with its continuous-joint branch and per-joint early
 * exit (measured in {@code tests/.../PlannerNearestBench}), which is what VAMP does too (a flat scan, there with SIMD).
 * Stateless and thread-safe; allocates nothing.
 */
public final class NearestScan {
    private NearestScan() {}

    /**
     * Index of the row nearest to target among the first {@code count} rows whose {@code skip} flag is false (the
     * first such row on ties; 0 when every row is skipped). Sums in joint order, so the distances are bit for bit
     * those of a plain sequential sum.
     */
    public static int nearest(double[] rows, int n, int count, boolean[] skip, double[] target) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0, o = 0; i < count; i++, o += n) {
            double d = 0;
            for (int j = 0; j < n; j++) {
                double e = rows[o + j] - target[j];
                d += e * e;
            }
            // the skip flag is looked at only for a candidate: cut-off nodes are rare
            if (d < bestD && !skip[i]) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }
}
