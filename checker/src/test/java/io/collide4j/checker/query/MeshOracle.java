package io.collide4j.checker.query;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.robot.ConvexConversion;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Test oracle: the robot's <b>exact</b> collision triangles (no hulls) posed by forward kinematics, against the
 * scene's exact primitives and each other. Each body's triangles sit in an AABB tree in its link frame
 * ({@link MeshBvh}, built once per robot); queries stop at the first pair within d and prune nodes farther than
 * a cap. Self pairs are decided by exact triangle–triangle distances; for obstacles GJK's certified lower bound
 * only prunes, and each remaining triangle is decided by {@link ExactDistance} (analytic distances, Lipschitz
 * subdivision), so the hull approximation, margins and motion bounds under test play no part. Not detected: a
 * body wholly inside another without any triangle within d. Obstacle primitives must be convex (box, sphere,
 * cylinder, capsule). Not thread-safe: one instance per thread (the body trees are shared and immutable).
 */
final class MeshOracle {
    private static final Map<RobotDescription, Map<RobotCollisionModel, MeshBvh[]>> TREES = new IdentityHashMap<>();

    private final RobotCollisionModel model;
    private final KinematicModel kin;
    private final LinkPoses poses;
    private final int bodies;
    private final MeshBvh[] tree; // per body, link frame
    private final Matrix4d[] pose; // per body: link pose at the current configuration
    private final double[][] bodyBox; // per body: world AABB (root box mapped, conservative)
    private final double[][] rootBox; // per body: link-frame box of all its triangles
    private final ConvexShape[] obstacleShape; // per slot
    private final Matrix4d[] obstaclePose;
    private final double[][] obstacleBox;
    private final MeshQuery.TriangleCheck[] obstacleCheck;
    private final int[] envPairs; // (body, slot) of checked environment pairs
    private final MeshQuery query = new MeshQuery();
    private final Vector3d tmp = new Vector3d();

    MeshOracle(RobotCollisionModel model, RobotDescription description, Scene scene) {
        this.model = model;
        this.kin = model.kinematics();
        this.poses = new LinkPoses(kin);
        this.bodies = model.bodyCount();
        this.tree = trees(model, description);
        pose = new Matrix4d[bodies];
        bodyBox = new double[bodies][6];
        rootBox = new double[bodies][];
        for (int b = 0; b < bodies; b++) {
            pose[b] = new Matrix4d();
            rootBox[b] = tree[b].bounds();
        }
        int n = scene.slotCount();
        obstacleShape = new ConvexShape[n];
        obstaclePose = new Matrix4d[n];
        obstacleBox = new double[n][6];
        obstacleCheck = new MeshQuery.TriangleCheck[n];
        for (int s = 0; s < n; s++) {
            Obstacle o = scene.slot(s);
            if (o == null) {
                continue;
            }
            ConvexPieceProvider.Pieces p = ConvexConversion.of(o.shape(), 1, ConvexPieceProvider.hull(), o.name());
            if (p.shapes().size() != 1 || p.margin() != 0) {
                throw new IllegalArgumentException("oracle needs exact convex primitives, got " + o.shape());
            }
            obstacleShape[s] = p.shapes().get(0);
            obstaclePose[s] = o.pose().toMatrix(new Matrix4d());
            o.worldBounds(obstacleBox[s]);
            ExactDistance.PointDistance f = ExactDistance.obstacle(
                    o.shape(), o.pose().toMatrix(new Matrix4d()).invert());
            obstacleCheck[s] = (t, d) -> ExactDistance.triangleWithin(t, f, d);
        }
        envPairs = envPairs(model, scene);
    }

    /** Each body's exact collision triangles in its link frame as an AABB tree (cached per robot). */
    static synchronized MeshBvh[] trees(RobotCollisionModel model, RobotDescription description) {
        return TREES.computeIfAbsent(description, k -> new IdentityHashMap<>()).computeIfAbsent(model, m -> {
            MeshBvh[] out = new MeshBvh[m.bodyCount()];
            for (int b = 0; b < out.length; b++) {
                if (m.isAttached(b)) {
                    throw new IllegalArgumentException("oracle does not model attached objects");
                }
                LinkDescription ld = description.link(m.bodyName(b)).orElseThrow();
                List<Double> v = new ArrayList<>();
                List<Integer> t = new ArrayList<>();
                for (GeometryElement ge : ld.collisions()) {
                    TriangleMesh mesh = ((Geometry.Mesh) ge.geometry()).mesh().orElseThrow();
                    Matrix4d o = ge.origin().toMatrix(new Matrix4d());
                    int base = v.size() / 3;
                    Vector3d p = new Vector3d();
                    for (int i = 0; i < mesh.vertexCount(); i++) {
                        o.transformPosition(mesh.vertex(i, 0), mesh.vertex(i, 1), mesh.vertex(i, 2), p);
                        v.add(p.x);
                        v.add(p.y);
                        v.add(p.z);
                    }
                    for (int i = 0; i < mesh.triangleCount(); i++) {
                        for (int k = 0; k < 3; k++) {
                            t.add(base + mesh.index(i, k));
                        }
                    }
                }
                out[b] = new MeshBvh(
                        v.stream().mapToDouble(Double::doubleValue).toArray(),
                        t.stream().mapToInt(Integer::intValue).toArray());
            }
            return out;
        });
    }

    private static int[] envPairs(RobotCollisionModel model, Scene scene) {
        List<Integer> l = new ArrayList<>();
        for (int b = 0; b < model.bodyCount(); b++) {
            for (int s = 0; s < scene.slotCount(); s++) {
                if (model.meetsEnvironment(b)
                        && scene.slot(s) != null
                        && model.checks(b, scene.slot(s).name())) {
                    l.add(b);
                    l.add(s);
                }
            }
        }
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Poses every body at q. */
    void set(double[] q) {
        kin.forwardKinematics(q, poses);
        for (int b = 0; b < bodies; b++) {
            poses.pose(model.bodyLink(b), pose[b]);
            double[] r = rootBox[b], box = bodyBox[b];
            // the root box's corners mapped: a world box containing every triangle
            box[0] = box[1] = box[2] = Double.POSITIVE_INFINITY;
            box[3] = box[4] = box[5] = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < 8; c++) {
                pose[b].transformPosition(
                        r[(c & 1) == 0 ? 0 : 3], r[(c & 2) == 0 ? 1 : 4], r[(c & 4) == 0 ? 2 : 5], tmp);
                box[0] = Math.min(box[0], tmp.x);
                box[1] = Math.min(box[1], tmp.y);
                box[2] = Math.min(box[2], tmp.z);
                box[3] = Math.max(box[3], tmp.x);
                box[4] = Math.max(box[4], tmp.y);
                box[5] = Math.max(box[5], tmp.z);
            }
        }
    }

    /** True when some checked pair of exact geometry is at distance ≤ d (touching or intersecting included). */
    boolean violates(double d) {
        for (int p = 0; p < pairCount(); p++) {
            pairBound(p, d, d + 1e-3);
            if (lastWithin) {
                return true;
            }
        }
        return false;
    }

    /** Number of checked pairs: environment pairs (body, obstacle) first, then self pairs. */
    int pairCount() {
        return envPairs.length / 2 + model.selfPairCount();
    }

    /** First body of pair p. */
    int pairBodyA(int p) {
        return p < envPairs.length / 2 ? envPairs[2 * p] : model.selfPairA(p - envPairs.length / 2);
    }

    /** Obstacle slot of pair p, or −1 for a self pair. */
    int pairSlot(int p) {
        return p < envPairs.length / 2 ? envPairs[2 * p + 1] : -1;
    }

    /** Second body of pair p, or −1 for an environment pair (a fixed obstacle). */
    int pairBodyB(int p) {
        return p < envPairs.length / 2 ? -1 : model.selfPairB(p - envPairs.length / 2);
    }

    /**
     * For checked pair {@code p} at the current configuration: a certified lower bound on the exact distance,
     * capped at {@code cap} (0 ≤ d &lt; cap), and whether some triangle is exactly within d (then the bound is
     * ≤ d). Returns the bound; sets {@link #lastWithin}.
     */
    double pairBound(int p, double d, double cap) {
        return pairBound(p, d, cap, 0);
    }

    /** As {@link #pairBound(int, double, double)}, but a bound above d may be loose by a factor 1 + tol (cheaper). */
    double pairBound(int p, double d, double cap, double tol) {
        lastWithin = false;
        if (p < envPairs.length / 2) {
            int b = envPairs[2 * p], s = envPairs[2 * p + 1];
            if (!overlap(bodyBox[b], obstacleBox[s], cap)) {
                return cap;
            }
            double lb = query.distanceWithin(
                    tree[b], pose[b], obstacleShape[s], obstaclePose[s], d, cap, tol, obstacleCheck[s]);
            lastWithin = query.lastWithin;
            return lb;
        }
        int i = p - envPairs.length / 2;
        int a = model.selfPairA(i), b = model.selfPairB(i);
        if (!overlap(bodyBox[a], bodyBox[b], cap)) {
            return cap;
        }
        double v = query.distanceWithin(tree[a], pose[a], tree[b], pose[b], d, cap, tol);
        lastWithin = v <= d;
        return v;
    }

    boolean lastWithin;

    private static boolean overlap(double[] a, double[] b, double d) {
        for (int k = 0; k < 3; k++) {
            if (a[k] > b[3 + k] + d || b[k] > a[3 + k] + d) {
                return false;
            }
        }
        return true;
    }
}
