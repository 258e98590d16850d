package io.collide4j.checker.batch;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Motion batches equal the single-motion certified checker, whatever the thread count or chunking. */
class MotionBatchTest {

    @Test
    void batchEqualsSingleMotionChecksAndStreamingEqualsWhole() {
        MoveItSceneLoader.PlanningScene ps = PandaScene.scene("bookshelf_small_panda", "0001");
        RobotCollisionModel.Builder mb = RobotCollisionModel.builder(PandaScene.PANDA,
                io.collide4j.kinematics.KinematicModel.of(PandaScene.PANDA)).srdf(PandaScene.SRDF);
        ps.allowedCollisions().forEach(p -> mb.allow(p.first(), p.second()));
        CollisionChecker checker = CollisionChecker.of(mb.build(), ps.scene());
        int dof = checker.model().kinematics().variableCount();
        int n = 120;
        double[] a = new double[n * dof], b = new double[n * dof];
        Random rnd = new Random(7);
        var k = checker.model().kinematics();
        double[][] sg = PandaScene.request("bookshelf_small_panda", "0001").startAndGoal(k.variableNames());
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dof; j++) {
                double lo = k.lowerLimit(j), hi = k.upperLimit(j);
                double x = i == 0 ? sg[0][j] : lo + rnd.nextDouble() * (hi - lo);
                double y = i == 0 ? sg[1][j] : Math.max(lo, Math.min(hi, x + (rnd.nextDouble() - 0.5) * 0.4));
                a[i * dof + j] = x;
                b[i * dof + j] = y;
            }
        }
        try (BatchChecker all = BatchChecker.builder().engine(EngineChoice.CPU).collisionChecker(checker).build();
             BatchChecker one = BatchChecker.builder().engine(EngineChoice.CPU).threads(1).collisionChecker(checker)
                     .build()) {
            MotionBatchResult r = all.checkMotions(a, b, 0.0);
            QueryContext c = checker.newContext();
            for (int i = 0; i < n; i++) {
                MotionResult m = checker.checkMotion(java.util.Arrays.copyOfRange(a, i * dof, (i + 1) * dof),
                        java.util.Arrays.copyOfRange(b, i * dof, (i + 1) * dof), 0.0, c);
                assertEquals(m.status().ordinal(), r.status()[i], "status of motion " + i);
                assertEquals(Double.doubleToLongBits(m.time()), Double.doubleToLongBits(r.time()[i]), "time of motion " + i);
                assertEquals(m.evaluations(), r.evaluations()[i], "evaluations of motion " + i);
            }
            MotionBatchResult streamed = new MotionBatchResult(new byte[n], new double[n], new double[n], new long[n],
                    one.engine());
            for (int first = 0; first < n; first += 50) {
                one.checkMotions(a, b, first, Math.min(50, n - first), 0.0, streamed);
            }
            assertArrayEquals(r.status(), streamed.status());
            assertArrayEquals(r.time(), streamed.time());
            System.out.printf("motion batch: %d motions, %d free, %d collision, %d inconclusive%n", n,
                    r.count(MotionBatchResult.FREE), r.count(MotionBatchResult.COLLISION),
                    r.count(MotionBatchResult.INCONCLUSIVE));
            assertTrue(r.count(MotionBatchResult.FREE) > 0 && r.count(MotionBatchResult.COLLISION) > 0,
                    "the scene should produce both verdicts");
            double[] bad = a.clone();
            bad[5 * dof + 2] = Double.NaN;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> all.checkMotions(bad, b, 0));
            assertTrue(e.getMessage().contains("motion 5"), e.getMessage());
        }
    }
}
