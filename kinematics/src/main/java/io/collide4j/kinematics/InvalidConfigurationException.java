package io.collide4j.kinematics;

/**
 * A joint vector that cannot be used: wrong length, a NaN or infinite entry, or (when limits are
 * enforced) a value outside a joint's limits. {@link #index()} is the offending entry, -1 when the
 * whole vector is at fault (wrong length); {@link #jointName()} names the joint, null when none.
 */
public class InvalidConfigurationException extends IllegalArgumentException {
    private final int index;
    private final String jointName;

    public InvalidConfigurationException(String message, int index, String jointName) {
        super(message);
        this.index = index;
        this.jointName = jointName;
    }

    public int index() {
        return index;
    }

    public String jointName() {
        return jointName;
    }
}
