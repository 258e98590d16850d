package io.collide4j.checker.query;

import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Epa;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.narrowphase.PenetrationResult;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.DynamicAabbTree;
import io.collide4j.kinematics.JointPath;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import java.util.Arrays;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Per-thread scratch for the queries of one {@link CollisionChecker}: narrow-phase state, forward
 * kinematics, the current motion segment and candidate pair lists. Create one per thread with
 * {@link CollisionChecker#newContext()}; never share one between threads. Reusing it makes the
 * discrete queries allocation-free.
 */
@NullMarked
public final class QueryContext {
    // The checker that made this context, compared by identity only: the context knows its robot, not its checker,
    // so the checker and the collaborators that read this scratch do not form a cycle.
    private final Object owner;
    final Gjk gjk = new Gjk();
    public final DistanceResult result = new DistanceResult();
    final Epa epa = new Epa();
    final PenetrationResult penetration = new PenetrationResult();
    final LinkPoses poses;
    public final RobotSegment segment;
    final DynamicAabbTree.Hits hits = new DynamicAabbTree.Hits();
    final Vector3d v = new Vector3d();
    final Vector3d w = new Vector3d();
    final Matrix4d m = new Matrix4d();
    final double[] box = new double[6];
    /** World centres of the covering spheres for the sphere tier. */
    final SphereTier.Scratch tier;
    /** World centres of the bodies' and pieces' bounding spheres (3 each) for the current discrete check. */
    final double[] bodyCentres, pieceCentres;

    final double[] q0;
    final double[] q1;
    /** The current segment's curved joint path (spline trajectories), or null for the straight q0 → q1. */
    @Nullable
    JointPath curved;

    /** Candidate pairs of the current motion ({@link CandidatePairCollector#collectMotionPairs}). */
    public final CandidatePairs pairs = new CandidatePairs();
    /** Candidate pairs of the current state (minimumDistance, contacts). */
    final CandidatePairs statePairs = new CandidatePairs();

    // Per segment: path-length bounds over all of [0, 1] of each piece sphere relative to the frame after k
    // shared joints, at [piece * memoStride + k]; NaN = not computed yet for this segment.
    final int memoStride;
    final double[] wholeMemo;
    // Per segment: speed bounds of the same spheres on a uniform grid of `cells` cells of [0, 1], at
    // [piece * memoStride + k][cell], valid where the stamp equals `generation` (tables allocated on first use).
    int cells;
    int generation;
    final double[] @Nullable [] cellSpeed;
    final int[] @Nullable [] cellStamp;
    /** One piece's speed bounds in one cell for every skip (RobotSegment.cellSpeeds), memoStride long. */
    final double[] skipSpeeds;
    // Per segment: the pieces' swept spheres per cell (SweptSpheres), sweptStride doubles per piece, valid where
    // sweptStamp[piece] equals `generation`; and each piece's box over the whole segment, 6 doubles per piece.
    int sweptStride;
    double[] sweptCells = new double[0];
    final int[] sweptStamp;
    final double[] sweptBox;

    // Output of one conservative-advancement run.
    public double stopS;
    public double clearance;
    public double minLowerBound;
    /** The motion bound of the step {@link SpeedGrid#stepEnd} last returned. */
    double stepEndBound;

    public long evaluations;
    public long budget;

    // Output of one multi-pair advancement ({@link Advancement#advancePairs}): the violation time, its pair's contact
    // (earliest-contact runs only), the certified clearance of a free motion.
    double motionTime;

    @Nullable
    Contact motionContact;

    double motionClearance;
    /** Of a boolean proof that stopped: how many leading candidate pairs it certified over [0, 1]. */
    int provenPairs;
    /** A discrete sample of isMotionFree. */
    final double[] qs;
    /** A configuration and its poses at which {@link SelfPairTables} fills a cell (the query's poses stay intact). */
    final double[] tableQ;

    final LinkPoses tablePoses;

    // Exact mesh-mode scratch, created on first use (only checkers with exact mesh obstacles need it).
    private @Nullable ExactMeshScratch exactMesh;

    ExactMeshScratch exactMeshScratch() {
        if (exactMesh == null) {
            exactMesh = new ExactMeshScratch();
        }
        return exactMesh;
    }

    // The pair that made the last isFree answer false.
    private boolean blockEnv;
    private int blockA = -1, blockB = -1;

    /**
     * @param owner the checker making the context (kept for {@link #belongsTo} only)
     * @param model that checker's robot, which sizes the scratch
     */
    QueryContext(Object owner, RobotCollisionModel model) {
        this.owner = owner;
        this.poses = new LinkPoses(model.kinematics());
        this.tier = new SphereTier.Scratch(model);
        this.bodyCentres = new double[3 * model.bodyCount()];
        this.pieceCentres = new double[3 * model.pieceCount()];
        this.segment = new RobotSegment(model.kinematics());
        this.q0 = new double[model.kinematics().variableCount()];
        this.q1 = new double[q0.length];
        this.qs = new double[q0.length];
        this.tableQ = new double[q0.length];
        this.tablePoses = new LinkPoses(model.kinematics());
        var kin = model.kinematics();
        int longest = 0;
        for (int l = 0; l < kin.linkCount(); l++) {
            longest = Math.max(longest, kin.chainLength(l));
        }
        this.memoStride = longest + 1;
        this.wholeMemo = new double[model.pieceCount() * memoStride];
        this.cellSpeed = new double[wholeMemo.length][];
        this.cellStamp = new int[wholeMemo.length][];
        this.skipSpeeds = new double[memoStride];
        this.sweptStamp = new int[model.pieceCount()];
        this.sweptBox = new double[6 * model.pieceCount()];
    }

    /** Grows the swept-sphere tables to at least {@code stride} doubles per piece (forgetting their contents). */
    void growSwept(int stride) {
        sweptStride = Math.max(stride, Math.max(64, 2 * sweptStride));
        sweptCells = new double[sweptStride * sweptStamp.length];
        Arrays.fill(sweptStamp, 0);
    }

    /** Joint values at s of the context's segment (for a straight segment exact at s = 0 and s = 1). */
    public double[] positions(double s) {
        double[] q = new double[q0.length];
        if (curved != null) {
            return curved.positions(s, q);
        }
        for (int i = 0; i < q.length; i++) {
            q[i] = s == 1 ? q1[i] : q0[i] + s * (q1[i] - q0[i]);
        }
        return q;
    }

    /** Starts the straight segment q0 → q1 in this context. */
    public void startSegment(double[] q0, double[] q1) {
        segment.set(q0, q1);
        double turn = 0;
        for (int i = 0; i < q0.length; i++) {
            turn += Math.abs(q1[i] - q0[i]);
        }
        begin(q0, q1, null, turn);
    }

    /** Starts a curved segment (a spline piece over all model variables) whose ends are q0 and q1. */
    public void startPath(JointPath path, double[] q0, double[] q1) {
        segment.set(path);
        // joint travel along the curve, not along its chord: a spline that swings out and back has a short chord
        double turn = 0;
        for (int i = 0; i < q0.length; i++) {
            turn += path.maxAbsVelocity(i, 0, 1);
        }
        begin(q0, q1, path, turn);
    }

    /** Common part of starting a segment: speed-grid cells for the joint travel, end configurations, the path. */
    private void begin(double[] q0, double[] q1, @Nullable JointPath curved, double turn) {
        resetSegmentMemo(GridCells.forTravel(turn));
        System.arraycopy(q0, 0, this.q0, 0, this.q0.length);
        System.arraycopy(q1, 0, this.q1, 0, this.q1.length);
        this.curved = curved;
    }

    /** Forgets the per-segment bounds (a new segment starts) and sets the speed grid's cell count. */
    private void resetSegmentMemo(int cells) {
        Arrays.fill(wholeMemo, Double.NaN);
        this.cells = cells;
        if (++generation == 0) { // wrapped: no stale stamp may look current
            for (int[] st : cellStamp) {
                if (st != null) {
                    Arrays.fill(st, 0);
                }
            }
            Arrays.fill(sweptStamp, 0);
            generation = 1;
        }
    }

    /** Whether this context was made by {@code checker}'s {@link CollisionChecker#newContext()} (identity). */
    public boolean belongsTo(Object checker) {
        return owner == checker;
    }

    /** Distance evaluations of the last continuous query run with this context (its advancement steps). */
    public long evaluations() {
        return evaluations;
    }

    void block(PairKind kind, int a, int b) {
        blockEnv = kind == PairKind.ENVIRONMENT;
        blockA = a;
        blockB = b;
    }

    /**
     * After {@link CollisionChecker#isFree} returned false with this context: the robot piece
     * ({@link io.collide4j.checker.robot.RobotCollisionModel} piece index) of the pair that could not be certified.
     */
    public int blockingPieceA() {
        return blockA;
    }

    /** The other piece of that pair: a robot piece, or a {@link PreparedScene} piece when {@link #blockingIsEnvironment()}. */
    public int blockingPieceB() {
        return blockB;
    }

    /** Whether that pair is robot–obstacle (else robot–robot). */
    public boolean blockingIsEnvironment() {
        return blockEnv;
    }

    // How far each candidate pair is certified during checkMotion's lockstep rounds.
    private double[] pairProgress = new double[16];

    double[] pairProgress() {
        if (pairProgress.length < pairs.count()) {
            pairProgress = new double[Math.max(pairs.count(), 2 * pairProgress.length)];
        }
        return pairProgress;
    }
}
