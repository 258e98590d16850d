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
 * Two refinements keep long intervals tight:
 * <ul>
 * <li><b>reach caps.</b> D_j is also capped by the reach of the chain beyond joint j (distance from the
 *     joint's origin to the ball, bounded through the constant joint offsets and prismatic travel,
 *     independent of the configuration), so large joint motions cannot inflate D_j past the geometry; the
 *     chord deviation is capped by the diameter of the ball that contains the point's every position;</li>
 * <li><b>splitting.</b> When the joints turn more than {@value #PIECE_TURN} rad in total over [s0, s1], the
 *     interval is cut into equal pieces (at most {@value #MAX_PIECES}): path lengths add up, and
 *     the acceleration bound over the interval is the largest over the pieces.</li>
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

    /** Total joint motion (rad, or m for prismatic) per piece above which an interval is split. */
    static final double PIECE_TURN = 0.2;
    static final int MAX_PIECES = 64;

    static double compute(KinematicModel m, int link, int skip, JointPath path, double s0, double s1,
                          double cx, double cy, double cz, double r, int what) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, r);
        int[] chain = m.linkChain[link];
        double turn = 0;
        for (int k = chain.length - 1; k >= skip; k--) {
            int b = chain[k];
            turn += Math.abs(m.bodyMul[b]) * path.maxAbsVelocity(m.bodyVar[b], s0, s1);
        }
        turn *= s1 - s0;
        int pieces = turn > PIECE_TURN ? (int) Math.min(MAX_PIECES, Math.ceil(turn / PIECE_TURN)) : 1;
        if (pieces == 1) {
            return piece(m, link, skip, path, s0, s1, cx, cy, cz, r, what);
        }
        double disp = 0;
        double acc = 0;
        double step = (s1 - s0) / pieces;
        for (int i = 0; i < pieces; i++) {
            double a = s0 + i * step;
            double b = i == pieces - 1 ? s1 : Math.min(s1, s0 + (i + 1) * step);
            if (what != ACCELERATION) {
                disp += piece(m, link, skip, path, a, b, cx, cy, cz, r, DISPLACEMENT);
            }
            if (what != DISPLACEMENT) {
                acc = Math.max(acc, piece(m, link, skip, path, a, b, cx, cy, cz, r, ACCELERATION));
            }
        }
        if (what == DISPLACEMENT) {
            return disp;
        }
        if (what == ACCELERATION) {
            return acc;
        }
        double d = s1 - s0;
        double cap = piece(m, link, skip, path, s0, s1, cx, cy, cz, r, CHORD);
        return Math.min(cap, Math.min(disp, MotionBounds.inflate(d * d / 8 * acc, 0)));
    }

    /** The bounds over one piece, without splitting; inputs already checked. */
    private static double piece(KinematicModel m, int link, int skip, JointPath path, double s0, double s1,
                                double cx, double cy, double cz, double r, int what) {
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
        // distance from the current frame's origin to any ball point, valid over the whole piece
        double reach = Math.sqrt(vx * vx + vy * vy + vz * vz) * (1 + 1e-15) + r;
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
                double bigD = Math.min(dist + r + 0.5 * d * sumU, reach);
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
            // reach in the parent body frame: joint offset plus (prismatic) the slide over the piece
            reach += m.bodyPreLength[b] + (m.bodyPrismatic[b] ? Math.abs(q) + 0.5 * d * q1 : 0);
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
        // every position of every ball point lies within reach of the top frame's origin: chord ≤ diameter
        return MotionBounds.inflate(Math.min(Math.min(disp, d * d / 8 * acc), 2 * reach), d * slack);
    }
}
