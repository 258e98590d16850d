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
        return new MotionQuery(margin, CollisionChecker.DEFAULT_TOLERANCE, CollisionChecker.DEFAULT_BUDGET,
                CollisionChecker.DEFAULT_SAMPLE_STEP);
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
