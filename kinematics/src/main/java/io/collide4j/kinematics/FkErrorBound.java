package io.collide4j.kinematics;

import io.collide4j.urdf.Pose;

/**
 * A-priori bound on the rounding error of {@link KinematicModel#forwardKinematics} (and of the chain product
 * {@code chainPose} the motions use), per link: for every configuration whose joint values lie within their
 * limits, the computed link pose (R̂, t̂) and the exact pose (R, t) the URDF text defines (decimal numbers taken
 * as exact reals; the configuration's doubles taken as exact up to {@link KinematicModel#MAX_PATH_VALUE_ERROR} per
 * joint, so a configuration computed along a motion segment is covered too) satisfy ‖R̂ − R‖₂ ≤ {@link #rotation}(link) and
 * ‖t̂ − t‖ ≤ {@link #translation}(link). So a point at distance r from the link origin is placed within
 * {@link #pointError}(link, r) = translation + rotation·r of its exact place.
 *
 * <p>The derivation is in {@code kinematics/FK_ERROR.md}: the constant transforms carry the bounds of their
 * {@link Pose} (decimal parsing, sin/cos within one ulp), every product of the chain adds the rounding of its 3-
 * and 4-term dot products ({@link Pose#composedRotationError}, {@link Pose#composedTranslationError}: the one
 * implementation of that rule), each joint motion adds the error of its directly evaluated sine and cosine (and of
 * a mimic joint's {@code multiplier·q + offset}), and the total is doubled ({@link #SAFETY_FACTOR}) to absorb the
 * second-order terms the rules round away. Typical values: 1e-15 to 1e-14 m and per metre.
 *
 * <p>This is the one place the forward-kinematics error is computed; the collision model grows every convex piece
 * by {@code pointError(link, piece radius about the link origin)}, which is how every "free" decision includes
 * it. Immutable and thread-safe.
 */
public final class FkErrorBound {
    /** Factor on the first-order bound: covers the O(u²) terms and the rounding of this computation itself. */
    public static final double SAFETY_FACTOR = 2;

    private static final double U = Pose.UNIT_ROUNDOFF;
    /** ‖Ĵ − J‖₂ of a rotation about a coordinate axis: two sines and two cosines, each within 2u: √(4·(2u)²). */
    static final double AXIS_ALIGNED_JOINT_ERROR = 4 * U;
    /**
     * ‖Ĵ − J‖₂ of J = cI + s[a]× + (1 − c)aaᵀ about a general axis: the normalised axis is within 8u of the exact
     * one; each entry is within 16u + 5·8u of exact (sine/cosine 2u each, 1 − c within 4u, ≤ 3 roundings of
     * numbers ≤ 3, axis gradient ≤ 5); Frobenius 3 × 56u.
     */
    static final double GENERAL_AXIS_JOINT_ERROR = 168 * U;

    private final double[] rotation;
    private final double[] translation;

    private FkErrorBound(double[] rotation, double[] translation) {
        this.rotation = rotation;
        this.translation = translation;
    }

    /** Follows the FK's operations over the model's bodies and links (called once by KinematicModel). */
    static FkErrorBound of(KinematicModel m, Pose[] bodyPre, Pose[] linkOffset, int[] mimicDepth) {
        int nb = m.bodyParent.length;
        double[] bR = new double[nb], bT = new double[nb], bReach = new double[nb];
        for (int b = 1; b < nb; b++) {
            int p = m.bodyParent[b];
            Pose pre = bodyPre[b];
            // W_parent · Pre_b
            double eR = Pose.composedRotationError(bR[p], pre.rotationError());
            double eT = Pose.composedTranslationError(
                    bR[p], bT[p], bReach[p], pre.translationError(), pre.translationBound());
            double reach = bReach[p] + pre.translationBound();
            double dv = jointValueError(m, b, mimicDepth[b]);
            if (m.bodyPrismatic[b]) {
                // translate by â·v: axis within 8u, each product rounded (u), value within dv; then a 4-term sum
                double travel = Math.max(Math.abs(m.bodyLower[b]), Math.abs(m.bodyUpper[b]));
                double tJ = travel + dv;
                double eJ = 10 * U * travel + dv;
                eT = Double.isFinite(tJ)
                        ? Pose.composedTranslationError(eR, eT, reach, eJ, tJ)
                        : Double.POSITIVE_INFINITY;
                reach += tJ;
            } else {
                // rotation by v: its value error dv moves it by at most dv (a rotation by δ is within |δ| of I),
                // and never by more than 2 (two rotations differ by at most 2); the translation is copied unchanged
                double eJ =
                        Math.min(2, dv) + (isAxisAligned(m, b) ? AXIS_ALIGNED_JOINT_ERROR : GENERAL_AXIS_JOINT_ERROR);
                eR = Pose.composedRotationError(eR, eJ);
            }
            bR[b] = eR;
            bT[b] = eT;
            bReach[b] = reach;
        }
        int nl = m.linkBody.length;
        double[] rot = new double[nl], tr = new double[nl];
        for (int l = 0; l < nl; l++) {
            int b = m.linkBody[l];
            double eR = bR[b], eT = bT[b];
            if (!m.linkOffsetIsIdentity[l]) {
                Pose off = linkOffset[l];
                double eR2 = Pose.composedRotationError(eR, off.rotationError());
                eT = Pose.composedTranslationError(eR, eT, bReach[b], off.translationError(), off.translationBound());
                eR = eR2;
            }
            rot[l] = sanitize(SAFETY_FACTOR * eR);
            tr[l] = sanitize(SAFETY_FACTOR * eT);
        }
        return new FkErrorBound(rot, tr);
    }

    /** NaN (0·∞ from an unbounded joint) reads as "no bound". */
    private static double sanitize(double e) {
        return e < Double.POSITIVE_INFINITY ? e : Double.POSITIVE_INFINITY;
    }

    /**
     * |v̂ − v| for v = multiplier·q + offset of a mimic joint resolved through {@code depth} mimic links (0 for an
     * active joint, whose value is q itself, exactly): each link of the chain rounds the accumulated multiplier and
     * offset (and parses them, u each), the final product and sum round twice. The source's |q| is at most
     * {@link KinematicModel#MAX_MIMIC_SOURCE_VALUE} in a state, and one segment's travel more inside a motion.
     */
    private static double jointValueError(KinematicModel m, int b, int depth) {
        // along a motion the configuration itself is computed: within MAX_PATH_VALUE_ERROR of the exact path
        // (KinematicModel.checkSegment / checkPath refuse anything else), scaled by a mimic's multiplier
        double interpolation = Math.abs(m.bodyMul[b]) * KinematicModel.MAX_PATH_VALUE_ERROR;
        if (depth == 0) {
            return interpolation;
        }
        // |q| ≤ the cap checkConfiguration enforces on every mimic source (not the source's limits: states outside
        // the limits are answered too, and a continuous source has none), plus one segment's largest travel for a
        // value inside a motion whose ends checkSegment / checkPath held to the cap
        double q = KinematicModel.MAX_MIMIC_SOURCE_VALUE
                + Math.max(KinematicModel.MAX_SLIDE, KinematicModel.MAX_SEGMENT_TURN);
        double size = Math.abs(m.bodyMul[b]) * q + Math.abs(m.bodyOff[b]);
        double e = (4 * depth + 4) * U * size + interpolation;
        return e < Double.POSITIVE_INFINITY ? e : Double.POSITIVE_INFINITY;
    }

    static boolean isAxisAligned(KinematicModel m, int b) {
        double x = m.axis[3 * b], y = m.axis[3 * b + 1], z = m.axis[3 * b + 2];
        int zeros = (x == 0 ? 1 : 0) + (y == 0 ? 1 : 0) + (z == 0 ? 1 : 0);
        return zeros == 2;
    }

    /** Bound on ‖R̂ − R‖₂ of the link's computed rotation. */
    public double rotation(int link) {
        return rotation[link];
    }

    /** Bound on the distance of the link's computed origin from its exact place (metres). */
    public double translation(int link) {
        return translation[link];
    }

    /** How far from its exact place the computed FK may put a link-frame point at distance ≤ r from the link origin. */
    public double pointError(int link, double r) {
        return translation[link] + rotation[link] * r;
    }

    /** Largest rotation bound over the links. */
    public double maxRotation() {
        double w = 0;
        for (double e : rotation) {
            w = Math.max(w, e);
        }
        return w;
    }

    /** Largest translation bound over the links (metres). */
    public double maxTranslation() {
        double w = 0;
        for (double e : translation) {
            w = Math.max(w, e);
        }
        return w;
    }
}
