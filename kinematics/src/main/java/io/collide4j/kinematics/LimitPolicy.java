package io.collide4j.kinematics;

/** What {@link KinematicModel#validate} does with a joint value outside its limits. */
public enum LimitPolicy {
    /** Throw a {@link JointLimitException} naming the first offending joint. */
    ERROR,
    /** Return every violation; the configuration is otherwise accepted. */
    REPORT
}
