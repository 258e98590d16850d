package io.collide4j.planner.cli;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.kinematics.TrajectoryJson;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads trajectories (CSV or JSON, kinematics formats, chosen by the file extension); columns map onto
 * the planning group with {@link io.collide4j.planner.Collide4j#trajectoryColumns}.
 */
final class ConfigurationReader {
    private ConfigurationReader() {
    }

    static JointTrajectory read(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".json") ? TrajectoryJson.read(file) : TrajectoryCsv.read(file);
    }
}
