package io.collide4j.kinematics;

/**
 * An invalid joint trajectory: {@link #waypoint()} is the offending waypoint (-1 when not about one),
 * {@link #joint()} the offending joint column (-1 when not about one).
 */
public final class TrajectoryException extends IllegalArgumentException {
    private final int waypoint;
    private final int joint;

    public TrajectoryException(String message, int waypoint, int joint) {
        super(message);
        this.waypoint = waypoint;
        this.joint = joint;
    }

    public int waypoint() {
        return waypoint;
    }

    public int joint() {
        return joint;
    }
}
