package io.collide4j.checker.batch;

import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.scene.MoveItSceneLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.joml.Matrix4d;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Batch state checks of the Panda in the MBM bookshelf scene: engines agree, the sphere tier is sound. */
class StateBatchTest {

    static final int N = 100_000;
    static BatchRobot robot;
    static double[] qs;
    static BatchChecker cpu;
    static BatchChecker openCl;
    static StateBatchResult cpuResult;

    @BeforeAll
    static void setUp() {
        MoveItSceneLoader.PlanningScene ps = PandaScene.scene("bookshelf_small_panda", "0001");
        robot = PandaScene.robot(ps);
        qs = PandaScene.randomConfigurations(robot, N, 20261121L);
        cpu = BatchChecker.builder().engine(EngineChoice.CPU).robot(robot).build();
        cpuResult = cpu.checkStates(qs);
        if (!OpenClDevice.listDevices().isEmpty()) {
            openCl = BatchChecker.builder().engine(EngineChoice.OPENCL).robot(robot).build();
        }
        System.out.printf("Panda in bookshelf_small scene0001: %d pieces, %d spheres, %d obstacles, %d pairs;"
                        + " %d of %d random configurations in collision%n", robot.pieceCount(), robot.sphereCount(),
                robot.obstacleCount(), robot.pairCount(), cpuResult.collisions(), N);
    }

    @AfterAll
    static void tearDown() {
        cpu.close();
        if (openCl != null) {
            openCl.close();
        }
    }

    @Test
    void openClVerdictsEqualCpuOnHundredThousandConfigurations() {
        assumeTrue(openCl != null, "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure()
                + "); install pocl-opencl-icd (CPU OpenCL) or a GPU driver to run the OpenCL engine tests");
        StateBatchResult r = openCl.checkStates(qs);
        assertEquals(EngineKind.OPENCL, r.engine().kind());
        System.out.printf("OpenCL states on %s: %d collisions, %d of %d decided on CPU (tier unsure)%n", r.engine(),
                r.collisions(), r.decidedOnCpu(), N);
        assertArrayEquals(cpuResult.verdict(), r.verdict(), "verdicts");
        assertArrayEquals(cpuResult.pair(), r.pair(), "first colliding pairs");
        assertTrue(r.decidedOnCpu() >= r.collisions(), "every collision is confirmed on the CPU");
        assertTrue(r.collisions() > 0 && r.collisions() < N, "the scene should produce both verdicts");
    }

    /**
     * Independent of the sphere tier: GJK on every pair, in pair order. A configuration the batch calls free must
     * have no GJK-intersecting pair (else a covering sphere missed part of its piece), and the first colliding
     * pair must be the first pair GJK finds intersecting.
     */
    @Test
    void tierNeverClearsAPairGjkFindsIntersecting() {
        Gjk gjk = new Gjk();
        Matrix4d ma = new Matrix4d(), mb = new Matrix4d();
        BatchRobot.Scratch s = robot.newScratch();
        int dof = robot.dof();
        int checked = 0;
        for (int i = 0; i < N; i += 20, checked++) {
            robot.jointTrig(qs, dof * i, s.trig, 0);
            robot.forwardKinematics(s.trig, 0, s.pose);
            int first = -1;
            for (int p = 0; p < robot.pairCount() && first < 0; p++) {
                int a = robot.pairA[p], b = robot.pairB[p];
                ma.set(s.matrix(robot.pieceLink[a], 0));
                boolean hit = b < 0 ? gjk.intersects(robot.pieceShape[a], ma, robot.obstacleShape[-1 - b],
                        robot.obstaclePose[-1 - b])
                        : gjk.intersects(robot.pieceShape[a], ma, robot.pieceShape[b], mb.set(s.matrix(robot.pieceLink[b], 1)));
                if (hit) {
                    first = p;
                }
            }
            assertEquals(first, cpuResult.pair()[i], "configuration " + i);
        }
        assertTrue(checked >= 5000);
    }

    @Test
    void coveringSpheresContainEveryHullVertex() {
        for (int piece = 0; piece < robot.pieceCount(); piece++) {
            if (!(robot.pieceShape[piece] instanceof HullShape h)) {
                continue;
            }
            for (int v = 0; v < h.hull().vertexCount(); v++) {
                double x = h.hull().vertex(v, 0), y = h.hull().vertex(v, 1), z = h.hull().vertex(v, 2);
                boolean inside = false;
                for (int sp = robot.pieceSphereStart[piece]; sp < robot.pieceSphereStart[piece + 1]; sp++) {
                    double dx = x - robot.sphere[4 * sp], dy = y - robot.sphere[4 * sp + 1], dz = z - robot.sphere[4 * sp + 2];
                    double r = robot.sphere[4 * sp + 3] - BatchRobot.TIER_MARGIN;
                    inside |= dx * dx + dy * dy + dz * dz <= r * r;
                }
                assertTrue(inside, "vertex " + v + " of piece " + piece + " outside its spheres");
            }
        }
    }

    @Test
    void batchEqualsSingleQueriesAndRowsForm() {
        int dof = robot.dof();
        BatchRobot.Scratch s = robot.newScratch();
        double[][] rows = new double[2000][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = java.util.Arrays.copyOfRange(qs, dof * i, dof * (i + 1));
            assertEquals(cpuResult.pair()[i], robot.firstCollidingPair(qs, dof * i, s), "configuration " + i);
        }
        try (BatchChecker one = BatchChecker.builder().engine(EngineChoice.CPU).threads(1).robot(robot).build()) {
            StateBatchResult r = one.checkStates(rows);
            assertArrayEquals(java.util.Arrays.copyOf(cpuResult.pair(), rows.length), r.pair());
        }
    }

    @Test
    void mbmStartAndGoalStatesReportedWithTheirPairs() {
        // MBM's starts and goals are collision-free for its model; ours (hulls containing the meshes) may only
        // err toward collision, so count them rather than assert, and check the engines agree on them.
        var req = PandaScene.request("bookshelf_small_panda", "0001");
        double[][] sg = req.startAndGoal(robot.kinematics().variableNames());
        StateBatchResult r = cpu.checkStates(sg);
        for (int i = 0; i < 2; i++) {
            System.out.printf("MBM bookshelf_small 0001 %s: %s%n", i == 0 ? "start" : "goal",
                    r.pair()[i] < 0 ? "free" : "collision " + robot.pairName(r.pair()[i]));
        }
        if (openCl != null) {
            assertArrayEquals(r.pair(), openCl.checkStates(sg).pair());
        }
    }

    @Test
    void badConfigurationsNameTheirIndex() {
        double[][] rows = {new double[robot.dof()], new double[robot.dof() - 1]};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cpu.checkStates(rows));
        assertTrue(e.getMessage().contains("configuration 1"), e.getMessage());
        double[] flat = new double[2 * robot.dof()];
        flat[robot.dof() + 3] = Double.NaN;
        e = assertThrows(IllegalArgumentException.class, () -> cpu.checkStates(flat));
        assertTrue(e.getMessage().contains("configuration 1 variable 3"), e.getMessage());
    }
}
