package io.collide4j.urdf;

/** Joint position limits (radians or metres) and velocity/effort limits; continuous joints use ±infinity. */
public record JointLimits(double lower, double upper, double velocity, double effort) {
    public static final JointLimits UNBOUNDED = new JointLimits(
            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    public JointLimits {
        if (Double.isNaN(lower) || Double.isNaN(upper) || lower > upper) {
            throw new IllegalArgumentException("joint limits need lower <= upper, got " + lower + " .. " + upper);
        }
    }

    public boolean contains(double q) {
        return q >= lower && q <= upper;
    }
}
