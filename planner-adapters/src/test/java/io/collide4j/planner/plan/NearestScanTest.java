package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NearestScanTest {
    /** Brute force: the row with the least Euclidean distance (Math.sqrt of a fresh sum), first on ties, skips skipped. */
    private static int oracle(double[][] rows, boolean[] skip, double[] t) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < rows.length; i++) {
            double s = 0;
            for (int j = 0; j < t.length; j++) {
                s += (rows[i][j] - t[j]) * (rows[i][j] - t[j]);
            }
            double d = Math.sqrt(s);
            if (!skip[i] && d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }

    @Test
    void agreesWithBruteForceOnRandomTreesWithCutNodes() {
        SplittableRandom r = new SplittableRandom(29);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + r.nextInt(9);
            int count = 1 + r.nextInt(400);
            double[][] rows = new double[count][n];
            double[] flat = new double[(count + 7) * n]; // capacity beyond count, as a growing tree has
            boolean[] skip = new boolean[count + 7];
            java.util.Arrays.fill(
                    flat, count * n, flat.length, -1e-3); // stale rows past count, often nearer than the real ones
            for (int i = 0; i < count; i++) {
                for (int j = 0; j < n; j++) {
                    // a coarse grid makes exact ties common
                    rows[i][j] = r.nextInt(5) * 0.5 - 1;
                    flat[i * n + j] = rows[i][j];
                }
                skip[i] = i > 0 && r.nextInt(4) == 0;
            }
            double[] t = new double[n];
            for (int j = 0; j < n; j++) {
                t[j] = r.nextInt(5) * 0.5 - 1;
            }
            boolean[] head = java.util.Arrays.copyOf(skip, count);
            assertEquals(oracle(rows, head, t), NearestScan.nearest(flat, n, count, skip, t), "trial " + trial);
        }
    }

    @Test
    void skippedRowsAreNeverReturnedAndRowsBeyondCountAreIgnored() {
        double[] flat = {0, 0, 5, 5, 1, 1, 0.1, 0.1};
        boolean[] skip = {false, false, true, false};
        // (1, 1) is exact but skipped; (0.1, 0.1) lies beyond count 3
        assertEquals(0, NearestScan.nearest(flat, 2, 3, skip, new double[] {1, 1}));
        assertEquals(1, NearestScan.nearest(flat, 2, 3, skip, new double[] {4, 4}));
        assertEquals(3, NearestScan.nearest(flat, 2, 4, skip, new double[] {0.2, 0.2}));
    }
}
