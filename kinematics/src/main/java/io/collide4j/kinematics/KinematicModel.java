package io.collide4j.kinematics;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;

/**
 * The kinematic tree of a robot, immutable and safe to share between threads.
 *
 * <p><b>Configuration.</b> The configuration vector has one entry per <i>active</i> joint: movable
 * (revolute, continuous, prismatic), not a mimic, in document order of the URDF. Mimic joints take
 * {@code multiplier · q[source] + offset} (chains of mimics are resolved).
 *
 * <p><b>Links and bodies.</b> Links are numbered in depth-first order from the root (children in
 * document order), so a parent always precedes its children. Fixed joints are folded: every movable
 * joint starts a <i>body</i> (body 0 is the root), and each link is its body's frame times a constant
 * offset. The <i>chain</i> of a link is the list of movable joints from the root to it; two links share
 * the prefix of their chains up to their nearest common body.
 *
 * <p>The root link's frame is the world frame.
 */
public final class KinematicModel {
    final String name;
    // links, in depth-first order
    final String[] linkNames;
    final int[] linkBody;
    final Matrix4d[] linkOffset; // body frame -> link frame (never mutated after construction)
    final boolean[] linkOffsetIsIdentity;
    final int[][] linkChain; // movable bodies from the root to the link (root body excluded)
    // bodies: 0 = root, b >= 1 = child frame of movable joint
    final int[] bodyParent;
    final Matrix4d[] bodyPre; // parent body frame -> joint frame (fixed joints folded in)
    final double[] axis; // 3 per body, unit, in the joint frame
    final boolean[] bodyPrismatic;
    final int[] bodyVar; // configuration index driving the joint
    final double[] bodyMul;
    final double[] bodyOff;
    final boolean[] bodyMimic; // a mimic joint: its value is computed from q[bodyVar], with rounding
    final String[] bodyJoint;
    final double[] bodyLower;
    final double[] bodyUpper;
    final int[] bodyDepth;
    final double[] bodyPreLength; // |translation of bodyPre|: how far the joint frame sits from the parent body origin
    final boolean[] bodyAxisAligned; // revolute about ±x, ±y or ±z: a two-column update with exact sin/cos entries
    private final FkErrorBound fkErrorBound;
    // variables
    final String[] varNames;
    final double[] lower;
    final double[] upper;
    private final boolean[] continuous;
    private final Map<String, Integer> linkIndex = new HashMap<>();
    private final Map<String, Integer> varIndex = new HashMap<>();
    private final RobotDescription description;

    private KinematicModel(RobotDescription d) {
        KinematicTree t = new KinematicTree(d);
        this.description = d;
        this.name = t.name;
        this.linkNames = t.linkNames;
        this.linkBody = t.linkBody;
        this.linkOffset = t.linkOffset;
        this.linkOffsetIsIdentity = t.linkOffsetIsIdentity;
        this.linkChain = t.linkChain;
        this.bodyParent = t.bodyParent;
        this.bodyPre = t.bodyPre;
        this.axis = t.axis;
        this.bodyPrismatic = t.bodyPrismatic;
        this.bodyVar = t.bodyVar;
        this.bodyMul = t.bodyMul;
        this.bodyOff = t.bodyOff;
        this.bodyMimic = t.bodyMimic;
        this.bodyJoint = t.bodyJoint;
        this.bodyLower = t.bodyLower;
        this.bodyUpper = t.bodyUpper;
        this.bodyDepth = t.bodyDepth;
        this.bodyPreLength = t.bodyPreLength;
        this.varNames = t.varNames;
        this.lower = t.lower;
        this.upper = t.upper;
        this.continuous = t.continuous;
        linkIndex.putAll(t.linkIndex);
        varIndex.putAll(t.varIndex);
        int nb = bodyParent.length;
        bodyAxisAligned = new boolean[nb];
        for (int b = 1; b < nb; b++) {
            bodyAxisAligned[b] = !bodyPrismatic[b] && FkErrorBound.isAxisAligned(this, b);
        }
        fkErrorBound = FkErrorBound.of(this, t.bodyPrePose, t.linkOffsetPose, t.mimicDepth);
    }

    /** The a-priori bound on the rounding error of this model's link poses (see {@link FkErrorBound}). */
    public FkErrorBound fkErrorBound() {
        return fkErrorBound;
    }

    /** Builds the model of a robot description; throws IllegalArgumentException naming the fault. */
    public static KinematicModel of(RobotDescription description) {
        return new KinematicModel(description);
    }

    public String name() {
        return name;
    }

    public RobotDescription description() {
        return description;
    }

    /** Number of configuration entries (active joints). */
    public int variableCount() {
        return varNames.length;
    }

    /** Active joint names in configuration order. */
    public List<String> variableNames() {
        return List.of(varNames);
    }

    public String variableName(int i) {
        return varNames[i];
    }

    /** Configuration index of an active joint, -1 if it is not one. */
    public int variableIndex(String jointName) {
        Integer i = varIndex.get(jointName);
        return i == null ? -1 : i;
    }

    public double lowerLimit(int variable) {
        return lower[variable];
    }

    public double upperLimit(int variable) {
        return upper[variable];
    }

    /**
     * Whether the variable is a continuous joint: a rotation without limits whose values q and q + 2π are the same
     * pose (a planner may move it the short way round; its limits are −∞ .. +∞).
     */
    public boolean isContinuous(int variable) {
        return continuous[variable];
    }

    public int linkCount() {
        return linkNames.length;
    }

    /** Link names in model order (depth-first from the root). */
    public List<String> linkNames() {
        return List.of(linkNames);
    }

    public String linkName(int link) {
        return linkNames[link];
    }

    /** Index of a link by name; IllegalArgumentException if there is none. */
    public int linkIndex(String linkName) {
        Integer i = linkIndex.get(linkName);
        if (i == null) {
            throw new IllegalArgumentException("robot " + name + " has no link " + linkName);
        }
        return i;
    }

    int bodyCount() {
        return bodyParent.length;
    }

    /** Number of movable joints between the root and this link. */
    public int chainLength(int link) {
        return linkChain[link].length;
    }

    /** Names of the movable joints from the root to this link (mimic joints included). */
    public List<String> chainJointNames(int link) {
        List<String> out = new ArrayList<>();
        for (int b : linkChain[link]) {
            out.add(bodyJoint[b]);
        }
        return out;
    }

    /** Number of movable joints the chains of two links share (those that move both links alike). */
    public int sharedChainLength(int linkA, int linkB) {
        int[] a = linkChain[linkA];
        int[] b = linkChain[linkB];
        int n = Math.min(a.length, b.length);
        int k = 0;
        while (k < n && a[k] == b[k]) {
            k++;
        }
        return k;
    }

    /** True when two links are on the same body (rigidly attached through fixed joints only). */
    public boolean sameBody(int linkA, int linkB) {
        return linkBody[linkA] == linkBody[linkB];
    }

    /** Constant transform from the link's body frame (child frame of its last movable joint) to the link frame. */
    public Matrix4dc linkOffset(int link) {
        return new Matrix4d(linkOffset[link]);
    }

    // ---------------------------------------------------------------- validation (LimitChecks)

    /**
     * Largest travel (rad) of a revolute or continuous joint over one motion segment: 4 turns. Certified motion
     * bounds grow with the travel (and overflow for absurd travel, e.g. 1e154 rad, where a NaN could pass for a
     * clearance); 8π keeps them finite and resolved by the checker's speed grid, and is twice what any joint with
     * limits in [−2π, 2π] (the widest common, e.g. UR arms) can travel. A longer motion of a continuous joint is one
     * the planner must split into several segments.
     */
    public static final double MAX_SEGMENT_TURN = 8 * Math.PI;
    /**
     * Largest |value| (rad) of a revolute or continuous joint at the ends of a motion segment: 4 turns either way.
     * Along a segment the joint values are interpolated in floating point, off the exact path by about
     * u·(|value| + travel) (u = 2⁻⁵³); with both caps that is below 2e-14 rad, inside the
     * {@link #MAX_PATH_VALUE_ERROR} that {@link FkErrorBound} charges to every joint. At 1e16 rad the interpolated values would be off by whole
     * radians. States are not capped (their values are used exactly); a planner reduces a continuous joint's
     * angle modulo 2π before moving it.
     */
    public static final double MAX_SEGMENT_ANGLE = 8 * Math.PI;
    /**
     * Largest value and largest travel over one segment (m) of a prismatic joint: the motion bounds' rounding
     * slack ({@code MotionBounds}) is sized for points within 1 km of the robot's root.
     */
    public static final double MAX_SLIDE = 1e3;
    /**
     * Largest |value| (rad or m) of a joint that a mimic joint follows, in any configuration, states included:
     * {@link #checkConfiguration} refuses larger ones. A mimic joint's value multiplier·q + offset is computed, with
     * a rounding error proportional to |q|; {@link FkErrorBound} charges that error for |q| up to this cap (plus one
     * segment's travel, for values inside a motion), which
     * holds whether or not the configuration is within the joint limits and also for a continuous source, whose
     * values are otherwise unbounded (without the cap a follower of a continuous joint had no usable bound and its
     * pieces were grown by 4 × their radius). There the charge is ~4e-12 rad per unit multiplier.
     */
    public static final double MAX_MIMIC_SOURCE_VALUE = 1e3;
    /**
     * Largest {@link JointPath#positionError} (rad or m) of any joint of a motion segment: how far the joint values
     * computed along a segment may be from the exact path. {@link FkErrorBound} charges it to every joint of every
     * link pose, so every certified bound includes interpolation rounding. Straight segments within the caps above
     * stay below 2e-14 rad (4u·(8π + 16π)) or 1.4e-12 m; a spline is refused only when its coefficients are absurd
     * (a realistic cubic with |velocity × duration| of 20 rad stays near 3e-13).
     */
    public static final double MAX_PATH_VALUE_ERROR = 2e-12;

    /**
     * Checks length and finiteness; throws {@link InvalidConfigurationException} naming the index and joint.
     * Allocation-free unless it throws.
     */
    public void checkConfiguration(double[] q) {
        LimitChecks.checkConfiguration(this, q);
    }

    /**
     * Checks the straight segment q0 → q1 before any bound is computed on it: both ends as by
     * {@link #checkConfiguration}, every rotational joint's value at both ends within ±{@link #MAX_SEGMENT_ANGLE},
     * and every movable joint's travel (mimic joints included) at most {@link #MAX_SEGMENT_TURN} (rotational) or
     * {@link #MAX_SLIDE} (prismatic). The one check every motion entry point passes through ({@link RobotSegment},
     * hence checkMotion, certification, verification and the batch engines). Throws
     * {@link InvalidConfigurationException} naming the joint and its travel. Allocation-free unless it throws.
     */
    public void checkSegment(double[] q0, double[] q1) {
        LimitChecks.checkSegment(this, q0, q1);
    }

    /**
     * Checks a curved segment as {@link #checkSegment} does the straight one: every joint's travel, bounded by
     * the path's certified sup |dq/ds| over [0, 1], within the caps, and both ends valid configurations.
     */
    public void checkPath(JointPath path) {
        LimitChecks.checkPath(this, path);
    }

    /**
     * Checks length, finiteness and the position limits of every movable joint (mimic joints included,
     * with their own limits). With {@link LimitPolicy#ERROR} the first violation throws a
     * {@link JointLimitException}; with {@link LimitPolicy#REPORT} all violations are returned (empty list
     * when none; allocation-free in that case).
     */
    public List<LimitViolation> validate(double[] q, LimitPolicy policy) {
        return LimitChecks.validate(this, q, policy);
    }

    /**
     * Every joint (mimic joints included, with their own limits) whose value leaves its position limits somewhere
     * on {@code path}, s ∈ [0, 1], each with its largest excursion found; empty when the whole path is proven inside.
     * Proven by subdivision on the path's certified acceleration bound; a peak is located to 1e-9 rad (or m), and
     * only evaluated values are reported, so a reported value is truly outside. Joint values are evaluated in double
     * precision, as in {@link #validate}: a path that touches a limit to within rounding counts as inside.
     * Immutable model; thread-safe.
     */
    public List<PathLimitViolation> limitViolations(JointPath path) {
        return LimitChecks.limitViolations(this, path);
    }

    /** The value of body b's joint for configuration q. */
    double jointValue(int body, double[] q) {
        return bodyMul[body] * q[bodyVar[body]] + bodyOff[body];
    }

    // ---------------------------------------------------------------- forward kinematics

    /**
     * Forward kinematics of every link into {@code out} (no allocation). Checks length and finiteness of q
     * (not limits: see {@link #validate}). Returns out.
     */
    public LinkPoses forwardKinematics(double[] q, LinkPoses out) {
        checkConfiguration(q);
        if (out.model() != this) {
            throw new IllegalArgumentException("LinkPoses belongs to another model");
        }
        Matrix4d[] bodies = out.bodies;
        bodies[0].identity();
        // the products are the ones FkErrorBound charges: W_parent · Pre_b, the joint, then · LinkOffset_l
        for (int b = 1; b < bodies.length; b++) {
            Matrix4d m = bodies[bodyParent[b]].mulAffine(bodyPre[b], bodies[b]);
            applyJoint(b, bodyMul[b] * q[bodyVar[b]] + bodyOff[b], m);
        }
        for (int l = 0; l < linkNames.length; l++) {
            if (!linkOffsetIsIdentity[l]) { // identity offsets: the link shares its body's matrix (LinkPoses)
                bodies[linkBody[l]].mulAffine(linkOffset[l], out.links[l]);
            }
        }
        return out;
    }

    /**
     * Multiplies m on the right by body b's joint motion for joint value v. Sine and cosine are each evaluated
     * directly (JOML's rotations derive the cosine as √(1 − sin²), which loses up to half the digits near
     * v = ±π/2); the operation count is the one {@link FkErrorBound} charges.
     */
    void applyJoint(int b, double v, Matrix4d m) {
        double ax = axis[3 * b];
        double ay = axis[3 * b + 1];
        double az = axis[3 * b + 2];
        if (bodyPrismatic[b]) {
            m.translate(ax * v, ay * v, az * v);
            return;
        }
        // Math.sin/cos reduce every double argument exactly (JOML's rotateAffine takes the cosine's sign from an
        // int-truncated reduction, wrong beyond about 1e10 rad)
        double s = Math.sin(v), c = Math.cos(v);
        if (bodyAxisAligned[b]) {
            // rotation about a signed coordinate axis: two columns i, k of m mix as (c·i + s·k, c·k − s·i)
            if (ax != 0) {
                s *= ax;
                double y0 = m.m10(), y1 = m.m11(), y2 = m.m12(), z0 = m.m20(), z1 = m.m21(), z2 = m.m22();
                m.m10(c * y0 + s * z0)
                        .m11(c * y1 + s * z1)
                        .m12(c * y2 + s * z2)
                        .m20(c * z0 - s * y0)
                        .m21(c * z1 - s * y1)
                        .m22(c * z2 - s * y2);
            } else if (ay != 0) {
                s *= ay;
                double z0 = m.m20(), z1 = m.m21(), z2 = m.m22(), x0 = m.m00(), x1 = m.m01(), x2 = m.m02();
                m.m20(c * z0 + s * x0)
                        .m21(c * z1 + s * x1)
                        .m22(c * z2 + s * x2)
                        .m00(c * x0 - s * z0)
                        .m01(c * x1 - s * z1)
                        .m02(c * x2 - s * z2);
            } else {
                s *= az;
                double x0 = m.m00(), x1 = m.m01(), x2 = m.m02(), y0 = m.m10(), y1 = m.m11(), y2 = m.m12();
                m.m00(c * x0 + s * y0)
                        .m01(c * x1 + s * y1)
                        .m02(c * x2 + s * y2)
                        .m10(c * y0 - s * x0)
                        .m11(c * y1 - s * x1)
                        .m12(c * y2 - s * x2);
            }
            return;
        }
        // J = cI + s[a]x + (1 - c)aa^T, then the 3x3 part of m becomes m·J
        double t = 1 - c;
        double j00 = t * ax * ax + c, j01 = t * ax * ay - s * az, j02 = t * ax * az + s * ay;
        double j10 = t * ax * ay + s * az, j11 = t * ay * ay + c, j12 = t * ay * az - s * ax;
        double j20 = t * ax * az - s * ay, j21 = t * ay * az + s * ax, j22 = t * az * az + c;
        double a00 = m.m00(), a01 = m.m01(), a02 = m.m02(); // column 0 (JOML: mCR = column C, row R)
        double a10 = m.m10(), a11 = m.m11(), a12 = m.m12(); // column 1
        double a20 = m.m20(), a21 = m.m21(), a22 = m.m22(); // column 2
        m.m00(a00 * j00 + a10 * j10 + a20 * j20)
                .m01(a01 * j00 + a11 * j10 + a21 * j20)
                .m02(a02 * j00 + a12 * j10 + a22 * j20)
                .m10(a00 * j01 + a10 * j11 + a20 * j21)
                .m11(a01 * j01 + a11 * j11 + a21 * j21)
                .m12(a02 * j01 + a12 * j11 + a22 * j21)
                .m20(a00 * j02 + a10 * j12 + a20 * j22)
                .m21(a01 * j02 + a11 * j12 + a21 * j22)
                .m22(a02 * j02 + a12 * j12 + a22 * j22);
    }

    /**
     * Pose of one link for joint values from {@code path} at parameter s, into dest (no allocation,
     * thread-safe): the chain product only, not the whole tree.
     */
    Matrix4d chainPose(int link, JointPath path, double s, Matrix4d dest) {
        dest.identity();
        for (int b : linkChain[link]) {
            dest.mulAffine(bodyPre[b]);
            applyJoint(b, bodyMul[b] * path.position(bodyVar[b], s) + bodyOff[b], dest);
        }
        if (!linkOffsetIsIdentity[link]) {
            dest.mulAffine(linkOffset[link]);
        }
        return dest;
    }

    /**
     * Geometric Jacobian of the link-frame point (px, py, pz) of {@code link}, for the configuration
     * {@code poses} was computed from. Writes a 6 × n row-major matrix into dest (rows 0–2: linear
     * velocity, rows 3–4–5: angular velocity, world frame; column i: configuration entry i; mimic joints
     * add multiplier × their column). No allocation.
     */
    public double[] jacobian(LinkPoses poses, int link, double px, double py, double pz, double[] dest) {
        int n = varNames.length;
        if (dest.length != 6 * n) {
            throw new IllegalArgumentException("Jacobian storage has " + dest.length + " entries, expected 6 x " + n);
        }
        Arrays.fill(dest, 0);
        Matrix4d lp = poses.links[link];
        double wx = lp.m00() * px + lp.m10() * py + lp.m20() * pz + lp.m30();
        double wy = lp.m01() * px + lp.m11() * py + lp.m21() * pz + lp.m31();
        double wz = lp.m02() * px + lp.m12() * py + lp.m22() * pz + lp.m32();
        for (int b : linkChain[link]) {
            Matrix4d m = poses.bodies[b];
            double ax = axis[3 * b];
            double ay = axis[3 * b + 1];
            double az = axis[3 * b + 2];
            double zx = m.m00() * ax + m.m10() * ay + m.m20() * az;
            double zy = m.m01() * ax + m.m11() * ay + m.m21() * az;
            double zz = m.m02() * ax + m.m12() * ay + m.m22() * az;
            double k = bodyMul[b];
            int c = bodyVar[b];
            if (bodyPrismatic[b]) {
                dest[c] += k * zx;
                dest[n + c] += k * zy;
                dest[2 * n + c] += k * zz;
            } else {
                double rx = wx - m.m30();
                double ry = wy - m.m31();
                double rz = wz - m.m32();
                dest[c] += k * (zy * rz - zz * ry);
                dest[n + c] += k * (zz * rx - zx * rz);
                dest[2 * n + c] += k * (zx * ry - zy * rx);
                dest[3 * n + c] += k * zx;
                dest[4 * n + c] += k * zy;
                dest[5 * n + c] += k * zz;
            }
        }
        return dest;
    }

    // ---------------------------------------------------------------- planning groups

    /** Resolves every group of an SRDF; keys keep document order. */
    public Map<String, PlanningGroup> planningGroups(SemanticDescription srdf) {
        Map<String, PlanningGroup> out = new LinkedHashMap<>();
        for (SemanticDescription.Group g : srdf.groups()) {
            out.put(g.name(), planningGroup(srdf, g.name()));
        }
        return out;
    }

    /**
     * Resolves one SRDF group: listed joints; the parent joint of each listed link; every joint on each
     * chain from base link to tip link; and sub-groups, recursively. Throws IllegalArgumentException naming
     * the group and the unknown joint, link or sub-group, a chain whose base is not an ancestor of its tip,
     * or a sub-group cycle.
     */
    public PlanningGroup planningGroup(SemanticDescription srdf, String groupName) {
        return PlanningGroups.resolve(this, srdf, groupName);
    }

    /** The index of a link, or -1 when the robot has none of that name. */
    int findLink(String linkName) {
        Integer i = linkIndex.get(linkName);
        return i == null ? -1 : i;
    }

    @Override
    public String toString() {
        return "KinematicModel[" + name + ", " + linkNames.length + " links, " + varNames.length + " variables]";
    }
}
