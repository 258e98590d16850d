package io.collide4j.checker.query;

import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import org.joml.Matrix4d;
import org.joml.Vector3d;

import java.util.Random;

/**
 * Test oracle for one triangle-mesh obstacle (world frame): the robot's exact collision triangles (no hulls) posed by
 * forward kinematics against the obstacle's triangles (exact triangle–triangle distances), plus, for a closed
 * obstacle, whether a body lies inside the solid: the parity of a ray's crossings (Möller–Trumbore on its own, a
 * fresh random direction whenever a crossing comes near an edge), so the checker's containment code plays no part.
 * Self pairs come from {@link MeshOracle}. Not thread-safe.
 */
final class ExactMeshOracle {
    private final RobotCollisionModel model;
    private final MeshOracle self;
    private final MeshBvh[] tree;
    private final MeshBvh obstacle;
    private final double[] tri;          // obstacle triangles, 9 per triangle
    private final double[] obstacleBox;
    private final boolean closed;
    private final boolean[] checked;     // per body: meets this obstacle
    private final LinkPoses poses;
    private final Matrix4d[] pose;
    private final MeshQuery query = new MeshQuery();
    private final Random random = new Random(7);
    private final Vector3d p = new Vector3d();
    private final double[] firstVertex;  // per body: one vertex of its triangles (link frame), 3 per body

    ExactMeshOracle(RobotCollisionModel model, RobotDescription description, TriangleMesh mesh, String name,
                    boolean closed) {
        this.model = model;
        this.self = new MeshOracle(model, description, Scene.empty());
        this.tree = MeshOracle.trees(model, description);
        this.obstacle = MeshBvh.of(mesh);
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

    void set(double[] q) {
        self.set(q);
        model.kinematics().forwardKinematics(q, poses);
        for (int b = 0; b < model.bodyCount(); b++) {
            poses.pose(model.bodyLink(b), pose[b]);
        }
    }

    /** True when some exact body triangle comes within d of the obstacle (or of another checked body), or a body is inside the closed obstacle. */
    boolean violates(double d) {
        return environment(d) || self.violates(d);
    }

    /** The obstacle part of {@link #violates}. */
    boolean environment(double d) {
        for (int b = 0; b < model.bodyCount(); b++) {
            if (!checked[b]) {
                continue;
            }
            if (query.distanceWithin(tree[b], pose[b], obstacle, null, d, d + 1e-3, 0) <= d) {
                return true;
            }
            if (closed) {
                pose[b].transformPosition(firstVertex[3 * b], firstVertex[3 * b + 1], firstVertex[3 * b + 2], p);
                if (inside(p.x, p.y, p.z)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Ray-parity membership of a point not on the surface. */
    boolean inside(double px, double py, double pz) {
        if (px < obstacleBox[0] || py < obstacleBox[1] || pz < obstacleBox[2] || px > obstacleBox[3]
                || py > obstacleBox[4] || pz > obstacleBox[5]) {
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
                    continue retry;   // ray (nearly) parallel to a triangle: try another direction
                }
                double f = 1 / a;
                double sx = px - tri[o], sy = py - tri[o + 1], sz = pz - tri[o + 2];
                double u = f * (sx * hx + sy * hy + sz * hz);
                double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
                double v = f * (dx * qx + dy * qy + dz * qz);
                double t = f * (e2x * qx + e2y * qy + e2z * qz);
                double eps = 1e-7;
                boolean nearEdge = Math.abs(u) < eps || Math.abs(v) < eps || Math.abs(1 - u - v) < eps || Math.abs(t) < eps;
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
