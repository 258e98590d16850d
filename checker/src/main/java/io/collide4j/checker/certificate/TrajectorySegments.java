package io.collide4j.checker.certificate;

import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.scene.ContentDigest;
import io.collide4j.kinematics.InvalidConfigurationException;
import io.collide4j.kinematics.JointPath;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LimitViolation;
import io.collide4j.kinematics.PathLimitViolation;
import io.collide4j.kinematics.TrajectoryException;
import java.util.List;

/**
 * A trajectory over all of a robot model's variables, as certified: waypoints at strictly increasing times joined
 * by straight joint-space segments, or, when velocities are given, by the cubic (velocities) or quintic (velocities
 * and accelerations) Hermite pieces that {@link JointTrajectory} interpolates, i.e. the motion a controller
 * following that trajectory executes. The certifier and the verifier both start segments through here, so they
 * always check the same motion. Immutable after construction (arrays are copied).
 */
public final class TrajectorySegments {
    private final double[][] waypoints;
    private final double[][] velocities;
    private final double[][] accelerations;
    private final double[] times;
    private final JointTrajectory spline;
    private final JointPath[] curves; // the spline's pieces over the model's variables; null for straight segments
    private final KinematicModel model;

    /**
     * @param velocities    null for straight segments, else one vector per waypoint (model variable order)
     * @param accelerations null unless velocities are given, else one vector per waypoint
     * @throws IllegalArgumentException naming the waypoint and value at fault
     * @throws TrajectoryException when the motion leaves the joint limits (see {@link #requireWithinLimits})
     */
    public TrajectorySegments(
            KinematicModel model,
            double[][] waypoints,
            double[][] velocities,
            double[][] accelerations,
            double[] times) {
        this.model = model;
        int n = model.variableCount();
        CertificateFormat.validate(waypoints, times, n);
        if (velocities == null && accelerations != null) {
            throw new IllegalArgumentException("accelerations need velocities");
        }
        this.waypoints = copy(waypoints);
        this.times = times.clone();
        this.velocities = velocities == null ? null : copy(velocities);
        this.accelerations = accelerations == null ? null : copy(accelerations);
        // JointTrajectory checks the shapes and finiteness of velocities and accelerations, naming waypoint and joint
        this.spline = velocities == null
                ? null
                : new JointTrajectory(
                        model.variableNames(), this.times, this.waypoints, this.velocities, this.accelerations);
        this.curves = spline == null ? null : new JointPath[waypoints.length - 1];
        for (int i = 0; i + 1 < waypoints.length; i++) {
            if (curves != null) {
                curves[i] = spline.segment(i, model, null);
            }
            requireBounded(i);
            requireWithinLimits(i);
        }
    }

    /**
     * Up front, the check every segment meets again when it starts ({@link KinematicModel#checkSegment},
     * {@link KinematicModel#checkPath}: joint values and travel that certified bounds support), naming the segment.
     */
    private void requireBounded(int i) {
        try {
            if (curves == null) {
                model.checkSegment(waypoints[i], waypoints[i + 1]);
            } else {
                model.checkPath(curves[i]);
            }
        } catch (InvalidConfigurationException e) {
            throw new TrajectoryException(
                    "between waypoints " + i + " and " + (i + 1) + " (t = " + times[i] + " to " + times[i + 1] + " s): "
                            + e.getMessage(),
                    -1,
                    e.index());
        }
    }

    /**
     * A trajectory certified against a robot must stay inside its joint limits, between waypoints too (a spline
     * can overshoot where its waypoints do not): otherwise the exception names the segment, the joint, the time
     * and value of its largest excursion, and the limits.
     */
    private void requireWithinLimits(int i) {
        JointPath path = curves == null ? JointPath.linear(waypoints[i], waypoints[i + 1]) : curves[i];
        List<PathLimitViolation> out = model.limitViolations(path);
        if (out.isEmpty()) {
            return;
        }
        StringBuilder m = new StringBuilder("trajectory leaves the joint limits of robot " + model.name()
                + " between waypoints " + i + " and " + (i + 1) + " (t = " + times[i] + " to " + times[i + 1] + " s):");
        for (PathLimitViolation v : out) {
            LimitViolation lv = v.violation();
            double t = v.s() == 1 ? times[i + 1] : times[i] + v.s() * (times[i + 1] - times[i]);
            m.append(" joint ")
                    .append(lv.jointName())
                    .append(" reaches ")
                    .append(lv.value())
                    .append(" at t = ")
                    .append(t)
                    .append(" s, outside [")
                    .append(lv.lower())
                    .append(", ")
                    .append(lv.upper())
                    .append("];");
        }
        PathLimitViolation first = out.get(0);
        int waypoint = first.s() == 0 ? i : first.s() == 1 ? i + 1 : -1;
        throw new TrajectoryException(
                m.substring(0, m.length() - 1), waypoint, first.violation().variableIndex());
    }

    private static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    int segmentCount() {
        return waypoints.length - 1;
    }

    double[][] waypoints() {
        return waypoints;
    }

    double[][] velocities() {
        return velocities;
    }

    double[][] accelerations() {
        return accelerations;
    }

    double[] times() {
        return times;
    }

    JointTrajectory.Interpolation interpolation() {
        return spline == null ? JointTrajectory.Interpolation.LINEAR : spline.interpolation();
    }

    /** Starts segment i (s ∈ [0, 1] ↦ time times[i] + s·(times[i+1] − times[i])) in the context. */
    public void start(QueryContext c, int i) {
        if (spline == null) {
            c.startSegment(waypoints[i], waypoints[i + 1]);
        } else {
            c.startPath(curves[i], waypoints[i], waypoints[i + 1]);
        }
    }

    /** SHA-256 of waypoints, times and (for splines) velocities and accelerations, exact bits. */
    String hash() {
        return hash(waypoints, velocities, accelerations, times);
    }

    /** As {@link #hash()}; with velocities null it is the hash of a straight-segment trajectory. */
    static String hash(double[][] waypoints, double[][] velocities, double[][] accelerations, double[] times) {
        ContentDigest md = new ContentDigest().add("collide4j-trajectory").add((long) waypoints.length);
        for (double[] w : waypoints) {
            md.add(w);
        }
        md.add(times);
        if (velocities != null) {
            md.add("velocities");
            for (double[] v : velocities) {
                md.add(v);
            }
            if (accelerations != null) {
                md.add("accelerations");
                for (double[] a : accelerations) {
                    md.add(a);
                }
            }
        }
        return md.hex();
    }
}
