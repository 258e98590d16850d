package io.collide4j.checker.query;

import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Test oracle for one triangle-mesh obstacle (world frame): the robot's exact collision triangles (no hulls) posed by
 * forward kinematics against the obstacle's triangles (exact triangle–triangle distances), plus, for a closed
 * obstacle, whether a body lies inside the solid: the parity of a ray's crossings (Möller–Trumbore on its own, a
 * fresh random direction whenever a crossing comes near an edge), so the checker's containment code plays no part.
 * The obstacle's triangles are subdivided to edges of at most 2 cm for the distance queries (same surface, tight
 * boxes, fast pruning). Only robot–obstacle pairs are judged (self pairs are not). Not thread-safe.
 */
final class ExactMeshOracle {
    private final RobotCollisionModel model;
    private final MeshBvh[] tree;
    private final MeshBvh obstacle;
    private final double[] tri; // obstacle triangles, 9 per triangle
    private final double[] obstacleBox;
    private final boolean closed;
    private final boolean[] checked; // per body: meets this obstacle
    private final LinkPoses poses;
    private final Matrix4d[] pose;
    private final MeshQuery query = new MeshQuery();
    private final Random random = new Random(7);
    private final Vector3d p = new Vector3d();
    private final double[] firstVertex; // per body: one vertex of its triangles (link frame), 3 per body

    ExactMeshOracle(
            RobotCollisionModel model, RobotDescription description, TriangleMesh mesh, String name, boolean closed) {
        this.model = model;
        this.tree = MeshOracle.trees(model, description);
        this.obstacle = MeshBvh.of(subdivide(mesh, 0.02));
        this.obstacleBox = mesh.bounds();
        this.closed = closed;
        tri = new double[9 * mesh.triangleCount()];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                for (int k = 0; k < 3; k++) {
                    tri[9 * t + 3 * c + k] = mesh.vertex(mesh.index(t, c), k);
                }
            }
        }
        int n = model.bodyCount();
        checked = new boolean[n];
        pose = new Matrix4d[n];
        firstVertex = new double[3 * n];
        double[] t9 = new double[9];
        for (int b = 0; b < n; b++) {
            checked[b] = model.meetsEnvironment(b) && model.checks(b, name);
            pose[b] = new Matrix4d();
            tree[b].triangle(0, t9, 0);
            System.arraycopy(t9, 0, firstVertex, 3 * b, 3);
        }
        poses = new LinkPoses(model.kinematics());
    }

    /** The same surface with every triangle split at edge midpoints until no edge is longer than maxEdge. */
    static TriangleMesh subdivide(TriangleMesh m, double maxEdge) {
        java.util.List<double[]> out = new java.util.ArrayList<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            double[] tr = new double[9];
            for (int c = 0; c < 3; c++) {
                for (int k = 0; k < 3; k++) {
                    tr[3 * c + k] = m.vertex(m.index(t, c), k);
                }
            }
            split(tr, maxEdge, out);
        }
        double[] v = new double[9 * out.size()];
        int[] idx = new int[3 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            System.arraycopy(out.get(i), 0, v, 9 * i, 9);
            idx[3 * i] = 3 * i;
            idx[3 * i + 1] = 3 * i + 1;
            idx[3 * i + 2] = 3 * i + 2;
        }
        return new TriangleMesh(v, idx);
    }

    private static void split(double[] t, double maxEdge, java.util.List<double[]> out) {
        double longest = 0;
        for (int c = 0; c < 3; c++) {
            int n = (c + 1) % 3;
            longest = Math.max(
                    longest,
                    Math.sqrt(sq(t[3 * c] - t[3 * n])
                            + sq(t[3 * c + 1] - t[3 * n + 1])
                            + sq(t[3 * c + 2] - t[3 * n + 2])));
        }
        if (longest <= maxEdge) {
            out.add(t);
            return;
        }
        double[] m = new double[9];
        for (int c = 0; c < 3; c++) {
            int n = (c + 1) % 3;
            for (int k = 0; k < 3; k++) {
                m[3 * c + k] = 0.5 * (t[3 * c + k] + t[3 * n + k]);
            }
        }
        // corners a, b, c and midpoints ab, bc, ca
        split(new double[] {t[0], t[1], t[2], m[0], m[1], m[2], m[6], m[7], m[8]}, maxEdge, out);
        split(new double[] {m[0], m[1], m[2], t[3], t[4], t[5], m[3], m[4], m[5]}, maxEdge, out);
        split(new double[] {m[6], m[7], m[8], m[3], m[4], m[5], t[6], t[7], t[8]}, maxEdge, out);
        split(m.clone(), maxEdge, out);
    }

    private static double sq(double x) {
        return x * x;
    }

    /**
     * Certified lower bound, capped at cap (d &lt; cap), on the distance between the exact bodies and the obstacle at
     * the current configuration (loose above d by at most a factor 2); sets {@link #lastWithin} when some body
     * triangle is within d or a body is inside the closed obstacle (the value is then ≤ d).
     */
    double environmentBound(double d, double cap) {
        lastWithin = false;
        double best = cap;
        for (int b = 0; b < model.bodyCount(); b++) {
            if (!checked[b]) {
                continue;
            }
            double v = query.distanceWithin(tree[b], pose[b], obstacle, null, d, cap, 1.0);
            if (v <= d) {
                lastWithin = true;
                return v;
            }
            if (closed) {
                pose[b].transformPosition(firstVertex[3 * b], firstVertex[3 * b + 1], firstVertex[3 * b + 2], p);
                if (inside(p.x, p.y, p.z)) {
                    lastWithin = true;
                    return 0;
                }
            }
            best = Math.min(best, v);
        }
        return best;
    }

    boolean lastWithin;

    void set(double[] q) {
        model.kinematics().forwardKinematics(q, poses);
        for (int b = 0; b < model.bodyCount(); b++) {
            poses.pose(model.bodyLink(b), pose[b]);
        }
    }

    /** Ray-parity membership of a point not on the surface. */
    boolean inside(double px, double py, double pz) {
        if (px < obstacleBox[0]
                || py < obstacleBox[1]
                || pz < obstacleBox[2]
                || px > obstacleBox[3]
                || py > obstacleBox[4]
                || pz > obstacleBox[5]) {
            return false;
        }
        retry:
        for (int attempt = 0; attempt < 100; attempt++) {
            double dx = random.nextGaussian(), dy = random.nextGaussian(), dz = random.nextGaussian();
            int count = 0;
            for (int o = 0; o < tri.length; o += 9) {
                double e1x = tri[o + 3] - tri[o], e1y = tri[o + 4] - tri[o + 1], e1z = tri[o + 5] - tri[o + 2];
                double e2x = tri[o + 6] - tri[o], e2y = tri[o + 7] - tri[o + 1], e2z = tri[o + 8] - tri[o + 2];
                double hx = dy * e2z - dz * e2y, hy = dz * e2x - dx * e2z, hz = dx * e2y - dy * e2x;
                double a = e1x * hx + e1y * hy + e1z * hz;
                if (Math.abs(a) < 1e-12) {
                    continue retry; // ray (nearly) parallel to a triangle: try another direction
                }
                double f = 1 / a;
                double sx = px - tri[o], sy = py - tri[o + 1], sz = pz - tri[o + 2];
                double u = f * (sx * hx + sy * hy + sz * hz);
                double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
                double v = f * (dx * qx + dy * qy + dz * qz);
                double t = f * (e2x * qx + e2y * qy + e2z * qz);
                double eps = 1e-7;
                boolean nearEdge =
                        Math.abs(u) < eps || Math.abs(v) < eps || Math.abs(1 - u - v) < eps || Math.abs(t) < eps;
                boolean hit = u > 0 && v > 0 && u + v < 1 && t > 0;
                if (nearEdge && (u > -eps && v > -eps && u + v < 1 + eps && t > -eps)) {
                    continue retry;
                }
                if (hit) {
                    count++;
                }
            }
            return (count & 1) == 1;
        }
        throw new IllegalStateException("no generic ray found");
    }
}
