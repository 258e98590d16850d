package io.collide4j.spark;

import io.collide4j.kinematics.JointTrajectory;
import java.io.Serializable;
import java.util.List;

/**
 * One input row, decoded from whichever file encoding it came in: the trajectory's id, its robot and scene references,
 * joint names, waypoint times (null: waypoint k at time k), positions, optional velocities and accelerations (cubic or
 * quintic pieces between waypoints) and an optional evaluation budget (null: the job's). {@code source} says where the
 * row is (file and row or line) for error messages. Immutable by convention (arrays are not copied: rows are built once
 * by the reader and only read afterwards).
 */
public record TrajectoryRow(
        String id,
        String source,
        String robot,
        String srdf,
        String scene,
        List<String> jointNames,
        double[] times,
        double[][] positions,
        double[][] velocities,
        double[][] accelerations,
        Long budget)
        implements Serializable {

    /** The row's robot and scene, as given (relative paths not yet resolved). */
    public CheckerReference reference() {
        return new CheckerReference(robot, srdf, scene);
    }

    /**
     * The trajectory, validated by {@link JointTrajectory}'s constructor (the one every collide4j trajectory reader
     * ends in).
     *
     * @throws io.collide4j.kinematics.TrajectoryException naming the waypoint and joint at fault
     */
    public JointTrajectory trajectory() {
        return new JointTrajectory(jointNames, times, positions, velocities, accelerations);
    }
}
