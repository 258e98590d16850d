package io.collide4j.planner.options;

import io.collide4j.kinematics.JointColumns;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.kinematics.TrajectoryJson;
import io.collide4j.planner.Collide4j;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads trajectories (CSV or JSON, kinematics formats, chosen by the file extension) for a checker: a CSV
 * header is checked against the robot's joints as it is read (unknown, missing and duplicate names in one
 * error naming file and line), and the columns map onto the planning group with
 * {@link Collide4j#jointColumns} — by name, or by position only for a header-less file, which is said on
 * {@code out}.
 */
public final class ConfigurationReader {
    private ConfigurationReader() {}

    /** A trajectory and how its columns map onto the planning group. */
    public record Columns(JointTrajectory trajectory, JointColumns mapping) {
        public double[] waypoint(int k) {
            return Collide4j.waypoint(trajectory, mapping.columns(), k);
        }
    }

    public static JointTrajectory read(Path file, Collide4j c) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".json")
                ? TrajectoryJson.read(file)
                : TrajectoryCsv.read(file, names -> JointColumns.check(names, c.variableNames(), c.robotJointNames()));
    }

    /** Reads and maps; mapping errors name the file; a positional mapping is stated on {@code out}. */
    public static Columns readMapped(Path file, Collide4j c, PrintStream out) {
        JointTrajectory t = read(file, c);
        return new Columns(t, map(t, file.toString(), c, out));
    }

    public static JointColumns map(JointTrajectory t, String label, Collide4j c, PrintStream out) {
        JointColumns m;
        try {
            m = c.jointColumns(t);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.DATA_ERROR, label + ": " + e.getMessage());
        }
        if (m.positional()) {
            out.println("note: " + label + " has no header; its " + t.jointCount() + " columns are taken in order as "
                    + c.variableNames());
        }
        return m;
    }
}
