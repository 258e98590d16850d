package io.collide4j.kinematics;

import org.joml.Matrix4d;

/**
 * The certified motion bounds of a body sphere carried by a kinematic chain whose joints follow a
 * {@link JointPath}, over a sub-interval [s0, s1]. One implementation serves every caller
 * ({@link JointInterpolatedMotion}, {@link RobotSegment}); allocation-free and stateless.
 *
 * <h2>Derivation</h2>
 * Let the chain's movable joints be 1..k (root to link), z_j the unit axis and o_j a point on it,
 * P a body point, r_j = P − o_j, and ' the derivative in s. Then
 * <pre>
 *   P'  = Σ_j q_j' (z_j × r_j)                      (revolute; prismatic: q_j' z_j)
 *   P'' = Σ_j q_j'' (z_j × r_j) + q_j' [ ω_{j-1} × (z_j × r_j) + z_j × Σ_{i≥j} (velocity part of joint i) ]
 * </pre>
 * where ω_{j-1} = Σ_{i&lt;j, revolute} q_i' z_i (the Jacobi identity merges z_j' × r_j and the ω_{j-1}
 * part of z_j × r_j'). With D_j an upper bound on the distance from P to axis j that holds over the
 * <i>whole</i> sub-interval, Q1_j ≥ |q_j'| and Q2_j ≥ |q_j''| there, and u_j = Q1_j D_j (revolute) or Q1_j
 * (prismatic):
 * <ul>
 * <li>distance to axis j changes only through joints i &gt; j (axis j is fixed in its own frame), so with
 *     s_m the midpoint and δ = s1 − s0: D_j = dist_j(s_m) + radius + (δ/2) Σ_{i&gt;j} u_i — computed from the
 *     tip towards the root, using the exact FK at s_m;</li>
 * <li>|P'| ≤ U = Σ_j u_j, so the path length is at most δ·U (first-order bound);</li>
 * <li>|P''| ≤ A = Σ_{j rev} [Q1_j (2 Σ_{i&gt;j} u_i + u_j) + Q2_j D_j] + Σ_{j pri} Q2_j;</li>
 * <li>|P'(s)| ≤ |P'(s_m)| + |s − s_m| A, and |P'(s_m)| ≤ |v(c)| + |ω| radius for the ball, so the path
 *     length is also at most δ (|v(c)| + |ω| radius) + A δ²/4 (second-order, tight for short intervals).
 *     The smaller of the two is returned;</li>
 * <li>chord deviation ≤ δ²/8 · A (interpolation remainder, applied along the direction of the error), and
 *     never more than the path length.</li>
 * </ul>
 * Leaving out the first {@code skip} joints gives the same bounds for the motion relative to the frame
 * after joint {@code skip}: the frame in which two links sharing those joints should be compared.
 * Results are inflated for rounding ({@link MotionBounds}).
 */
final class ChainBounds {
    static final int DISPLACEMENT = 0;
    static final int CHORD = 1;
    static final int ACCELERATION = 2;

    private ChainBounds() {
    }

    static double compute(KinematicModel m, int link, int skip, JointPath path, double s0, double s1,
                          double cx, double cy, double cz, double r, int what) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, r);
        int[] chain = m.linkChain[link];
        double d = s1 - s0;
        double sm = 0.5 * (s0 + s1);
        // the sphere centre, in the frame of the link's body
        double vx = cx;
        double vy = cy;
        double vz = cz;
        if (!m.linkOffsetIsIdentity[link]) {
            Matrix4d o = m.linkOffset[link];
            vx = o.m00() * cx + o.m10() * cy + o.m20() * cz + o.m30();
            vy = o.m01() * cx + o.m11() * cy + o.m21() * cz + o.m31();
            vz = o.m02() * cx + o.m12() * cy + o.m22() * cz + o.m32();
        }
        double velX = 0, velY = 0, velZ = 0;   // P'(s_m) of the centre, joints processed so far, current frame
        double omX = 0, omY = 0, omZ = 0;      // angular velocity of the link relative to the current frame
        double sumU = 0;                        // Σ u_i over joints processed so far (deeper in the chain)
        double acc = 0;
        double size = 0;
        for (int k = chain.length - 1; k >= skip; k--) {
            int b = chain[k];
            int var = m.bodyVar[b];
            double mul = m.bodyMul[b];
            double am = Math.abs(mul);
            double q = mul * path.position(var, sm) + m.bodyOff[b];
            double qd = mul * path.velocity(var, sm);
            double q1 = am * path.maxAbsVelocity(var, s0, s1);
            double q2 = am * path.maxAbsAcceleration(var, s0, s1);
            size += q1 + q2 + q1 * q1;
            double ax = m.axis[3 * b];
            double ay = m.axis[3 * b + 1];
            double az = m.axis[3 * b + 2];
            if (m.bodyPrismatic[b]) {
                acc += q2;
                sumU += q1;
                velX += qd * ax;
                velY += qd * ay;
                velZ += qd * az;
            } else {
                double dot = vx * ax + vy * ay + vz * az;
                double px = vx - dot * ax;
                double py = vy - dot * ay;
                double pz = vz - dot * az;
                double dist = Math.sqrt(px * px + py * py + pz * pz);
                double bigD = dist + r + 0.5 * d * sumU;
                double u = q1 * bigD;
                acc += q1 * (2 * sumU + u) + q2 * bigD;
                sumU += u;
                velX += qd * (ay * vz - az * vy);
                velY += qd * (az * vx - ax * vz);
                velZ += qd * (ax * vy - ay * vx);
                omX += qd * ax;
                omY += qd * ay;
                omZ += qd * az;
            }
            if (k == skip) {
                break;
            }
            // move point and free vectors into the parent body frame: x_parent = pre · J(q) · x
            if (m.bodyPrismatic[b]) {
                vx += ax * q;
                vy += ay * q;
                vz += az * q;
            } else {
                double c = Math.cos(q);
                double s = Math.sin(q);
                double t = 1 - c;
                double dv = ax * vx + ay * vy + az * vz;
                double nx = c * vx + s * (ay * vz - az * vy) + t * dv * ax;
                double ny = c * vy + s * (az * vx - ax * vz) + t * dv * ay;
                double nz = c * vz + s * (ax * vy - ay * vx) + t * dv * az;
                vx = nx;
                vy = ny;
                vz = nz;
                dv = ax * velX + ay * velY + az * velZ;
                nx = c * velX + s * (ay * velZ - az * velY) + t * dv * ax;
                ny = c * velY + s * (az * velX - ax * velZ) + t * dv * ay;
                nz = c * velZ + s * (ax * velY - ay * velX) + t * dv * az;
                velX = nx;
                velY = ny;
                velZ = nz;
                dv = ax * omX + ay * omY + az * omZ;
                nx = c * omX + s * (ay * omZ - az * omY) + t * dv * ax;
                ny = c * omY + s * (az * omX - ax * omZ) + t * dv * ay;
                nz = c * omZ + s * (ax * omY - ay * omX) + t * dv * az;
                omX = nx;
                omY = ny;
                omZ = nz;
            }
            Matrix4d p = m.bodyPre[b];
            double nx = p.m00() * vx + p.m10() * vy + p.m20() * vz + p.m30();
            double ny = p.m01() * vx + p.m11() * vy + p.m21() * vz + p.m31();
            double nz = p.m02() * vx + p.m12() * vy + p.m22() * vz + p.m32();
            vx = nx;
            vy = ny;
            vz = nz;
            nx = p.m00() * velX + p.m10() * velY + p.m20() * velZ;
            ny = p.m01() * velX + p.m11() * velY + p.m21() * velZ;
            nz = p.m02() * velX + p.m12() * velY + p.m22() * velZ;
            velX = nx;
            velY = ny;
            velZ = nz;
            nx = p.m00() * omX + p.m10() * omY + p.m20() * omZ;
            ny = p.m01() * omX + p.m11() * omY + p.m21() * omZ;
            nz = p.m02() * omX + p.m12() * omY + p.m22() * omZ;
            omX = nx;
            omY = ny;
            omZ = nz;
        }
        double slack = 1 + size * (1 + r);
        if (what == ACCELERATION) {
            return MotionBounds.inflate(acc, slack);
        }
        double speedMid = Math.sqrt(velX * velX + velY * velY + velZ * velZ)
                + Math.sqrt(omX * omX + omY * omY + omZ * omZ) * r;
        double disp = Math.min(d * sumU, d * speedMid + acc * d * d / 4);
        if (what == DISPLACEMENT) {
            return MotionBounds.inflate(disp, d * slack);
        }
        return MotionBounds.inflate(Math.min(disp, d * d / 8 * acc), d * slack);
    }
}
