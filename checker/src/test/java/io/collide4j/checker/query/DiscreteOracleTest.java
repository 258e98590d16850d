package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Discrete checks against the exact-triangle oracle: whenever the hull model says "free" (margin d),
 * the exact meshes must be farther apart than d. 10^4 random configurations per robot over MBM scenes.
 */
class DiscreteOracleTest {

    static List<Scene> mbmScenes(int every) {
        List<Scene> out = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, String> e : TestRobots.problems().entrySet()) {
            if (e.getKey().contains("/scene") && i++ % every == 0) {
                out.add(MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene());
            }
        }
        return out;
    }

    static double[] randomConfiguration(KinematicModel k, Random rnd) {
        double[] q = new double[k.variableCount()];
        for (int i = 0; i < q.length; i++) {
            double lo = Math.max(-Math.PI, k.lowerLimit(i)), hi = Math.min(Math.PI, k.upperLimit(i));
            q[i] = lo + rnd.nextDouble() * (hi - lo);
        }
        return q;
    }

    private void run(String name, RobotCollisionModel model, RobotDescription description, long seed) {
        List<Scene> scenes = mbmScenes(50); // 14 scenes, 2 of each MBM family
        List<CollisionChecker> checkers = new ArrayList<>();
        List<MeshOracle> oracles = new ArrayList<>();
        for (Scene s : scenes) {
            checkers.add(CollisionChecker.of(model, s));
            oracles.add(new MeshOracle(model, description, s));
        }
        Random rnd = new Random(seed);
        int n = 10_000, reportedFree = 0, falseNegatives = 0, fpChecked = 0, falsePositives = 0;
        double[] margins = {0, 0.01};
        for (int i = 0; i < n; i++) {
            int k = i % scenes.size();
            double d = margins[(i / scenes.size()) % 2];
            CollisionChecker c = checkers.get(k);
            QueryContext ctx = CheckerContexts.of(c);
            double[] q = randomConfiguration(model.kinematics(), rnd);
            boolean free = c.isFree(q, d, ctx);
            if (free) {
                reportedFree++;
                MeshOracle o = oracles.get(k);
                o.set(q);
                if (o.violates(d)) {
                    falseNegatives++;
                }
            } else if (i % 4 == 0) {
                MeshOracle o = oracles.get(k);
                o.set(q);
                fpChecked++;
                if (!o.violates(d)) {
                    falsePositives++;
                }
            }
        }
        System.out.printf(
                "[discrete-oracle] %s: %d configurations, %d reported free, false negatives %d, "
                        + "false positives %d of %d sampled colliding reports (%.2f%%)%n",
                name,
                n,
                reportedFree,
                falseNegatives,
                falsePositives,
                fpChecked,
                100.0 * falsePositives / Math.max(1, fpChecked));
        assertEquals(0, falseNegatives, name + ": hull model reported free where exact meshes collide");
        assertTrue(reportedFree > n / 20, name + ": too few free samples (" + reportedFree + ") to mean anything");
    }

    @Test
    void pandaHullModelNeverMissesAMeshCollision() {
        run("panda", TestRobots.panda(), TestRobots.pandaDescription(), 1);
    }

    @Test
    void ur5eHullModelNeverMissesAMeshCollision() {
        run("ur5e", TestRobots.ur5e(), TestRobots.ur5eDescription(), 2);
    }

    /** MotionBenchMaker generated its start and goal states collision-free against the meshes. */
    @Test
    void mbmPandaStartAndGoalStatesWithTheHullModel() {
        RobotCollisionModel model = TestRobots.panda();
        int states = 0, free = 0;
        for (Map.Entry<String, String> e : TestRobots.problems().entrySet()) {
            if (!e.getKey().contains("/scene")) {
                continue;
            }
            Scene s = MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene();
            MotionPlanRequest r = MotionPlanRequest.parse(
                    e.getKey(), TestRobots.problems().get(e.getKey().replace("/scene", "/request")));
            double[][] sg = r.startAndGoal(model.kinematics().variableNames());
            CollisionChecker c = CollisionChecker.of(model, s);
            QueryContext ctx = c.newContext();
            for (double[] q : sg) {
                states++;
                free += c.isFree(q, 0, ctx) ? 1 : 0;
            }
        }
        System.out.printf(
                "[mbm-states] panda start/goal states free with the mesh-hull model: %d of %d%n", free, states);
        assertEquals(1400, states);
        assertTrue(free >= 1390, "MBM states are mesh-valid; hulls should keep nearly all free, got " + free);
    }
}
