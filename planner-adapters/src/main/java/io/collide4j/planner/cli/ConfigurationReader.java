package io.collide4j.planner.cli;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.kinematics.TrajectoryJson;
import io.collide4j.planner.Collide4j;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads trajectories (CSV or JSON, kinematics formats) and maps their columns onto the planning group:
 * by joint name when every group joint is a column, else by position when the column count matches
 * (e.g. {@code q1..q7}); anything else is an input error naming the file.
 */
final class ConfigurationReader {
    private ConfigurationReader() {
    }

    static JointTrajectory read(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".json") ? TrajectoryJson.read(file) : TrajectoryCsv.read(file);
    }

    /** Column of the trajectory for each group variable. */
    static int[] columns(JointTrajectory t, Collide4j c, String source) {
        List<String> names = t.jointNames();
        int[] cols = new int[c.dimension()];
        boolean byName = names.containsAll(c.variableNames());
        if (!byName && names.size() != c.dimension()) {
            throw new CliException(ExitCode.DATA_ERROR, source + ": header has joints " + names + "; expected the group's "
                    + c.dimension() + " joints " + c.variableNames() + " (by name, or " + c.dimension() + " columns in order)");
        }
        for (int i = 0; i < cols.length; i++) {
            cols[i] = byName ? names.indexOf(c.variableNames().get(i)) : i;
        }
        return cols;
    }

    /** Waypoint k as a group configuration. */
    static double[] waypoint(JointTrajectory t, int[] cols, int k) {
        double[] row = t.positions(k);
        double[] q = new double[cols.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = row[cols[i]];
        }
        return q;
    }
}
