package io.collide4j.kinematics;

/** A configuration entry outside its joint's position limits; the message names joint, value and limits. */
public final class JointLimitException extends InvalidConfigurationException {
    private final transient LimitViolation violation;

    public JointLimitException(LimitViolation violation) {
        super(violation.toString(), violation.variableIndex(), violation.jointName());
        this.violation = violation;
    }

    public LimitViolation violation() {
        return violation;
    }
}
