package io.collide4j.kinematics;

import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Per-thread scratch behind {@link RobotSegment#cellSpeeds}: for each cell [s0, s1] of a segment's speed grid, the
 * world frames of every body at the cell's midpoint and each joint's path bounds over the cell, computed once
 * (one forward-kinematics pass, one path evaluation per joint) and shared by every link, sphere and skip that asks
 * about that cell. {@link ChainBounds} redoes the chain's trigonometry for every sphere and skip; for a whole-robot
 * grid that was most of the work.
 *
 * <h2>Bound</h2>
 * {@link ChainBounds}'s speed bound (its derivation, reach caps and third-order refinement), with the joint axes
 * taken in the world at the midpoint s_m instead of in the chain's local frames: distances to axes and the lengths
 * of derivatives do not depend on the frame. For a sphere (centre c, radius r), joints j ≥ k of the link's chain
 * (world axis z_j through o_j at s_m), δ = s1 − s0, from the tip to the root:
 * <ul>
 * <li>D_j = min(|(c − o_j) × z_j| + r + (δ/2) Σ_{i&gt;j} u_i, reach_j) bounds the distance of every ball point
 *     to axis j over the cell (it changes only through joints i &gt; j), reach_j being the configuration
 *     independent reach of the chain beyond joint j; u_j = Q1_j D_j (revolute) or Q1_j (prismatic); |P'| ≤ U = Σ u_j;
 *     |P''| ≤ A and |P'''| ≤ J by ChainBounds' magnitude recursions;</li>
 * <li>exactly at s_m: P' = Σ_j q_j' w_j (w_j = z_j × (c − o_j), or z_j for a prismatic joint), ω = Σ_rev q_j' z_j,
 *     and with z_j' = ω_{&lt;j} × z_j and (c − o_j)' = ω_{&lt;j} × (c − o_j) + Σ_{i≥j} q_i' w_i (Jacobi identity):
 *     P'' = Σ_j [q_j'' w_j + q_j' ω_{&lt;j} × w_j] + Σ_rev q_j' z_j × Σ_{i≥j} q_i' w_i, where
 *     Σ_j q_j' ω_{&lt;j} × w_j = ω × P' − Σ_j ω_{≥j} × q_j' w_j needs only sums from the tip; likewise
 *     ω' = Σ_rev [q_j'' z_j − ω_{&gt;j} × q_j' z_j];</li>
 * <li>speed ≤ min(U, |P'(s_m)| + |ω| r + (δ/2) min(A, |P''(s_m)| + (|ω'| + |ω|²) r + (δ/2) J)), inflated for
 *     rounding like every {@link ChainBounds} result ({@link MotionBounds#inflate}).</li>
 * </ul>
 * Relative to the frame after k joints the same sums over j ≥ k hold (the frame's own rotation adds ω_F × P' to the
 * world derivative, which the frame's coordinates do not see), so one pass from the tip yields every k.
 *
 * <p>A cell is identified by its index; the frames are recomputed when a cell index comes with other ends or a new
 * segment starts ({@link #reset}). Not thread-safe; allocation-free once the tables have grown to the grid.
 */
final class CellFrames {
    /**
     * Doubles per body per cell: rotation (9, column-major like JOML), origin (3), q' and q'' at s_m, bounds Q1, Q2
     * and Q3 on |q'|, |q''| and |q'''| over the cell, q(s_m).
     */
    private static final int BODY = 18;

    private final KinematicModel m;
    private final int bodies;
    private final Matrix4d[] scratch;
    private final double[] point = new double[6];
    private double[] frames = new double[0];
    private double[] ends = new double[0]; // s0, s1 of each cell's frames
    private int[] stamp = new int[0];
    private int generation = 1;

    CellFrames(KinematicModel m) {
        this.m = m;
        this.bodies = m.bodyCount();
        this.scratch = new Matrix4d[bodies];
        for (int i = 0; i < bodies; i++) {
            scratch[i] = new Matrix4d();
        }
    }

    /** Forgets every cell (a new segment). */
    void reset() {
        if (++generation == 0) { // wrapped: no stale stamp may look current
            java.util.Arrays.fill(stamp, 0);
            generation = 1;
        }
    }

    /**
     * Upper bounds on |dP/ds| over [s0, s1] of every point of the link sphere relative to the frame after k joints of
     * the link's chain, into dest[k] for every k from 0 (the world) to the chain's length (dest must hold that many
     * plus one). One pass from the tip to the root yields them all: the bound for k is the state after joint k.
     */
    void speeds(
            JointPath path,
            int cell,
            double s0,
            double s1,
            int link,
            double cx,
            double cy,
            double cz,
            double r,
            double[] dest) {
        fill(path, cell, s0, s1, link, cx, cy, cz, r, dest, false);
    }

    /** Upper bounds on |d²P/ds²| over [s0, s1] like {@link #speeds}: the bounds the speeds build on (for tests). */
    void accelerations(
            JointPath path,
            int cell,
            double s0,
            double s1,
            int link,
            double cx,
            double cy,
            double cz,
            double r,
            double[] dest) {
        fill(path, cell, s0, s1, link, cx, cy, cz, r, dest, true);
    }

    private void fill(
            JointPath path,
            int cell,
            double s0,
            double s1,
            int link,
            double cx,
            double cy,
            double cz,
            double r,
            double[] dest,
            boolean acceleration) {
        MotionBounds.checkInterval(s0, s1);
        MotionBounds.checkSphere(cx, cy, cz, r);
        if (cell < 0) {
            throw new IllegalArgumentException("cell index must be >= 0, got " + cell);
        }
        int base = prepare(path, cell, s0, s1);
        double d = s1 - s0;
        int[] chain = m.linkChain[link];
        if (dest.length <= chain.length) {
            throw new IllegalArgumentException("need room for " + (chain.length + 1) + " bounds, got " + dest.length);
        }
        linkPoint(base, link, cx, cy, cz);
        double px = point[0], py = point[1], pz = point[2];
        double wx = point[3], wy = point[4], wz = point[5];
        double reach = Math.sqrt(px * px + py * py + pz * pz) * (1 + 1e-15) + r; // to the link body's origin
        double velX = 0, velY = 0, velZ = 0; // P'(s_m): Σ q' w over the joints so far (w = z × r, or z)
        double omX = 0, omY = 0, omZ = 0; // ω(s_m) of those joints
        double accX = 0, accY = 0, accZ = 0; // P''(s_m) but for the final ω × P' term
        double alX = 0, alY = 0, alZ = 0; // dω/ds at s_m
        double sumU = 0, acc = 0, jerk = 0, size = 0;
        dest[chain.length] = MotionBounds.inflate(0, 1); // no joint moves the sphere
        for (int k = chain.length - 1; k >= 0; k--) {
            int b = chain[k];
            int o = base + BODY * b;
            double qd = frames[o + 12],
                    qdd = frames[o + 13],
                    q1 = frames[o + 14],
                    q2 = frames[o + 15],
                    q3 = frames[o + 16];
            size += q1 + q2 + q1 * q1;
            double ax = m.axis[3 * b], ay = m.axis[3 * b + 1], az = m.axis[3 * b + 2];
            // the joint axis in the world: the body's rotation keeps it (a rotation about a fixes a)
            double zx = frames[o] * ax + frames[o + 3] * ay + frames[o + 6] * az;
            double zy = frames[o + 1] * ax + frames[o + 4] * ay + frames[o + 7] * az;
            double zz = frames[o + 2] * ax + frames[o + 5] * ay + frames[o + 8] * az;
            double wX, wY, wZ;
            boolean prismatic = m.bodyPrismatic[b];
            if (prismatic) {
                jerk += q3;
                acc += q2;
                sumU += q1;
                wX = zx;
                wY = zy;
                wZ = zz;
                reach += m.bodyPreLength[b] + Math.abs(frames[o + 17]) + 0.5 * d * q1;
            } else {
                // a revolute axis passes through its body's origin
                double ex = wx - frames[o + 9], ey = wy - frames[o + 10], ez = wz - frames[o + 11];
                wX = zy * ez - zz * ey;
                wY = zz * ex - zx * ez;
                wZ = zx * ey - zy * ex;
                double dist = Math.sqrt(wX * wX + wY * wY + wZ * wZ);
                double bigD = Math.min(dist + r + 0.5 * d * sumU, reach);
                jerk += 3 * q1 * acc + 3 * (q2 + q1 * q1) * sumU + (q3 + 3 * q1 * q2 + q1 * q1 * q1) * bigD;
                double u = q1 * bigD;
                acc += q1 * (2 * sumU + u) + q2 * bigD;
                sumU += u;
                reach += m.bodyPreLength[b];
            }
            velX += qd * wX;
            velY += qd * wY;
            velZ += qd * wZ;
            if (!prismatic) {
                // dω/ds gains q'' z + ω_{<j} × q' z = q'' z − ω_{>j} × q' z (ω_{<j} = ω − ω_{≥j}, ω × ω = 0)
                alX += qdd * zx - qd * (omY * zz - omZ * zy);
                alY += qdd * zy - qd * (omZ * zx - omX * zz);
                alZ += qdd * zz - qd * (omX * zy - omY * zx);
                omX += qd * zx;
                omY += qd * zy;
                omZ += qd * zz;
                // q' z × V_{≥j}: r_j = P − o_j changes through the joints from j on
                accX += qd * (zy * velZ - zz * velY);
                accY += qd * (zz * velX - zx * velZ);
                accZ += qd * (zx * velY - zy * velX);
            }
            // q'' w + q' ω_{<j} × w, the second part as ω × (q' w) (added per k below) − ω_{≥j} × q' w
            accX += qdd * wX - qd * (omY * wZ - omZ * wY);
            accY += qdd * wY - qd * (omZ * wX - omX * wZ);
            accZ += qdd * wZ - qd * (omX * wY - omY * wX);
            // the bound relative to the frame after k joints: the joints from k on are in
            double fx = accX + omY * velZ - omZ * velY;
            double fy = accY + omZ * velX - omX * velZ;
            double fz = accZ + omX * velY - omY * velX;
            double slack = 1 + size * (1 + r);
            double om2 = omX * omX + omY * omY + omZ * omZ;
            // at s_m, ball point x = c + e: P'(x) = P'(c) + ω×e, P''(x) = P''(c) + α×e + ω×(ω×e)
            double speedMid = Math.sqrt(velX * velX + velY * velY + velZ * velZ) + Math.sqrt(om2) * r;
            double accMid =
                    Math.sqrt(fx * fx + fy * fy + fz * fz) + (Math.sqrt(alX * alX + alY * alY + alZ * alZ) + om2) * r;
            double accBound = Math.min(acc, accMid + 0.5 * d * jerk);
            dest[k] = MotionBounds.inflate(
                    acceleration ? accBound : Math.min(sumU, speedMid + 0.5 * d * accBound), slack);
        }
    }

    /** The link point (cx, cy, cz) in the world at the cell's midpoint, into dest (same rounding as {@link #speeds}). */
    Vector3d centre(
            JointPath path, int cell, double s0, double s1, int link, double cx, double cy, double cz, Vector3d dest) {
        MotionBounds.checkInterval(s0, s1);
        if (cell < 0) {
            throw new IllegalArgumentException("cell index must be >= 0, got " + cell);
        }
        linkPoint(prepare(path, cell, s0, s1), link, cx, cy, cz);
        return dest.set(point[3], point[4], point[5]);
    }

    /** point[0..2]: (cx, cy, cz) in the frame of the link's body; point[3..5]: in the world at the cell's midpoint. */
    private void linkPoint(int base, int link, double cx, double cy, double cz) {
        double px = cx, py = cy, pz = cz;
        if (!m.linkOffsetIsIdentity[link]) {
            Matrix4d o = m.linkOffset[link];
            px = o.m00() * cx + o.m10() * cy + o.m20() * cz + o.m30();
            py = o.m01() * cx + o.m11() * cy + o.m21() * cz + o.m31();
            pz = o.m02() * cx + o.m12() * cy + o.m22() * cz + o.m32();
        }
        int lb = base + BODY * m.linkBody[link];
        point[0] = px;
        point[1] = py;
        point[2] = pz;
        point[3] = frames[lb] * px + frames[lb + 3] * py + frames[lb + 6] * pz + frames[lb + 9];
        point[4] = frames[lb + 1] * px + frames[lb + 4] * py + frames[lb + 7] * pz + frames[lb + 10];
        point[5] = frames[lb + 2] * px + frames[lb + 5] * py + frames[lb + 8] * pz + frames[lb + 11];
    }

    /** Offset of the cell's frames, computing them unless they are current for [s0, s1]. */
    private int prepare(JointPath path, int cell, double s0, double s1) {
        if (cell >= stamp.length) {
            int n = Math.max(cell + 1, Math.max(16, 2 * stamp.length));
            stamp = java.util.Arrays.copyOf(stamp, n);
            ends = java.util.Arrays.copyOf(ends, 2 * n);
            frames = java.util.Arrays.copyOf(frames, n * bodies * BODY);
        }
        int base = cell * bodies * BODY;
        if (stamp[cell] == generation && ends[2 * cell] == s0 && ends[2 * cell + 1] == s1) {
            return base;
        }
        double sm = 0.5 * (s0 + s1);
        scratch[0].identity();
        store(scratch[0], base);
        for (int b = 1; b < bodies; b++) {
            int var = m.bodyVar[b];
            double mul = m.bodyMul[b];
            double q = mul * path.position(var, sm) + m.bodyOff[b];
            Matrix4d t = scratch[b].set(scratch[m.bodyParent[b]]).mulAffine(m.bodyPre[b]);
            m.applyJoint(b, q, t);
            int o = base + BODY * b;
            store(t, o);
            frames[o + 12] = mul * path.velocity(var, sm);
            frames[o + 13] = mul * path.acceleration(var, sm);
            frames[o + 14] = Math.abs(mul) * path.maxAbsVelocity(var, s0, s1);
            frames[o + 15] = Math.abs(mul) * path.maxAbsAcceleration(var, s0, s1);
            frames[o + 16] = Math.abs(mul) * path.maxAbsJerk(var, s0, s1);
            frames[o + 17] = q;
        }
        stamp[cell] = generation;
        ends[2 * cell] = s0;
        ends[2 * cell + 1] = s1;
        return base;
    }

    private void store(Matrix4d t, int o) {
        frames[o] = t.m00();
        frames[o + 1] = t.m01();
        frames[o + 2] = t.m02();
        frames[o + 3] = t.m10();
        frames[o + 4] = t.m11();
        frames[o + 5] = t.m12();
        frames[o + 6] = t.m20();
        frames[o + 7] = t.m21();
        frames[o + 8] = t.m22();
        frames[o + 9] = t.m30();
        frames[o + 10] = t.m31();
        frames[o + 11] = t.m32();
    }
}
