package io.collide4j.kinematics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A joint trajectory with the fields of a ROS {@code trajectory_msgs/JointTrajectory}: joint names and
 * waypoints with positions, optional times from start (seconds), optional velocities (per second) and
 * accelerations (per second²). Between waypoints: linear joint interpolation when there are no velocities,
 * cubic Hermite when velocities are given, quintic when accelerations are given too. Without times,
 * waypoint k is at time k. Validated on construction; immutable and thread-safe.
 */
public final class JointTrajectory {

    /** How waypoints are joined. */
    public enum Interpolation {
        LINEAR,
        CUBIC,
        QUINTIC
    }

    private final List<String> jointNames;
    private final boolean named;
    private final double[] times;
    private final double[][] positions;
    private final double[][] velocities;
    private final double[][] accelerations;
    private final PolynomialJointPath[] segments;

    /**
     * @param times         null for none, else one strictly increasing finite time per waypoint
     * @param velocities    null for none (requires times), else one finite vector per waypoint
     * @param accelerations null for none (requires velocities), else one finite vector per waypoint
     * @throws TrajectoryException naming the waypoint and joint at fault
     */
    public JointTrajectory(
            List<String> jointNames,
            double[] times,
            double[][] positions,
            double[][] velocities,
            double[][] accelerations) {
        this(jointNames, times, positions, velocities, accelerations, true);
    }

    private JointTrajectory(
            List<String> jointNames,
            double[] times,
            double[][] positions,
            double[][] velocities,
            double[][] accelerations,
            boolean named) {
        this.named = named;
        this.jointNames = List.copyOf(jointNames);
        int n = this.jointNames.size();
        if (n == 0) {
            throw new TrajectoryException("trajectory has no joints", -1, -1);
        }
        Set<String> seen = new HashSet<>();
        for (int j = 0; j < n; j++) {
            if (!seen.add(this.jointNames.get(j))) {
                throw new TrajectoryException(
                        "joint name " + this.jointNames.get(j) + " appears twice (column " + j + ")", -1, j);
            }
        }
        if (positions == null || positions.length == 0) {
            throw new TrajectoryException("trajectory has no waypoints", -1, -1);
        }
        int w = positions.length;
        this.positions = copyChecked("positions", positions, w, n);
        if (times != null) {
            if (times.length != w) {
                throw new TrajectoryException(
                        "trajectory has " + times.length + " times for " + w + " waypoints",
                        Math.min(times.length, w),
                        -1);
            }
            for (int k = 0; k < w; k++) {
                if (!Double.isFinite(times[k])) {
                    throw new TrajectoryException(
                            "time of waypoint " + k + " is " + times[k] + ", expected a finite number", k, -1);
                }
                if (k > 0 && !(times[k] > times[k - 1])) {
                    throw new TrajectoryException(
                            "time of waypoint " + k + " (" + times[k]
                                    + ") is not after that of waypoint " + (k - 1) + " (" + times[k - 1]
                                    + "): times must increase strictly",
                            k,
                            -1);
                }
            }
            this.times = times.clone();
        } else {
            this.times = null;
        }
        if (velocities != null && times == null) {
            throw new TrajectoryException("velocities need times from start", -1, -1);
        }
        if (accelerations != null && velocities == null) {
            throw new TrajectoryException("accelerations need velocities", -1, -1);
        }
        this.velocities = velocities == null ? null : copyChecked("velocities", velocities, w, n);
        this.accelerations = accelerations == null ? null : copyChecked("accelerations", accelerations, w, n);
        segments = new PolynomialJointPath[w - 1];
        for (int k = 0; k + 1 < w; k++) {
            double dt = time(k + 1) - time(k);
            if (this.velocities != null && !(dt <= Double.MAX_VALUE)) {
                throw new TrajectoryException(
                        "times of waypoints " + k + " and " + (k + 1) + " (" + time(k) + ", " + time(k + 1)
                                + " s) are so far apart that the segment's duration overflows",
                        k + 1,
                        -1);
            }
            if (this.accelerations != null) {
                segments[k] = PolynomialJointPath.quintic(
                        this.positions[k],
                        scaled("velocity", k, k, dt),
                        scaled("acceleration", k, k, dt * dt),
                        this.positions[k + 1],
                        scaled("velocity", k, k + 1, dt),
                        scaled("acceleration", k, k + 1, dt * dt));
            } else if (this.velocities != null) {
                segments[k] = PolynomialJointPath.cubicHermite(
                        this.positions[k],
                        scaled("velocity", k, k, dt),
                        this.positions[k + 1],
                        scaled("velocity", k, k + 1, dt));
            } else {
                segments[k] = PolynomialJointPath.linear(this.positions[k], this.positions[k + 1]);
            }
        }
    }

    /**
     * A table of positions whose columns carry no joint names (a header-less file): they map onto joints by
     * position only, and {@link #jointNames()} are placeholders {@code column1..columnN}. Waypoint k at time k.
     */
    public static JointTrajectory unnamedPositions(double[][] positions) {
        int n = positions == null || positions.length == 0 || positions[0] == null ? 0 : positions[0].length;
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= n; j++) {
            names.add("column" + j);
        }
        return new JointTrajectory(names, null, positions, null, null, false);
    }

    /** False for {@link #unnamedPositions}: the columns have no joint names and map by position only. */
    public boolean hasJointNames() {
        return named;
    }

    /** A position-only trajectory (linear interpolation), waypoint k at time k. */
    public static JointTrajectory ofPositions(List<String> jointNames, double[][] positions) {
        return new JointTrajectory(jointNames, null, positions, null, null);
    }

    private static double[][] copyChecked(String what, double[][] rows, int w, int n) {
        if (rows.length != w) {
            throw new TrajectoryException(
                    "trajectory has " + rows.length + " " + what + " rows for " + w + " waypoints",
                    Math.min(rows.length, w),
                    -1);
        }
        double[][] out = new double[w][];
        for (int k = 0; k < w; k++) {
            if (rows[k] == null || rows[k].length != n) {
                throw new TrajectoryException(
                        what + " of waypoint " + k + " has "
                                + (rows[k] == null ? "no values" : rows[k].length + " values") + ", expected " + n,
                        k,
                        -1);
            }
            for (int j = 0; j < n; j++) {
                if (!Double.isFinite(rows[k][j])) {
                    throw new TrajectoryException(
                            what + " of waypoint " + k + ", joint " + j + ", is " + rows[k][j]
                                    + ", expected a finite number",
                            k,
                            j);
                }
            }
            out[k] = rows[k].clone();
        }
        return out;
    }

    /**
     * Waypoint w's velocity (or acceleration) times the duration (or its square) of segment k: the derivative with
     * respect to the segment parameter. A product that overflows (huge times or rates) is refused naming the joint.
     */
    private double[] scaled(String what, int k, int w, double f) {
        double[] v = what.equals("velocity") ? velocities[w] : accelerations[w];
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * f;
            if (!Double.isFinite(out[i])) {
                throw new TrajectoryException(
                        what + " of joint " + jointNames.get(i) + " at waypoint " + w + " (" + v[i]
                                + ") over segment " + k + " (t = " + time(k) + " to " + time(k + 1) + " s) is " + out[i]
                                + " per unit of the segment: times or rates too large to bound",
                        w,
                        i);
            }
        }
        return out;
    }

    public List<String> jointNames() {
        return jointNames;
    }

    public int jointCount() {
        return jointNames.size();
    }

    public int waypointCount() {
        return positions.length;
    }

    public int segmentCount() {
        return segments.length;
    }

    public boolean hasTimes() {
        return times != null;
    }

    public boolean hasVelocities() {
        return velocities != null;
    }

    public boolean hasAccelerations() {
        return accelerations != null;
    }

    public Interpolation interpolation() {
        return accelerations != null
                ? Interpolation.QUINTIC
                : velocities != null ? Interpolation.CUBIC : Interpolation.LINEAR;
    }

    /** Time of waypoint k (k itself when the trajectory has no times). */
    public double time(int k) {
        return times == null ? k : times[k];
    }

    /** A copy of waypoint k's positions. */
    public double[] positions(int k) {
        return positions[k].clone();
    }

    /** A copy of waypoint k's velocities; IllegalStateException when there are none. */
    public double[] velocities(int k) {
        if (velocities == null) {
            throw new IllegalStateException("trajectory has no velocities");
        }
        return velocities[k].clone();
    }

    /** A copy of waypoint k's accelerations; IllegalStateException when there are none. */
    public double[] accelerations(int k) {
        if (accelerations == null) {
            throw new IllegalStateException("trajectory has no accelerations");
        }
        return accelerations[k].clone();
    }

    /** The segment from waypoint k (s = 0) to waypoint k + 1 (s = 1), over this trajectory's joints. */
    public PolynomialJointPath segment(int k) {
        if (k < 0 || k >= segments.length) {
            throw new IndexOutOfBoundsException("segment " + k + " of " + segments.length);
        }
        return segments[k];
    }

    /** Index of the segment containing time t (clamped to the first/last segment). */
    public int segmentAt(double t) {
        if (segments.length == 0) {
            throw new IllegalStateException("a single-waypoint trajectory has no segments");
        }
        int lo = 0;
        int hi = segments.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (time(mid) <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Interpolated positions at time t in [start, end] into dest (no allocation). */
    public double[] positionAt(double t, double[] dest) {
        if (!(t >= time(0) && t <= time(positions.length - 1))) {
            throw new IllegalArgumentException(
                    "time " + t + " outside the trajectory [" + time(0) + ", " + time(positions.length - 1) + "]");
        }
        if (segments.length == 0) {
            System.arraycopy(positions[0], 0, dest, 0, dest.length);
            return dest;
        }
        int k = segmentAt(t);
        double s = (t - time(k)) / (time(k + 1) - time(k));
        return segments[k].positions(Math.min(1, Math.max(0, s)), dest);
    }

    /**
     * Segment k as a path over all of {@code model}'s variables: the trajectory's joints follow the
     * segment, every other variable stays at its value in {@code rest} (may be null when the trajectory
     * names every variable). Throws TrajectoryException naming a joint that is not a model variable.
     */
    public JointPath segment(int k, KinematicModel model, double[] rest) {
        PolynomialJointPath seg = segment(k);
        int[] map = new int[model.variableCount()];
        Arrays.fill(map, -1);
        for (int j = 0; j < jointNames.size(); j++) {
            int v = model.variableIndex(jointNames.get(j));
            if (v < 0) {
                throw new TrajectoryException(
                        "trajectory joint " + jointNames.get(j) + " (column " + j + ") is not an active joint of robot "
                                + model.name(),
                        -1,
                        j);
            }
            map[v] = j;
        }
        List<String> missing = new ArrayList<>();
        for (int v = 0; v < map.length; v++) {
            if (map[v] < 0) {
                missing.add(model.variableName(v));
            }
        }
        if (!missing.isEmpty()) {
            if (rest == null) {
                throw new TrajectoryException(
                        "trajectory does not name joints " + missing + " and no values were given for them", -1, -1);
            }
            model.checkConfiguration(rest);
        }
        double[] fixed = rest == null ? new double[map.length] : rest.clone();
        return new JointPath() {
            @Override
            public int variableCount() {
                return map.length;
            }

            @Override
            public double position(int v, double s) {
                return map[v] < 0 ? fixed[v] : seg.position(map[v], s);
            }

            @Override
            public double velocity(int v, double s) {
                return map[v] < 0 ? 0 : seg.velocity(map[v], s);
            }

            @Override
            public double maxAbsVelocity(int v, double s0, double s1) {
                return map[v] < 0 ? 0 : seg.maxAbsVelocity(map[v], s0, s1);
            }

            @Override
            public double acceleration(int v, double s) {
                return map[v] < 0 ? 0 : seg.acceleration(map[v], s);
            }

            @Override
            public double maxAbsAcceleration(int v, double s0, double s1) {
                return map[v] < 0 ? 0 : seg.maxAbsAcceleration(map[v], s0, s1);
            }

            @Override
            public double maxAbsJerk(int v, double s0, double s1) {
                return map[v] < 0 ? 0 : seg.maxAbsJerk(map[v], s0, s1);
            }

            @Override
            public double positionError(int v) {
                return map[v] < 0 ? 0 : seg.positionError(map[v]);
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JointTrajectory t
                && jointNames.equals(t.jointNames)
                && Arrays.equals(times, t.times)
                && Arrays.deepEquals(positions, t.positions)
                && Arrays.deepEquals(velocities, t.velocities)
                && Arrays.deepEquals(accelerations, t.accelerations);
    }

    @Override
    public int hashCode() {
        return jointNames.hashCode() * 31 + Arrays.deepHashCode(positions);
    }

    @Override
    public String toString() {
        return "JointTrajectory[" + jointNames.size() + " joints, " + positions.length + " waypoints, "
                + interpolation()
                + (times == null ? ", untimed" : ", " + time(0) + ".." + time(positions.length - 1) + " s")
                + "]";
    }
}
