package io.collide4j.planner;

import io.collide4j.checker.query.CertificateVerifier;
import io.collide4j.checker.query.CertificationResult;
import io.collide4j.checker.query.Contact;
import io.collide4j.kinematics.JointTrajectory;

import java.util.List;

/**
 * Certifies whole trajectories for a {@link Collide4j}: waypoints joined by straight joint-space
 * segments, checked continuously (conservative advancement, the checker's
 * {@link io.collide4j.checker.query.TrajectoryCertifier}) for a minimum separation and an evaluation
 * budget, giving CERTIFIED_FREE, VIOLATION (with the first violation) or INCONCLUSIVE and a JSON
 * certificate that {@link #verify} re-checks independently. Trajectories with velocities (cubic or
 * quintic interpolation) are refused: their motion is not the straight segments certified here.
 * Thread-safe (per-thread scratch inside the façade).
 */
public final class TrajectoryCertifier {
    /** Default evaluation budget for a whole trajectory. */
    public static final long DEFAULT_BUDGET = 5_000_000;

    private final Collide4j c;
    private final io.collide4j.checker.query.TrajectoryCertifier certifier;

    TrajectoryCertifier(Collide4j c) {
        this.c = c;
        this.certifier = new io.collide4j.checker.query.TrajectoryCertifier(c.checker());
    }

    /** A certification and the trajectory it is about (full configurations, times). */
    public record Certification(CertificationResult result, double[][] fullWaypoints, double[] times,
                                double minimumSeparation) {
    }

    /** Certifies a trajectory file's waypoints (columns mapped by {@link Collide4j#trajectoryColumns}). */
    public Certification certify(JointTrajectory t, double minimumSeparation, long budget) {
        if (t.interpolation() != JointTrajectory.Interpolation.LINEAR) {
            throw new IllegalArgumentException("the trajectory has velocities (" + t.interpolation() + " interpolation);"
                    + " certification covers joint-space linear segments between waypoints only — drop the velocity"
                    + " columns if the robot moves in straight joint-space lines");
        }
        int[] cols = c.trajectoryColumns(t);
        double[][] q = new double[t.waypointCount()][];
        double[] times = new double[q.length];
        for (int k = 0; k < q.length; k++) {
            q[k] = Collide4j.waypoint(t, cols, k);
            times[k] = t.time(k);
        }
        return certify(List.of(q), times, minimumSeparation, budget);
    }

    /** Certifies planning-group waypoints at strictly increasing times. */
    public Certification certify(List<double[]> waypoints, double[] times, double minimumSeparation, long budget) {
        double[][] full = new double[waypoints.size()][];
        for (int k = 0; k < full.length; k++) {
            if (!c.withinLimits(waypoints.get(k))) {
                throw new IllegalArgumentException("waypoint " + k + " is outside the joint limits of " + c.variableNames());
            }
            full[k] = c.fullConfiguration(waypoints.get(k));
        }
        CertificationResult r = certifier.certify(full, times, minimumSeparation, c.tolerance(), budget,
                c.scratch().context);
        return new Certification(r, full, times.clone(), minimumSeparation);
    }

    /** Re-checks a certificate against this checker's robot model and scene (independent verifier). */
    public CertificateVerifier.Report verify(String certificateJson) {
        return new CertificateVerifier(c.model(), c.scene()).verify(certificateJson);
    }

    /**
     * Certified lower bound on the clearance of the closest checked pair at {@code samples} evenly spaced
     * instants of a certified trajectory (for plots; the verdict itself is continuous). Entry k is
     * {time, lower bound}; the closest pair's key is in {@code pairs[k]} when given.
     */
    public double[][] clearanceProfile(Certification cert, int samples, String[] pairs) {
        double[] times = cert.times();
        double[][] w = cert.fullWaypoints();
        double t0 = times[0], t1 = times[times.length - 1];
        double[][] out = new double[samples][];
        double[] q = new double[w[0].length];
        Collide4j.Scratch s = c.scratch();
        int seg = 0;
        for (int k = 0; k < samples; k++) {
            double t = samples == 1 ? t0 : t0 + (t1 - t0) * k / (samples - 1);
            while (seg + 2 < times.length && t > times[seg + 1]) {
                seg++;
            }
            double f = Math.min(1, Math.max(0, (t - times[seg]) / (times[seg + 1] - times[seg])));
            for (int j = 0; j < q.length; j++) {
                q[j] = f == 1 ? w[seg + 1][j] : w[seg][j] + f * (w[seg + 1][j] - w[seg][j]);
            }
            Contact ct = c.checker().minimumDistance(q, s.context);
            out[k] = new double[]{t, ct == null ? Double.POSITIVE_INFINITY : ct.lowerBound()};
            if (pairs != null) {
                pairs[k] = ct == null ? "" : ct.pair().key();
            }
        }
        return out;
    }
}
