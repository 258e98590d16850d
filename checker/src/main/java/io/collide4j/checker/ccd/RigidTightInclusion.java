package io.collide4j.checker.ccd;

import io.collide4j.kinematics.RigidMotion;
import org.joml.Matrix4d;

/**
 * Conservative vertex–face / edge–edge CCD when the two primitives ride on rigid motions: the earliest segment
 * parameter at which they may come closer than d (L∞), never later than the true one, or "no contact".
 *
 * <p>Each vertex path is replaced piecewise by its chord. On a piece [s0, s1] every vertex stays within its
 * {@link RigidMotion#maxChordDeviation} bound e_i (Euclidean, hence also L∞) of its chord, so the exact
 * F(s, u, v) differs from the linearised one by at most e_p + max(e_f0, e_f1, e_f2) (VF; a convex combination
 * moves no more than its worst vertex) or max(e_a0, e_a1) + max(e_b0, e_b1) (EE). Running the linear
 * {@link TightInclusion} on the piece with separation d + that sum (+ a floating-point margin for the pose
 * evaluation) therefore never misses a contact. Pieces are bisected until their deviation allowance is at most
 * {@code maxDeviation}, then examined in time order; the first piece that reports a contact gives the answer.
 *
 * <p>Immutable and thread-safe; each thread passes its own {@link RigidTightInclusion.Scratch}.
 */
public final class RigidTightInclusion {

    /** Default largest chord-deviation allowance per piece (length units). */
    public static final double DEFAULT_MAX_DEVIATION = 1e-4;
    /** Default deepest bisection of [0, 1] (2^20 pieces at most). */
    public static final int DEFAULT_MAX_DEPTH = 20;

    private final TightInclusion linear;
    private final double maxDeviation;
    private final int maxDepth;

    /**
     * @param linear       the linear solver (its δ, m_I and minimal separation d are used; its tMax must be 1)
     * @param maxDeviation deviation allowance per piece that stops the time bisection, &gt; 0
     * @param maxDepth     deepest time bisection, 0..40
     */
    public RigidTightInclusion(TightInclusion linear, double maxDeviation, int maxDepth) {
        if (linear.tMax() != 1.0) {
            throw new IllegalArgumentException(
                    "the linear solver must use the whole window tMax = 1, got " + linear.tMax());
        }
        if (!(maxDeviation > 0) || !Double.isFinite(maxDeviation)) {
            throw new IllegalArgumentException("maxDeviation must be finite and > 0, got " + maxDeviation);
        }
        if (maxDepth < 0 || maxDepth > 40) {
            throw new IllegalArgumentException("maxDepth must be in [0, 40], got " + maxDepth);
        }
        this.linear = linear;
        this.maxDeviation = maxDeviation;
        this.maxDepth = maxDepth;
    }

    /** Defaults: {@link TightInclusion#defaults()}, deviation 1e-4, depth 20. */
    public static RigidTightInclusion defaults() {
        return new RigidTightInclusion(TightInclusion.defaults(), DEFAULT_MAX_DEVIATION, DEFAULT_MAX_DEPTH);
    }

    /** The linear solver used on each piece. */
    public TightInclusion linear() {
        return linear;
    }

    /** Per-thread working memory. Not thread-safe. */
    public static final class Scratch {
        final TightInclusionScratch ti = new TightInclusionScratch();
        final Matrix4d poseA0 = new Matrix4d(),
                poseA1 = new Matrix4d(),
                poseB0 = new Matrix4d(),
                poseB1 = new Matrix4d();
        final double[] coords = new double[CcdQuery.SIZE];
        final double[] stackS0 = new double[64], stackS1 = new double[64];
        final int[] stackDepth = new int[64];
        int lastPieces;
        double lastMaxDeviation;
        boolean lastInconclusive;

        /** Pieces examined by the last query. */
        public int lastPieces() {
            return lastPieces;
        }

        /** Largest deviation allowance used by the last query. */
        public double lastMaxDeviation() {
            return lastMaxDeviation;
        }

        /** Whether the last query had to give up refining a piece (then reported conservatively). */
        public boolean lastInconclusive() {
            return lastInconclusive;
        }

        /** The linear solver's scratch (statistics of the last piece). */
        public TightInclusionScratch linearScratch() {
            return ti;
        }
    }

    /** Convenience: solves and returns a record. */
    public RigidCcdResult solve(CcdKind kind, RigidMotion motionA, RigidMotion motionB, double[] local, Scratch s) {
        double t = toi(kind, motionA, motionB, local, 0, s);
        return new RigidCcdResult(
                t != Double.POSITIVE_INFINITY, t, s.lastPieces, s.lastMaxDeviation, s.lastInconclusive);
    }

    /**
     * Earliest conservative contact parameter, or +Infinity.
     *
     * @param local 4 vertices × (x, y, z) at {@code local[offset..offset+11]} in their body frames: for VF the point
     *              (body A) then the triangle (body B); for EE edge a (body A) then edge b (body B)
     */
    public double toi(CcdKind kind, RigidMotion motionA, RigidMotion motionB, double[] local, int offset, Scratch s) {
        for (int i = 0; i < 12; i++) {
            if (!Double.isFinite(local[offset + i])) {
                throw new IllegalArgumentException(
                        "local vertex " + i / 3 + " has a non-finite coordinate: " + local[offset + i]);
            }
        }
        boolean vf = kind == CcdKind.VERTEX_FACE;
        int nA = vf ? 1 : 2;
        double d = linear.margin();
        s.lastPieces = 0;
        s.lastMaxDeviation = 0;
        s.lastInconclusive = false;
        int top = 0;
        s.stackS0[0] = 0;
        s.stackS1[0] = 1;
        s.stackDepth[0] = 0;
        top = 1;
        while (top > 0) {
            top--;
            double s0 = s.stackS0[top], s1 = s.stackS1[top];
            int depth = s.stackDepth[top];
            double devA = 0, devB = 0;
            for (int v = 0; v < 4; v++) {
                int b = offset + 3 * v;
                RigidMotion m = v < nA ? motionA : motionB;
                double e = m.maxChordDeviation(s0, s1, local[b], local[b + 1], local[b + 2], 0);
                if (!(e >= 0)) {
                    throw new IllegalStateException("motion returned an invalid chord-deviation bound " + e);
                }
                if (v < nA) {
                    devA = Math.max(devA, e);
                } else {
                    devB = Math.max(devB, e);
                }
            }
            double dev = devA + devB;
            if (dev > maxDeviation && depth < maxDepth) {
                double mid = 0.5 * (s0 + s1);
                // later half below, earlier half on top: pieces come off the stack in time order
                s.stackS0[top] = mid;
                s.stackS1[top] = s1;
                s.stackDepth[top] = depth + 1;
                s.stackS0[top + 1] = s0;
                s.stackS1[top + 1] = mid;
                s.stackDepth[top + 1] = depth + 1;
                top += 2;
                continue;
            }
            s.lastPieces++;
            double[] c = s.coords;
            motionA.pose(s0, s.poseA0);
            motionA.pose(s1, s.poseA1);
            motionB.pose(s0, s.poseB0);
            motionB.pose(s1, s.poseB1);
            double mag = 0;
            for (int v = 0; v < 4; v++) {
                int b = offset + 3 * v;
                boolean onA = v < nA;
                mag = Math.max(
                        mag, transform(onA ? s.poseA0 : s.poseB0, local[b], local[b + 1], local[b + 2], c, 3 * v));
                mag = Math.max(
                        mag,
                        transform(onA ? s.poseA1 : s.poseB1, local[b], local[b + 1], local[b + 2], c, 3 * (v + 4)));
            }
            // pose evaluation rounding: a 4x4 affine transform of a point is off by a few ulps of its magnitude
            double fpMargin = 16 * Math.ulp(mag + 1);
            double allowance = dev + fpMargin;
            s.lastMaxDeviation = Math.max(s.lastMaxDeviation, allowance);
            double dPiece = d + allowance;
            if (dev > maxDeviation) {
                s.lastInconclusive = true;
            }
            double gMin = gammaMin(c);
            if (!(dPiece < gMin)) {
                // the linear filter cannot take this much separation: report the piece start conservatively
                s.lastInconclusive = true;
                return s0;
            }
            double tau = linear.toi(kind, c, 0, dPiece, 1.0, s.ti);
            if (tau != Double.POSITIVE_INFINITY) {
                if (tau <= 0) {
                    return s0;
                }
                double sHit = Math.nextDown(s0 + tau * (s1 - s0)); // round towards earlier
                return Math.max(s0, sHit);
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    private static double gammaMin(double[] c) {
        double gx = 1, gy = 1, gz = 1;
        for (int r = 0; r < 8; r++) {
            gx = Math.max(gx, Math.abs(c[3 * r]));
            gy = Math.max(gy, Math.abs(c[3 * r + 1]));
            gz = Math.max(gz, Math.abs(c[3 * r + 2]));
        }
        return Math.min(gx, Math.min(gy, gz));
    }

    /** Writes m·(x, y, z, 1) at dest[o..o+2]; returns an upper bound of the magnitudes involved. */
    private static double transform(Matrix4d m, double x, double y, double z, double[] dest, int o) {
        double rx = m.m00() * x + m.m10() * y + m.m20() * z + m.m30();
        double ry = m.m01() * x + m.m11() * y + m.m21() * z + m.m31();
        double rz = m.m02() * x + m.m12() * y + m.m22() * z + m.m32();
        dest[o] = rx;
        dest[o + 1] = ry;
        dest[o + 2] = rz;
        double lx = Math.abs(x) + Math.abs(y) + Math.abs(z);
        return Math.max(
                Math.max(Math.abs(rx), Math.abs(ry)),
                Math.max(Math.abs(rz), lx + Math.abs(m.m30()) + Math.abs(m.m31()) + Math.abs(m.m32())));
    }
}
