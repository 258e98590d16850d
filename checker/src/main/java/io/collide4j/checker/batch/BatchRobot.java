package io.collide4j.checker.batch;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;

/**
 * A {@link RobotCollisionModel} in a {@link PreparedScene} flattened into primitive tables for the device tiers,
 * together with the {@link CollisionChecker} of exactly that model and scene, whose {@link CollisionChecker#isFree}
 * is the one exact state decision of every engine.
 *
 * <p><b>Model.</b> The pieces are the model's convex pieces (link frame) with the model's piece margins (padding,
 * hull covering gaps), on the bodies of the model (links and attached objects); the obstacle pieces are the
 * prepared scene's pieces with their margins. The checked pairs are those {@code isFree} checks: every (piece of a
 * body meeting the environment, piece of an obstacle the ACM does not allow for that body) and every piece pair of
 * the model's self pairs. For the tiers each robot piece is covered by spheres ({@link SphereCover}: a hull is cut
 * into {@link Builder#slabs} slabs along its longest axis, each slab's part enclosed by one sphere; other pieces use
 * the model's piece sphere), every radius grown by the piece margin; an obstacle piece is its oriented bounding box
 * ({@link ObstacleBoxes}). The tables: the chain ({@link ChainLayout}), the pieces with their spheres and vertices
 * (here), the obstacle boxes, the checked pairs ({@link PairTable}) and the motion tier's reach ({@link ReachTable}).
 *
 * <p><b>State tier</b> ({@code pairSpheresClear} and {@code pairSeparated}, mirrored statement by statement by
 * {@code states.cl}): a pair is
 * <i>clear</i> when every sphere of its robot piece is farther than {@code c} from the other side (sphere–sphere,
 * sphere–box, margins included), or when a Frank–Wolfe search finds a direction v separating the two vertex sets
 * by more than (both margins + c); here {@code c = d + }{@link #SAFETY}. A configuration all of whose pairs are
 * clear is certified: every checked pair of the modelled (margin-grown) geometry is farther apart than the margin + SAFETY.
 *
 * <p><b>Why a cleared configuration is one {@code isFree(q, d)} calls free.</b> {@code isFree} says "not free" only
 * when GJK's certified lower bound on some pair's distance, minus the margins, is ≤ d. The tier proved that pair's
 * true distance minus margins exceeds d + SAFETY on its own poses. Three things separate the two numbers: (1) the
 * tier's forward kinematics (host cos/sin, 3×4 products) and the checker's (JOML) differ by rounding, ~10 ε per
 * joint times the reach, below 1e-13 m for arms within 100 m of the origin; (2) the tier's own rounding in sphere
 * and support products, of the same order; (3) GJK's lower bound falls short of the true distance only by its
 * stopping gap, relative 1e-11 plus 64 ε·scale (scale = size of the placed shapes, ≈ 1e-14 m per metre), and by
 * the rounding allowance of its support planes (a few ε·scale). Together far below 1e-9 m, four orders of magnitude
 * under SAFETY = 10 µm, so GJK certifies every such pair and {@code isFree} returns true. (Only a GJK run stopped by
 * its iteration cap could fall short by more; the state tests compare verdicts on 10^5 configurations.) Every
 * other configuration is decided by {@code isFree} itself on the CPU, so verdicts equal {@code isFree}'s, and the
 * "free" answers of the tier are in any case certified for the modelled geometry.
 *
 * <p><b>Motion tier</b> ({@code motions_tier} in {@code states.cl}): conservative advancement of the whole robot
 * along q0 → q1 with the same spheres and configuration-independent reach tables (built per sphere in the
 * constructor): a sphere
 * point's speed is at most Σ_j |mul_j Δq_j|·R_j (R_j: distance bound from joint j's origin to the sphere, through
 * the constant joint offsets, prismatic travel and the sphere's offset and radius; prismatic joints count 1), and
 * for self pairs the joints both chains share are left out. A pair whose spheres overlap uses instead the
 * Frank–Wolfe lower bound on its pieces' distance (max over iterates v of v·s/|v|) with the fastest of each piece's
 * spheres as its speed (every point of a piece lies in one of its spheres). At each step the whole robot advances
 * by the smallest (gap − c)/speed over the pairs. A motion is certified free when every pair stays
 * farther than d + tolerance + SAFETY for the whole motion; the CPU's checkMotion then never meets a lower bound
 * ≤ d + tolerance, so it answers FREE too (unless its evaluation budget runs out).
 *
 * <p>Immutable and thread-safe; per-thread state lives in {@link Scratch}.
 */
public final class BatchRobot {

    /**
     * Extra clearance (metres) the device tiers demand on top of the margin: covers rounding of the tiers and the
     * gap between the tier's certificate and the checker's GJK lower bound (see the class comment).
     */
    public static final double SAFETY = 1e-5;

    final CollisionChecker checker;
    final RobotCollisionModel model;
    final PreparedScene scene;
    final KinematicModel kinematics;
    final ChainLayout chain;
    // robot pieces (model piece indices)
    final int[] pieceLink;
    final double[] pieceMargin;
    final int[] pieceSphereStart; // spheres of piece i: [start[i], start[i+1])
    final double[] sphere; // 4 per sphere: centre in link frame, radius (piece margin included)
    final int[] sphereLink;
    final int[] pieceVertexStart; // vertices of piece i (link frame): [start[i], start[i+1]); none for round shapes
    final double[] pieceVertex; // 3 per vertex
    final ObstacleBoxes obstacles;
    final PairTable pairs;
    final ReachTable reach;

    private BatchRobot(Builder b) {
        model = b.model;
        scene = b.scene;
        checker = CollisionChecker.of(model, scene);
        kinematics = model.kinematics();
        chain = new ChainLayout(kinematics);

        // robot pieces and their spheres / vertices
        int np = model.pieceCount();
        pieceLink = new int[np];
        pieceMargin = new double[np];
        pieceSphereStart = new int[np + 1];
        pieceVertexStart = new int[np + 1];
        List<double[]> spheres = new ArrayList<>();
        List<double[]> verts = new ArrayList<>();
        for (int p = 0; p < np; p++) {
            pieceLink[p] = model.bodyLink(model.pieceBody(p));
            pieceMargin[p] = model.pieceMargin(p);
            pieceSphereStart[p] = spheres.size();
            ConvexShape shape = model.pieceShape(p);
            double[] v = Shapes.polytopeVertices(shape);
            verts.add(v == null ? new double[0] : v);
            double[] pieceSphere = {
                model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), model.pieceSphere(p, 3)
            };
            SphereCover.cover(shape, v, pieceSphere, b.slabs, pieceMargin[p], spheres);
            pieceVertexStart[p + 1] = pieceVertexStart[p] + verts.get(p).length / 3;
        }
        pieceSphereStart[np] = spheres.size();
        pieceVertex = new double[3 * pieceVertexStart[np]];
        for (int p = 0; p < np; p++) {
            System.arraycopy(verts.get(p), 0, pieceVertex, 3 * pieceVertexStart[p], verts.get(p).length);
        }
        sphere = new double[4 * spheres.size()];
        sphereLink = new int[spheres.size()];
        for (int p = 0; p < np; p++) {
            for (int s = pieceSphereStart[p]; s < pieceSphereStart[p + 1]; s++) {
                System.arraycopy(spheres.get(s), 0, sphere, 4 * s, 4);
                sphereLink[s] = pieceLink[p];
            }
        }
        obstacles = new ObstacleBoxes(scene);
        pairs = new PairTable(model, scene, kinematics, pieceLink, pieceMargin, obstacles.obstacleMargin);
        reach = new ReachTable(chain, sphere, sphereLink);
    }

    /** A builder for a collision model in a prepared scene (the pieces and margins isFree uses). */
    public static Builder builder(RobotCollisionModel model, PreparedScene scene) {
        return new Builder(model, scene);
    }

    /** A builder for a collision model in a scene, prepared with the default (one hull per mesh) obstacle pieces. */
    public static Builder builder(RobotCollisionModel model, Scene scene) {
        return new Builder(model, PreparedScene.of(scene));
    }

    /** The checker (of this model and prepared scene) whose isFree and checkMotion decide what the tiers cannot. */
    public CollisionChecker checker() {
        return checker;
    }

    /** The collision model. */
    public RobotCollisionModel model() {
        return model;
    }

    /** The kinematic model whose configuration vectors this robot takes. */
    public KinematicModel kinematics() {
        return kinematics;
    }

    /** Configuration length. */
    public int dof() {
        return kinematics.variableCount();
    }

    /** Number of checked pairs. */
    public int pairCount() {
        return pairs.count();
    }

    /** Number of robot pieces (the model's). */
    public int pieceCount() {
        return pieceLink.length;
    }

    /** Number of covering spheres of the tiers. */
    public int sphereCount() {
        return sphereLink.length;
    }

    /** Number of obstacle pieces. */
    public int obstaclePieceCount() {
        return obstacles.count();
    }

    /** Number of doubles {@link #jointTrig} writes per configuration. */
    public int trigLength() {
        return chain.trigLength();
    }

    /**
     * Per moving joint: (cos v, sin v) for revolute, (v, 0) for prismatic, v = mul·q[var] + off; written at
     * dest[off ..]. The only transcendental step of the state tier, done on the host so the device's forward
     * kinematics is bit-identical to the tier's here.
     */
    public void jointTrig(double[] q, int qOff, double[] dest, int off) {
        chain.jointTrig(q, qOff, dest, off);
    }

    /** Human-readable name of pair p, e.g. "panda_link5#0 / shelf_top#0" (body or obstacle name, piece within it). */
    public String pairName(int p) {
        int a = pairs.pairA[p], b = pairs.pairB[p];
        int ba = model.pieceBody(a);
        String left = model.bodyName(ba) + "#" + (a - model.pieceStart(ba));
        if (b < 0) {
            int k = -1 - b, slot = obstacles.obstacleSlot[k];
            return left + " / " + scene.scene().slot(slot).name() + "#" + (k - scene.pieceStart(slot));
        }
        int bb = model.pieceBody(b);
        return left + " / " + model.bodyName(bb) + "#" + (b - model.pieceStart(bb));
    }

    /** World centre of sphere s into w[0..2] (same expression as the kernel). */
    private void sphereCentre(double[] pose, int s, double[] w) {
        int k = 12 * sphereLink[s];
        double x = sphere[4 * s], y = sphere[4 * s + 1], z = sphere[4 * s + 2];
        w[0] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
        w[1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
        w[2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
    }

    /** Whether every sphere of pair p's robot piece is farther than c from the other side (margins included). */
    boolean pairSpheresClear(int p, double[] pose, double c, double[] wa, double[] wb) {
        int a = pairs.pairA[p], b = pairs.pairB[p];
        double[] obb = obstacles.obb, obstacleMargin = obstacles.obstacleMargin;
        for (int s = pieceSphereStart[a]; s < pieceSphereStart[a + 1]; s++) {
            sphereCentre(pose, s, wa);
            double ra = sphere[4 * s + 3];
            if (b < 0) {
                int ko = -1 - b;
                int k = 15 * ko;
                double dx = wa[0] - obb[k + 9], dy = wa[1] - obb[k + 10], dz = wa[2] - obb[k + 11];
                double lx = obb[k] * dx + obb[k + 3] * dy + obb[k + 6] * dz;
                double ly = obb[k + 1] * dx + obb[k + 4] * dy + obb[k + 7] * dz;
                double lz = obb[k + 2] * dx + obb[k + 5] * dy + obb[k + 8] * dz;
                double ex = excess(lx, obb[k + 12]), ey = excess(ly, obb[k + 13]), ez = excess(lz, obb[k + 14]);
                double t = ra + obstacleMargin[ko] + c;
                if (!(ex * ex + ey * ey + ez * ez > t * t)) {
                    return false;
                }
            } else {
                for (int u = pieceSphereStart[b]; u < pieceSphereStart[b + 1]; u++) {
                    sphereCentre(pose, u, wb);
                    double dx = wa[0] - wb[0], dy = wa[1] - wb[1], dz = wa[2] - wb[2];
                    double rs = ra + sphere[4 * u + 3] + c;
                    if (!(dx * dx + dy * dy + dz * dz > rs * rs)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Frank–Wolfe iterations of the separating-direction tier. */
    static final int FW_ITERATIONS = 32;

    /**
     * Second tier: looks for a direction separating the pair's vertex sets (robot hull vertices placed by FK; an
     * obstacle piece's box corners, which contain it) by more than the pair's margins + c, by Frank–Wolfe on the
     * minimum-norm point of A − B: v ← the point of segment [v, s] nearest the origin, s the support of A − B
     * opposite v. Certified once v·s &gt; (margins + c)·|v|: every point x of A − B then has v·x ≥ v·s, so the
     * pieces are farther apart than margins + c. Only +, ×, one division and comparisons: bit-identical in the
     * kernel. Pieces without vertices (curved primitives) are never cleared here.
     */
    boolean pairSeparated(int p, double[] pose, double c, double[] w) {
        int a = pairs.pairA[p], b = pairs.pairB[p];
        int a0 = pieceVertexStart[a], a1 = pieceVertexStart[a + 1];
        if (a0 == a1 || b >= 0 && pieceVertexStart[b] == pieceVertexStart[b + 1]) {
            return false;
        }
        double tm = pairs.pairMargin[p] + c;
        int la = 12 * pieceLink[a];
        int lb = b >= 0 ? 12 * pieceLink[b] : 0;
        int b0 = b >= 0 ? pieceVertexStart[b] : 0, b1 = b >= 0 ? pieceVertexStart[b + 1] : 8;
        int ob = b >= 0 ? 0 : 24 * (-1 - b);
        place(pose, la, pieceVertex, 3 * a0, w, 0);
        vertexB(pose, b, lb, ob, b0, w, 3);
        double vx = w[0] - w[3], vy = w[1] - w[4], vz = w[2] - w[5];
        for (int it = 0; it < FW_ITERATIONS; it++) {
            // support of A in −v: smallest v·x
            double best = Double.POSITIVE_INFINITY;
            double sax = 0, say = 0, saz = 0;
            for (int i = a0; i < a1; i++) {
                place(pose, la, pieceVertex, 3 * i, w, 0);
                double dot = vx * w[0] + vy * w[1] + vz * w[2];
                if (dot < best) {
                    best = dot;
                    sax = w[0];
                    say = w[1];
                    saz = w[2];
                }
            }
            // support of B in +v: largest v·x
            double worst = Double.NEGATIVE_INFINITY;
            double sbx = 0, sby = 0, sbz = 0;
            for (int i = b0; i < b1; i++) {
                vertexB(pose, b, lb, ob, i, w, 3);
                double dot = vx * w[3] + vy * w[4] + vz * w[5];
                if (dot > worst) {
                    worst = dot;
                    sbx = w[3];
                    sby = w[4];
                    sbz = w[5];
                }
            }
            double sx = sax - sbx, sy = say - sby, sz = saz - sbz;
            double vs = vx * sx + vy * sy + vz * sz;
            double vv = vx * vx + vy * vy + vz * vz;
            if (vs > 0 && vs * vs > tm * tm * vv) {
                return true;
            }
            double ex = vx - sx, ey = vy - sy, ez = vz - sz;
            double ee = ex * ex + ey * ey + ez * ez;
            double num = vv - vs;
            if (!(ee > 0) || !(num > 0)) {
                return false; // v is the nearest point already: not separated by the threshold
            }
            double lambda = num / ee;
            if (lambda > 1) {
                lambda = 1;
            }
            vx = vx - lambda * ex;
            vy = vy - lambda * ey;
            vz = vz - lambda * ez;
        }
        return false;
    }

    private void vertexB(double[] pose, int b, int lb, int ob, int i, double[] w, int o) {
        if (b >= 0) {
            place(pose, lb, pieceVertex, 3 * i, w, o);
        } else {
            w[o] = obstacles.obstacleCorner[ob + 3 * i];
            w[o + 1] = obstacles.obstacleCorner[ob + 3 * i + 1];
            w[o + 2] = obstacles.obstacleCorner[ob + 3 * i + 2];
        }
    }

    /** w[o..o+2] = pose(link at k) · local point src[s..s+2] (same expression as sphereCentre). */
    private static void place(double[] pose, int k, double[] src, int s, double[] w, int o) {
        double x = src[s], y = src[s + 1], z = src[s + 2];
        w[o] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
        w[o + 1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
        w[o + 2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
    }

    private static double excess(double x, double h) {
        return x < -h ? x + h : x > h ? x - h : 0;
    }

    /** The clearance c the state tier demands for margin (the kernel receives the same double). */
    static double tierClearance(double margin) {
        return margin + SAFETY;
    }

    /**
     * The state tier of the device, in Java with the kernel's arithmetic: true when every pair is clear (spheres
     * or separating direction) by margins + {@code tierClearance(d)} for the joint trig values at trig[tOff ..].
     * Index of the first pair that is not clear, or -1 when all are.
     */
    int firstUnclearPair(double[] trig, int tOff, double margin, Scratch s) {
        chain.forwardKinematics(trig, tOff, s.pose);
        double c = tierClearance(margin);
        for (int p = 0; p < pairs.count(); p++) {
            if (!pairSpheresClear(p, s.pose, c, s.wa, s.wb) && !pairSeparated(p, s.pose, c, s.w6)) {
                return p;
            }
        }
        return -1;
    }

    /**
     * The exact state decision, {@link CollisionChecker#isFree}(q, d) itself: -1 when free, else the index of
     * the pair isFree could not certify. Allocation-free with the caller's scratch.
     */
    public int blockingPair(double[] q, int qOff, double margin, Scratch s) {
        System.arraycopy(q, qOff, s.q, 0, s.q.length);
        if (checker.isFree(s.q, margin, s.context)) {
            return -1;
        }
        QueryContext c = s.context;
        int a = c.blockingPieceA(), b = c.blockingPieceB();
        int p = pairs.indexOf(c.blockingIsEnvironment(), a, b);
        if (p < 0) {
            throw new IllegalStateException("isFree blocked on a pair the batch robot does not list: piece " + a + " / "
                    + (c.blockingIsEnvironment() ? "obstacle piece " : "piece ") + b);
        }
        return p;
    }

    /** Per-thread working memory (not thread-safe). */
    public final class Scratch {
        final double[] trig = new double[Math.max(1, chain.trigLength())];
        final double[] pose = new double[12 * chain.linkCount()];
        final double[] wa = new double[3], wb = new double[3], w6 = new double[6];
        final double[] q = new double[kinematics.variableCount()];
        final QueryContext context = checker.newContext();
        private final Matrix4d m = new Matrix4d();

        /** The tier's pose of a link as a JOML matrix (valid until the next call). */
        Matrix4d matrix(int link) {
            int k = 12 * link;
            return m.set(
                    pose[k],
                    pose[k + 4],
                    pose[k + 8],
                    0,
                    pose[k + 1],
                    pose[k + 5],
                    pose[k + 9],
                    0,
                    pose[k + 2],
                    pose[k + 6],
                    pose[k + 10],
                    0,
                    pose[k + 3],
                    pose[k + 7],
                    pose[k + 11],
                    1);
        }
    }

    /** A fresh scratch for one thread. */
    public Scratch newScratch() {
        return new Scratch();
    }

    /** Builder of a {@link BatchRobot}. */
    public static final class Builder {
        private final RobotCollisionModel model;
        private final PreparedScene scene;
        private int slabs = 3;

        private Builder(RobotCollisionModel model, PreparedScene scene) {
            if (model == null || scene == null) {
                throw new IllegalArgumentException("collision model and scene must not be null");
            }
            this.model = model;
            this.scene = scene;
        }

        /** Spheres per hull piece (slabs along its longest axis), ≥ 1; default 3. */
        public Builder slabs(int slabs) {
            if (slabs < 1) {
                throw new IllegalArgumentException("slabs must be >= 1, got " + slabs);
            }
            this.slabs = slabs;
            return this;
        }

        public BatchRobot build() {
            return new BatchRobot(this);
        }
    }
}
