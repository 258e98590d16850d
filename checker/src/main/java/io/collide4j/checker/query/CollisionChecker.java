package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SphereQueryGrid;
import io.collide4j.kinematics.LinkPoses;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4dc;
import org.joml.Vector3d;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Collision queries of one robot model against one scene, with one margin semantics everywhere: a
 * state or motion is free for margin ≥ 0 when every checked pair keeps a distance <b>greater than</b> d.
 *
 * <p>Soundness: every distance used for a "free" answer is a certified lower bound (GJK's lower bound or the
 * {@link SphereTier}'s covering-sphere bound,
 * minus padding and covering margins of hulls); every motion bound comes from the kinematics' certified
 * bounds. Hence "free" is never wrong for the modelled geometry, and the model only over-approximates
 * the real robot and obstacles.
 *
 * <p>Mesh obstacles are checked through covering hulls ({@link MeshMode#HULL}, the default) or exactly against
 * their triangles ({@link MeshMode#EXACT}, see {@link ExactMeshPairs}): choose with
 * {@link #of(RobotCollisionModel, Scene, MeshMode)} or a {@link PreparedScene} built in that mode.
 *
 * <p>Immutable and thread-safe: share one checker; give each thread its own {@link #newContext()}.
 */
@NullMarked
public final class CollisionChecker {
    /** {@link MotionQuery#DEFAULT_TOLERANCE}, under the name callers of the positional forms know. */
    public static final double DEFAULT_TOLERANCE = MotionQuery.DEFAULT_TOLERANCE;
    /** {@link MotionQuery#DEFAULT_BUDGET}, under the name callers of the positional forms know. */
    public static final long DEFAULT_BUDGET = MotionQuery.DEFAULT_BUDGET;

    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final PairDistance distance;
    private final SphereTier spheres;
    private final SelfPairTables selfTables;
    private final SpeedGrid grid;
    private final CandidatePairCollector collector;
    private final Advancement advancement;
    private final BooleanAdvancement booleanAdvancement;

    /**
     * Margins up to which the state check's per-body scene query is answered from {@link #sceneGrid}; larger ones
     * go to the scene's tree, with the same answers (5 cm covers the margins planners and certification use).
     */
    static final double GRID_MARGIN = 0.05;

    /** The static scene's sphere-query grid, sized for the largest body sphere plus {@link #GRID_MARGIN}. */
    private final SphereQueryGrid sceneGrid;

    /** Per body and obstacle slot ([body · slotCount + slot]): whether the pair is checked (the ACM, resolved once). */
    private final boolean[] envChecks;

    /**
     * Per body: whether its one piece's bounding sphere is the body's sphere, so the scene query (which tested that
     * sphere against each reported slot's box) already did the per-piece box test, and isFree skips it.
     */
    private final boolean[] bodyIsPiece;

    private CollisionChecker(RobotCollisionModel model, PreparedScene prepared) {
        this.model = model;
        this.prepared = prepared;
        this.spheres = new SphereTier(model, prepared);
        this.selfTables = SelfPairTables.of(model);
        @Nullable ExactMeshPairs exact = prepared.hasExactMeshes() ? new ExactMeshPairs(model, prepared) : null;
        this.distance = new PairDistance(model, prepared, exact);
        this.grid = new SpeedGrid(model);
        this.collector = new CandidatePairCollector(model, prepared, grid);
        this.advancement = new Advancement(distance, prepared, exact, grid);
        this.booleanAdvancement = new BooleanAdvancement(distance, model, prepared, grid, advancement, spheres);
        Scene scene = prepared.scene();
        double reach = GRID_MARGIN;
        for (int body = 0; body < model.bodyCount(); body++) {
            double r = model.bodySphere(body, 3) + GRID_MARGIN;
            if (Double.isFinite(r) && r > reach) { // anything else leaves that body's queries to the tree
                reach = r;
            }
        }
        this.sceneGrid = scene.sphereGrid(reach);
        this.envChecks = new boolean[model.bodyCount() * scene.slotCount()];
        this.bodyIsPiece = new boolean[model.bodyCount()];
        for (int body = 0; body < model.bodyCount(); body++) {
            int p = model.pieceStart(body);
            boolean same = model.pieceEnd(body) == p + 1;
            for (int k = 0; same && k < 4; k++) {
                same = model.pieceSphere(p, k) == model.bodySphere(body, k);
            }
            bodyIsPiece[body] = same;
        }
        for (int body = 0; body < model.bodyCount(); body++) {
            for (int slot = 0; slot < scene.slotCount(); slot++) {
                Obstacle o = scene.slot(slot);
                envChecks[body * scene.slotCount() + slot] = o != null && model.checks(body, o.name());
            }
        }
    }

    public static CollisionChecker of(RobotCollisionModel model, Scene scene) {
        return new CollisionChecker(model, PreparedScene.of(scene));
    }

    /** A checker whose mesh obstacles are covered by hulls ({@link MeshMode#HULL}) or kept exact. */
    public static CollisionChecker of(RobotCollisionModel model, Scene scene, MeshMode meshMode) {
        return new CollisionChecker(model, PreparedScene.of(scene, meshMode));
    }

    public static CollisionChecker of(RobotCollisionModel model, PreparedScene scene) {
        return new CollisionChecker(model, scene);
    }

    public RobotCollisionModel model() {
        return model;
    }

    public Scene scene() {
        return prepared.scene();
    }

    public PreparedScene prepared() {
        return prepared;
    }

    /** The segment's speed grid and motion bounds. */
    public SpeedGrid grid() {
        return grid;
    }

    /** The broad phase: candidate pairs of a segment or a state. */
    public CandidatePairCollector collector() {
        return collector;
    }

    /** The narrow phase on one pair: certified distance lower bounds, pair names and contacts. */
    public PairDistance pairDistance() {
        return distance;
    }

    /** The certified conservative advancement of checkMotion and the certifier. */
    public Advancement advancement() {
        return advancement;
    }

    public QueryContext newContext() {
        return new QueryContext(this, model);
    }

    private void checkContext(QueryContext c) {
        if (!c.belongsTo(this)) {
            throw new IllegalArgumentException("query context belongs to another checker");
        }
    }

    private static void checkMargin(double margin) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + margin);
        }
    }

    // ------------------------------------------------------------------ discrete queries

    /** Forward kinematics into the context (checks q's length and finiteness). */
    private LinkPoses fk(double[] q, QueryContext c) {
        return model.kinematics().forwardKinematics(q, c.poses);
    }

    /**
     * True when every checked pair (self and environment) is certified farther apart than the margin at q.
     * Exits at the first pair that cannot be certified, which the context then names
     * ({@link QueryContext#blockingPieceA()}). Allocation-free.
     */
    public boolean isFree(double[] q, double margin, QueryContext c) {
        return isFree(q, margin, c, true);
    }

    /**
     * {@link #isFree(double[], double, QueryContext)}, with or without the sphere tier in front of GJK (without: the
     * GJK-only reference the tier is tested against).
     */
    boolean isFree(double[] q, double margin, QueryContext c, boolean sphereTier) {
        checkContext(c);
        checkMargin(margin);
        LinkPoses poses = fk(q, c);
        c.tier.posesChanged();
        placeBoundingSpheres(poses, c);
        double[] bodyC = c.bodyCentres, pieceC = c.pieceCentres;
        Scene scene = prepared.scene();
        int slots = scene.slotCount();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            sceneGrid.querySphere(
                    bodyC[3 * body],
                    bodyC[3 * body + 1],
                    bodyC[3 * body + 2],
                    model.bodySphere(body, 3) + margin,
                    c.hits);
            for (int h = 0; h < c.hits.count(); h++) {
                int slot = c.hits.get(h);
                if (!envChecks[body * slots + slot]) {
                    continue;
                }
                boolean boxTest = !bodyIsPiece[body];
                if (boxTest) {
                    scene.slotBounds(slot, c.box);
                }
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    double px = pieceC[3 * p], py = pieceC[3 * p + 1], pz = pieceC[3 * p + 2];
                    if (boxTest && PairDistance.boxDistance(c.box, px, py, pz) - model.pieceSphere(p, 3) > margin) {
                        continue;
                    }
                    for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                        // the bounding sphere against the obstacle's own shape first: it decides most pairs that passed
                        // the (axis-aligned, grown) slot box, without placing the covering spheres
                        if (sphereTier
                                && (spheres.envBounding(p, px, py, pz, k) > margin
                                        || spheres.env(c.tier, poses, p, k, margin) > margin)) {
                            continue;
                        }
                        if (!distance.separatedBeyond(
                                c, PairKind.ENVIRONMENT, p, k, slot, poses.pose(link), null, margin)) {
                            c.block(PairKind.ENVIRONMENT, p, k);
                            return false;
                        }
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            if (!selfPairFree(model.selfPairA(i), model.selfPairB(i), q, margin, poses, c, sphereTier)) {
                return false;
            }
        }
        return true;
    }

    /** World centres of every body's and piece's bounding sphere into the context (one transform each per check). */
    private void placeBoundingSpheres(LinkPoses poses, QueryContext c) {
        for (int body = 0; body < model.bodyCount(); body++) {
            int link = model.bodyLink(body);
            Vector3d v = PairDistance.worldCentre(
                    poses, link, model.bodySphere(body, 0), model.bodySphere(body, 1), model.bodySphere(body, 2), c.v);
            c.bodyCentres[3 * body] = v.x;
            c.bodyCentres[3 * body + 1] = v.y;
            c.bodyCentres[3 * body + 2] = v.z;
            for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                v = PairDistance.worldCentre(
                        poses, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.v);
                c.pieceCentres[3 * p] = v.x;
                c.pieceCentres[3 * p + 1] = v.y;
                c.pieceCentres[3 * p + 2] = v.z;
            }
        }
    }

    /** Distance between two centres stored 3 per entry (as {@link Vector3d#distance}, which the bounds were written with). */
    private static double centreDistance(double[] a, int i, double[] b, int j, QueryContext c) {
        return c.v.set(a[3 * i], a[3 * i + 1], a[3 * i + 2]).distance(b[3 * j], b[3 * j + 1], b[3 * j + 2]);
    }

    private boolean selfPairFree(
            int ba, int bb, double[] q, double margin, LinkPoses poses, QueryContext c, boolean sphereTier) {
        int la = model.bodyLink(ba), lb = model.bodyLink(bb);
        if (centreDistance(c.bodyCentres, ba, c.bodyCentres, bb, c) - model.bodySphere(ba, 3) - model.bodySphere(bb, 3)
                > margin) {
            return true;
        }
        for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
            for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                if (centreDistance(c.pieceCentres, p, c.pieceCentres, r, c)
                                - model.pieceSphere(p, 3)
                                - model.pieceSphere(r, 3)
                        > margin) {
                    continue;
                }
                if (sphereTier) {
                    // the table first: on the Panda's close pairs (link5–link7, link5–hand) it answers most states the
                    // covering spheres would clear, with one lookup instead of every sphere pair
                    SelfPairTables.Verdict v = selfTables.verdict(distance, c, q, p, r, margin);
                    if (v == SelfPairTables.Verdict.FREE) {
                        continue;
                    }
                    if (v == SelfPairTables.Verdict.COLLIDING) {
                        c.block(PairKind.SELF, p, r);
                        return false;
                    }
                    if (spheres.selfBeyond(c.tier, poses, p, r, margin)) {
                        continue;
                    }
                }
                // GJK starts between the covering spheres that stopped the tier
                double hx = sphereTier ? c.tier.gapX : 0,
                        hy = sphereTier ? c.tier.gapY : 0,
                        hz = sphereTier ? c.tier.gapZ : 0;
                if (!distance.separatedBeyond(
                        c, PairKind.SELF, p, r, -1, poses.pose(la), poses.pose(lb), margin, hx, hy, hz)) {
                    c.block(PairKind.SELF, p, r);
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The closest checked pair at q (minimum signed distance): its certified lower bound and estimated
     * distance (margins subtracted; for overlapping pieces minus the EPA penetration depth), witness points
     * and normal; null when the robot has no checked pair.
     */
    public @Nullable Contact minimumDistance(double[] q, QueryContext c) {
        return minimumDistance(q, c, false);
    }

    /**
     * As {@link #minimumDistance(double[], QueryContext)}, over robot–scene pairs only when {@code sceneOnly}: "how
     * close did the robot get to the shelf", which a closer pair of the robot's own links would hide; null when no
     * robot–scene pair is checked (an empty scene).
     */
    public @Nullable Contact minimumDistance(double[] q, QueryContext c, boolean sceneOnly) {
        checkContext(c);
        LinkPoses poses = fk(q, c);
        double best = Double.POSITIVE_INFINITY;
        Contact bestContact = null;
        CandidatePairs cands = c.statePairs;
        collector.collectDiscretePairs(poses, Double.POSITIVE_INFINITY, c, cands);
        for (int i = 0; i < cands.count(); i++) {
            PairKind kind = cands.kind(i);
            if (sceneOnly && kind != PairKind.ENVIRONMENT) {
                continue;
            }
            int a = cands.pieceA(i), b = cands.pieceB(i), slot = cands.slot(i);
            int la = model.bodyLink(model.pieceBody(a));
            int lbk = kind == PairKind.ENVIRONMENT ? -1 : model.bodyLink(model.pieceBody(b));
            if (distance.cheapLowerBound(poses, kind, a, b, slot, la, lbk, c) > best) {
                continue;
            }
            Matrix4dc pa = poses.pose(la);
            Matrix4dc pb = lbk < 0 ? null : poses.pose(lbk);
            double lb = distance.lowerBound(c, kind, a, b, slot, pa, pb);
            Contact ct = distance.contactWithDepth(c, kind, a, b, slot, lb, pa, pb);
            if (ct.distance() < best) {
                best = ct.distance();
                bestContact = ct;
            }
        }
        return bestContact;
    }

    /**
     * Every checked pair whose certified lower bound is ≤ d at q (the pairs that make q not free for d),
     * one contact per piece pair with depth (negative distance) and normal for overlapping pairs,
     * deepest first, at most {@code maxContacts}.
     */
    public List<Contact> contacts(double[] q, double margin, int maxContacts, QueryContext c) {
        checkContext(c);
        checkMargin(margin);
        LinkPoses poses = fk(q, c);
        CandidatePairs cands = c.statePairs;
        collector.collectDiscretePairs(poses, margin, c, cands);
        List<Contact> out = new ArrayList<>();
        for (int i = 0; i < cands.count(); i++) {
            PairKind kind = cands.kind(i);
            int a = cands.pieceA(i), b = cands.pieceB(i), slot = cands.slot(i);
            int la = model.bodyLink(model.pieceBody(a));
            int lbk = kind == PairKind.ENVIRONMENT ? -1 : model.bodyLink(model.pieceBody(b));
            if (distance.cheapLowerBound(poses, kind, a, b, slot, la, lbk, c) > margin) {
                continue;
            }
            Matrix4dc pa = poses.pose(la);
            Matrix4dc pb = lbk < 0 ? null : poses.pose(lbk);
            double lb = distance.lowerBound(c, kind, a, b, slot, pa, pb);
            if (lb <= margin) {
                out.add(distance.contactWithDepth(c, kind, a, b, slot, lb, pa, pb));
            }
        }
        out.sort((x, y) -> Double.compare(x.distance(), y.distance()));
        return out.size() > maxContacts ? List.copyOf(out.subList(0, maxContacts)) : List.copyOf(out);
    }

    /**
     * The robot's own checked body pairs (no environment pairs) that are not certified farther apart than margin at q,
     * each once, in the order first found, named by its first such piece pair: the body pairs of {@link #contacts}
     * (up to the last ulps of the threshold, which this query rounds towards reporting a pair), without the depth,
     * and without examining a body pair's other piece pairs once one is found. What sampling SRDF pairs needs: a
     * decomposed link pair overlaps in many of its piece pairs at once.
     */
    public List<LinkPair> selfPairsNotSeparated(double[] q, double margin, QueryContext c) {
        checkContext(c);
        checkMargin(margin);
        LinkPoses poses = fk(q, c);
        CandidatePairs cands = c.statePairs;
        collector.collectDiscretePairs(poses, margin, c, cands);
        int bodies = model.bodyCount();
        boolean[] found = new boolean[bodies * bodies];
        List<LinkPair> out = new ArrayList<>();
        for (int i = 0; i < cands.count(); i++) {
            PairKind kind = cands.kind(i);
            if (kind == PairKind.ENVIRONMENT) {
                continue;
            }
            int a = cands.pieceA(i), b = cands.pieceB(i), slot = cands.slot(i);
            int ba = model.pieceBody(a), bb = model.pieceBody(b);
            int key = Math.min(ba, bb) * bodies + Math.max(ba, bb);
            if (found[key]) {
                continue;
            }
            int la = model.bodyLink(ba), lbk = model.bodyLink(bb);
            if (distance.cheapLowerBound(poses, kind, a, b, slot, la, lbk, c) > margin) {
                continue;
            }
            if (!distance.separatedBeyond(c, kind, a, b, slot, poses.pose(la), poses.pose(lbk), margin)) {
                found[key] = true;
                out.add(distance.linkPair(kind, a, b, slot));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ continuous queries

    /** {@link #checkMotion(double[], double[], double, double, long, QueryContext)} with default tolerance and budget. */
    public MotionResult checkMotion(double[] q0, double[] q1, double margin, QueryContext c) {
        return checkMotion(q0, q1, margin, DEFAULT_TOLERANCE, DEFAULT_BUDGET, c);
    }

    /**
     * Certified conservative advancement over the exact joint-interpolated motion q0 → q1 (see
     * {@link MotionResult}). {@code tolerance} > 0 is how close to the margin a lower bound may come
     * before the pair is reported; {@code budget} caps distance evaluations (then INCONCLUSIVE).
     *
     * <p>Two phases sharing the budget: first the boolean proof of {@link #isMotionFree} (without its discrete
     * samples, which only reject), whose FREE comes with a certified clearance lower bound; only when it does not
     * prove the motion free does the earliest-contact search ({@link Advancement#advancePairs}, GJK at every step,
     * lockstep rounds) run, from what the proof had certified (the pairs it finished over [0, 1], the one it stopped
     * on up to where it stopped), so a COLLISION's time, pair and contact are the search's evaluation there. A free
     * motion thus costs what isMotionFree's advancement costs (on the bench's free Panda edges the search alone cost
     * about 4× as much); its clearance bound is looser than the search's (coarser GJK, longer steps), still > the
     * margin. On a motion that comes within the tolerance band the proof may certify what the search alone would
     * report, and the reverse; a reported time may then differ from the search's alone, each meeting the contract.
     */
    public MotionResult checkMotion(
            double[] q0, double[] q1, double margin, double tolerance, long budget, QueryContext c) {
        return checkMotion(q0, q1, new MotionQuery(margin, tolerance, budget, DEFAULT_SAMPLE_STEP), c);
    }

    /** {@link #checkMotion(double[], double[], double, double, long, QueryContext)} with the query's settings. */
    public MotionResult checkMotion(double[] q0, double[] q1, MotionQuery query, QueryContext c) {
        checkContext(c);
        double d = query.margin(), tolerance = query.tolerance();
        c.startSegment(q0, q1);
        collector.collectMotionPairs(c, d + tolerance);
        c.evaluations = 0;
        c.budget = query.budget();
        if (booleanAdvancement.run(c, d, tolerance) == AdvanceStatus.CLEARED) {
            return new MotionResult(MotionStatus.FREE, 1, c.positions(1), null, c.motionClearance, c.evaluations);
        }
        // not proven free (a violation, the band, or no progress): the search goes on from what the proof certified,
        // counting the same budget
        AdvanceStatus st = advancement.advancePairs(c, d, tolerance, true, c.provenPairs, c.stopS, c.motionClearance);
        if (st == AdvanceStatus.INCONCLUSIVE) {
            return new MotionResult(
                    MotionStatus.INCONCLUSIVE,
                    c.stopS,
                    c.positions(c.stopS),
                    null,
                    Double.NEGATIVE_INFINITY,
                    c.evaluations);
        }
        if (st == AdvanceStatus.VIOLATED) {
            return new MotionResult(
                    MotionStatus.COLLISION,
                    c.motionTime,
                    c.positions(c.motionTime),
                    c.motionContact,
                    Double.NEGATIVE_INFINITY,
                    c.evaluations);
        }
        return new MotionResult(MotionStatus.FREE, 1, c.positions(1), null, c.motionClearance, c.evaluations);
    }

    /** {@link MotionQuery#DEFAULT_SAMPLE_STEP}, under the name callers of the positional forms know. */
    public static final double DEFAULT_SAMPLE_STEP = MotionQuery.DEFAULT_SAMPLE_STEP;
    /** Most discrete samples {@link #isMotionFree} takes inside one motion (a power of two, minus one). */
    static final int MAX_SAMPLE_CELLS = 64;

    /** {@link #isMotionFree(double[], double[], double, double, long, double, QueryContext)} with the defaults. */
    public MotionStatus isMotionFree(double[] q0, double[] q1, double margin, QueryContext c) {
        return isMotionFree(q0, q1, margin, DEFAULT_TOLERANCE, DEFAULT_BUDGET, DEFAULT_SAMPLE_STEP, c);
    }

    /**
     * The planner's boolean motion query (OMPL's {@code checkMotion} without lastValid) for the straight motion
     * q0 → q1: FREE when the certified conservative advancement proves every checked pair farther than d over the
     * whole motion (the step rule, bounds, tolerance and budget of {@link #checkMotion}); otherwise COLLISION or
     * INCONCLUSIVE, with no contact time or pair. checkMotion runs this query's advancement first and its own
     * earliest-contact search only when it fails; the search steps at different s (here the sphere tier decides
     * most steps, {@link BooleanAdvancement}), so on a motion that only comes within the tolerance band
     * (d, d + tolerance] checkMotion may certify what this query reports; elsewhere they agree.
     *
     * <p>First cheap discrete checks ({@link #isFree} at margin): q1, then the interior points j / n of the
     * segment in bisection (van der Corput) order, n the least power of two that puts them at most
     * {@code sampleStep} apart in joint space (at most {@value #MAX_SAMPLE_CELLS} cells). A sample that is not
     * certified farther than d ends the query with COLLISION: its pair's certified lower bound is ≤ d there, so the
     * continuous check cannot certify it either. Only when every sample passes does the certified conservative
     * advancement run, pair after pair, and it stops at its first violation instead of searching for the earliest. An exhausted
     * budget (distance evaluations of the advancement; the samples are not counted) gives INCONCLUSIVE, never FREE.
     * Allocation-free after the context's warm-up; {@link QueryContext#evaluations()} then tells the advancement's
     * evaluations.
     */
    public MotionStatus isMotionFree(
            double[] q0, double[] q1, double margin, double tolerance, long budget, double sampleStep, QueryContext c) {
        return isMotionFree(q0, q1, margin, tolerance, budget, sampleStep, EndCheck.FIRST, c);
    }

    /** {@link #isMotionFree(double[], double[], double, double, long, double, QueryContext)} with the query's settings. */
    public MotionStatus isMotionFree(double[] q0, double[] q1, MotionQuery query, QueryContext c) {
        return motionFree(
                q0, q1, query.margin(), query.tolerance(), query.budget(), query.sampleStep(), EndCheck.FIRST, c);
    }

    /**
     * {@link #isMotionFree(double[], double[], double, double, long, double, QueryContext)} with q1's discrete check
     * {@link EndCheck#FIRST first} (that method's order) or {@link EndCheck#KNOWN_FREE skipped} (the caller's
     * {@link #isFree} answered true for these exact values at this margin). The skipped check would have passed; a
     * FREE answer is still the advancement's proof alone, which covers s = 1 too, so a caller wrong about q1 gets a
     * slower refusal, never a wrong FREE.
     */
    public MotionStatus isMotionFree(
            double[] q0,
            double[] q1,
            double margin,
            double tolerance,
            long budget,
            double sampleStep,
            EndCheck end,
            QueryContext c) {
        MotionQuery.check(margin, tolerance, budget, sampleStep); // the record's checks, without a per-call record
        return motionFree(q0, q1, margin, tolerance, budget, sampleStep, end, c);
    }

    private MotionStatus motionFree(
            double[] q0,
            double[] q1,
            double margin,
            double tolerance,
            long budget,
            double sampleStep,
            EndCheck end,
            QueryContext c) {
        checkContext(c);
        if (q0.length != c.qs.length || q1.length != c.qs.length) {
            throw new IllegalArgumentException(
                    "configurations must have " + c.qs.length + " values, got " + q0.length + " and " + q1.length);
        }
        c.evaluations = 0;
        if (end == EndCheck.FIRST && !isFree(q1, margin, c)) {
            return MotionStatus.COLLISION;
        }
        int bits = sampleBits(q0, q1, sampleStep);
        int n = 1 << bits;
        for (int k = 1; k < n; k++) {
            // van der Corput: k's bits reversed halve the segment, then quarter it, ... (Integer.reverse keeps 32 bits)
            double s = (double) (Integer.reverse(k) >>> (32 - bits)) / n;
            for (int i = 0; i < c.qs.length; i++) {
                c.qs[i] = q0[i] + s * (q1[i] - q0[i]);
            }
            if (!isFree(c.qs, margin, c)) {
                return MotionStatus.COLLISION;
            }
        }
        c.startSegment(q0, q1);
        collector.collectMotionPairs(c, margin + tolerance);
        c.budget = budget;
        return booleanAdvancement.run(c, margin, tolerance).motionStatus();
    }

    /** log2 of the discrete sample cells: the least power of two whose cells are ≤ step long (0 for NaN travel). */
    private static int sampleBits(double[] q0, double[] q1, double step) {
        double sq = 0;
        for (int i = 0; i < q0.length; i++) {
            double t = q1[i] - q0[i];
            sq += t * t;
        }
        double cells = Math.sqrt(sq) / step;
        int bits = 0;
        while (bits < Integer.numberOfTrailingZeros(MAX_SAMPLE_CELLS) && (1 << bits) < cells) {
            bits++;
        }
        return bits;
    }
}
