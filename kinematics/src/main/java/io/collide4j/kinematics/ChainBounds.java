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
 * <li>third order: the exact P''(s_m) (and the angular acceleration, for the ball) is propagated with
 *     the frame recursion a ← R(a + 2w×v + w'×x + w×(w×x)), w = q' z, and a bound J on |P'''| with the
 *     matching magnitude recursion J ← J + 3Q1·A + 3(Q2 + Q1²)·V + (Q3 + 3Q1Q2 + Q1³)·D; then
 *     sup|P''| ≤ |P''(s_m)| + (δ/2) J replaces A when smaller, and the path length is also at most
 *     δ|P'(s_m)| + δ²/4 |P''(s_m)| + δ³/24 J. For short intervals the bounds approach the exact values.</li>
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
    /** sup |P'| over the interval: min(U, |P'(s_m)| + (δ/2) sup|P''|). */
    static final int SPEED = 3;

    private ChainBounds() {}

    /** Total joint motion (rad, or m for prismatic) per piece above which an interval is split. */
    static final double PIECE_TURN = 0.2;

    static final int MAX_PIECES = 64;

    static double compute(
            KinematicModel m,
            int link,
            int skip,
            JointPath path,
            double s0,
            double s1,
            double cx,
            double cy,
            double cz,
            double r,
            int what) {
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
        double step = (s1 - s0) / pieces;
        double sum = 0;
        for (int i = 0; i < pieces; i++) {
            double a = s0 + i * step;
            double b = i == pieces - 1 ? s1 : Math.min(s1, s0 + (i + 1) * step);
            // path lengths add up; sup |P'| and sup |P''| over the interval are the largest over the pieces
            double v = piece(m, link, skip, path, a, b, cx, cy, cz, r, what == CHORD ? ACCELERATION : what);
            sum = what == DISPLACEMENT ? sum + v : Math.max(sum, v);
        }
        if (what != CHORD) {
            return sum;
        }
        double d = s1 - s0;
        double whole = piece(m, link, skip, path, s0, s1, cx, cy, cz, r, CHORD);
        return Math.min(whole, MotionBounds.inflate(d * d / 8 * sum, 0));
    }

    /** The bounds over one piece, without splitting; inputs already checked. */
    private static double piece(
            KinematicModel m,
            int link,
            int skip,
            JointPath path,
            double s0,
            double s1,
            double cx,
            double cy,
            double cz,
            double r,
            int what) {
        int[] chain = m.linkChain[link];
        double d = s1 - s0;
        double sm = 0.5 * (s0 + s1);
        // the sphere centre, in the frame of the link's body
        double px = cx;
        double py = cy;
        double pz = cz;
        if (!m.linkOffsetIsIdentity[link]) {
            Matrix4d o = m.linkOffset[link];
            px = o.m00() * cx + o.m10() * cy + o.m20() * cz + o.m30();
            py = o.m01() * cx + o.m11() * cy + o.m21() * cz + o.m31();
            pz = o.m02() * cx + o.m12() * cy + o.m22() * cz + o.m32();
        }
        // exact derivatives at s_m of the centre (vel, acc) and of the link's rotation (om, al), relative to
        // the current frame and expressed in it
        double velX = 0, velY = 0, velZ = 0;
        double accX = 0, accY = 0, accZ = 0;
        double omX = 0, omY = 0, omZ = 0;
        double alX = 0, alY = 0, alZ = 0;
        // bounds valid over the whole piece, for every ball point, relative to the current frame
        double reach = Math.sqrt(px * px + py * py + pz * pz) * (1 + 1e-15) + r; // distance to the frame origin
        double sumU = 0; // bounds |P'|
        double acc = 0; // bounds |P''|
        double jerk = 0; // bounds |P'''|
        double size = 0;
        for (int k = chain.length - 1; k >= skip; k--) {
            int b = chain[k];
            int var = m.bodyVar[b];
            double mul = m.bodyMul[b];
            double am = Math.abs(mul);
            double q = mul * path.position(var, sm) + m.bodyOff[b];
            double qd = mul * path.velocity(var, sm);
            double qdd = mul * path.acceleration(var, sm);
            double q1 = am * path.maxAbsVelocity(var, s0, s1);
            double q2 = am * path.maxAbsAcceleration(var, s0, s1);
            double q3 = am * path.maxAbsJerk(var, s0, s1);
            size += q1 + q2 + q1 * q1;
            double ax = m.axis[3 * b];
            double ay = m.axis[3 * b + 1];
            double az = m.axis[3 * b + 2];
            if (m.bodyPrismatic[b]) {
                jerk += q3;
                acc += q2;
                sumU += q1;
                accX += qdd * ax;
                accY += qdd * ay;
                accZ += qdd * az;
                velX += qd * ax;
                velY += qd * ay;
                velZ += qd * az;
                px += ax * q;
                py += ay * q;
                pz += az * q;
            } else {
                double dot = px * ax + py * ay + pz * az;
                double ex = px - dot * ax;
                double ey = py - dot * ay;
                double ez = pz - dot * az;
                double dist = Math.sqrt(ex * ex + ey * ey + ez * ez);
                double bigD = Math.min(dist + r + 0.5 * d * sumU, reach);
                // third derivative in the parent frame, w = q' a:
                // x''' + 3 w×x'' + 3 (w' + w×w×) x' + (w'' + 3 q' q'' a×a× + q'^3 a×a×a×) x
                jerk += 3 * q1 * acc + 3 * (q2 + q1 * q1) * sumU + (q3 + 3 * q1 * q2 + q1 * q1 * q1) * bigD;
                double u = q1 * bigD;
                acc += q1 * (2 * sumU + u) + q2 * bigD;
                sumU += u;
                // exact: acc += 2w×v + w'×x + w×(w×x); vel += w×x; al += w' + w×om; om += w
                double axpX = ay * pz - az * py;
                double axpY = az * px - ax * pz;
                double axpZ = ax * py - ay * px;
                double axvX = ay * velZ - az * velY;
                double axvY = az * velX - ax * velZ;
                double axvZ = ax * velY - ay * velX;
                double aaxX = ay * axpZ - az * axpY;
                double aaxY = az * axpX - ax * axpZ;
                double aaxZ = ax * axpY - ay * axpX;
                accX += 2 * qd * axvX + qdd * axpX + qd * qd * aaxX;
                accY += 2 * qd * axvY + qdd * axpY + qd * qd * aaxY;
                accZ += 2 * qd * axvZ + qdd * axpZ + qd * qd * aaxZ;
                velX += qd * axpX;
                velY += qd * axpY;
                velZ += qd * axpZ;
                double aoX = ay * omZ - az * omY;
                double aoY = az * omX - ax * omZ;
                double aoZ = ax * omY - ay * omX;
                alX += qdd * ax + qd * aoX;
                alY += qdd * ay + qd * aoY;
                alZ += qdd * az + qd * aoZ;
                omX += qd * ax;
                omY += qd * ay;
                omZ += qd * az;
            }
            // reach in the parent body frame: joint offset plus (prismatic) the slide over the piece
            reach += m.bodyPreLength[b] + (m.bodyPrismatic[b] ? Math.abs(q) + 0.5 * d * q1 : 0);
            if (k == skip) {
                break;
            }
            // into the parent body frame: x_parent = pre · J(q) · x (prismatic slide already applied above);
            // free vectors by the rotation only
            Matrix4d pre = m.bodyPre[b];
            double r00 = pre.m00(), r01 = pre.m10(), r02 = pre.m20();
            double r10 = pre.m01(), r11 = pre.m11(), r12 = pre.m21();
            double r20 = pre.m02(), r21 = pre.m12(), r22 = pre.m22();
            if (!m.bodyPrismatic[b]) {
                // R = pre.R · Rot(a, q), Rot = cI + s[a]x + (1 - c) a a^T
                double c = Math.cos(q);
                double sn = Math.sin(q);
                double t = 1 - c;
                double j00 = c + t * ax * ax, j01 = t * ax * ay - sn * az, j02 = t * ax * az + sn * ay;
                double j10 = t * ax * ay + sn * az, j11 = c + t * ay * ay, j12 = t * ay * az - sn * ax;
                double j20 = t * ax * az - sn * ay, j21 = t * ay * az + sn * ax, j22 = c + t * az * az;
                double n00 = r00 * j00 + r01 * j10 + r02 * j20;
                double n01 = r00 * j01 + r01 * j11 + r02 * j21;
                double n02 = r00 * j02 + r01 * j12 + r02 * j22;
                double n10 = r10 * j00 + r11 * j10 + r12 * j20;
                double n11 = r10 * j01 + r11 * j11 + r12 * j21;
                double n12 = r10 * j02 + r11 * j12 + r12 * j22;
                double n20 = r20 * j00 + r21 * j10 + r22 * j20;
                double n21 = r20 * j01 + r21 * j11 + r22 * j21;
                double n22 = r20 * j02 + r21 * j12 + r22 * j22;
                r00 = n00;
                r01 = n01;
                r02 = n02;
                r10 = n10;
                r11 = n11;
                r12 = n12;
                r20 = n20;
                r21 = n21;
                r22 = n22;
            }
            double tx = r00 * px + r01 * py + r02 * pz + pre.m30();
            double ty = r10 * px + r11 * py + r12 * pz + pre.m31();
            double tz = r20 * px + r21 * py + r22 * pz + pre.m32();
            px = tx;
            py = ty;
            pz = tz;
            tx = r00 * velX + r01 * velY + r02 * velZ;
            ty = r10 * velX + r11 * velY + r12 * velZ;
            tz = r20 * velX + r21 * velY + r22 * velZ;
            velX = tx;
            velY = ty;
            velZ = tz;
            tx = r00 * accX + r01 * accY + r02 * accZ;
            ty = r10 * accX + r11 * accY + r12 * accZ;
            tz = r20 * accX + r21 * accY + r22 * accZ;
            accX = tx;
            accY = ty;
            accZ = tz;
            tx = r00 * omX + r01 * omY + r02 * omZ;
            ty = r10 * omX + r11 * omY + r12 * omZ;
            tz = r20 * omX + r21 * omY + r22 * omZ;
            omX = tx;
            omY = ty;
            omZ = tz;
            tx = r00 * alX + r01 * alY + r02 * alZ;
            ty = r10 * alX + r11 * alY + r12 * alZ;
            tz = r20 * alX + r21 * alY + r22 * alZ;
            alX = tx;
            alY = ty;
            alZ = tz;
        }
        double slack = 1 + size * (1 + r);
        double om2 = omX * omX + omY * omY + omZ * omZ;
        // at s_m, ball point x = c + e: P'(x) = P'(c) + om×e, P''(x) = P''(c) + al×e + om×(om×e)
        double speedMid = Math.sqrt(velX * velX + velY * velY + velZ * velZ) + Math.sqrt(om2) * r;
        double accMid = Math.sqrt(accX * accX + accY * accY + accZ * accZ)
                + (Math.sqrt(alX * alX + alY * alY + alZ * alZ) + om2) * r;
        double accBound = Math.min(acc, accMid + 0.5 * d * jerk);
        if (what == ACCELERATION) {
            return MotionBounds.inflate(accBound, slack);
        }
        if (what == SPEED) {
            // |P'(s)| <= |P'(s_m)| + |s - s_m| sup|P''|, and U bounds |P'| on the whole piece
            return MotionBounds.inflate(Math.min(sumU, speedMid + 0.5 * d * accBound), slack);
        }
        // |P'(s)| <= |P'(s_m)| + |s - s_m| |P''(s_m)| + |s - s_m|^2 / 2 J: integrates to d V + d^2/4 A + d^3/24 J
        double disp = Math.min(d * sumU, d * speedMid + d * d / 4 * Math.min(accBound, accMid + d * jerk / 6));
        if (what == DISPLACEMENT) {
            return MotionBounds.inflate(disp, d * slack);
        }
        // every position of every ball point lies within reach of the top frame's origin: chord <= diameter
        return MotionBounds.inflate(Math.min(Math.min(disp, d * d / 8 * accBound), 2 * reach), d * slack);
    }
}
