package io.collide4j.urdf;

import org.joml.Matrix4d;
import org.joml.Quaterniond;

/**
 * An immutable rigid transform: translation plus unit quaternion (x, y, z, w).
 * Guarantees a normalised rotation; finite components only.
 */
public record Pose(double x, double y, double z, double qx, double qy, double qz, double qw) {

    public static final Pose IDENTITY = new Pose(0, 0, 0, 0, 0, 0, 1);

    public Pose {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z)) || !(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException("pose needs finite translation and a non-zero finite quaternion, got "
                    + x + " " + y + " " + z + " / " + qx + " " + qy + " " + qz + " " + qw);
        }
        qx /= n;
        qy /= n;
        qz /= n;
        qw /= n;
    }

    /** URDF origin: translation then fixed-axis roll (x), pitch (y), yaw (z), i.e. R = Rz(yaw)·Ry(pitch)·Rx(roll). */
    public static Pose fromXyzRpy(double x, double y, double z, double roll, double pitch, double yaw) {
        Quaterniond q = new Quaterniond().rotationZYX(yaw, pitch, roll);
        return new Pose(x, y, z, q.x, q.y, q.z, q.w);
    }

    /** Writes this pose as an affine matrix into dest and returns dest. */
    public Matrix4d toMatrix(Matrix4d dest) {
        return dest.translationRotate(x, y, z, qx, qy, qz, qw);
    }

    /** Writes the rotation into dest and returns dest. */
    public Quaterniond rotation(Quaterniond dest) {
        return dest.set(qx, qy, qz, qw);
    }

    /** this · other (other expressed in this frame). */
    public Pose compose(Pose other) {
        Matrix4d m = toMatrix(new Matrix4d()).mul(other.toMatrix(new Matrix4d()));
        Quaterniond q = m.getNormalizedRotation(new Quaterniond());
        return new Pose(m.m30(), m.m31(), m.m32(), q.x, q.y, q.z, q.w);
    }
}
