package io.collide4j.checker.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.scene.MoveItSceneLoader;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Motion batches equal the single-motion certified checker on both engines: statuses always; time, clearance and
 * evaluations for everything the CPU decided; and every motion the OpenCL device tier certified free is one the
 * single checker finds FREE.
 */
class MotionBatchTest {

    static final int RANDOM = 500;

    /** Random short motions within the limits (the first one is the MBM request's start → goal). */
    static double[][] motions(BatchRobot robot, String problem, String id, int n, long seed) {
        var k = robot.kinematics();
        int dof = k.variableCount();
        double[] a = new double[n * dof], b = new double[n * dof];
        Random rnd = new Random(seed);
        double[][] sg = PandaScene.request(problem, id).startAndGoal(k.variableNames());
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dof; j++) {
                double lo = k.lowerLimit(j), hi = k.upperLimit(j);
                double x = i == 0 ? sg[0][j] : lo + rnd.nextDouble() * (hi - lo);
                double y = i == 0 ? sg[1][j] : Math.max(lo, Math.min(hi, x + (rnd.nextDouble() - 0.5) * 0.6));
                a[i * dof + j] = x;
                b[i * dof + j] = y;
            }
        }
        return new double[][] {a, b};
    }

    /** The single-motion checker's results, one by one. */
    static MotionResult[] single(BatchRobot robot, double[] a, double[] b, double d) {
        CollisionChecker checker = robot.checker();
        QueryContext c = checker.newContext();
        int dof = robot.dof();
        MotionResult[] out = new MotionResult[a.length / dof];
        for (int i = 0; i < out.length; i++) {
            out[i] = checker.checkMotion(
                    Arrays.copyOfRange(a, i * dof, (i + 1) * dof), Arrays.copyOfRange(b, i * dof, (i + 1) * dof), d, c);
        }
        return out;
    }

    static int assertSame(MotionResult[] expected, MotionBatchResult r, String what) {
        int onDevice = 0;
        for (int i = 0; i < expected.length; i++) {
            MotionResult m = expected[i];
            assertEquals(m.status(), r.status()[i], what + ": status of motion " + i);
            if (r.onDevice()[i]) {
                onDevice++;
                continue;
            }
            assertEquals(
                    Double.doubleToLongBits(m.time()), Double.doubleToLongBits(r.time()[i]), what + ": time of " + i);
            assertEquals(
                    Double.doubleToLongBits(m.clearanceLowerBound()),
                    Double.doubleToLongBits(r.clearance()[i]),
                    what + ": clearance of " + i);
            assertEquals(m.evaluations(), r.evaluations()[i], what + ": evaluations of motion " + i);
        }
        return onDevice;
    }

    @Test
    void randomMotionsEqualTheSingleCheckerOnBothEngines() {
        MoveItSceneLoader.PlanningScene ps = PandaScene.scene("bookshelf_small_panda", "0001");
        BatchRobot robot = PandaScene.robot(ps);
        double[][] ab = motions(robot, "bookshelf_small_panda", "0001", RANDOM, 7);
        double[] a = ab[0], b = ab[1];
        for (double d : new double[] {0, 0.01}) {
            MotionResult[] expected = single(robot, a, b, d);
            try (BatchChecker cpu =
                    BatchChecker.builder().engine(EngineChoice.CPU).robot(robot).build()) {
                MotionBatchResult r = cpu.checkMotions(a, b, d);
                assertEquals(0, assertSame(expected, r, "CPU d=" + d), "the CPU engine has no device tier");
                System.out.printf(
                        "motion batch d=%.2f: %d motions, %d free, %d collision, %d inconclusive%n",
                        d,
                        RANDOM,
                        r.count(MotionStatus.FREE),
                        r.count(MotionStatus.COLLISION),
                        r.count(MotionStatus.INCONCLUSIVE));
                assertTrue(
                        r.count(MotionStatus.FREE) > RANDOM / 10 && r.count(MotionStatus.COLLISION) > RANDOM / 10,
                        "the scene should produce both verdicts");
            }
            if (!OpenClDevice.listDevices().isEmpty()) {
                try (BatchChecker cl = BatchChecker.builder()
                        .engine(EngineChoice.OPENCL)
                        .robot(robot)
                        .build()) {
                    MotionBatchResult r = cl.checkMotions(a, b, d);
                    int dev = assertSame(expected, r, "OpenCL d=" + d);
                    assertEquals(dev, r.decidedOnDevice());
                    System.out.printf(
                            "OpenCL motion tier d=%.2f: %d of %d motions (%d of %d free ones) certified on"
                                    + " the device%n",
                            d, dev, RANDOM, dev, r.count(MotionStatus.FREE));
                    assertTrue(dev > 0, "the device tier should certify some motion");
                }
            }
        }
    }

    /** The straight start → goal edge of MBM requests in their own scenes, on both engines. */
    @Test
    void mbmStartToGoalEdgesEqualTheSingleChecker() {
        String[][] requests = {
            {"bookshelf_small_panda", "0002"},
            {"bookshelf_tall_panda", "0001"},
            {"cage_panda", "0001"},
            {"table_pick_panda", "0001"},
            {"box_panda", "0001"}
        };
        int free = 0, device = 0;
        for (String[] req : requests) {
            BatchRobot robot = PandaScene.robot(PandaScene.scene(req[0], req[1]));
            // the edge itself and 39 shorter pieces of it, from its start
            int n = 40, dof = robot.dof();
            double[][] sg = PandaScene.request(req[0], req[1])
                    .startAndGoal(robot.kinematics().variableNames());
            double[] a = new double[n * dof], b = new double[n * dof];
            for (int i = 0; i < n; i++) {
                double f = (i + 1.0) / n;
                for (int j = 0; j < dof; j++) {
                    a[i * dof + j] = sg[0][j];
                    b[i * dof + j] = i == n - 1 ? sg[1][j] : sg[0][j] + f * (sg[1][j] - sg[0][j]);
                }
            }
            MotionResult[] expected = single(robot, a, b, 0);
            for (EngineChoice e : OpenClDevice.listDevices().isEmpty()
                    ? new EngineChoice[] {EngineChoice.CPU}
                    : new EngineChoice[] {EngineChoice.CPU, EngineChoice.OPENCL}) {
                try (BatchChecker bc =
                        BatchChecker.builder().engine(e).robot(robot).build()) {
                    MotionBatchResult r = bc.checkMotions(a, b, 0);
                    int dev = assertSame(expected, r, req[0] + " " + req[1] + " " + e);
                    if (e == EngineChoice.OPENCL) {
                        device += dev;
                    }
                    if (e == EngineChoice.CPU) {
                        free += r.count(MotionStatus.FREE);
                    }
                }
            }
        }
        System.out.printf(
                "MBM start->goal edges (5 scenes x 40 prefixes): %d free, %d certified on the device%n", free, device);
        assertTrue(free > 0, "some MBM edge prefixes are free");
    }

    @Test
    void streamingAndOneThreadEqualWholeBatch() {
        BatchRobot robot = PandaScene.robot(PandaScene.scene("bookshelf_small_panda", "0001"));
        double[][] ab = motions(robot, "bookshelf_small_panda", "0001", 60, 11);
        double[] a = ab[0], b = ab[1];
        int n = 60, dof = robot.dof();
        try (BatchChecker all = BatchChecker.builder()
                        .engine(EngineChoice.CPU)
                        .robot(robot)
                        .build();
                BatchChecker one = BatchChecker.builder()
                        .engine(EngineChoice.CPU)
                        .threads(1)
                        .robot(robot)
                        .build()) {
            MotionBatchResult r = all.checkMotions(a, b, 0.0);
            MotionBatchResult streamed = MotionBatchResult.allocate(n, one.engine());
            for (int first = 0; first < n; first += 25) {
                one.checkMotions(a, b, first, Math.min(25, n - first), 0.0, streamed);
            }
            assertArrayEquals(r.status(), streamed.status());
            assertArrayEquals(r.time(), streamed.time());
            double[] bad = a.clone();
            bad[5 * dof + 2] = Double.NaN;
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> all.checkMotions(bad, b, 0));
            assertTrue(e.getMessage().contains("motion 5"), e.getMessage());
        }
    }
}
