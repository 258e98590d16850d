package io.collide4j.checker.batch;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.QueryContext;

/**
 * The CPU motion engine: the checker's certified {@link CollisionChecker#checkMotion} (conservative
 * advancement) on every worker, one {@link QueryContext} per worker kept across calls.
 */
final class CpuMotionEngine {

    private final CollisionChecker checker;
    private final WorkerPool pool;
    private final QueryContext[] context;
    private final double[][] q0, q1; // per-worker copies of one motion's endpoints

    CpuMotionEngine(CollisionChecker checker, WorkerPool pool) {
        this.checker = checker;
        this.pool = pool;
        int dof = checker.model().kinematics().variableCount();
        context = new QueryContext[pool.threads()];
        q0 = new double[pool.threads()][dof];
        q1 = new double[pool.threads()][dof];
        for (int i = 0; i < context.length; i++) {
            context[i] = checker.newContext();
        }
    }

    int dof() {
        return q0[0].length;
    }

    /**
     * Checks motions i = items[k] for k in [0, count) (items null: i = first + k) of the flat endpoint arrays into
     * the outputs at index i.
     */
    void check(
            double[] a,
            double[] b,
            int[] items,
            int first,
            int count,
            double margin,
            double tolerance,
            long budget,
            MotionBatchResult into) {
        int dof = dof();
        MotionStatus[] status = into.status();
        double[] time = into.time(), clearance = into.clearance();
        long[] evaluations = into.evaluations();
        boolean[] onDevice = into.onDevice();
        pool.forEach(count, 1, (worker, from, to) -> {
            double[] s = q0[worker], e = q1[worker];
            for (int k = from; k < to; k++) {
                int i = items == null ? first + k : items[k];
                System.arraycopy(a, dof * i, s, 0, dof);
                System.arraycopy(b, dof * i, e, 0, dof);
                MotionResult r;
                try {
                    r = checker.checkMotion(s, e, margin, tolerance, budget, context[worker]);
                } catch (IllegalArgumentException ex) {
                    throw new IllegalArgumentException("motion " + i + ": " + ex.getMessage(), ex);
                }
                status[i] = r.status();
                time[i] = r.time();
                clearance[i] = r.clearanceLowerBound();
                evaluations[i] = r.evaluations();
                onDevice[i] = false;
            }
        });
    }
}
