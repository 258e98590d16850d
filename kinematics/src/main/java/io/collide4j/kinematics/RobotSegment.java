package io.collide4j.kinematics;

import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Per-thread scratch for one whole-robot motion segment, the object the checker's conservative
 * advancement talks to. Reuse one instance per thread: {@link #set(double[], double[])} or
 * {@link #set(JointPath)} starts a segment, then every query is allocation-free. Not thread-safe.
 *
 * <p>All queries use the segment parameter s ∈ [0, 1] and body spheres (centre (cx, cy, cz) in the
 * link frame, radius r ≥ 0). Every bound holds for all points of the sphere(s) and all s in [s0, s1],
 * floating-point rounding included (inflated, see {@link ChainBounds}):
 * <ul>
 * <li>{@link #linkPose}: the link-to-world transform at s (forward kinematics of the whole robot, cached
 *     for the last s, so asking for many links at one s costs one FK);</li>
 * <li>{@link #worldBound}: path length of any sphere point over [s0, s1] in the world (fixed obstacles);</li>
 * <li>{@link #pairBound}: how much the distance between any point of sphere A and any point of sphere B
 *     can change over [s0, s1]. Joints shared by both links' chains move both alike and are left out: the
 *     bound is the sum of both spheres' path lengths relative to the frame after the last shared joint;</li>
 * <li>{@link #chordBound}: deviation of any sphere point from its straight chord over [s0, s1].</li>
 * </ul>
 * Conservative advancement at s with a certified distance lower bound d and safety margin dmin can
 * advance to any s1 with pairBound(…, s, s1) &lt; d − dmin.
 *
 * <p>Both {@code set} methods refuse segments whose bounds could overflow ({@link KinematicModel#checkSegment},
 * {@link KinematicModel#checkPath}): with every joint's sup |dq/ds| within {@link KinematicModel#MAX_SEGMENT_TURN}
 * the bounds stay finite, for polynomial paths too (Markov's inequality: the derivative of a degree-n polynomial is
 * at most 2n² times its largest magnitude on [0, 1], so the second and third derivatives are capped as well).
 */
public final class RobotSegment {
    private final KinematicModel model;
    private final LinkPoses poses;
    private final double[] q;
    private final LinearPath linear;
    private final CellFrames cells;
    private JointPath path;
    private double cachedS = Double.NaN;

    public RobotSegment(KinematicModel model) {
        this.model = model;
        this.poses = new LinkPoses(model);
        this.q = new double[model.variableCount()];
        this.linear = new LinearPath(model.variableCount());
        this.cells = new CellFrames(model);
    }

    public KinematicModel model() {
        return model;
    }

    /**
     * Starts the straight joint-space segment q0 → q1 (arrays copied; checked for length, finiteness and joint
     * travel by {@link KinematicModel#checkSegment}).
     */
    public RobotSegment set(double[] q0, double[] q1) {
        model.checkSegment(q0, q1);
        linear.set(q0, q1);
        path = linear;
        cachedS = Double.NaN;
        cells.reset();
        return this;
    }

    /**
     * Starts a segment following {@code path} (kept by reference; it must not change while in use), checked by
     * {@link KinematicModel#checkPath} (ends and joint travel).
     */
    public RobotSegment set(JointPath path) {
        model.checkPath(path);
        this.path = path;
        cachedS = Double.NaN;
        cells.reset();
        return this;
    }

    /** Forward kinematics of every link at s (cached for repeated s); the result is owned by this object. */
    public LinkPoses posesAt(double s) {
        requirePath();
        if (!(s >= 0 && s <= 1)) {
            throw new IllegalArgumentException("segment parameter must lie in [0, 1], got " + s);
        }
        if (s != cachedS) {
            path.positions(s, q);
            model.forwardKinematics(q, poses);
            cachedS = s;
        }
        return poses;
    }

    /** Link-to-world transform of {@code link} at s, into dest. */
    public Matrix4d linkPose(int link, double s, Matrix4d dest) {
        return posesAt(s).pose(link, dest);
    }

    /** Upper bound on the world path length over [s0, s1] of any point of the link sphere. */
    public double worldBound(int link, double s0, double s1, double cx, double cy, double cz, double r) {
        requirePath();
        return ChainBounds.compute(model, link, 0, path, s0, s1, cx, cy, cz, r, ChainBounds.DISPLACEMENT);
    }

    /** Upper bound on the distance between any sphere point and its chord over [s0, s1]. */
    public double chordBound(int link, double s0, double s1, double cx, double cy, double cz, double r) {
        requirePath();
        return ChainBounds.compute(model, link, 0, path, s0, s1, cx, cy, cz, r, ChainBounds.CHORD);
    }

    /**
     * Upper bound on how much |a(s) − b(s)| can change over s in [s0, s1], for any point a of sphere A on
     * linkA and any point b of sphere B on linkB.
     */
    public double pairBound(
            int linkA,
            double ax,
            double ay,
            double az,
            double ra,
            int linkB,
            double bx,
            double by,
            double bz,
            double rb,
            double s0,
            double s1) {
        int skip = model.sharedChainLength(linkA, linkB);
        return chainBound(linkA, skip, s0, s1, ax, ay, az, ra) + chainBound(linkB, skip, s0, s1, bx, by, bz, rb);
    }

    /**
     * Upper bound on the path length over [s0, s1] of any point of the link sphere relative to the frame after
     * the first {@code skip} joints of the link's chain (skip = 0: the world; {@link #pairBound} is the sum of
     * both links' bounds with skip = {@link KinematicModel#sharedChainLength}).
     */
    public double chainBound(int link, int skip, double s0, double s1, double cx, double cy, double cz, double r) {
        requirePath();
        return ChainBounds.compute(model, link, skip, path, s0, s1, cx, cy, cz, r, ChainBounds.DISPLACEMENT);
    }

    /**
     * Upper bound on the speed |dP/ds| over [s0, s1] of any point of the link sphere relative to the frame after
     * the first {@code skip} joints: the path length over any part [a, b] of [s0, s1] is at most this times b − a.
     */
    public double chainSpeed(int link, int skip, double s0, double s1, double cx, double cy, double cz, double r) {
        requirePath();
        return ChainBounds.compute(model, link, skip, path, s0, s1, cx, cy, cz, r, ChainBounds.SPEED);
    }

    /**
     * Upper bounds on the speed |dP/ds| over the grid cell [s0, s1] of any point of the link sphere relative to the
     * frame after the first k joints of the link's chain, into dest[k] for k = 0 (the world) .. chain length (dest
     * needs {@link KinematicModel#chainLength}(link) + 1 entries): {@link #chainSpeed}'s bound for each k, without
     * its interval splitting (see {@link CellFrames}). The cell's body frames and joint bounds are computed on the
     * first call for a cell index of this segment and shared by every later call for it (any link and sphere): a
     * whole-robot speed grid costs one kinematics pass per cell. A cell index asked with other ends is recomputed.
     * Allocation-free once the grid has been used.
     */
    public void cellSpeeds(
            int cell, double s0, double s1, int link, double cx, double cy, double cz, double r, double[] dest) {
        requirePath();
        cells.speeds(path, cell, s0, s1, link, cx, cy, cz, r, dest);
    }

    /**
     * The world position of the link point (cx, cy, cz) at the midpoint of grid cell [s0, s1], into dest: the centre
     * about which {@link #cellSpeeds} × (s1 − s0) / 2 bounds every position over the cell (forward kinematics of the
     * cell's shared frames, rounded like {@link #posesAt}).
     */
    public Vector3d cellCentre(
            int cell, double s0, double s1, int link, double cx, double cy, double cz, Vector3d dest) {
        requirePath();
        return cells.centre(path, cell, s0, s1, link, cx, cy, cz, dest);
    }

    /** An immutable motion of one link along the current path (allocates; the path must not be reused). */
    public JointInterpolatedMotion motion(int link) {
        requirePath();
        JointPath p = path == linear ? linear.copy() : path;
        return new JointInterpolatedMotion(model, link, p);
    }

    private void requirePath() {
        if (path == null) {
            throw new IllegalStateException("no segment set: call set(q0, q1) or set(path) first");
        }
    }

    /** Mutable straight segment, exact at both ends. */
    private static final class LinearPath implements JointPath {
        private final double[] q0;
        private final double[] q1;
        private final double[] dq;

        LinearPath(int n) {
            q0 = new double[n];
            q1 = new double[n];
            dq = new double[n];
        }

        void set(double[] a, double[] b) {
            System.arraycopy(a, 0, q0, 0, q0.length);
            System.arraycopy(b, 0, q1, 0, q1.length);
            for (int i = 0; i < dq.length; i++) {
                dq[i] = b[i] - a[i];
            }
        }

        JointPath copy() {
            return PolynomialJointPath.linear(q0, q1);
        }

        @Override
        public int variableCount() {
            return q0.length;
        }

        @Override
        public double position(int i, double s) {
            return s == 1 ? q1[i] : q0[i] + s * dq[i]; // exact at both ends
        }

        @Override
        public double velocity(int i, double s) {
            return dq[i];
        }

        @Override
        public double maxAbsVelocity(int i, double s0, double s1) {
            return Math.abs(dq[i]) * (1 + MotionBounds.REL);
        }

        @Override
        public double acceleration(int i, double s) {
            return 0;
        }

        @Override
        public double maxAbsAcceleration(int i, double s0, double s1) {
            return 0;
        }

        @Override
        public double maxAbsJerk(int i, double s0, double s1) {
            return 0;
        }

        @Override
        public double positionError(int i) {
            // q0 + s·dq with dq = q1 − q0 rounded: within u|dq| + 2u(|q0| + |dq|) of the exact segment, s in [0, 1]
            return 4 * 0x1p-53 * (Math.abs(q0[i]) + 2 * Math.abs(dq[i]));
        }
    }
}
