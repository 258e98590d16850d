package io.collide4j.checker.batch;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.ccd.TightInclusionScratch;

/**
 * The CPU CCD engine: {@link TightInclusion} on every worker of a {@link WorkerPool}, one
 * {@link TightInclusionScratch} per worker kept across calls, nothing allocated per query.
 */
final class CpuCcdEngine {

    private static final int BLOCK = 16;
    private static final CcdKind[] KINDS = CcdKind.values();

    private final WorkerPool pool;
    private final TightInclusionScratch[] scratch;

    CpuCcdEngine(WorkerPool pool) {
        this.pool = pool;
        this.scratch = new TightInclusionScratch[pool.threads()];
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = new TightInclusionScratch();
        }
    }

    /** Solves the queries whose indices are {@code items[0 .. count)} (or 0 .. count-1 when items is null). */
    void solve(
            TightInclusion ti,
            double[] coords,
            int[] kinds,
            double margin,
            int[] items,
            int count,
            boolean[] hit,
            double[] toi,
            double[] tolerance,
            long[] checks,
            boolean[] early) {
        pool.forEach(count, BLOCK, (worker, from, to) -> {
            TightInclusionScratch s = scratch[worker];
            for (int k = from; k < to; k++) {
                int i = items == null ? k : items[k];
                double t;
                try {
                    t = ti.toi(KINDS[kinds[i]], coords, CcdQuery.SIZE * i, margin, ti.tMax(), s);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("CCD batch query " + i + ": " + e.getMessage(), e);
                }
                hit[i] = t != Double.POSITIVE_INFINITY;
                toi[i] = t;
                tolerance[i] = s.lastTolerance();
                checks[i] = s.lastChecks();
                early[i] = s.lastEarlyTerminated();
            }
        });
    }
}
