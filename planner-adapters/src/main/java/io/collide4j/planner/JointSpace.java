package io.collide4j.planner;

import io.collide4j.kinematics.KinematicModel;
import java.util.SplittableRandom;

/**
 * The planning variables' space: a bounded interval per limited joint, and a circle per continuous joint (OMPL's
 * SO(2): one turn sampled, distance and interpolation the short way round). Immutable and thread-safe.
 *
 * <p>A continuous joint's values are never reduced modulo 2π here: a motion from q0 goes to {@link #unwrap q1
 * unwrapped}, {@code q1 − 2πk} with k the nearest integer to (q1 − q0) / 2π, so that the straight joint-space segment
 * between the stored values is exactly the short-way motion a controller executes and the checker certifies.
 * Values then drift by whole turns along a path; {@link #WINDOW} bounds where a planner may put them so that every
 * segment stays within the checker's caps ({@link KinematicModel#MAX_SEGMENT_ANGLE}).
 */
public final class JointSpace {
    /** One turn (rad). */
    public static final double TURN = 2 * Math.PI;
    /**
     * Where a planner keeps a continuous joint's values (±2.5π): the two trees of a bidirectional planner meet with
     * their values up to 2 × 2.5π apart, so a tree shifted by whole turns to join the other stays within ±7.5π,
     * inside the checker's ±8π ({@link KinematicModel#MAX_SEGMENT_ANGLE}).
     */
    public static final double WINDOW = 2.5 * Math.PI;
    /** Largest |start| or |goal| of a continuous joint a planner accepts (±2π; anything else is reduced by the caller). */
    public static final double START_RANGE = TURN;

    private final double[] lower;
    private final double[] upper;
    private final boolean[] continuous;
    private final boolean anyContinuous;

    /**
     * Bounds per variable; for a continuous variable the bounds are ignored (they are −∞ .. +∞ in a URDF model).
     * A limited variable needs finite bounds with lower ≤ upper.
     */
    public JointSpace(double[] lower, double[] upper, boolean[] continuous) {
        int n = lower.length;
        if (upper.length != n || continuous.length != n) {
            throw new IllegalArgumentException("lower (" + n + "), upper (" + upper.length + ") and continuous ("
                    + continuous.length + ") must have the same length");
        }
        boolean any = false;
        for (int i = 0; i < n; i++) {
            any |= continuous[i];
            if (!continuous[i]
                    && (!(lower[i] <= upper[i]) || !Double.isFinite(lower[i]) || !Double.isFinite(upper[i]))) {
                throw new IllegalArgumentException("joint " + i + ": bounds must be finite with lower <= upper (or the"
                        + " joint continuous), got " + lower[i] + " .. " + upper[i]);
            }
        }
        this.lower = lower.clone();
        this.upper = upper.clone();
        this.continuous = continuous.clone();
        this.anyContinuous = any;
    }

    /** Every variable bounded (no continuous joint). */
    public static JointSpace bounded(double[] lower, double[] upper) {
        return new JointSpace(lower, upper, new boolean[lower.length]);
    }

    public int dimension() {
        return lower.length;
    }

    public boolean isContinuous(int j) {
        return continuous[j];
    }

    public boolean hasContinuous() {
        return anyContinuous;
    }

    public double lower(int j) {
        return lower[j];
    }

    public double upper(int j) {
        return upper[j];
    }

    /** A uniform sample: within the bounds, or over one turn [−π, π) for a continuous joint. */
    public void sample(SplittableRandom random, double[] out) {
        for (int j = 0; j < out.length; j++) {
            out[j] = continuous[j]
                    ? -Math.PI + random.nextDouble() * TURN
                    : lower[j] + random.nextDouble() * (upper[j] - lower[j]);
        }
    }

    /** The travel from a to b: b − a, for a continuous joint the short way round (in [−π, π], up to rounding). */
    public double difference(int j, double a, double b) {
        return continuous[j] ? unwrap(a, b) - a : b - a;
    }

    /** Euclidean distance with continuous joints measured the short way round. */
    public double distance(double[] a, double[] b) {
        return Math.sqrt(squaredDistance(a, b, Double.POSITIVE_INFINITY));
    }

    /** Squared {@link #distance}; stops summing once it exceeds {@code stopAbove} (a nearest-neighbour scan). */
    public double squaredDistance(double[] a, int offset, double[] b, double stopAbove) {
        double d = 0;
        for (int j = 0; j < b.length && d < stopAbove; j++) {
            double e = continuous[j] ? difference(j, a[offset + j], b[j]) : a[offset + j] - b[j];
            d += e * e;
        }
        return d;
    }

    private double squaredDistance(double[] a, double[] b, double stopAbove) {
        return squaredDistance(a, 0, b, stopAbove);
    }

    /**
     * b as reached from a the short way round: b itself (bit for bit) when |b − a| ≤ π, otherwise b − 2πk with k the
     * nearest integer to (b − a) / 2π.
     */
    public static double unwrap(double a, double b) {
        double k = Math.rint((b - a) / TURN);
        return k == 0 ? b : b - k * TURN;
    }

    /** {@link #unwrap} of every continuous joint of q1 towards q0 into out (the other joints copied); returns out. */
    public double[] unwrap(double[] q0, double[] q1, double[] out) {
        for (int j = 0; j < out.length; j++) {
            out[j] = continuous[j] ? unwrap(q0[j], q1[j]) : q1[j];
        }
        return out;
    }

    /** Whether every continuous joint of q lies within ±{@link #WINDOW} (NaN: false). */
    public boolean inWindow(double[] q) {
        if (!anyContinuous) {
            return true;
        }
        for (int j = 0; j < q.length; j++) {
            if (continuous[j] && !(Math.abs(q[j]) <= WINDOW)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the straight segment q0 → q1 is one the checker can bound at its continuous joints (both ends within
     * ±{@link KinematicModel#MAX_SEGMENT_ANGLE}, travel at most {@link KinematicModel#MAX_SEGMENT_TURN}); a longer
     * one (a shortcut across a path that winds several turns) is not a motion to certify but to split.
     */
    public boolean boundable(double[] q0, double[] q1) {
        if (!anyContinuous) {
            return true;
        }
        for (int j = 0; j < q0.length; j++) {
            if (continuous[j]
                    && !(Math.abs(q0[j]) <= KinematicModel.MAX_SEGMENT_ANGLE
                            && Math.abs(q1[j]) <= KinematicModel.MAX_SEGMENT_ANGLE
                            && Math.abs(q1[j] - q0[j]) <= KinematicModel.MAX_SEGMENT_TURN)) {
                return false;
            }
        }
        return true;
    }
}
