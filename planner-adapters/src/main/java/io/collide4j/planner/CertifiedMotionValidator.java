package io.collide4j.planner;

import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;

/**
 * Certified motion validity for a {@link Collide4j}: the straight joint-space segment q0 → q1 is checked
 * by conservative advancement over the exact joint-interpolated link motions, so {@code checkMotion}
 * is true only when every configuration on the segment is certified farther than the margin from
 * every checked obstacle and self pair. An exhausted budget counts as invalid, never as valid.
 *
 * <p>{@link #checkMotionWithLastValid}: the checker certifies every pair clear on [0, t) where t is the
 * first time its bounds could not exclude a violation; the returned fraction is the largest double
 * below t, so the returned configuration and every one before it are certified free. When the check
 * stops at t = 0, or runs out of budget (INCONCLUSIVE: later pairs were never looked at), nothing beyond
 * q0 is claimed: the fraction is 0 and q0 is returned as given (a planner only extends from states it
 * validated).
 *
 * <p>Thread-safe (per-thread scratch inside the façade); counts into its {@link ValidityCounters}.
 */
public final class CertifiedMotionValidator implements MotionValidator {
    private final Collide4j c;

    CertifiedMotionValidator(Collide4j c) {
        this.c = c;
    }

    /**
     * The boolean query ({@link Collide4j#isMotionFree}): true only for a certified free motion, as {@link #check}'s
     * FREE (they may differ only on motions within the tolerance band of the margin).
     */
    @Override
    public boolean checkMotion(double[] q0, double[] q1) {
        return booleanCheck(q0, q1, false);
    }

    /**
     * {@link #checkMotion} without the interior discrete samples ({@link Collide4j#isMotionFree(double[], double[],
     * boolean)}): the caller has checked those states already; the certified advancement decides as before.
     */
    @Override
    public boolean checkSampledMotion(double[] q0, double[] q1) {
        return booleanCheck(q0, q1, true);
    }

    private boolean booleanCheck(double[] q0, double[] q1, boolean presampled) {
        if (!inLimits(q0, q1)) {
            return false;
        }
        long t0 = System.nanoTime();
        MotionStatus st = c.isMotionFree(q0, q1, presampled);
        c.counters().motion(st == MotionStatus.FREE, st == MotionStatus.INCONCLUSIVE, System.nanoTime() - t0,
                c.lastMotionEvaluations());
        return st == MotionStatus.FREE;
    }

    private boolean inLimits(double[] q0, double[] q1) {
        if (c.withinLimits(q0) && c.withinLimits(q1)) {
            return true;
        }
        c.counters().motion(false, false, 0, 0);
        return false;
    }

    /**
     * The full result of the certified check (status, first violation time and pair, clearance bound);
     * joint limits are not looked at (the adapter methods treat endpoints outside them as invalid).
     */
    public MotionResult check(double[] q0, double[] q1) {
        long t0 = System.nanoTime();
        MotionResult r = c.checkMotion(q0, q1);
        c.counters().motion(r.isFree(), r.status() == MotionStatus.INCONCLUSIVE, System.nanoTime() - t0, r.evaluations());
        return r;
    }

    @Override
    public MotionCheck checkMotionWithLastValid(double[] q0, double[] q1) {
        if (!inLimits(q0, q1)) {
            return new MotionCheck(false, 0, q0);
        }
        MotionResult r = check(q0, q1);
        if (r.isFree()) {
            return new MotionCheck(true, 1, q1);
        }
        double t = r.time();
        if (r.status() != MotionStatus.COLLISION || !(t > 0)) {
            // INCONCLUSIVE: pairs after the one that ran out of budget were never checked, so no prefix is certified
            return new MotionCheck(false, 0, q0);
        }
        double f = Math.nextDown(t);
        return new MotionCheck(false, f, interpolate(q0, q1, f));
    }

    /** q0 + f (q1 − q0), the checker's parameterisation of the segment (exact at f = 0 and 1). */
    static double[] interpolate(double[] q0, double[] q1, double f) {
        double[] q = new double[q0.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = f == 1 ? q1[i] : q0[i] + f * (q1[i] - q0[i]);
        }
        return q;
    }

    public ValidityCounters counters() {
        return c.counters();
    }
}
