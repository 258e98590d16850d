package io.collide4j.kinematics;

/**
 * One joint outside its position limits. {@code variableIndex} is the configuration entry that drives
 * the joint (for a mimic joint: the entry of the joint it mimics), {@code value} the joint's value.
 */
public record LimitViolation(String jointName, int variableIndex, double value, double lower, double upper) {
    @Override
    public String toString() {
        return "joint " + jointName + " (configuration index " + variableIndex + ") = " + value
                + " is outside its limits [" + lower + ", " + upper + "]";
    }
}
