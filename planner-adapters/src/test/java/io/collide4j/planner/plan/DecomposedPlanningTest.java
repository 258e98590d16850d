package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.CertificateInputs;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.urdf.Pose;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Planning with decomposed links, the robot built per problem as {@code plan} does: example-robot-data's UR5, whose
 * upper arm and forearm meshes are far from convex (one hull adds 46 % and 55 % volume; {@code collide4j info}),
 * decomposed into the on-disk cache of a fresh folder, in MotionBenchMaker-like scenes (a table and two boxes placed
 * at random per problem) between random valid start and goal states. Every returned path must be reported solved and
 * certify CERTIFIED_FREE and verify independently (issue 31: the decomposed meshes' covers read from the robot's own
 * mesh files), and after the first problem (which decomposes) a problem's model build must cost no more
 * than twice the hull model's (thread CPU time, so other work on the machine does not count): decompositions are built
 * once per process, not once per problem.
 */
class DecomposedPlanningTest {
    static final Path DATA = Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    static final Path UR5 = DATA.resolve("example-robot-data/robots/ur_description/urdf/ur5_robot.urdf");
    static final Path SRDF = DATA.resolve("example-robot-data/robots/ur_description/srdf/ur5.srdf");
    /** Fewer, coarser pieces than the defaults: a cold decomposition of the links in a few seconds. */
    static final DecompositionParameters FAST = DecompositionParameters.builder()
            .maxConvexHulls(4)
            .resolution(5_000)
            .threads(1)
            .build();

    @TempDir
    static Path cache;

    static Collide4jBuilder ur5(boolean decomposed) {
        Collide4jBuilder b =
                Collide4j.builder().urdf(UR5).packageRoots(List.of(DATA)).srdf(SRDF);
        return decomposed ? b.decomposition(FAST, new DecompositionCache(cache)) : b.decompose(false);
    }

    /** A table under the arm and two boxes within its reach, placed at random. */
    static Scene scene(SplittableRandom r) {
        return Scene.of(List.of(
                new Obstacle("table", new ObstacleShape.Box(2, 2, 0.1), new Pose(0, 0, -0.1, 0, 0, 0, 1)),
                new Obstacle(
                        "box1",
                        new ObstacleShape.Box(0.2, 0.2, 0.4),
                        new Pose(r.nextDouble(0.35, 0.6), r.nextDouble(-0.5, 0.5), 0.2, 0, 0, 0, 1)),
                new Obstacle(
                        "box2",
                        new ObstacleShape.Box(0.3, 0.15, 0.3),
                        new Pose(r.nextDouble(-0.6, -0.35), r.nextDouble(-0.5, 0.5), 0.15, 0, 0, 0, 1))));
    }

    @Test
    void everyPathSolvedAndCertifiedAndModelsAreNotRebuiltPerProblem() {
        SplittableRandom r = new SplittableRandom(11);
        double hullBuild = 0, decomposedBuild = 0;
        int solved = 0, problems = 4;
        for (int i = 0; i < problems; i++) {
            Scene scene = scene(r);
            long t0 = cpu();
            Collide4j hull = ur5(false).scene(scene).build();
            long t1 = cpu();
            Collide4j c = ur5(true).scene(scene).build();
            long t2 = cpu();
            assertTrue(c.model().pieceCount() > hull.model().pieceCount(), "decomposed: more pieces than hulls");
            if (i > 0) { // the first builds the decompositions (and warms the JVM)
                hullBuild += (t1 - t0) / 1e9;
                decomposedBuild += (t2 - t1) / 1e9;
            }
            double[] start = valid(c, r), goal = valid(c, r);
            PlanResult p = new RrtConnect(c.planningStateValidityChecker(), c.planningMotionValidator())
                    .plan(PlanRequest.builder()
                            .start(start)
                            .goal(goal)
                            .space(c.jointSpace())
                            .seed(i + 1)
                            .timeLimitSeconds(5)
                            .build());
            if (!p.solved()) {
                System.out.println("[decomposed-plan] problem " + i + " not solved: " + p.failureReason());
                continue;
            }
            MotionStatus[] rechecks = ProblemRunner.recheckEdges(c, p.path());
            double[] times = new double[p.path().size()];
            java.util.Arrays.setAll(times, k -> k);
            CertificationResult cert = c.trajectoryCertifier()
                    .certify(p.path(), times, c.margin(), c.trajectoryBudget())
                    .result();
            Verdict whole = cert.verdict();
            // the decomposed links' certificate verifies independently, the covers read from the UR5's own meshes
            VerificationReport v = IndependentVerifier.verify(
                    c.model().kinematics().description(),
                    c.semantics(),
                    cert.certificateJson().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    "problem " + i,
                    CertificateInputs.of(c, MeshMode.HULL, null));
            assertTrue(v.valid(), "problem " + i + ": " + v.problems());
            System.out.printf(
                    Locale.ROOT,
                    "[decomposed-plan] problem %d: %d waypoints, edges %s, path %s%n",
                    i,
                    p.path().size(),
                    java.util.Arrays.toString(rechecks),
                    whole);
            assertEquals(Verdict.CERTIFIED_FREE, whole, "every returned path certifies");
            assertTrue(ProblemRunner.certified(whole, rechecks), "and is reported solved");
            solved++;
        }
        System.out.printf(
                Locale.ROOT,
                "[decomposed-plan] solved %d of %d; model builds after the first: hull %.3f s,"
                        + " decomposed %.3f s CPU%n",
                solved,
                problems,
                hullBuild,
                decomposedBuild);
        assertTrue(solved >= problems - 1, "solved " + solved + " of " + problems);
        assertTrue(
                decomposedBuild <= 2 * hullBuild + 0.1,
                "decomposed builds " + decomposedBuild + " s against hull " + hullBuild
                        + " s: the decompositions must be reused");
    }

    @Test
    void budgetsGrowWithThePiecesAndAnEdgeOutOfBudgetDoesNotUndoACertifiedPath() {
        Collide4j hull = ur5(false).build();
        assertEquals(1, Collide4j.budgetScale(hull.model()));
        assertEquals(CollisionChecker.DEFAULT_BUDGET, hull.budget());
        assertEquals(TrajectoryCertifier.DEFAULT_BUDGET, hull.trajectoryBudget());
        Collide4j d = ur5(true).build();
        // the hull model has one piece per collision element: the scale is the decomposition's pieces per element
        int elements = hull.model().pieceCount();
        long scale = (d.model().pieceCount() + elements - 1) / elements;
        assertTrue(scale > 1, d.model().pieceCount() + " pieces for " + elements + " elements");
        assertEquals(scale, Collide4j.budgetScale(d.model()));
        assertEquals(scale * CollisionChecker.DEFAULT_BUDGET, d.budget());
        assertEquals(scale * TrajectoryCertifier.DEFAULT_BUDGET, d.trajectoryBudget());
        assertEquals(1234, ur5(true).budget(1234).build().budget(), "a budget given is the budget used");
        // solved: the path certifies, and no edge re-check contradicts it (one out of budget does not)
        assertTrue(ProblemRunner.certified(
                Verdict.CERTIFIED_FREE, new MotionStatus[] {MotionStatus.FREE, MotionStatus.INCONCLUSIVE}));
        assertFalse(ProblemRunner.certified(
                Verdict.CERTIFIED_FREE, new MotionStatus[] {MotionStatus.FREE, MotionStatus.COLLISION}));
        assertFalse(ProblemRunner.certified(Verdict.INCONCLUSIVE, new MotionStatus[] {MotionStatus.FREE}));
    }

    /** A random state in [−π, π] per joint that the decomposed model certifies free. */
    private static double[] valid(Collide4j c, SplittableRandom r) {
        for (int attempt = 0; attempt < 10_000; attempt++) {
            double[] q = new double[c.dimension()];
            for (int j = 0; j < q.length; j++) {
                q[j] = r.nextDouble(-Math.PI, Math.PI);
            }
            if (c.isValid(q)) {
                return q;
            }
        }
        throw new AssertionError("no valid state in 10,000 samples");
    }

    private static long cpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
