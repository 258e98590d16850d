package io.collide4j.planner;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Provenance;
import io.collide4j.checker.query.Contact;
import io.collide4j.kinematics.JointTrajectory;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Certifies whole trajectories for a {@link Collide4j}: waypoints joined by straight joint-space
 * segments, or by the cubic / quintic pieces a controller executes when velocities (and accelerations) are given,
 * checked continuously (conservative advancement, the checker's
 * {@link io.collide4j.checker.certificate.TrajectoryCertifier}) for a minimum separation and an evaluation
 * budget, giving CERTIFIED_FREE, VIOLATION (with the first violation) or INCONCLUSIVE and a JSON
 * certificate that {@link #verify} re-checks independently.
 * Thread-safe (per-thread scratch inside the façade). Null-marked (JSpecify): nothing is null unless annotated
 * {@code @Nullable}.
 */
@NullMarked
public final class TrajectoryCertifier {
    /** Default evaluation budget for a whole trajectory. */
    public static final long DEFAULT_BUDGET = 5_000_000;

    private final Collide4j c;
    private final io.collide4j.checker.certificate.TrajectoryCertifier certifier;

    TrajectoryCertifier(Collide4j c) {
        this.c = c;
        this.certifier = new io.collide4j.checker.certificate.TrajectoryCertifier(c.checker());
    }

    /**
     * A certification and the trajectory it is about: full configurations, times, and for trajectories with
     * velocities the full velocity (and acceleration) vectors, else null.
     */
    public record Certification(
            @Nullable CertificationResult result,
            double[][] fullWaypoints,
            double[] times,
            double margin,
            double @Nullable [][] fullVelocities,
            double @Nullable [][] fullAccelerations) {
        public Certification(
                @Nullable CertificationResult result, double[][] fullWaypoints, double[] times, double margin) {
            this(result, fullWaypoints, times, margin, null, null);
        }
    }

    /**
     * Certifies a trajectory file (columns mapped by {@link Collide4j#trajectoryColumns}). With velocities the
     * certified motion is the cubic (or, with accelerations, quintic) interpolation a controller executes between
     * the waypoints; joints outside the planning group stand still.
     */
    public Certification certify(JointTrajectory t, double margin, long budget) {
        return certify(t, margin, budget, null);
    }

    /**
     * As {@link #certify(JointTrajectory, double, long)}, streaming the certificate to {@code out} (flushed, not
     * closed) as it is proved, with the robot's and scene's {@link Collide4j#provenance()} recorded in it; the
     * result's {@code certificateJson} is then null. A null {@code out} keeps the certificate as text in the result.
     */
    public Certification certify(JointTrajectory t, double margin, long budget, @Nullable Writer out) {
        return certify(t, margin, budget, out, null);
    }

    /**
     * As {@link #certify(JointTrajectory, double, long, Writer)}, calling {@code segmentsDone} (null: none) after
     * each segment with the number certified so far, up to {@code t.waypointCount() - 1} (fewer when a violation or
     * the budget stops it); results and certificate are those without it.
     */
    public Certification certify(
            JointTrajectory t, double margin, long budget, @Nullable Writer out, @Nullable LongConsumer segmentsDone) {
        GroupRows g = groupRows(t);
        return certify(g.q(), g.v(), g.a(), g.times(), margin, budget, out, segmentsDone);
    }

    /** A trajectory's planning-group rows (velocities, accelerations null when it has none) and times. */
    private record GroupRows(
            List<double[]> q,
            @Nullable List<double[]> v,
            @Nullable List<double[]> a,
            double[] times) {}

    private GroupRows groupRows(JointTrajectory t) {
        int[] cols = c.trajectoryColumns(t);
        List<double[]> q = new ArrayList<>();
        double[] times = new double[t.waypointCount()];
        for (int k = 0; k < times.length; k++) {
            q.add(Collide4j.waypoint(t, cols, k));
            times[k] = t.time(k);
        }
        return new GroupRows(
                q,
                t.hasVelocities() ? derivatives(t, cols, true) : null,
                t.hasAccelerations() ? derivatives(t, cols, false) : null,
                times);
    }

    /**
     * The {@code trajectoryHash} a certificate of {@code t} states: of the full configurations (joints outside the
     * group at their held values, standing still) and times that {@link #certify} certifies. What {@code verify
     * --trajectory FILE} binds a certificate to. IllegalArgumentException when t does not fit the planning group.
     */
    public String trajectoryHash(JointTrajectory t) {
        GroupRows g = groupRows(t);
        double[][] full = new double[g.q().size()][];
        for (int k = 0; k < full.length; k++) {
            full[k] = c.fullConfiguration(g.q().get(k));
        }
        return io.collide4j.checker.certificate.TrajectoryCertifier.trajectoryHash(
                full,
                g.v() == null ? null : fullDerivatives(g.v(), full.length, "velocities"),
                g.a() == null ? null : fullDerivatives(g.a(), full.length, "accelerations"),
                g.times());
    }

    // Velocities or accelerations of the group's columns, one group vector per waypoint.
    private static List<double[]> derivatives(JointTrajectory t, int[] cols, boolean velocity) {
        List<double[]> out = new ArrayList<>();
        for (int k = 0; k < t.waypointCount(); k++) {
            double[] row = velocity ? t.velocities(k) : t.accelerations(k);
            double[] g = new double[cols.length];
            for (int i = 0; i < g.length; i++) {
                g[i] = row[cols[i]];
            }
            out.add(g);
        }
        return out;
    }

    /** Certifies planning-group waypoints at strictly increasing times. */
    public Certification certify(List<double[]> waypoints, double[] times, double margin, long budget) {
        return certify(waypoints, null, null, times, margin, budget);
    }

    /**
     * Certifies planning-group waypoints with group velocities (and accelerations; either may be null) at strictly
     * increasing times, following the cubic / quintic interpolation between them.
     */
    public Certification certify(
            List<double[]> waypoints,
            @Nullable List<double[]> velocities,
            @Nullable List<double[]> accelerations,
            double[] times,
            double margin,
            long budget) {
        return certify(waypoints, velocities, accelerations, times, margin, budget, null, null);
    }

    /**
     * As {@link #certify(List, List, List, double[], double, long)}, calling {@code segmentsDone} after each segment
     * with the number certified so far; an exception it throws (a cancelled server request) ends the certification.
     */
    public Certification certify(
            List<double[]> waypoints,
            @Nullable List<double[]> velocities,
            @Nullable List<double[]> accelerations,
            double[] times,
            double margin,
            long budget,
            @Nullable LongConsumer segmentsDone) {
        return certify(waypoints, velocities, accelerations, times, margin, budget, null, segmentsDone);
    }

    private Certification certify(
            List<double[]> waypoints,
            @Nullable List<double[]> velocities,
            @Nullable List<double[]> accelerations,
            double[] times,
            double margin,
            long budget,
            @Nullable Writer out,
            @Nullable LongConsumer segmentsDone) {
        double[][] fullVelocities =
                velocities == null ? null : fullDerivatives(velocities, waypoints.size(), "velocities");
        double[][] fullAccelerations =
                accelerations == null ? null : fullDerivatives(accelerations, waypoints.size(), "accelerations");
        double[][] full = new double[waypoints.size()][];
        for (int k = 0; k < full.length; k++) {
            full[k] = c.fullConfiguration(waypoints.get(k)); // limits, between waypoints too: the checker's certifier
        }
        // kept in memory (out null): the checker's in-memory certify, spelled out so that the progress hook reaches it
        StringWriter text = out == null ? new StringWriter() : null;
        CertificationResult r = certifier.certify(
                full,
                fullVelocities,
                fullAccelerations,
                times,
                margin,
                c.tolerance(),
                budget,
                c.scratch().context,
                out == null ? Provenance.UNKNOWN : c.provenance(),
                out == null ? text : out,
                segmentsDone);
        if (text != null) {
            r = new CertificationResult(
                    r.verdict(), r.violation(), r.pairClearance(), r.evaluations(), text.toString());
        }
        return new Certification(r, full, times.clone(), margin, fullVelocities, fullAccelerations);
    }

    // Group derivative vectors as full-robot vectors: joints outside the planning group stand still.
    private double[][] fullDerivatives(List<double[]> group, int waypoints, String what) {
        if (group.size() != waypoints) {
            throw new IllegalArgumentException(
                    "trajectory has " + waypoints + " waypoints but " + group.size() + " " + what);
        }
        double[][] out = new double[group.size()][];
        for (int k = 0; k < out.length; k++) {
            out[k] = c.fullDerivative(group.get(k));
        }
        return out;
    }

    /**
     * Re-checks a certificate against this checker's robot model and scene: first binds it to them
     * ({@link io.collide4j.verifier.Binding}: hashes, tolerance, the witness this checker derives, the held joints'
     * columns, the trajectory hash recomputed), then re-proves every step with fresh computations.
     */
    public CertificateVerifier.Report verify(String certificateJson) {
        io.collide4j.checker.certificate.Certificate cert;
        try {
            cert = io.collide4j.checker.certificate.Certificate.read(certificateJson, "certificate");
        } catch (IllegalArgumentException e) {
            return new CertificateVerifier.Report(
                    false, null, List.of("unreadable certificate: " + e.getMessage()), null);
        }
        List<String> unbound = io.collide4j.verifier.Binding.check(
                CertificateInputs.of(c, cert.meshModeOrDefault(), null),
                certificateJson.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "certificate");
        if (!unbound.isEmpty()) {
            return new CertificateVerifier.Report(false, cert.verdict(), unbound, cert);
        }
        return new CertificateVerifier(c.model(), c.scene()).verify(cert);
    }

    /**
     * Re-checks a certificate already read ({@link io.collide4j.checker.certificate.Certificate#read}) without binding it
     * (the caller has: {@code collide4j verify} runs {@link io.collide4j.verifier.Binding} on the file's bytes first).
     */
    public CertificateVerifier.Report verify(io.collide4j.checker.certificate.Certificate certificate) {
        return new CertificateVerifier(c.model(), c.scene()).verify(certificate);
    }

    /**
     * Certified lower bound on the clearance of the closest checked pair at {@code samples} evenly spaced
     * instants of a certified trajectory (for plots; the verdict itself is continuous). Entry k is
     * {time, lower bound}; the closest pair's key is in {@code pairs[k]} when given.
     */
    public double[][] clearanceProfile(Certification cert, int samples, String @Nullable [] pairs) {
        List<ProfileSample> s = profile(cert, evenTimes(cert, samples));
        double[][] out = new double[samples][];
        for (int k = 0; k < samples; k++) {
            Contact ct = s.get(k).closest();
            out[k] = new double[] {s.get(k).time(), ct == null ? Double.POSITIVE_INFINITY : ct.lowerBound()};
            if (pairs != null) {
                pairs[k] = ct == null ? "" : ct.pair().key();
            }
        }
        return out;
    }

    /** {@code samples} evenly spaced instants from the first to the last waypoint time. */
    public static double[] evenTimes(Certification cert, int samples) {
        double t0 = cert.times()[0], t1 = cert.times()[cert.times().length - 1];
        double[] out = new double[samples];
        for (int k = 0; k < samples; k++) {
            out[k] = samples == 1 ? t0 : t0 + (t1 - t0) * k / (samples - 1);
        }
        return out;
    }

    /**
     * The state of a certified trajectory at one instant: full configuration (the certified interpolation) and
     * the closest checked pair there (null when no pair is checked), for plots and the report's 3-D view.
     */
    public record ProfileSample(
            double time, double[] configuration, @Nullable Contact closest) {}

    /** {@link ProfileSample}s at non-decreasing {@code times} within the trajectory. */
    public List<ProfileSample> profile(Certification cert, double[] times) {
        double[] wt = cert.times();
        double[][] w = cert.fullWaypoints();
        Collide4j.Scratch s = c.scratch();
        JointTrajectory path = cert.fullVelocities() == null
                ? null
                : new JointTrajectory(
                        c.model().kinematics().variableNames(), wt, w, cert.fullVelocities(), cert.fullAccelerations());
        List<ProfileSample> out = new ArrayList<>(times.length);
        int seg = 0;
        for (double t : times) {
            double[] q = new double[w[0].length];
            while (seg + 2 < wt.length && t > wt[seg + 1]) {
                seg++;
            }
            if (path == null) {
                double f = Math.min(1, Math.max(0, (t - wt[seg]) / (wt[seg + 1] - wt[seg])));
                for (int j = 0; j < q.length; j++) {
                    q[j] = f == 1 ? w[seg + 1][j] : w[seg][j] + f * (w[seg + 1][j] - w[seg][j]);
                }
            } else {
                path.positionAt(t, q);
            }
            out.add(new ProfileSample(t, q, c.checker().minimumDistance(q, s.context)));
        }
        return out;
    }
}
