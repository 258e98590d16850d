package io.collide4j.checker.query;

import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneBuilder;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.json.Json;
import io.collide4j.urdf.json.JsonWriter;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MeshMode#EXACT} on the Panda against one watertight concave mesh (a bowl built around the hand's sweep):
 * hull mode sees a solid box, exact mode the cavity. Independent oracle: {@link ExactMeshOracle} (exact robot link
 * triangles against the bowl's triangles, its own ray-parity containment), sampled densely (≤ 1 mm of certified
 * travel of any robot point between samples).
 */
class ExactMeshModeTest {
    static final double[] READY = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
    static final double[] SWEEP_END = {0.35, -0.785, 0, -2.356, 0, 1.571, 1.085};
    static final double STEP = 0.001;

    static final RobotCollisionModel MODEL = TestRobots.panda();
    static final RobotDescription DESC = TestRobots.pandaDescription();
    /** Bowl parameters {x0, y0, z0, x1, y1, rim, wall}: cavity around the hand's sweep READY → SWEEP_END. */
    static final double[] BOWL = bowlAround(READY, SWEEP_END);
    static final TriangleMesh BOWL_MESH = ConcaveMeshes.bowl(BOWL[0], BOWL[1], BOWL[2], BOWL[3], BOWL[4], BOWL[5], BOWL[6]);
    static final Scene SCENE = new SceneBuilder()
            .add(new Obstacle("bowl", new ObstacleShape.Mesh(BOWL_MESH), Pose.IDENTITY)).build();

    /**
     * Cavity: 3 cm around the xy extent of every robot collision vertex below rim + 10 cm over the sweep; rim 10 cm
     * above the lowest vertex; floor 3 cm below it; walls 5 cm.
     */
    static double[] bowlAround(double[] q0, double[] q1) {
        MeshBvh[] trees = MeshOracle.trees(MODEL, DESC);
        KinematicModel k = MODEL.kinematics();
        LinkPoses poses = new LinkPoses(k);
        double zMin = Double.POSITIVE_INFINITY;
        double[] q = new double[7];
        double[] t9 = new double[9];
        Vector3d p = new Vector3d();
        int samples = 400;
        for (int pass = 0; pass < 2; pass++) {
            double rim = zMin + 0.10;
            double[] xy = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int i = 0; i <= samples; i++) {
                for (int j = 0; j < 7; j++) {
                    q[j] = q0[j] + (q1[j] - q0[j]) * i / samples;
                }
                k.forwardKinematics(q, poses);
                for (int b = 0; b < MODEL.bodyCount(); b++) {
                    for (int t = 0; t < trees[b].triangleCount(); t++) {
                        trees[b].triangle(t, t9, 0);
                        for (int c = 0; c < 9; c += 3) {
                            poses.transformPoint(MODEL.bodyLink(b), t9[c], t9[c + 1], t9[c + 2], p);
                            zMin = Math.min(zMin, p.z);
                            if (pass == 1 && p.z <= rim + 0.10) {
                                xy[0] = Math.min(xy[0], p.x);
                                xy[1] = Math.min(xy[1], p.y);
                                xy[2] = Math.max(xy[2], p.x);
                                xy[3] = Math.max(xy[3], p.y);
                            }
                        }
                    }
                }
            }
            if (pass == 1) {
                return new double[]{xy[0] - 0.03, xy[1] - 0.03, zMin - 0.03, xy[2] + 0.03, xy[3] + 0.03, rim, 0.05};
            }
        }
        throw new AssertionError();
    }

    /** Whether the oracle finds the motion within d at some sample (samples ≤ STEP of certified travel apart). */
    static boolean oracleHits(ExactMeshOracle oracle, RobotSegment seg, double[] q0, double[] q1, double d) {
        seg.set(q0, q1);
        double travel = 0;
        for (int b = 0; b < MODEL.bodyCount(); b++) {
            travel = Math.max(travel, seg.worldBound(MODEL.bodyLink(b), 0, 1, MODEL.bodySphere(b, 0),
                    MODEL.bodySphere(b, 1), MODEL.bodySphere(b, 2), MODEL.bodySphere(b, 3)));
        }
        int n = Math.max(1, (int) Math.ceil(travel / STEP));
        double[] q = new double[q0.length];
        for (int i = 0; i <= n; i++) {
            interpolate(q0, q1, (double) i / n, q);
            oracle.set(q);
            if (oracle.violates(d)) {
                return true;
            }
        }
        return false;
    }

    static double[] interpolate(double[] q0, double[] q1, double s, double[] dest) {
        for (int j = 0; j < q0.length; j++) {
            dest[j] = s == 1 ? q1[j] : q0[j] + s * (q1[j] - q0[j]);
        }
        return dest;
    }

    @Test
    void bowlMeshIsClosedAndContainmentMatchesGeometry() {
        io.collide4j.checker.geometry.mesh.MeshSurface s = new io.collide4j.checker.geometry.mesh.MeshSurface(BOWL_MESH);
        assertTrue(s.isClosed());
        assertFalse(new io.collide4j.checker.geometry.mesh.MeshSurface(ConcaveMeshes.box(0, 0, 0, 1, 1, 1, false)).isClosed());
        io.collide4j.checker.geometry.mesh.MeshQuery q = new io.collide4j.checker.geometry.mesh.MeshQuery();
        Random r = new Random(3);
        double[] b = BOWL;
        int inside = 0;
        for (int i = 0; i < 20000; i++) {
            double x = b[0] - 0.1 + r.nextDouble() * (b[3] - b[0] + 0.2);
            double y = b[1] - 0.1 + r.nextDouble() * (b[4] - b[1] + 0.2);
            double z = b[2] - 0.1 + r.nextDouble() * (b[5] - b[2] + 0.2);
            boolean expect = ConcaveMeshes.inBowl(x, y, z, b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
            assertEquals(expect, q.insideClosed(s.bvh(), x, y, z), "point " + x + ", " + y + ", " + z);
            inside += expect ? 1 : 0;
        }
        assertTrue(inside > 2000, "sampled points inside the solid: " + inside);
    }

    @Test
    void handSweepInsideTheBowlIsFreeOnlyInExactMode() {
        CollisionChecker hull = CollisionChecker.of(MODEL, SCENE, MeshMode.HULL);
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        QueryContext ch = hull.newContext(), ce = exact.newContext();
        ExactMeshOracle oracle = new ExactMeshOracle(MODEL, DESC, BOWL_MESH, "bowl", true);
        RobotSegment seg = new RobotSegment(MODEL.kinematics());
        for (double d : new double[]{0, 0.01}) {
            assertFalse(oracleHits(oracle, seg, READY, SWEEP_END, d), "oracle: sweep clear at d = " + d);
            assertFalse(hull.isFree(READY, d, ch));
            assertTrue(exact.isFree(READY, d, ce), "exact discrete at d = " + d);
            assertEquals(MotionStatus.COLLISION, hull.checkMotion(READY, SWEEP_END, d, ch).status());
            MotionResult r = exact.checkMotion(READY, SWEEP_END, d, ce);
            assertEquals(MotionStatus.FREE, r.status(), "exact motion at d = " + d + ": " + r);
            assertTrue(r.clearanceLowerBound() > d);
        }
        Contact m = exact.minimumDistance(READY, ce);
        assertNotNull(m);
        assertTrue(m.lowerBound() > 0.01 && m.lowerBound() <= m.distance() + 1e-12, "exact min distance " + m);
        assertTrue(hull.minimumDistance(READY, ch).distance() < 0, "hull mode: hand inside the bowl's hull");
    }
}
