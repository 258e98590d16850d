package io.collide4j.planner;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.EndCheck;
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
 * <p><b>Continuous joints.</b> The plain validator certifies the straight segment between the values given, however
 * many turns a continuous joint travels. The short-way validator ({@link Collide4j#shortWayMotionValidator}) first
 * replaces q1 by {@link #motionEnd}: each continuous joint reached the short way round (OMPL's SO(2) interpolation),
 * so that what it certifies is the motion such a planner executes; {@link #checkMotionWithLastValid} then returns
 * states on that motion.
 *
 * <p>Thread-safe (per-thread scratch inside the façade); counts into its {@link ValidityCounters}.
 */
public final class CertifiedMotionValidator implements MotionValidator {
    private final Collide4j c;
    private final boolean shortWay;
    private final double separation;
    private final double sampleStep;

    /** With separation margin: the façade's margin, or its {@link Collide4j#planningMargin} for a planner. */
    CertifiedMotionValidator(Collide4j c, boolean shortWay, double margin) {
        this(c, shortWay && c.jointSpace().hasContinuous(), margin, CollisionChecker.DEFAULT_SAMPLE_STEP);
    }

    private CertifiedMotionValidator(Collide4j c, boolean shortWay, double margin, double sampleStep) {
        this.c = c;
        this.shortWay = shortWay;
        this.separation = margin;
        this.sampleStep = sampleStep;
    }

    /**
     * This validator with another spacing of {@link #checkMotion}'s discrete pre-rejection samples (joint-space
     * distance; {@link CollisionChecker#isMotionFree}). The samples only end blocked motions early, so the spacing
     * trades a free motion's extra state checks against a blocked one's advancement: a planner whose motions are
     * mostly blocked (OMPL's RRTConnect: most of its long extensions are) gains from a denser one. A free answer is
     * still the advancement's proof.
     */
    public CertifiedMotionValidator withSampleStep(double step) {
        if (!(step > 0) || !Double.isFinite(step)) {
            // as the checker's MotionQuery: refused here, not at the first query
            throw new IllegalArgumentException(
                    "sample step must be finite and > 0 (joint-space distance), got " + step);
        }
        return new CertifiedMotionValidator(c, shortWay, separation, step);
    }

    /** The spacing of {@link #checkMotion}'s discrete samples ({@link #withSampleStep}). */
    public double sampleStep() {
        return sampleStep;
    }

    /** The separation a free motion must exceed throughout: the margin, or the planning margin. */
    public double separation() {
        return separation;
    }

    /** Whether continuous joints move the short way round ({@link Collide4j#shortWayMotionValidator}). */
    public boolean shortWay() {
        return shortWay;
    }

    /**
     * The end of the motion this validator certifies for q0 → q1: q1 itself, or with the short way each continuous
     * joint's value {@link JointSpace#unwrap unwrapped} towards q0 (a new array).
     */
    public double[] motionEnd(double[] q0, double[] q1) {
        return end(q0, q1).clone();
    }

    /** q1 or its short-way end in this thread's scratch (no allocation per query). */
    private double[] end(double[] q0, double[] q1) {
        if (!shortWay || q0.length != q1.length || q1.length != c.dimension()) {
            return q1; // wrong lengths are refused, with their message, by the query itself
        }
        return c.jointSpace().unwrap(q0, q1, c.scratch().unwrapped);
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

    /**
     * {@link #checkMotion} with the end state's discrete check first ({@link EndCheck#FIRST}, the same as
     * {@link #checkMotion}) or skipped ({@link EndCheck#KNOWN_FREE}) because a state validity check at
     * {@link #separation} answered true for exactly these values of q1: the same answer, since that check would pass
     * (and a FREE answer is still the advancement's proof, which covers q1 too). With the short way the motion ends at
     * another q1 ({@link #motionEnd}), so the end is checked there.
     */
    public boolean checkMotion(double[] q0, double[] q1, EndCheck end) {
        return booleanCheck(q0, q1, false, shortWay ? EndCheck.FIRST : end);
    }

    private boolean booleanCheck(double[] q0, double[] given, boolean presampled) {
        return booleanCheck(q0, given, presampled, EndCheck.FIRST);
    }

    private boolean booleanCheck(double[] q0, double[] given, boolean presampled, EndCheck endCheck) {
        double[] q1 = end(q0, given);
        if (!inLimits(q0, q1)) {
            return false;
        }
        long t0 = System.nanoTime();
        MotionStatus st = c.isMotionFree(q0, q1, presampled ? Double.MAX_VALUE : sampleStep, separation, endCheck);
        c.counters()
                .motion(
                        st == MotionStatus.FREE,
                        st == MotionStatus.INCONCLUSIVE,
                        System.nanoTime() - t0,
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
     * The full result of the certified check of q0 → {@link #motionEnd} (status, first violation time and pair,
     * clearance bound); joint limits are not looked at (the adapter methods treat endpoints outside them as invalid).
     */
    public MotionResult check(double[] q0, double[] q1) {
        return checkAsGiven(q0, end(q0, q1));
    }

    private MotionResult checkAsGiven(double[] q0, double[] q1) {
        long t0 = System.nanoTime();
        MotionResult r = c.checkMotion(q0, q1, separation);
        c.counters()
                .motion(r.isFree(), r.status() == MotionStatus.INCONCLUSIVE, System.nanoTime() - t0, r.evaluations());
        return r;
    }

    @Override
    public MotionCheck checkMotionWithLastValid(double[] q0, double[] given) {
        double[] q1 = shortWay ? motionEnd(q0, given) : given;
        if (!inLimits(q0, q1)) {
            return new MotionCheck(false, 0, q0);
        }
        MotionResult r = checkAsGiven(q0, q1); // q1 is the end already: unwrapping twice could round differently
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
