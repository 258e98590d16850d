package io.collide4j.checker.certificate;

/**
 * The certificate format's rules in one place, for the certifier, the writer, the reader, the witness planes and the
 * recompute verifier alike: the format names, the marker of a Tight-Inclusion window, how claims are rounded (down,
 * so a claim only gets weaker) and how step ends are shortened, and which trajectories a certificate can state. It
 * uses nothing else in this package, so every class above it may use it. Stateless.
 */
public final class CertificateFormat {
    /** The format written with witnesses: /2.1 plus the {@code witness} section and per-step {@code planes}. */
    public static final String FORMAT = "collide4j-certificate/3";
    /** The format without witnesses ({@link TrajectoryCertifier#withoutWitnesses}); still read and verified by the recompute verifier. */
    public static final String FORMAT_2_1 = "collide4j-certificate/2.1";
    /** The format before: the same without {@code provenance}; still read and verified. */
    public static final String FORMAT_2 = "collide4j-certificate/2";
    /**
     * The "lower bound" recorded for a step proven by Tight-Inclusion instead of a distance bound (exact mesh pairs
     * in the tolerance band, {@link io.collide4j.checker.query.MeshMode#EXACT}); negative, so never mistaken for a distance.
     */
    public static final double EXACT_WINDOW = -1;
    /** Significant digits kept (rounding down) in claimed lower bounds and clearances. */
    public static final int CLAIM_DIGITS = 4;

    /**
     * Refuses, naming the index, a trajectory the format cannot state: fewer than 2 waypoints, a waypoint of the wrong
     * length or not finite, times not finite and strictly increasing, or a segment whose duration overflows.
     */
    public static void validate(double[][] waypoints, double[] times, int variables) {
        if (waypoints.length < 2) {
            throw new IllegalArgumentException("a trajectory needs at least 2 waypoints, got " + waypoints.length);
        }
        if (times.length != waypoints.length) {
            throw new IllegalArgumentException(
                    "trajectory has " + waypoints.length + " waypoints but " + times.length + " times");
        }
        for (int i = 0; i < waypoints.length; i++) {
            if (waypoints[i].length != variables) {
                throw new IllegalArgumentException(
                        "waypoint " + i + " has " + waypoints[i].length + " values, expected " + variables);
            }
            for (int j = 0; j < variables; j++) {
                if (!Double.isFinite(waypoints[i][j])) {
                    throw new IllegalArgumentException(
                            "waypoint " + i + " value " + j + " is not finite: " + waypoints[i][j]);
                }
            }
            if (!Double.isFinite(times[i]) || (i > 0 && !(times[i] > times[i - 1]))) {
                throw new IllegalArgumentException("trajectory time at index " + i + " (" + times[i]
                        + ") must be finite and greater than the previous one");
            }
            if (i > 0 && !(times[i] - times[i - 1] <= Double.MAX_VALUE)) {
                // the time of a violation inside the segment would be NaN or infinite
                throw new IllegalArgumentException(
                        "trajectory times at index " + (i - 1) + " and " + i + " (" + times[i - 1] + ", " + times[i]
                                + " s) are so far apart that the segment's duration overflows");
            }
        }
    }

    /** The largest decimal with {@code digits} significant digits that is ≤ x (x itself if not finite or 0). */
    public static double roundDown(double x, int digits) {
        if (!Double.isFinite(x) || x == 0) {
            return x;
        }
        int n = digits - 1 - (int) Math.floor(Math.log10(Math.abs(x)));
        if (n < -22 || n > 22) {
            return x;
        }
        // m / 10^n and m * 10^-n are the doubles nearest those decimals, so they print short
        double p = Math.pow(10, Math.abs(n));
        double m = Math.floor(n >= 0 ? x * p : x / p);
        double r = n >= 0 ? m / p : m * p;
        if (r > x) {
            r = n >= 0 ? (m - 1) / p : (m - 1) * p;
        }
        return r <= x ? r : x;
    }

    /**
     * A step end to advance to instead of s1: s1 rounded down to a short decimal, giving up at most a hundredth of
     * the step (s1 itself when that cannot be done).
     */
    public static double shortEnd(double s0, double s1) {
        double len = s1 - s0;
        if (!(len > 0)) {
            return s1;
        }
        int n = 2 - (int) Math.floor(Math.log10(len)); // quantum 10^-n ≤ len / 100
        if (n > 22) {
            return s1;
        }
        double p = Math.pow(10, Math.max(0, n));
        double e = Math.floor(s1 * p) / p;
        if (e > s1) {
            e = (Math.floor(s1 * p) - 1) / p;
        }
        return e > s0 && e <= s1 ? e : s1;
    }

    private CertificateFormat() {}
}
