package io.collide4j.kinematics;

import org.joml.Matrix4dc;
import org.joml.Quaterniond;

/**
 * The shortest rotation taking the rotation of pose a to that of pose b, as a world-frame unit axis and an
 * angle in [0, π] (R_b = Rot(axis, angle) · R_a). Via quaternions, so 180° turns (where the rotation-matrix
 * logarithm is ill-conditioned) get a well-defined axis; a zero turn gets the axis (0, 0, 1). Immutable.
 */
final class RelativeRotation {
    final double ux;
    final double uy;
    final double uz;
    final double angle;

    RelativeRotation(Matrix4dc a, Matrix4dc b) {
        Quaterniond qa = a.getNormalizedRotation(new Quaterniond());
        Quaterniond qb = b.getNormalizedRotation(new Quaterniond());
        Quaterniond rel = qb.mul(qa.conjugate(), new Quaterniond()).normalize();
        if (rel.w < 0) {
            rel.set(-rel.x, -rel.y, -rel.z, -rel.w);
        }
        double n = Math.sqrt(rel.x * rel.x + rel.y * rel.y + rel.z * rel.z);
        if (n == 0) {
            ux = 0;
            uy = 0;
            uz = 1;
            angle = 0;
        } else {
            ux = rel.x / n;
            uy = rel.y / n;
            uz = rel.z / n;
            angle = 2 * Math.atan2(n, rel.w);
        }
    }
}
