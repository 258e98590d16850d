package io.collide4j.urdf;

/**
 * A URDF joint. {@code origin} is the child frame at zero joint value, in the parent link frame;
 * the axis (in the joint frame) is unit length for movable joints; {@code mimic} may be null.
 */
public record JointDescription(
        String name,
        JointType type,
        String parent,
        String child,
        Pose origin,
        double axisX,
        double axisY,
        double axisZ,
        JointLimits limits,
        Mimic mimic) {
    public JointDescription {
        double n = Math.sqrt(axisX * axisX + axisY * axisY + axisZ * axisZ);
        if (type.isMovable()) {
            if (!(n > 1e-12) || !Double.isFinite(n)) {
                throw new IllegalArgumentException("joint " + name + ": axis must be non-zero and finite, got " + axisX
                        + " " + axisY + " " + axisZ);
            }
            axisX /= n;
            axisY /= n;
            axisZ /= n;
        }
    }
}
