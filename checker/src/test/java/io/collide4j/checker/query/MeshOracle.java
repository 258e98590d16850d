package io.collide4j.checker.query;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
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
import org.joml.Matrix4d;
import org.joml.Vector3d;

import java.util.ArrayList;
import java.util.List;

/**
 * Test oracle: the robot's <b>exact</b> collision triangles (no hulls) posed by forward kinematics,
 * against the scene's exact primitives and each other. AABB prefilters and GJK's certified lower bound
 * skip far triangles; every remaining triangle is decided by {@link ExactDistance} (analytic distances,
 * Lipschitz subdivision, no GJK), so the hull approximation, margins and motion bounds under test play
 * no part. Not detected: a body wholly inside another without any triangle within d.
 * Obstacle primitives must be convex (box, sphere, cylinder, capsule). Single-threaded.
 */
final class MeshOracle {
    private final RobotCollisionModel model;
    private final KinematicModel kin;
    private final LinkPoses poses;
    private final Scene scene;
    private final int bodies;
    private final double[][] local;      // per body: element-frame vertices mapped to the link frame
    private final int[][] tris;
    private final double[][] world;      // per body: world vertices at the current configuration
    private final double[][] bodyBox;    // per body: world AABB
    private final ConvexShape[] obstacleShape;  // per slot
    private final Matrix4d[] obstaclePose;
    private final double[][] obstacleBox;
    private final ExactDistance.PointDistance[] obstacleDistance;
    private final Gjk gjk = new Gjk();
    private final DistanceResult res = new DistanceResult();
    private final Tri ta = new Tri();
    private final Tri tb = new Tri();
    private final Matrix4d identity = new Matrix4d();
    long triangleTests;

    MeshOracle(RobotCollisionModel model, RobotDescription description, Scene scene) {
        this.model = model;
        this.kin = model.kinematics();
        this.poses = new LinkPoses(kin);
        this.scene = scene;
        this.bodies = model.bodyCount();
        local = new double[bodies][];
        tris = new int[bodies][];
        world = new double[bodies][];
        bodyBox = new double[bodies][6];
        for (int b = 0; b < bodies; b++) {
            if (model.isAttached(b)) {
                throw new IllegalArgumentException("oracle does not model attached objects");
            }
            LinkDescription ld = description.link(model.bodyName(b)).orElseThrow();
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
            local[b] = v.stream().mapToDouble(Double::doubleValue).toArray();
            tris[b] = t.stream().mapToInt(Integer::intValue).toArray();
            world[b] = new double[local[b].length];
        }
        int n = scene.slotCount();
        obstacleShape = new ConvexShape[n];
        obstaclePose = new Matrix4d[n];
        obstacleBox = new double[n][6];
        obstacleDistance = new ExactDistance.PointDistance[n];
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
            obstacleDistance[s] = ExactDistance.obstacle(o.shape(), o.pose().toMatrix(new Matrix4d()).invert());
        }
    }

    /** Poses every body's triangles at q. */
    void set(double[] q) {
        kin.forwardKinematics(q, poses);
        Vector3d p = new Vector3d();
        for (int b = 0; b < bodies; b++) {
            Matrix4d m = poses.pose(model.bodyLink(b), new Matrix4d());
            double[] l = local[b], w = world[b], box = bodyBox[b];
            box[0] = box[1] = box[2] = Double.POSITIVE_INFINITY;
            box[3] = box[4] = box[5] = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < l.length; i += 3) {
                m.transformPosition(l[i], l[i + 1], l[i + 2], p);
                w[i] = p.x;
                w[i + 1] = p.y;
                w[i + 2] = p.z;
                for (int k = 0; k < 3; k++) {
                    box[k] = Math.min(box[k], w[i + k]);
                    box[3 + k] = Math.max(box[3 + k], w[i + k]);
                }
            }
        }
    }

    /** True when some checked pair of exact geometry is at distance ≤ d (touching or intersecting included). */
    boolean violates(double d) {
        for (int b = 0; b < bodies; b++) {
            if (!model.meetsEnvironment(b)) {
                continue;
            }
            for (int s = 0; s < obstacleShape.length; s++) {
                if (obstacleShape[s] == null || !model.checks(b, scene.slot(s).name())
                        || !overlap(bodyBox[b], obstacleBox[s], d)) {
                    continue;
                }
                if (bodyMeetsObstacle(b, s, d)) {
                    return true;
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int a = model.selfPairA(i), b = model.selfPairB(i);
            if (overlap(bodyBox[a], bodyBox[b], d) && bodiesMeet(a, b, d)) {
                return true;
            }
        }
        return false;
    }

    private boolean bodyMeetsObstacle(int b, int s, double d) {
        double[] w = world[b];
        int[] t = tris[b];
        double[] tbox = new double[6];
        for (int i = 0; i < t.length; i += 3) {
            ta.set(w, t[i], t[i + 1], t[i + 2], tbox);
            if (!overlap(tbox, obstacleBox[s], d)) {
                continue;
            }
            triangleTests++;
            // GJK's certified lower bound clears most triangles; the rest are decided exactly (no GJK)
            gjk.distance(ta, identity, obstacleShape[s], obstaclePose[s], res);
            if (res.lowerBound <= d && ExactDistance.triangleWithin(ta.p, obstacleDistance[s], d)) {
                return true;
            }
        }
        return false;
    }

    private boolean bodiesMeet(int a, int b, double d) {
        double[] wa = world[a], wb = world[b];
        int[] tA = tris[a], tB = tris[b];
        List<double[]> boxesB = new ArrayList<>();
        List<Integer> idxB = new ArrayList<>();
        double[] tbox = new double[6];
        for (int j = 0; j < tB.length; j += 3) {
            tb.set(wb, tB[j], tB[j + 1], tB[j + 2], tbox);
            if (overlap(tbox, bodyBox[a], d)) {
                boxesB.add(tbox.clone());
                idxB.add(j);
            }
        }
        if (boxesB.isEmpty()) {
            return false;
        }
        double[] abox = new double[6];
        for (int i = 0; i < tA.length; i += 3) {
            ta.set(wa, tA[i], tA[i + 1], tA[i + 2], abox);
            if (!overlap(abox, bodyBox[b], d)) {
                continue;
            }
            for (int k = 0; k < boxesB.size(); k++) {
                if (!overlap(abox, boxesB.get(k), d)) {
                    continue;
                }
                int j = idxB.get(k);
                tb.set(wb, tB[j], tB[j + 1], tB[j + 2], tbox);
                triangleTests++;
                gjk.distance(ta, identity, tb, identity, res);
                if (res.lowerBound <= d && ExactDistance.triangleWithin(ta.p, ExactDistance.triangle(tb.p), d)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean overlap(double[] a, double[] b, double d) {
        for (int k = 0; k < 3; k++) {
            if (a[k] > b[3 + k] + d || b[k] > a[3 + k] + d) {
                return false;
            }
        }
        return true;
    }

    /**
     * Smallest AABB separation (largest per-axis gap, a lower bound on Euclidean distance) over the
     * checked pairs at the current configuration; pairs whose boxes overlap give 0 or less.
     */
    double minimumBoxGap() {
        double g = Double.POSITIVE_INFINITY;
        for (int b = 0; b < bodies; b++) {
            if (model.meetsEnvironment(b)) {
                for (int s = 0; s < obstacleShape.length; s++) {
                    if (obstacleShape[s] != null && model.checks(b, scene.slot(s).name())) {
                        g = Math.min(g, gap(bodyBox[b], obstacleBox[s]));
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            g = Math.min(g, gap(bodyBox[model.selfPairA(i)], bodyBox[model.selfPairB(i)]));
        }
        return g;
    }

    private static double gap(double[] a, double[] b) {
        double g = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            g = Math.max(g, Math.max(a[k] - b[3 + k], b[k] - a[3 + k]));
        }
        return g;
    }

    /** World AABB of a body at the current configuration (read-only). */
    double[] bodyBox(int body) {
        return bodyBox[body];
    }

    /** A triangle as an exact convex set (support = best of its three corners). */
    private static final class Tri implements ConvexShape {
        final double[] p = new double[9];

        void set(double[] w, int i, int j, int k, double[] box) {
            System.arraycopy(w, 3 * i, p, 0, 3);
            System.arraycopy(w, 3 * j, p, 3, 3);
            System.arraycopy(w, 3 * k, p, 6, 3);
            for (int a = 0; a < 3; a++) {
                box[a] = Math.min(p[a], Math.min(p[3 + a], p[6 + a]));
                box[3 + a] = Math.max(p[a], Math.max(p[3 + a], p[6 + a]));
            }
        }

        @Override
        public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
            int best = 0;
            double bv = dx * p[0] + dy * p[1] + dz * p[2];
            for (int c = 1; c < 3; c++) {
                double v = dx * p[3 * c] + dy * p[3 * c + 1] + dz * p[3 * c + 2];
                if (v > bv) {
                    bv = v;
                    best = c;
                }
            }
            dest.set(p[3 * best], p[3 * best + 1], p[3 * best + 2]);
            return -1;
        }

        @Override
        public double boundingRadius() {
            double r = 0;
            for (int c = 0; c < 3; c++) {
                r = Math.max(r, Math.sqrt(p[3 * c] * p[3 * c] + p[3 * c + 1] * p[3 * c + 1] + p[3 * c + 2] * p[3 * c + 2]));
            }
            return r * (1 + 1e-15);
        }

        @Override
        public void localBounds(double[] d) {
            for (int a = 0; a < 3; a++) {
                d[a] = Math.min(p[a], Math.min(p[3 + a], p[6 + a]));
                d[3 + a] = Math.max(p[a], Math.max(p[3 + a], p[6 + a]));
            }
        }

        @Override
        public Vector3d center(Vector3d dest) {
            return dest.set((p[0] + p[3] + p[6]) / 3, (p[1] + p[4] + p[7]) / 3, (p[2] + p[5] + p[8]) / 3);
        }
    }
}
