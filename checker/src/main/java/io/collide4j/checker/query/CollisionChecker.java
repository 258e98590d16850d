package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.JointPath;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

import java.util.ArrayList;
import java.util.List;

/**
 * Collision queries of one robot model against one scene, with one margin semantics everywhere: a
 * state or motion is free for margin d ≥ 0 when every checked pair keeps a distance <b>greater than</b> d.
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
public final class CollisionChecker {
    static final int ENV = 0;
    static final int SELF = 1;

    /** Default absolute tolerance (m) under which a motion's lower bound counts as touching the margin. */
    public static final double DEFAULT_TOLERANCE = 1e-4;
    /** Default cap on distance evaluations per motion. */
    public static final long DEFAULT_BUDGET = 200_000;
    /** Each advancement step may consume at most this fraction of the current gap (rest = certified clearance). */
    static final double STEP_FRACTION = 0.8;
    /** Joint travel (summed over all joints, rad or m) per cell of a segment's speed grid, and the most cells. */
    static final double CELL_TURN = 0.2;
    static final int MAX_CELLS = 1024;

    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final ExactMeshPairs exact;     // null unless the scene has exact mesh pieces
    private final SphereTier spheres;
    private final BooleanAdvancement booleanAdvancement;

    private CollisionChecker(RobotCollisionModel model, PreparedScene prepared) {
        this.model = model;
        this.prepared = prepared;
        this.spheres = new SphereTier(model, prepared);
        this.exact = prepared.hasExactMeshes() ? new ExactMeshPairs(model, prepared) : null;
        this.booleanAdvancement = new BooleanAdvancement(this, spheres);
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

    PreparedScene prepared() {
        return prepared;
    }

    public QueryContext newContext() {
        return new QueryContext(this);
    }

    private void checkContext(QueryContext c) {
        if (c.checker != this) {
            throw new IllegalArgumentException("query context belongs to another checker");
        }
    }

    private static void checkMargin(double d) {
        if (!(d >= 0) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + d);
        }
    }

    // ------------------------------------------------------------------ narrow phase on one pair

    /** Certified lower bound on the pair's distance (margins subtracted) for the given link poses; fills c.result. */
    double lowerBound(QueryContext c, int kind, int a, int b, int slot, Matrix4dc poseA, Matrix4dc poseB) {
        if (kind == ENV) {
            if (exact != null && prepared.mesh(b) != null) {
                return exact.lowerBound(c, a, b, slot, poseA);
            }
            c.gjk.distance(model.pieceShape(a), poseA, prepared.shape(b), prepared.pose(slot), c.result);
            return c.result.lowerBound - model.pieceMargin(a) - prepared.margin(b);
        }
        c.gjk.distance(model.pieceShape(a), poseA, model.pieceShape(b), poseB, c.result);
        return c.result.lowerBound - model.pieceMargin(a) - model.pieceMargin(b);
    }

    /** Whether an environment pair's obstacle piece is an exact mesh (checked by {@link ExactMeshPairs}). */
    boolean isExactMeshPair(int kind, int b) {
        return kind == ENV && exact != null && prepared.mesh(b) != null;
    }

    private double margins(int kind, int a, int b) {
        return model.pieceMargin(a) + (kind == ENV ? prepared.margin(b) : model.pieceMargin(b));
    }

    PairId pairId(int kind, int a, int b, int slot) {
        int ba = model.pieceBody(a);
        if (kind == ENV) {
            Obstacle o = prepared.scene().slot(slot);
            return new PairId(model.bodyName(ba), a - model.pieceStart(ba), o.name(), b - prepared.pieceStart(slot), true);
        }
        int bb = model.pieceBody(b);
        return new PairId(model.bodyName(ba), a - model.pieceStart(ba), model.bodyName(bb), b - model.pieceStart(bb), false);
    }

    private Contact contact(QueryContext c, int kind, int a, int b, int slot, double lb) {
        double est = c.result.intersecting ? -margins(kind, a, b) : c.result.distance - margins(kind, a, b);
        return new Contact(pairId(kind, a, b, slot), lb, Math.max(lb, est), new Vector3d(c.result.witnessA),
                new Vector3d(c.result.witnessB), new Vector3d(c.result.normal));
    }

    /**
     * Like {@link #contact} but, for overlapping pieces, runs EPA for the penetration depth: the estimate
     * becomes −(depth + margins), the points are the deepest points and the normal points from first to second.
     */
    private Contact contactWithDepth(QueryContext c, int kind, int a, int b, int slot, double lb, Matrix4dc pa, Matrix4dc pb) {
        if (!c.result.intersecting || (kind == ENV && prepared.mesh(b) != null)) {
            return contact(c, kind, a, b, slot, lb);   // no penetration depth against an exact mesh
        }
        if (kind == ENV) {
            c.epa.penetration(model.pieceShape(a), pa, prepared.shape(b), prepared.pose(slot), c.penetration);
        } else {
            c.epa.penetration(model.pieceShape(a), pa, model.pieceShape(b), pb, c.penetration);
        }
        if (!c.penetration.intersecting) {
            return contact(c, kind, a, b, slot, lb);
        }
        double est = -c.penetration.depth - margins(kind, a, b);
        return new Contact(pairId(kind, a, b, slot), Math.min(lb, est), est, new Vector3d(c.penetration.witnessA),
                new Vector3d(c.penetration.witnessB), new Vector3d(c.penetration.normal));
    }

    // ------------------------------------------------------------------ discrete queries

    /** Forward kinematics into the context (checks q's length and finiteness). */
    private LinkPoses fk(double[] q, QueryContext c) {
        return model.kinematics().forwardKinematics(q, c.poses);
    }

    /** World centre of a link-frame sphere centre, into dest. */
    private static Vector3d worldCentre(LinkPoses poses, int link, double x, double y, double z, Vector3d dest) {
        return poses.transformPoint(link, x, y, z, dest);
    }

    private static double boxDistance(double[] box, double x, double y, double z) {
        double dx = Math.max(0, Math.max(box[0] - x, x - box[3]));
        double dy = Math.max(0, Math.max(box[1] - y, y - box[4]));
        double dz = Math.max(0, Math.max(box[2] - z, z - box[5]));
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * True when every checked pair (self and environment) is certified farther apart than d at q.
     * Exits at the first pair that cannot be certified, which the context then names
     * ({@link QueryContext#blockingPieceA()}). Allocation-free.
     */
    public boolean isFree(double[] q, double d, QueryContext c) {
        return isFree(q, d, c, true);
    }

    /**
     * {@link #isFree(double[], double, QueryContext)}, with or without the sphere tier in front of GJK (without: the
     * GJK-only reference the tier is tested against).
     */
    boolean isFree(double[] q, double d, QueryContext c, boolean sphereTier) {
        checkContext(c);
        checkMargin(d);
        LinkPoses poses = fk(q, c);
        c.tier.posesChanged();
        Scene scene = prepared.scene();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            Vector3d bc = worldCentre(poses, link, model.bodySphere(body, 0), model.bodySphere(body, 1),
                    model.bodySphere(body, 2), c.v);
            scene.querySphere(bc.x, bc.y, bc.z, model.bodySphere(body, 3) + d, c.hits);
            for (int h = 0; h < c.hits.count(); h++) {
                int slot = c.hits.get(h);
                if (!model.checks(body, scene.slot(slot).name())) {
                    continue;
                }
                scene.slotBounds(slot, c.box);
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    Vector3d pc = worldCentre(poses, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1),
                            model.pieceSphere(p, 2), c.w);
                    if (boxDistance(c.box, pc.x, pc.y, pc.z) - model.pieceSphere(p, 3) > d) {
                        continue;
                    }
                    for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                        if (sphereTier && spheres.env(c.tier, poses, p, k, d) > d) {
                            continue;
                        }
                        if (!(lowerBound(c, ENV, p, k, slot, poses.pose(link), null) > d)) {   // NaN: not free
                            c.block(ENV, p, k);
                            return false;
                        }
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            if (!selfPairFree(model.selfPairA(i), model.selfPairB(i), d, poses, c, sphereTier)) {
                return false;
            }
        }
        return true;
    }

    private boolean selfPairFree(int ba, int bb, double d, LinkPoses poses, QueryContext c, boolean sphereTier) {
        int la = model.bodyLink(ba), lb = model.bodyLink(bb);
        Vector3d ca = worldCentre(poses, la, model.bodySphere(ba, 0), model.bodySphere(ba, 1), model.bodySphere(ba, 2), c.v);
        Vector3d cb = worldCentre(poses, lb, model.bodySphere(bb, 0), model.bodySphere(bb, 1), model.bodySphere(bb, 2), c.w);
        if (ca.distance(cb) - model.bodySphere(ba, 3) - model.bodySphere(bb, 3) > d) {
            return true;
        }
        for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
            for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                Vector3d pa = worldCentre(poses, la, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.v);
                Vector3d pb = worldCentre(poses, lb, model.pieceSphere(r, 0), model.pieceSphere(r, 1), model.pieceSphere(r, 2), c.w);
                if (pa.distance(pb) - model.pieceSphere(p, 3) - model.pieceSphere(r, 3) > d) {
                    continue;
                }
                if (sphereTier && spheres.self(c.tier, poses, p, r, d) > d) {
                    continue;
                }
                if (!(lowerBound(c, SELF, p, r, -1, poses.pose(la), poses.pose(lb)) > d)) {   // NaN: not free
                    c.block(SELF, p, r);
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
    public Contact minimumDistance(double[] q, QueryContext c) {
        checkContext(c);
        LinkPoses poses = fk(q, c);
        double best = Double.POSITIVE_INFINITY;
        Contact bestContact = null;
        List<int[]> cands = new ArrayList<>();
        collectDiscretePairs(poses, Double.POSITIVE_INFINITY, c, cands);
        for (int[] pr : cands) {
            int kind = pr[0], a = pr[1], b = pr[2], slot = pr[3];
            if (sphereGap(poses, kind, a, b, slot, c) > best) {
                continue;
            }
            Matrix4dc pa = poses.pose(model.bodyLink(model.pieceBody(a)));
            Matrix4dc pb = kind == ENV ? null : poses.pose(model.bodyLink(model.pieceBody(b)));
            double lb = lowerBound(c, kind, a, b, slot, pa, pb);
            Contact ct = contactWithDepth(c, kind, a, b, slot, lb, pa, pb);
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
    public List<Contact> contacts(double[] q, double d, int maxContacts, QueryContext c) {
        checkContext(c);
        checkMargin(d);
        LinkPoses poses = fk(q, c);
        List<int[]> cands = new ArrayList<>();
        collectDiscretePairs(poses, d, c, cands);
        List<Contact> out = new ArrayList<>();
        for (int[] pr : cands) {
            int kind = pr[0], a = pr[1], b = pr[2], slot = pr[3];
            if (sphereGap(poses, kind, a, b, slot, c) > d) {
                continue;
            }
            Matrix4dc pa = poses.pose(model.bodyLink(model.pieceBody(a)));
            Matrix4dc pb = kind == ENV ? null : poses.pose(model.bodyLink(model.pieceBody(b)));
            double lb = lowerBound(c, kind, a, b, slot, pa, pb);
            if (lb <= d) {
                out.add(contactWithDepth(c, kind, a, b, slot, lb, pa, pb));
            }
        }
        out.sort((x, y) -> Double.compare(x.distance(), y.distance()));
        return out.size() > maxContacts ? List.copyOf(out.subList(0, maxContacts)) : List.copyOf(out);
    }

    /** Lower bound on the pair's distance from bounding spheres / obstacle AABB (margins included). */
    private double sphereGap(LinkPoses poses, int kind, int a, int b, int slot, QueryContext c) {
        int la = model.bodyLink(model.pieceBody(a));
        Vector3d pa = worldCentre(poses, la, model.pieceSphere(a, 0), model.pieceSphere(a, 1), model.pieceSphere(a, 2), c.v);
        if (kind == ENV) {
            prepared.scene().slotBounds(slot, c.box);
            return boxDistance(c.box, pa.x, pa.y, pa.z) - model.pieceSphere(a, 3) - prepared.margin(b);
        }
        int lb = model.bodyLink(model.pieceBody(b));
        Vector3d pb = worldCentre(poses, lb, model.pieceSphere(b, 0), model.pieceSphere(b, 1), model.pieceSphere(b, 2), c.w);
        return pa.distance(pb) - model.pieceSphere(a, 3) - model.pieceSphere(b, 3);
    }

    // Every checked pair whose bounding volumes come within d (d = infinity: all checked pairs).
    private void collectDiscretePairs(LinkPoses poses, double d, QueryContext c, List<int[]> out) {
        Scene scene = prepared.scene();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            Vector3d bc = worldCentre(poses, link, model.bodySphere(body, 0), model.bodySphere(body, 1),
                    model.bodySphere(body, 2), c.v);
            if (Double.isInfinite(d)) {
                for (int slot = 0; slot < scene.slotCount(); slot++) {
                    addEnvPairs(body, slot, out);
                }
            } else {
                scene.querySphere(bc.x, bc.y, bc.z, model.bodySphere(body, 3) + d, c.hits);
                for (int h = 0; h < c.hits.count(); h++) {
                    addEnvPairs(body, c.hits.get(h), out);
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    out.add(new int[]{SELF, p, r, -1});
                }
            }
        }
    }

    private void addEnvPairs(int body, int slot, List<int[]> out) {
        Obstacle o = prepared.scene().slot(slot);
        if (o == null || !model.checks(body, o.name())) {
            return;
        }
        for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
            for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                out.add(new int[]{ENV, p, k, slot});
            }
        }
    }

    // ------------------------------------------------------------------ continuous queries

    /** {@link #checkMotion(double[], double[], double, double, long, QueryContext)} with default tolerance and budget. */
    public MotionResult checkMotion(double[] q0, double[] q1, double d, QueryContext c) {
        return checkMotion(q0, q1, d, DEFAULT_TOLERANCE, DEFAULT_BUDGET, c);
    }

    /**
     * Certified conservative advancement over the exact joint-interpolated motion q0 → q1 (see
     * {@link MotionResult}). {@code tolerance} > 0 is how close to the margin a lower bound may come
     * before the pair is reported; {@code budget} caps distance evaluations (then INCONCLUSIVE).
     */
    public MotionResult checkMotion(double[] q0, double[] q1, double d, double tolerance, long budget, QueryContext c) {
        return checkMotion(q0, q1, new MotionQuery(d, tolerance, budget, DEFAULT_SAMPLE_STEP), c);
    }

    /** {@link #checkMotion(double[], double[], double, double, long, QueryContext)} with the query's settings. */
    public MotionResult checkMotion(double[] q0, double[] q1, MotionQuery query, QueryContext c) {
        checkContext(c);
        double d = query.margin(), tolerance = query.tolerance();
        startSegment(c, q0, q1);
        collectMotionPairs(c, d + tolerance);
        c.evaluations = 0;
        c.budget = query.budget();
        int st = advancePairs(c, d, tolerance, true);
        if (st == INCONCLUSIVE_RUN) {
            return new MotionResult(MotionStatus.INCONCLUSIVE, c.stopS, positions(c, c.stopS), null,
                    Double.NEGATIVE_INFINITY, c.evaluations);
        }
        if (st == VIOLATED) {
            return new MotionResult(MotionStatus.COLLISION, c.motionTime, positions(c, c.motionTime), c.motionContact,
                    Double.NEGATIVE_INFINITY, c.evaluations);
        }
        return new MotionResult(MotionStatus.FREE, 1, positions(c, 1), null, c.motionClearance, c.evaluations);
    }

    /**
     * Conservative advancement of every candidate pair of the context's segment (after {@link #collectMotionPairs}).
     * Returns CLEAR (c.motionClearance: the certified clearance), VIOLATED (c.motionTime: with {@code earliest}, the
     * earliest violation of any pair, c.motionContact its pair; without, the first violation met, no contact made)
     * or INCONCLUSIVE_RUN (c.stopS: how far the pair that ran out got). Allocation-free unless {@code earliest}.
     */
    private int advancePairs(QueryContext c, double d, double tolerance, boolean earliestContact) {
        double earliest = 2;       // > 1: no violation yet
        double clearance = Double.POSITIVE_INFINITY;
        c.motionContact = null;
        // Pairs advance in lockstep, a slice of s per round, so the earliest violation is met early and cuts
        // every other pair's work at it. A pair is certified on [0, at[i]); it is done once that covers
        // [0, min(1, earliest)). The order changes only how much work is done, not what is proven.
        double[] at = c.pairProgress();
        java.util.Arrays.fill(at, 0, c.pairCount, 0);
        for (int round = 1; round <= ROUNDS && earliest > 0; round++) {
            double horizon = round == ROUNDS ? 1 : (double) round / ROUNDS;
            for (int i = 0; i < c.pairCount; i++) {
                if (at[i] >= Math.min(1, earliest) || at[i] >= horizon) {
                    continue;
                }
                int o = 4 * i;
                int st = advance(c, c.pairs[o], c.pairs[o + 1], c.pairs[o + 2], c.pairs[o + 3], Math.min(1, earliest), d,
                        tolerance, null, at[i], horizon);
                if (st == INCONCLUSIVE_RUN) {
                    return INCONCLUSIVE_RUN;
                }
                if (st == VIOLATED) {
                    earliest = c.stopS;
                    at[i] = 2;
                    if (!earliestContact) {
                        c.motionTime = earliest;    // any violation answers "not free"
                        return VIOLATED;
                    }
                    c.motionContact = contact(c, c.pairs[o], c.pairs[o + 1], c.pairs[o + 2], c.pairs[o + 3], c.minLowerBound);
                    if (earliest == 0) {
                        break;
                    }
                } else {
                    at[i] = c.stopS;
                    clearance = Math.min(clearance, c.clearance);
                }
            }
        }
        if (earliest <= 1) {
            c.motionTime = earliest;
            return VIOLATED;
        }
        c.motionClearance = clearance;
        return CLEAR;
    }

    /** Default joint-space spacing (Euclidean, rad or m) of {@link #isMotionFree}'s discrete samples. */
    public static final double DEFAULT_SAMPLE_STEP = 0.25;
    /** Most discrete samples {@link #isMotionFree} takes inside one motion (a power of two, minus one). */
    static final int MAX_SAMPLE_CELLS = 64;

    /** {@link #isMotionFree(double[], double[], double, double, long, double, QueryContext)} with the defaults. */
    public MotionStatus isMotionFree(double[] q0, double[] q1, double d, QueryContext c) {
        return isMotionFree(q0, q1, d, DEFAULT_TOLERANCE, DEFAULT_BUDGET, DEFAULT_SAMPLE_STEP, c);
    }

    /**
     * The planner's boolean motion query (OMPL's {@code checkMotion} without lastValid) for the straight motion
     * q0 → q1: FREE when the certified conservative advancement proves every checked pair farther than d over the
     * whole motion (the step rule, bounds, tolerance and budget of {@link #checkMotion}); otherwise COLLISION or
     * INCONCLUSIVE, with no contact time or pair. The two queries step at different s (here the sphere tier decides
     * most steps, {@link BooleanAdvancement}), so on a motion that only comes within the tolerance band
     * (d, d + tolerance] one may report it and the other certify it; elsewhere they agree.
     *
     * <p>First cheap discrete checks ({@link #isFree} at margin d): q1, then the interior points j / n of the
     * segment in bisection (van der Corput) order, n the least power of two that puts them at most
     * {@code sampleStep} apart in joint space (at most {@value #MAX_SAMPLE_CELLS} cells). A sample that is not
     * certified farther than d ends the query with COLLISION: its pair's certified lower bound is ≤ d there, so the
     * continuous check cannot certify it either. Only when every sample passes does the certified conservative
     * advancement run, pair after pair, and it stops at its first violation instead of searching for the earliest. An exhausted
     * budget (distance evaluations of the advancement; the samples are not counted) gives INCONCLUSIVE, never FREE.
     * Allocation-free after the context's warm-up; {@link QueryContext#evaluations()} then tells the advancement's
     * evaluations.
     */
    public MotionStatus isMotionFree(double[] q0, double[] q1, double d, double tolerance, long budget, double sampleStep,
                                     QueryContext c) {
        MotionQuery.check(d, tolerance, budget, sampleStep);    // the record's checks, without a per-call record
        return motionFree(q0, q1, d, tolerance, budget, sampleStep, c);
    }

    /** {@link #isMotionFree(double[], double[], double, double, long, double, QueryContext)} with the query's settings. */
    public MotionStatus isMotionFree(double[] q0, double[] q1, MotionQuery query, QueryContext c) {
        return motionFree(q0, q1, query.margin(), query.tolerance(), query.budget(), query.sampleStep(), c);
    }

    private MotionStatus motionFree(double[] q0, double[] q1, double d, double tolerance, long budget, double sampleStep,
                                    QueryContext c) {
        checkContext(c);
        if (q0.length != c.qs.length || q1.length != c.qs.length) {
            throw new IllegalArgumentException("configurations must have " + c.qs.length + " values, got "
                    + q0.length + " and " + q1.length);
        }
        c.evaluations = 0;
        if (!isFree(q1, d, c)) {
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
            if (!isFree(c.qs, d, c)) {
                return MotionStatus.COLLISION;
            }
        }
        startSegment(c, q0, q1);
        collectMotionPairs(c, d + tolerance);
        c.budget = budget;
        return booleanAdvancement.run(c, d, tolerance).motionStatus();
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

    /** Joint values at s of the context's segment (for a straight segment exact at s = 0 and s = 1). */
    static double[] positions(QueryContext c, double s) {
        double[] q = new double[c.q0.length];
        if (c.curved != null) {
            return c.curved.positions(s, q);
        }
        for (int i = 0; i < q.length; i++) {
            q[i] = s == 1 ? c.q1[i] : c.q0[i] + s * (c.q1[i] - c.q0[i]);
        }
        return q;
    }

    /** Starts the straight segment q0 → q1 in the context. */
    static void startSegment(QueryContext c, double[] q0, double[] q1) {
        c.segment.set(q0, q1);
        double turn = 0;
        for (int i = 0; i < q0.length; i++) {
            turn += Math.abs(q1[i] - q0[i]);
        }
        begin(c, q0, q1, null, turn);
    }

    /** Starts a curved segment (a spline piece over all model variables) whose ends are q0 and q1. */
    static void startPath(QueryContext c, JointPath path, double[] q0, double[] q1) {
        c.segment.set(path);
        // joint travel along the curve, not along its chord: a spline that swings out and back has a short chord
        double turn = 0;
        for (int i = 0; i < q0.length; i++) {
            turn += path.maxAbsVelocity(i, 0, 1);
        }
        begin(c, q0, q1, path, turn);
    }

    /** Common part of starting a segment: speed-grid cells for the joint travel, end configurations, the path. */
    private static void begin(QueryContext c, double[] q0, double[] q1, JointPath curved, double turn) {
        // Math.max/min pass NaN through and (int) NaN is 0: a grid of no cells would bound every step by its slack
        double cells = Math.ceil(turn / CELL_TURN);
        c.resetSegmentMemo(cells <= 1 ? 1 : cells <= MAX_CELLS ? (int) cells : MAX_CELLS);
        System.arraycopy(q0, 0, c.q0, 0, c.q0.length);
        System.arraycopy(q1, 0, c.q1, 0, c.q1.length);
        c.curved = curved;
    }

    static final int CLEAR = 0;
    static final int VIOLATED = 1;
    static final int INCONCLUSIVE_RUN = 2;
    /** Certified up to c.stopS ≥ the pause point, not yet to sEnd. */
    static final int PAUSED = 3;
    /** Lockstep rounds of {@link #checkMotion}: each advances every open pair to the next 1/ROUNDS of s. */
    static final int ROUNDS = 8;

    /** Receives the advancement steps of one pair (for certificates). */
    interface StepSink {
        /** Over [s0, s1] the pair was certified: lower bound lb at s0, motion bound mu over [s0, s1]. */
        void step(double s0, double s1, double lb, double mu);

        /**
         * Where to end a step that could reach s1 (&lt; the pair's end): any value in (s0, s1], e.g. a shorter
         * decimal for a compact certificate; a step's bound only shrinks when the step does.
         */
        default double end(double s0, double s1) {
            return s1;
        }

        /**
         * Over [s0, s1] an exact mesh pair in the tolerance band was proven farther than the margin by
         * Tight-Inclusion ({@link ExactMeshPairs#clearUntil}), starting from a lower bound above the margin at s0.
         */
        default void exactWindow(double s0, double s1) {
        }
    }

    /**
     * Re-proves a certificate's Tight-Inclusion window: environment pair (a, obstacle piece b in slot) is an exact
     * mesh pair and stays farther than d over [s0, s1] of the context's segment. The caller checks a lower bound
     * above d at s0 (Tight-Inclusion only sees boundary crossings). Deterministic: a window the certifier proved
     * re-proves identically.
     */
    boolean exactWindowClear(QueryContext c, int a, int b, int slot, double s0, double s1, double d) {
        if (exact == null || prepared.mesh(b) == null || !(s1 > s0)) {
            return false;
        }
        double t = exact.clearUntil(c, a, b, slot, model.bodyLink(model.pieceBody(a)), s0, s1, d);
        return !c.exactMeshScratch().hit && t >= s1;
    }

    /** {@link #advance(QueryContext, int, int, int, int, double, double, double, StepSink, double, double)} to sEnd without pausing. */
    int advance(QueryContext c, int kind, int a, int b, int slot, double sEnd, double d, double tol, StepSink sink,
                double start) {
        return advance(c, kind, a, b, slot, sEnd, d, tol, sink, start, sEnd);
    }

    /**
     * Conservative advancement of one pair on the context's segment from s = start to sEnd, pausing (PAUSED) once
     * it is certified up to at least {@code pause}. Sets c.stopS (how far it is certified, or the violation or
     * budget stop), c.clearance (min of lb − mu over this call's steps), c.minLowerBound (lb at the stop).
     */
    int advance(QueryContext c, int kind, int a, int b, int slot, double sEnd, double d, double tol, StepSink sink,
                double start, double pause) {
        RobotSegment seg = c.segment;
        int la = model.bodyLink(model.pieceBody(a));
        int lbk = kind == ENV ? -1 : model.bodyLink(model.pieceBody(b));
        double s = start;
        c.clearance = Double.POSITIVE_INFINITY;
        if (!(sEnd > s)) {
            // An empty interval (an earlier pair already fails at s = start) has nothing to prove: no step recorded.
            c.stopS = s;
            return CLEAR;
        }
        // Bounds the change of the pair's distance over every sub-interval of the segment (a path is no longer
        // on a part of [0, 1] than on all of it): clears far pairs at once and caps every step's bound.
        double whole = wholeMotionBound(c, kind, a, b);
        int skip = sharedJoints(kind, a, b);
        while (true) {
            if (c.evaluations >= c.budget) {
                c.stopS = s;
                return INCONCLUSIVE_RUN;
            }
            c.evaluations++;
            LinkPoses poses = seg.posesAt(s);
            // A bounding-volume lower bound first: when it already clears the rest of the interval, GJK is not needed.
            double cheap = cheapLowerBound(poses, kind, a, b, slot, la, lbk, c);
            if (cheap > d + tol && whole <= STEP_FRACTION * (cheap - d)) {
                if (sink != null) {
                    sink.step(s, sEnd, cheap, whole);
                }
                c.clearance = Math.min(c.clearance, cheap - whole);
                c.stopS = sEnd;
                return CLEAR;
            }
            double lb = lowerBound(c, kind, a, b, slot, poses.pose(la), kind == ENV ? null : poses.pose(lbk));
            c.minLowerBound = lb;
            if (!(lb > d + tol)) {                  // NaN: a violation, never a step
                if (Double.isNaN(lb)) {
                    c.minLowerBound = -Double.MAX_VALUE;   // "unknown", and writable in a certificate
                }
                if (lb > d && kind == ENV && exact != null && prepared.mesh(b) != null) {
                    // exact mesh pair in the tolerance band: Tight-Inclusion decides
                    double t = exact.clearUntil(c, a, b, slot, la, s, sEnd, d);
                    if (!c.exactMeshScratch().hit) {
                        if (sink != null) {
                            sink.exactWindow(s, t);
                        }
                        c.clearance = Math.min(c.clearance, d);
                        if (t >= sEnd) {
                            c.stopS = sEnd;
                            return CLEAR;
                        }
                        s = t;
                        continue;
                    }
                    if (t > s) {
                        c.minLowerBound = lowerBound(c, kind, a, b, slot, seg.posesAt(t).pose(la), null);
                    }
                    s = t;
                }
                c.stopS = s;
                return VIOLATED;
            }
            double target = STEP_FRACTION * (lb - d);
            double s1 = sEnd;
            double mu = whole;
            if (!(mu <= target)) {                  // NaN bounds never clear a step
                s1 = stepEnd(c, kind, a, b, skip, s, sEnd, whole, target);
                if (Double.isNaN(s1)) {
                    c.stopS = s;      // cannot make progress in floating point: never claim free
                    return INCONCLUSIVE_RUN;
                }
                mu = c.stepEndBound;
                if (sink != null && s1 < sEnd) {
                    double e = sink.end(s, s1);
                    if (e > s && e < s1) {
                        s1 = e;
                        mu = Math.min(whole, cellBound(c, kind, a, b, skip, s, s1));
                    }
                }
            }
            if (sink != null) {
                sink.step(s, s1, lb, mu);
            }
            c.clearance = Math.min(c.clearance, lb - mu);
            if (s1 >= sEnd) {
                c.stopS = sEnd;
                return CLEAR;
            }
            s = s1;
            if (s >= pause) {
                c.stopS = s;
                return PAUSED;
            }
        }
    }

    /**
     * Lower bound on the pair's distance from bounding volumes alone: piece sphere to obstacle AABB (which
     * contains the obstacle's convex pieces; their margin subtracted) or piece sphere to piece sphere.
     */
    double cheapLowerBound(LinkPoses poses, int kind, int a, int b, int slot, int la, int lbk, QueryContext c) {
        Vector3d pa = worldCentre(poses, la, model.pieceSphere(a, 0), model.pieceSphere(a, 1), model.pieceSphere(a, 2), c.v);
        if (kind == ENV) {
            prepared.scene().slotBounds(slot, c.box);
            return boxDistance(c.box, pa.x, pa.y, pa.z) - model.pieceSphere(a, 3) - prepared.margin(b);
        }
        Vector3d pb = worldCentre(poses, lbk, model.pieceSphere(b, 0), model.pieceSphere(b, 1), model.pieceSphere(b, 2), c.w);
        return pa.distance(pb) - model.pieceSphere(a, 3) - model.pieceSphere(b, 3);
    }

    /**
     * Upper bound on how much the pair's distance can change over [s0, s1]: the smaller of the speed grid's bound
     * ({@link #cellBound}) and {@code whole}, the pair's {@link #wholeMotionBound} (which holds for every sub-interval).
     * The bound each advancement step uses and records, and the one {@link CertificateVerifier} recomputes.
     */
    double stepBound(QueryContext c, int kind, int a, int b, double s0, double s1, double whole) {
        return Math.min(whole, cellBound(c, kind, a, b, sharedJoints(kind, a, b), s0, s1));
    }

    /**
     * Upper bound on how far any point of a robot piece (its bounding sphere, margin included) moves in the world
     * over [s0, s1] of the context's segment: the speed grid's world-frame bound, capped by the whole segment's. For
     * certificate witnesses ({@link WitnessPlanes}), whose planes are fixed in the world.
     */
    double pieceTravel(QueryContext c, int piece, double s0, double s1) {
        return Math.min(wholeChainBound(c, piece, 0), cellBound(c, ENV, piece, piece, 0, s0, s1));
    }

    /** Joints shared by both pieces' chains (they move both alike and are left out of self pairs' bounds); 0 for ENV. */
    int sharedJoints(int kind, int a, int b) {
        return kind == ENV ? 0
                : model.kinematics().sharedChainLength(model.bodyLink(model.pieceBody(a)), model.bodyLink(model.pieceBody(b)));
    }

    // ---- speed grid. A segment's [0, 1] is cut into `cells` equal cells (≈ CELL_TURN of joint travel each); per
    // piece sphere (and frame: world, or after the joints a self pair shares) each cell gets a certified bound on
    // the sphere points' speed |dP/ds| (RobotSegment.cellSpeed), computed on first use and shared by every pair
    // of that piece. Path length over [s0, s1] ≤ Σ cell speed × overlap of [s0, s1] with the cell. One set of
    // kinematic evaluations per piece and segment then serves all steps of all its pairs, and the step rule can
    // solve for the longest step directly instead of halving from the end.

    private static double cellEdge(int i, int cells) {
        return i >= cells ? 1 : (double) i / cells;
    }

    /** The cell that holds s (cellEdge(i) <= s < cellEdge(i + 1), the last cell for s = 1). */
    private static int cellOf(double s, int cells) {
        int i = Math.min(cells - 1, (int) (s * cells));
        while (i > 0 && cellEdge(i, cells) > s) {
            i--;
        }
        while (i < cells - 1 && cellEdge(i + 1, cells) <= s) {
            i++;
        }
        return i;
    }

    /** Speed bound (distance change per unit s) of the pair in a cell: both spheres' speeds relative to their shared frame. */
    private double pairSpeed(QueryContext c, int kind, int a, int b, int skip, int cell) {
        return kind == ENV ? pieceSpeed(c, a, 0, cell) : pieceSpeed(c, a, skip, cell) + pieceSpeed(c, b, skip, cell);
    }

    private double pieceSpeed(QueryContext c, int piece, int skip, int cell) {
        int t = piece * c.memoStride + skip;
        if (c.cellSpeed[t] == null || c.cellSpeed[t].length < c.cells) {
            c.cellSpeed[t] = new double[Math.max(c.cells, 64)];
            c.cellStamp[t] = new int[c.cellSpeed[t].length];
        }
        if (c.cellStamp[t][cell] != c.generation) {
            // one pass gives the piece's bound relative to every frame along its chain: fill every skip's table
            int link = model.bodyLink(model.pieceBody(piece));
            int n = model.kinematics().chainLength(link);
            c.segment.cellSpeeds(cell, cellEdge(cell, c.cells), cellEdge(cell + 1, c.cells), link,
                    model.pieceSphere(piece, 0), model.pieceSphere(piece, 1), model.pieceSphere(piece, 2),
                    model.pieceSphere(piece, 3), c.skipSpeeds);
            for (int k = 0; k <= n; k++) {
                int tk = piece * c.memoStride + k;
                if (c.cellSpeed[tk] == null || c.cellSpeed[tk].length < c.cells) {
                    c.cellSpeed[tk] = new double[Math.max(c.cells, 64)];
                    c.cellStamp[tk] = new int[c.cellSpeed[tk].length];
                }
                c.cellSpeed[tk][cell] = c.skipSpeeds[k];
                c.cellStamp[tk][cell] = c.generation;
            }
        }
        return c.cellSpeed[t][cell];
    }

    /** Rounding slack of a speed-grid sum (relative, and absolute for the positions' own rounding, m). */
    private static final double CELL_REL = 1e-12, CELL_ABS = 2e-13;

    /** Upper bound on the pair's distance change over [s0, s1]: Σ cell speed bound × overlap with the cell. */
    double cellBound(QueryContext c, int kind, int a, int b, int skip, double s0, double s1) {
        int n = c.cells;
        double sum = 0;
        for (int i = cellOf(s0, n); i < n; i++) {
            double lo = Math.max(s0, cellEdge(i, n)), hi = Math.min(s1, cellEdge(i + 1, n));
            if (hi > lo) {
                sum += pairSpeed(c, kind, a, b, skip, i) * (hi - lo);
            }
            if (cellEdge(i + 1, n) >= s1) {
                break;
            }
        }
        return sum * (1 + CELL_REL) + CELL_ABS;
    }

    /**
     * The end s1 in (s, sEnd] of an advancement step whose motion bound (its {@link #cellBound}, capped by
     * {@code whole}: the one a verifier recomputes) is at most target: the farthest end the speed grid allows, shrunk
     * until the bound fits; that bound is left in {@link QueryContext#stepEndBound}. NaN when floating point cannot
     * make progress: the caller then answers INCONCLUSIVE, never free. Shared by {@link #advance} and
     * {@link BooleanAdvancement}, so both step by the same rule.
     */
    double stepEnd(QueryContext c, int kind, int a, int b, int skip, double s, double sEnd, double whole,
                   double target) {
        double s1 = cellReach(c, kind, a, b, skip, s, sEnd, target);
        double mu = Math.min(whole, cellBound(c, kind, a, b, skip, s, s1));
        while (!(mu <= target)) {
            double next = s + (s1 - s) * Math.min(0.9, 0.95 * target / mu);
            if (!(next > s) || next - s < 1e-13) {
                return Double.NaN;
            }
            s1 = next;
            mu = Math.min(whole, cellBound(c, kind, a, b, skip, s, s1));
        }
        if (s1 < sEnd && !(s1 - s >= 1e-13)) {
            return Double.NaN;
        }
        c.stepEndBound = mu;
        return s1;
    }

    /** About the largest s1 in [s0, sEnd] whose {@link #cellBound} is at most target (the caller checks it). */
    double cellReach(QueryContext c, int kind, int a, int b, int skip, double s0, double sEnd, double target) {
        int n = c.cells;
        double left = (target - CELL_ABS) * (1 - 2 * CELL_REL);
        double pos = s0;
        for (int i = cellOf(s0, n); ; i++) {
            double hi = Math.min(sEnd, cellEdge(i + 1, n));
            double v = pairSpeed(c, kind, a, b, skip, i);
            double need = v * (hi - pos);
            if (need > left) {
                return pos + Math.max(0, left) / v;
            }
            left -= need;
            pos = hi;
            if (hi >= sEnd || i >= n - 1) {
                return sEnd;
            }
        }
    }

    /**
     * Upper bound on how much the pair's distance can change over the whole segment [0, 1], hence over any part
     * of it (the sum over the speed grid's cells), memoised per segment and piece in the context.
     */
    double wholeMotionBound(QueryContext c, int kind, int a, int b) {
        if (kind == ENV) {
            return wholeChainBound(c, a, 0);
        }
        int skip = sharedJoints(kind, a, b);
        return wholeChainBound(c, a, skip) + wholeChainBound(c, b, skip);
    }

    /**
     * True when a self pair whose bounding spheres are {@code gap} apart at s = 0 provably stays farther apart than
     * reach over the whole segment: by both spheres' world travel (the bounds environment pairs need anyway), or
     * else by the travel relative to the frame after their shared joints ({@link #wholeMotionBound}). Either
     * bounds the change of their distance.
     */
    boolean selfPairFar(QueryContext c, int p, int r, double gap, double reach) {
        return gap - (wholeChainBound(c, p, 0) + wholeChainBound(c, r, 0)) > reach
                || gap - wholeMotionBound(c, SELF, p, r) > reach;
    }

    /**
     * Radius about the piece sphere's centre at s = 0 that holds the sphere over the whole segment: its radius plus
     * its certified world path length. The one sweep that chooses environment pairs and that the verifier re-checks
     * unlisted pairs with.
     */
    double pieceSweep(QueryContext c, int piece) {
        return model.pieceSphere(piece, 3) + wholeChainBound(c, piece, 0);
    }

    /** Path length over [0, 1] of the piece's sphere relative to the frame after skip joints: Σ cell speed × cell width. */
    private double wholeChainBound(QueryContext c, int piece, int skip) {
        int t = piece * c.memoStride + skip;
        double v = c.wholeMemo[t];
        if (Double.isNaN(v)) {
            int n = c.cells;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += pieceSpeed(c, piece, skip, i) * (cellEdge(i + 1, n) - cellEdge(i, n));
            }
            v = sum * (1 + CELL_REL) + CELL_ABS;
            c.wholeMemo[t] = v;
        }
        return v;
    }

    /**
     * Candidate pairs of the context's segment: pairs whose swept bounding spheres (sphere at s = 0 grown by
     * the certified path length over [0, 1]) can come within {@code reach}; all others stay farther apart
     * than reach for the whole motion.
     */
    void collectMotionPairs(QueryContext c, double reach) {
        c.clearPairs();
        RobotSegment seg = c.segment;
        LinkPoses p0 = seg.posesAt(0);
        Scene scene = prepared.scene();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            // The body's swept volume: a sphere about the body sphere's centre that holds every piece's swept sphere.
            Vector3d bc = worldCentre(p0, link, model.bodySphere(body, 0), model.bodySphere(body, 1),
                    model.bodySphere(body, 2), c.v);
            double sweep = 0;
            for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                Vector3d pc = worldCentre(p0, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.w);
                sweep = Math.max(sweep, pc.distance(bc) + pieceSweep(c, p));
            }
            scene.querySphere(bc.x, bc.y, bc.z, sweep * (1 + 1e-12) + reach, c.hits);
            for (int h = 0; h < c.hits.count(); h++) {
                int slot = c.hits.get(h);
                if (!model.checks(body, scene.slot(slot).name())) {
                    continue;
                }
                scene.slotBounds(slot, c.box);
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    Vector3d pc = worldCentre(p0, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1),
                            model.pieceSphere(p, 2), c.w);
                    if (boxDistance(c.box, pc.x, pc.y, pc.z) - pieceSweep(c, p) > reach) {
                        continue;
                    }
                    for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                        c.addPair(ENV, p, k, slot);
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            int la = model.bodyLink(ba), lb = model.bodyLink(bb);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    Vector3d pa = worldCentre(p0, la, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.v);
                    Vector3d pb = worldCentre(p0, lb, model.pieceSphere(r, 0), model.pieceSphere(r, 1), model.pieceSphere(r, 2), c.w);
                    double gap = pa.distance(pb) - model.pieceSphere(p, 3) - model.pieceSphere(r, 3);
                    if (selfPairFar(c, p, r, gap, reach)) {
                        continue;
                    }
                    c.addPair(SELF, p, r, -1);
                }
            }
        }
    }
}
