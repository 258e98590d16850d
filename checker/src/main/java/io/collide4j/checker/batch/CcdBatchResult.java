package io.collide4j.checker.batch;

/**
 * Per-query outcomes of a CCD batch, as primitive arrays indexed like the input queries (the arrays are freshly
 * allocated for the caller, who owns them). Entry i equals what {@link io.collide4j.checker.ccd.TightInclusion}
 * answers for query i alone, whichever engine ran.
 *
 * @param hit             possible contact in the window (false is certain)
 * @param toi             conservative time of impact, +Infinity when no hit
 * @param tolerance       co-domain width reached (see {@link io.collide4j.checker.ccd.CcdResult#tolerance()})
 * @param checks          inclusion checks performed
 * @param earlyTerminated the check cap stopped the search (the toi is then conservative)
 * @param decidedOnCpu    how many queries the OpenCL engine left undecided (queue overflow) and the CPU solved
 * @param engine          the engine that ran the batch
 */
public record CcdBatchResult(
        boolean[] hit,
        double[] toi,
        double[] tolerance,
        long[] checks,
        boolean[] earlyTerminated,
        int decidedOnCpu,
        EngineInfo engine) {

    /** Number of queries. */
    public int size() {
        return hit.length;
    }

    /** Number of queries reported as (possible) contact. */
    public int hits() {
        int n = 0;
        for (boolean h : hit) {
            if (h) {
                n++;
            }
        }
        return n;
    }
}
