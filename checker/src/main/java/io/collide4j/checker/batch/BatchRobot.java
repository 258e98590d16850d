package io.collide4j.checker.batch;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.TransformedShape;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.RobotDescription;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link RobotCollisionModel} in a {@link PreparedScene} flattened into primitive tables for the device tiers,
 * together with the {@link CollisionChecker} of exactly that model and scene, whose {@link CollisionChecker#isFree}
 * is the one exact state decision of every engine.
 *
 * <p><b>Model.</b> The pieces are the model's convex pieces (link frame) with the model's piece margins (padding,
 * hull covering gaps), on the bodies of the model (links and attached objects); the obstacle pieces are the
 * prepared scene's pieces with their margins. The checked pairs are those {@code isFree} checks: every (piece of a
 * body meeting the environment, piece of an obstacle the ACM does not allow for that body) and every piece pair of
 * the model's self pairs. For the tiers each robot piece is covered by spheres (a hull is cut into
 * {@link Builder#slabs} slabs along its longest axis, each slab's part enclosed by one sphere; other pieces use the
 * model's piece sphere), every radius grown by the piece margin; an obstacle piece is its oriented bounding box.
 *
 * <p><b>State tier</b> ({@code pairSpheresClear} and {@code pairSeparated}, mirrored statement by statement by
 * {@code states.cl}): a pair is
 * <i>clear</i> when every sphere of its robot piece is farther than {@code c} from the other side (sphere–sphere,
 * sphere–box, margins included), or when a Frank–Wolfe search finds a direction v separating the two vertex sets
 * by more than (both margins + c); here {@code c = d + }{@link #SAFETY}. A configuration all of whose pairs are
 * clear is certified: every checked pair of the modelled (margin-grown) geometry is farther apart than d + SAFETY.
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
     * Extra clearance (metres) the device tiers demand on top of the margin d: covers rounding of the tiers and the
     * gap between the tier's certificate and the checker's GJK lower bound (see the class comment).
     */
    public static final double SAFETY = 1e-5;

    static final int FIXED = 0, REVOLUTE = 1, PRISMATIC = 2;

    final CollisionChecker checker;
    final RobotCollisionModel model;
    final PreparedScene scene;
    final KinematicModel kinematics;
    // links in kinematics order (parent before child)
    final String[] linkNames;
    final int[] linkParent;
    final int[] linkJoint;     // FIXED / REVOLUTE / PRISMATIC
    final int[] linkSlot;      // joint slot (index into the trig array / 2), -1 for fixed
    final double[] linkOrigin; // 12 per link: row-major 3x4 parent -> joint frame
    final double[] linkAxis;   // 3 per link, unit
    // joint slots: value = mul * q[var] + off
    final int[] slotVar;
    final double[] slotMul;
    final double[] slotOff;
    final boolean[] slotRevolute;
    // robot pieces (model piece indices)
    final int[] pieceLink;
    final double[] pieceMargin;
    final int[] pieceSphereStart;   // spheres of piece i: [start[i], start[i+1])
    final double[] sphere;          // 4 per sphere: centre in link frame, radius (piece margin included)
    final int[] sphereLink;
    final int[] pieceVertexStart;   // vertices of piece i (link frame): [start[i], start[i+1]); none for round shapes
    final double[] pieceVertex;     // 3 per vertex
    // obstacle pieces (prepared-scene piece indices)
    final double[] obb;             // 15 per piece: R row-major (world <- box), centre (world), half extents
    final double[] obstacleCorner;  // 24 per piece: the 8 world corners of its box
    final double[] obstacleMargin;
    final int[] obstacleSlot;
    // pairs
    final int[] pairA;              // robot piece
    final int[] pairB;              // robot piece (>= 0) or obstacle piece (-1 - index)
    final double[] pairMargin;      // margins of both sides
    final int[] pairShared;         // movable joints both chains share (motion tier)
    private final int[] envPair;    // pair index of (robot piece, obstacle piece), -1 if unchecked
    private final int[] selfPair;   // pair index of (robot piece, robot piece), -1 if unchecked
    // motion tier: per sphere its chain of movable joints root -> link, weight = |mul|·reach (revolute) or |mul|
    final int[] sphereChainStart;
    final int[] chainVar;
    final double[] chainWeight;

    private BatchRobot(Builder b) {
        model = b.model;
        scene = b.scene;
        checker = CollisionChecker.of(model, scene);
        kinematics = model.kinematics();
        RobotDescription d = kinematics.description();
        Map<String, JointDescription> parentJoint = new HashMap<>();
        Map<String, JointDescription> jointByName = new HashMap<>();
        for (JointDescription j : d.joints()) {
            parentJoint.put(j.child(), j);
            jointByName.put(j.name(), j);
        }
        int nl = kinematics.linkCount();
        linkNames = kinematics.linkNames().toArray(new String[0]);
        linkParent = new int[nl];
        linkJoint = new int[nl];
        linkSlot = new int[nl];
        linkOrigin = new double[12 * nl];
        linkAxis = new double[3 * nl];
        List<Integer> sVar = new ArrayList<>();
        List<double[]> sMulOff = new ArrayList<>();
        List<Boolean> sRev = new ArrayList<>();
        Matrix4d m = new Matrix4d();
        for (int l = 0; l < nl; l++) {
            JointDescription j = parentJoint.get(linkNames[l]);
            linkSlot[l] = -1;
            if (j == null) {
                linkParent[l] = -1;
                putAffine(new Matrix4d(), linkOrigin, 12 * l);
                continue;
            }
            linkParent[l] = kinematics.linkIndex(j.parent());
            if (linkParent[l] >= l) {
                throw new IllegalStateException("kinematic link order puts " + linkNames[l] + " before its parent");
            }
            putAffine(j.origin().toMatrix(m), linkOrigin, 12 * l);
            if (!j.type().isMovable()) {
                linkJoint[l] = FIXED;
                continue;
            }
            linkJoint[l] = j.type() == JointType.PRISMATIC ? PRISMATIC : REVOLUTE;
            linkAxis[3 * l] = j.axisX();
            linkAxis[3 * l + 1] = j.axisY();
            linkAxis[3 * l + 2] = j.axisZ();
            double[] mo = mimic(j, jointByName, d);
            linkSlot[l] = sVar.size();
            sVar.add((int) mo[2]);
            sMulOff.add(mo);
            sRev.add(linkJoint[l] == REVOLUTE);
        }
        slotVar = sVar.stream().mapToInt(Integer::intValue).toArray();
        slotMul = sMulOff.stream().mapToDouble(a -> a[0]).toArray();
        slotOff = sMulOff.stream().mapToDouble(a -> a[1]).toArray();
        slotRevolute = new boolean[slotVar.length];
        for (int i = 0; i < slotRevolute.length; i++) {
            slotRevolute[i] = sRev.get(i);
        }

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
            ConvexHull hull = hullOf(shape);
            if (hull != null && v != null) {
                slabSpheres(v, hull.copyTriangles(), hull.dimension(), b.slabs, pieceMargin[p], spheres);
            } else {
                spheres.add(new double[]{model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2),
                        grow(model.pieceSphere(p, 3))});
            }
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

        // obstacle pieces
        Scene sc = scene.scene();
        int no = sc.slotCount() == 0 ? 0 : scene.pieceEnd(sc.slotCount() - 1);
        obb = new double[15 * no];
        obstacleCorner = new double[24 * no];
        obstacleMargin = new double[no];
        obstacleSlot = new int[no];
        double[] bounds = new double[6];
        for (int slot = 0; slot < sc.slotCount(); slot++) {
            if (sc.slot(slot) == null) {
                continue;
            }
            Matrix4dc pose = scene.pose(slot);
            for (int k = scene.pieceStart(slot); k < scene.pieceEnd(slot); k++) {
                obstacleSlot[k] = slot;
                obstacleMargin[k] = scene.margin(k);
                scene.shape(k).localBounds(bounds);
                putBox(pose, bounds, k);
            }
        }

        // pairs, in isFree's terms
        List<int[]> pairs = new ArrayList<>();
        envPair = new int[Math.max(1, np * no)];
        selfPair = new int[Math.max(1, np * np)];
        Arrays.fill(envPair, -1);
        Arrays.fill(selfPair, -1);
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            for (int slot = 0; slot < sc.slotCount(); slot++) {
                Obstacle o = sc.slot(slot);
                if (o == null || !model.checks(body, o.name())) {
                    continue;
                }
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    for (int k = scene.pieceStart(slot); k < scene.pieceEnd(slot); k++) {
                        envPair[p * no + k] = pairs.size();
                        pairs.add(new int[]{p, -1 - k});
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    selfPair[p * np + r] = pairs.size();
                    pairs.add(new int[]{p, r});
                }
            }
        }
        pairA = pairs.stream().mapToInt(x -> x[0]).toArray();
        pairB = pairs.stream().mapToInt(x -> x[1]).toArray();
        pairMargin = new double[pairA.length];
        pairShared = new int[pairA.length];
        for (int p = 0; p < pairA.length; p++) {
            int a = pairA[p], o = pairB[p];
            double mm = pieceMargin[a] + (o >= 0 ? pieceMargin[o] : obstacleMargin[-1 - o]);
            pairMargin[p] = mm * (1 + 1e-12);
            pairShared[p] = o >= 0 ? kinematics.sharedChainLength(pieceLink[a], pieceLink[o]) : 0;
        }

        // motion tier: reach of every sphere from every movable joint of its chain
        int ns = sphereLink.length;
        sphereChainStart = new int[ns + 1];
        List<Integer> cv = new ArrayList<>();
        List<Double> cw = new ArrayList<>();
        for (int s = 0; s < ns; s++) {
            sphereChainStart[s] = cv.size();
            List<JointDescription> chain = new ArrayList<>();
            for (JointDescription j = parentJoint.get(linkNames[sphereLink[s]]); j != null; j = parentJoint.get(j.parent())) {
                chain.add(0, j);
            }
            double cx = sphere[4 * s], cy = sphere[4 * s + 1], cz = sphere[4 * s + 2];
            double tail = Math.sqrt(cx * cx + cy * cy + cz * cz) + sphere[4 * s + 3]; // link origin -> sphere
            double[] reach = new double[chain.size()];
            for (int i = chain.size() - 1; i >= 0; i--) {
                reach[i] = tail;
                JointDescription j = chain.get(i);
                Vector3d t = new Vector3d(j.origin().x(), j.origin().y(), j.origin().z());
                tail += t.length() + (j.type() == JointType.PRISMATIC ? travel(j) : 0);
            }
            for (int i = 0; i < chain.size(); i++) {
                JointDescription j = chain.get(i);
                if (!j.type().isMovable()) {
                    continue;
                }
                double[] mo = mimic(j, jointByName, d);
                cv.add((int) mo[2]);
                double w = Math.abs(mo[0]) * (j.type() == JointType.PRISMATIC ? 1 : reach[i]);
                cw.add(w * (1 + 1e-9) + 1e-12);
            }
        }
        sphereChainStart[ns] = cv.size();
        chainVar = cv.stream().mapToInt(Integer::intValue).toArray();
        chainWeight = cw.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** (mul, off, variable) of a joint after resolving mimic chains. */
    private double[] mimic(JointDescription j, Map<String, JointDescription> byName, RobotDescription d) {
        double mul = 1, off = 0;
        JointDescription cur = j;
        for (int guard = 0; cur.mimic() != null; guard++) {
            if (guard > d.joints().size()) {
                throw new IllegalArgumentException("robot " + d.name() + ": mimic cycle through joint " + j.name());
            }
            off = mul * cur.mimic().offset() + off;
            mul = mul * cur.mimic().multiplier();
            cur = byName.get(cur.mimic().joint());
        }
        return new double[]{mul, off, kinematics.variableIndex(cur.name())};
    }

    private static double travel(JointDescription j) {
        if (j.limits() == null) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(Math.abs(j.limits().lower()), Math.abs(j.limits().upper()));
    }

    private void putBox(Matrix4dc p, double[] bounds, int k) {
        double cx = (bounds[0] + bounds[3]) / 2, cy = (bounds[1] + bounds[4]) / 2, cz = (bounds[2] + bounds[5]) / 2;
        Vector3d c = p.transformPosition(new Vector3d(cx, cy, cz));
        int o = 15 * k;
        obb[o] = p.m00(); obb[o + 1] = p.m10(); obb[o + 2] = p.m20();
        obb[o + 3] = p.m01(); obb[o + 4] = p.m11(); obb[o + 5] = p.m21();
        obb[o + 6] = p.m02(); obb[o + 7] = p.m12(); obb[o + 8] = p.m22();
        obb[o + 9] = c.x; obb[o + 10] = c.y; obb[o + 11] = c.z;
        // half extents grown by a relative hair: the box centre and rotation are themselves rounded
        double grow = 1e-12 * (Math.abs(c.x) + Math.abs(c.y) + Math.abs(c.z) + 1);
        obb[o + 12] = (bounds[3] - bounds[0]) / 2 + grow;
        obb[o + 13] = (bounds[4] - bounds[1]) / 2 + grow;
        obb[o + 14] = (bounds[5] - bounds[2]) / 2 + grow;
        for (int corner = 0; corner < 8; corner++) {
            Vector3d w = p.transformPosition(new Vector3d(
                    (corner & 1) == 0 ? bounds[0] - grow : bounds[3] + grow,
                    (corner & 2) == 0 ? bounds[1] - grow : bounds[4] + grow,
                    (corner & 4) == 0 ? bounds[2] - grow : bounds[5] + grow));
            obstacleCorner[24 * k + 3 * corner] = w.x;
            obstacleCorner[24 * k + 3 * corner + 1] = w.y;
            obstacleCorner[24 * k + 3 * corner + 2] = w.z;
        }
    }

    private static ConvexHull hullOf(ConvexShape s) {
        if (s instanceof HullShape h) {
            return h.hull();
        }
        if (s instanceof TransformedShape t) {
            return hullOf(t.inner());
        }
        return null;
    }

    private static double grow(double r) {
        return r * (1 + 1e-12) + 1e-12;
    }

    /**
     * Spheres covering the hull grown by {@code margin}: the hull (vertices v, triangles tri, any affine image of
     * the hull's own: the combinatorics carry over) is cut into k slabs along its longest axis; the part of the
     * hull inside a slab is the hull of its vertices in the slab and of the hull edges' crossings of the slab
     * planes, and the sphere about those points' box centre through the farthest of them contains it.
     */
    private static void slabSpheres(double[] v, int[] tri, int dimension, int k, double margin, List<double[]> out) {
        int n = v.length / 3;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], v[3 * i + a]);
                hi[a] = Math.max(hi[a], v[3 * i + a]);
            }
        }
        int ax = 0;
        for (int a = 1; a < 3; a++) {
            if (hi[a] - lo[a] > hi[ax] - lo[ax]) {
                ax = a;
            }
        }
        int slabs = dimension < 3 ? 1 : Math.max(1, k);
        for (int s = 0; s < slabs; s++) {
            double a0 = s == 0 ? Double.NEGATIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * s / slabs;
            double a1 = s == slabs - 1 ? Double.POSITIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * (s + 1) / slabs;
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (v[3 * i + ax] >= a0 && v[3 * i + ax] <= a1) {
                    pts.add(new double[]{v[3 * i], v[3 * i + 1], v[3 * i + 2]});
                }
            }
            for (int t = 0; t + 2 < tri.length; t += 3) {
                for (int e = 0; e < 3; e++) {
                    int p = tri[t + e], q = tri[t + (e + 1) % 3];
                    for (double plane : new double[]{a0, a1}) {
                        double pa = v[3 * p + ax], qa = v[3 * q + ax];
                        if (Double.isFinite(plane) && (pa - plane) * (qa - plane) < 0) {
                            double f = (plane - pa) / (qa - pa);
                            pts.add(new double[]{v[3 * p] + f * (v[3 * q] - v[3 * p]),
                                    v[3 * p + 1] + f * (v[3 * q + 1] - v[3 * p + 1]),
                                    v[3 * p + 2] + f * (v[3 * q + 2] - v[3 * p + 2])});
                        }
                    }
                }
            }
            if (pts.isEmpty()) {
                continue;
            }
            double[] bl = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] bh = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (double[] p : pts) {
                for (int a = 0; a < 3; a++) {
                    bl[a] = Math.min(bl[a], p[a]);
                    bh[a] = Math.max(bh[a], p[a]);
                }
            }
            double cx = (bl[0] + bh[0]) / 2, cy = (bl[1] + bh[1]) / 2, cz = (bl[2] + bh[2]) / 2;
            double r2 = 0;
            for (double[] p : pts) {
                double dx = p[0] - cx, dy = p[1] - cy, dz = p[2] - cz;
                r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
            }
            // the edge crossings are rounded: grow by a relative hair before the margin
            out.add(new double[]{cx, cy, cz, grow(Math.sqrt(r2) * (1 + 1e-9) + 1e-12 + margin)});
        }
    }

    private static void putAffine(Matrix4d m, double[] dest, int k) {
        dest[k] = m.m00(); dest[k + 1] = m.m10(); dest[k + 2] = m.m20(); dest[k + 3] = m.m30();
        dest[k + 4] = m.m01(); dest[k + 5] = m.m11(); dest[k + 6] = m.m21(); dest[k + 7] = m.m31();
        dest[k + 8] = m.m02(); dest[k + 9] = m.m12(); dest[k + 10] = m.m22(); dest[k + 11] = m.m32();
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
        return pairA.length;
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
        return obstacleMargin.length;
    }

    /** Human-readable name of pair p, e.g. "panda_link5#0 / shelf_top#0" (body or obstacle name, piece within it). */
    public String pairName(int p) {
        int a = pairA[p], b = pairB[p];
        int ba = model.pieceBody(a);
        String left = model.bodyName(ba) + "#" + (a - model.pieceStart(ba));
        if (b < 0) {
            int k = -1 - b, slot = obstacleSlot[k];
            return left + " / " + scene.scene().slot(slot).name() + "#" + (k - scene.pieceStart(slot));
        }
        int bb = model.pieceBody(b);
        return left + " / " + model.bodyName(bb) + "#" + (b - model.pieceStart(bb));
    }

    /** Number of doubles {@link #jointTrig} writes per configuration. */
    public int trigLength() {
        return 2 * slotVar.length;
    }

    /**
     * Per moving joint: (cos v, sin v) for revolute, (v, 0) for prismatic, v = mul·q[var] + off; written at
     * dest[off ..]. The only transcendental step of the state tier, done on the host so the device FK is
     * bit-identical to {@link #forwardKinematics}.
     */
    public void jointTrig(double[] q, int qOff, double[] dest, int off) {
        for (int s = 0; s < slotVar.length; s++) {
            double v = slotMul[s] * q[qOff + slotVar[s]] + slotOff[s];
            if (slotRevolute[s]) {
                dest[off + 2 * s] = Math.cos(v);
                dest[off + 2 * s + 1] = Math.sin(v);
            } else {
                dest[off + 2 * s] = v;
                dest[off + 2 * s + 1] = 0;
            }
        }
    }

    /** Link poses (12 per link, row-major 3x4) from joint trig values; mirrored by the kernel statement by statement. */
    void forwardKinematics(double[] trig, int tOff, double[] pose) {
        for (int l = 0; l < linkParent.length; l++) {
            int k = 12 * l;
            int p = linkParent[l];
            if (p < 0) {
                System.arraycopy(linkOrigin, k, pose, k, 12);
            } else {
                mulAffine(pose, 12 * p, linkOrigin, k, pose, k);
            }
            int s = linkSlot[l];
            if (s < 0) {
                continue;
            }
            double ax = linkAxis[3 * l], ay = linkAxis[3 * l + 1], az = linkAxis[3 * l + 2];
            double c0 = trig[tOff + 2 * s], s0 = trig[tOff + 2 * s + 1];
            if (linkJoint[l] == PRISMATIC) {
                // translate by axis * v in the joint frame
                double tx = ax * c0, ty = ay * c0, tz = az * c0;
                pose[k + 3] = pose[k] * tx + pose[k + 1] * ty + pose[k + 2] * tz + pose[k + 3];
                pose[k + 7] = pose[k + 4] * tx + pose[k + 5] * ty + pose[k + 6] * tz + pose[k + 7];
                pose[k + 11] = pose[k + 8] * tx + pose[k + 9] * ty + pose[k + 10] * tz + pose[k + 11];
            } else {
                double cc = 1 - c0;
                double r00 = c0 + ax * ax * cc, r01 = ax * ay * cc - az * s0, r02 = ax * az * cc + ay * s0;
                double r10 = ay * ax * cc + az * s0, r11 = c0 + ay * ay * cc, r12 = ay * az * cc - ax * s0;
                double r20 = az * ax * cc - ay * s0, r21 = az * ay * cc + ax * s0, r22 = c0 + az * az * cc;
                for (int row = 0; row < 3; row++) {
                    int b = k + 4 * row;
                    double x = pose[b], y = pose[b + 1], z = pose[b + 2];
                    pose[b] = x * r00 + y * r10 + z * r20;
                    pose[b + 1] = x * r01 + y * r11 + z * r21;
                    pose[b + 2] = x * r02 + y * r12 + z * r22;
                }
            }
        }
    }

    /** dest[dk..] = a[ak..] · b[bk..] for row-major 3x4 affine maps. */
    private static void mulAffine(double[] a, int ak, double[] b, int bk, double[] dest, int dk) {
        for (int row = 0; row < 3; row++) {
            double x = a[ak + 4 * row], y = a[ak + 4 * row + 1], z = a[ak + 4 * row + 2], t = a[ak + 4 * row + 3];
            dest[dk + 4 * row] = x * b[bk] + y * b[bk + 4] + z * b[bk + 8];
            dest[dk + 4 * row + 1] = x * b[bk + 1] + y * b[bk + 5] + z * b[bk + 9];
            dest[dk + 4 * row + 2] = x * b[bk + 2] + y * b[bk + 6] + z * b[bk + 10];
            dest[dk + 4 * row + 3] = x * b[bk + 3] + y * b[bk + 7] + z * b[bk + 11] + t;
        }
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
        int a = pairA[p], b = pairB[p];
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
        int a = pairA[p], b = pairB[p];
        int a0 = pieceVertexStart[a], a1 = pieceVertexStart[a + 1];
        if (a0 == a1 || b >= 0 && pieceVertexStart[b] == pieceVertexStart[b + 1]) {
            return false;
        }
        double tm = pairMargin[p] + c;
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
            w[o] = obstacleCorner[ob + 3 * i];
            w[o + 1] = obstacleCorner[ob + 3 * i + 1];
            w[o + 2] = obstacleCorner[ob + 3 * i + 2];
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

    /** The clearance c the state tier demands for margin d (the kernel receives the same double). */
    static double tierClearance(double d) {
        return d + SAFETY;
    }

    /**
     * The state tier of the device, in Java with the kernel's arithmetic: true when every pair is clear (spheres
     * or separating direction) by margins + {@code tierClearance(d)} for the joint trig values at trig[tOff ..].
     * Index of the first pair that is not clear, or -1 when all are.
     */
    int firstUnclearPair(double[] trig, int tOff, double d, Scratch s) {
        forwardKinematics(trig, tOff, s.pose);
        double c = tierClearance(d);
        for (int p = 0; p < pairA.length; p++) {
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
    public int blockingPair(double[] q, int qOff, double d, Scratch s) {
        System.arraycopy(q, qOff, s.q, 0, s.q.length);
        if (checker.isFree(s.q, d, s.context)) {
            return -1;
        }
        QueryContext c = s.context;
        int a = c.blockingPieceA(), b = c.blockingPieceB();
        int p = c.blockingIsEnvironment() ? envPair[a * obstacleMargin.length + b] : selfPair[a * pieceLink.length + b];
        if (p < 0) {
            throw new IllegalStateException("isFree blocked on a pair the batch robot does not list: piece " + a
                    + " / " + (c.blockingIsEnvironment() ? "obstacle piece " : "piece ") + b);
        }
        return p;
    }

    /** Per-thread working memory (not thread-safe). */
    public final class Scratch {
        final double[] trig = new double[Math.max(1, 2 * slotVar.length)];
        final double[] pose = new double[12 * linkParent.length];
        final double[] wa = new double[3], wb = new double[3], w6 = new double[6];
        final double[] q = new double[kinematics.variableCount()];
        final QueryContext context = checker.newContext();
        private final Matrix4d m = new Matrix4d();

        /** The tier's pose of a link as a JOML matrix (valid until the next call). */
        Matrix4d matrix(int link) {
            int k = 12 * link;
            return m.set(pose[k], pose[k + 4], pose[k + 8], 0, pose[k + 1], pose[k + 5], pose[k + 9], 0,
                    pose[k + 2], pose[k + 6], pose[k + 10], 0, pose[k + 3], pose[k + 7], pose[k + 11], 1);
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
