package io.collide4j.checker.query;

import org.jspecify.annotations.NullMarked;

/**
 * The settings of one motion query ({@link CollisionChecker#checkMotion(double[], double[], MotionQuery, QueryContext)},
 * {@link CollisionChecker#isMotionFree(double[], double[], MotionQuery, QueryContext)}), each under its own name so that
 * margin and tolerance cannot be swapped silently:
 * <ul>
 * <li>{@code margin} (m, finite, ≥ 0): the required separation; the motion is free when every checked pair stays
 *     farther apart than it;</li>
 * <li>{@code tolerance} (m, finite, &gt; 0): how close to the margin a certified lower bound may come before the
 *     pair is reported (a bound in (margin, margin + tolerance] is a report, not a proven contact);</li>
 * <li>{@code budget} (≥ 0): most distance evaluations of the advancement; when it runs out the answer is
 *     INCONCLUSIVE, never free;</li>
 * <li>{@code sampleStep} (rad or m, finite, &gt; 0): the boolean query's discrete sample spacing in joint space.</li>
 * </ul>
 * Immutable; build with {@link #margin(double)} and the {@code with…} methods. Null-marked (JSpecify).
 */
@NullMarked
public record MotionQuery(double margin, double tolerance, long budget, double sampleStep) {
    /** Default absolute tolerance (m) under which a motion's lower bound counts as touching the margin. */
    public static final double DEFAULT_TOLERANCE = 1e-4;
    /** Default cap on distance evaluations per motion. */
    public static final long DEFAULT_BUDGET = 200_000;
    /**
     * Default joint-space spacing (Euclidean, rad or m) of {@code isMotionFree}'s discrete samples. 1.0: the samples
     * only shortcut blocked motions (the advancement proves free ones anyway). On the bench's Panda edges 0.25 cost
     * free edges about 12 % more than 0.5 for blocked start→goal medians about 8 % lower, and 1.0 saved free edges
     * another 4 % with the blocked median unchanged (the midpoint sample rejects most of them; both far inside FCL's
     * sampled times); a planner that samples its edges itself (lazy RRT-Connect) sends few blocked ones.
     */
    public static final double DEFAULT_SAMPLE_STEP = 1.0;

    public MotionQuery {
        check(margin, tolerance, budget, sampleStep);
    }

    /** The checks of the canonical constructor, for callers that pass the settings one by one. */
    static void check(double margin, double tolerance, long budget, double sampleStep) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + margin);
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be finite and > 0, got " + tolerance);
        }
        if (budget < 0) {
            throw new IllegalArgumentException("evaluation budget must be >= 0, got " + budget);
        }
        if (!(sampleStep > 0) || !Double.isFinite(sampleStep)) {
            throw new IllegalArgumentException("sample step must be finite and > 0, got " + sampleStep);
        }
    }

    /** The given margin with the default tolerance, budget and sample step. */
    public static MotionQuery margin(double margin) {
        return new MotionQuery(margin, DEFAULT_TOLERANCE, DEFAULT_BUDGET, DEFAULT_SAMPLE_STEP);
    }

    public MotionQuery withMargin(double margin) {
        return new MotionQuery(margin, tolerance, budget, sampleStep);
    }

    public MotionQuery withTolerance(double tolerance) {
        return new MotionQuery(margin, tolerance, budget, sampleStep);
    }

    public MotionQuery withBudget(long budget) {
        return new MotionQuery(margin, tolerance, budget, sampleStep);
    }

    public MotionQuery withSampleStep(double sampleStep) {
        return new MotionQuery(margin, tolerance, budget, sampleStep);
    }
}
