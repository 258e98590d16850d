package io.collide4j.planner.plan;

import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.query.Verdict;
import io.collide4j.planner.Collide4j;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Planning with decomposed links on MotionBenchMaker problems, the robot built per problem as {@code plan} does: the
 * VAMP Panda from its URDF (concave link meshes), decomposed into the on-disk cache of a fresh folder. Every returned
 * path must be reported solved and certify CERTIFIED_FREE, and after the first problem (which decomposes) a problem's
 * model build must cost no more than twice the hull model's (thread CPU time, so other work on the machine does not
 * count): the decompositions are built once per process, not once per problem.
 */
class DecomposedPlanningTest {
    static final Path PANDA = Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
            .resolve("vamp/resources/panda");
    /** Fewer, coarser pieces than the defaults: a cold decomposition of the seven links in a few seconds. */
    static final DecompositionParameters FAST = DecompositionParameters.builder().maxConvexHulls(8).resolution(50_000)
            .threads(1).build();

    @TempDir
    static Path cache;

    @Test
    void everyPathSolvedAndCertifiedAndModelsAreNotRebuiltPerProblem() {
        MbmProblems set = new MbmProblems(PANDA.resolve("problems.zip"));
        List<MbmProblems.Problem> problems = set.load("table_pick_panda", 1, 4);
        Collide4j.Builder hull = Collide4j.builder().urdf(PANDA.resolve("panda.urdf")).srdf(PANDA.resolve("panda.srdf"))
                .group("panda_arm");
        Collide4j.Builder decomposed = Collide4j.builder().urdf(PANDA.resolve("panda.urdf"))
                .srdf(PANDA.resolve("panda.srdf")).group("panda_arm").decomposition(FAST, new DecompositionCache(cache));
        double hullBuild = 0, decomposedBuild = 0;
        int solved = 0;
        for (int i = 0; i < problems.size(); i++) {
            MbmProblems.Problem p = problems.get(i);
            long t0 = cpu();
            ProblemRunner.checker(hull, p);
            long t1 = cpu();
            Collide4j c = ProblemRunner.checker(decomposed, p);
            long t2 = cpu();
            assertTrue(c.model().pieceCount() > 11, "decomposed: more pieces than the 11 hulls, got " + c.model().pieceCount());
            if (i > 0) {   // the first builds the decompositions (and warms the JVM)
                hullBuild += (t1 - t0) / 1e9;
                decomposedBuild += (t2 - t1) / 1e9;
            }
            ProblemRunner.Run r = ProblemRunner.run(c, p, PlanRequest.builder().seed(p.index()).timeLimitSeconds(5));
            System.out.printf(Locale.ROOT, "[decomposed-plan] #%d %s, %d/%d edges re-certified, path %s%n", p.index(),
                    r.outcome(), r.certifiedEdges(), r.edges(), r.pathVerdict());
            if (r.plan() != null && r.plan().solved()) {
                assertEquals(ProblemRunner.Outcome.SOLVED, r.outcome(), "a returned path is reported solved");
                assertEquals(Verdict.CERTIFIED_FREE, r.pathVerdict());
                solved++;
            }
        }
        System.out.printf(Locale.ROOT, "[decomposed-plan] model builds after the first: hull %.3f s, decomposed %.3f s CPU%n",
                hullBuild, decomposedBuild);
        assertTrue(solved >= problems.size() - 1, "solved " + solved + " of " + problems.size());
        assertTrue(decomposedBuild <= 2 * hullBuild + 0.1, "decomposed builds " + decomposedBuild + " s against hull "
                + hullBuild + " s: the decompositions must be reused");
    }

    @Test
    void budgetsGrowWithThePiecesAndAnEdgeOutOfBudgetDoesNotUndoACertifiedPath() {
        Collide4j hull = Collide4j.builder().urdf(PANDA.resolve("panda.urdf")).build();
        assertEquals(1, Collide4j.budgetScale(hull.model()));
        assertEquals(io.collide4j.checker.query.CollisionChecker.DEFAULT_BUDGET, hull.budget());
        assertEquals(io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET, hull.trajectoryBudget());
        Collide4j d = Collide4j.builder().urdf(PANDA.resolve("panda.urdf")).decomposition(FAST, new DecompositionCache(cache))
                .build();
        // 11 mesh elements, one per link: the scale is the pieces per element, rounded up
        long scale = (d.model().pieceCount() + 10) / 11;
        assertTrue(scale > 1);
        assertEquals(scale, Collide4j.budgetScale(d.model()));
        assertEquals(scale * io.collide4j.checker.query.CollisionChecker.DEFAULT_BUDGET, d.budget());
        assertEquals(scale * io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET, d.trajectoryBudget());
        // a budget given is the budget used
        assertEquals(1234, Collide4j.builder().urdf(PANDA.resolve("panda.urdf")).decomposition(FAST,
                new DecompositionCache(cache)).budget(1234).build().budget());
        // solved: the path certifies, and no edge re-check contradicts it (one out of budget does not)
        io.collide4j.checker.query.MotionStatus free = io.collide4j.checker.query.MotionStatus.FREE;
        io.collide4j.checker.query.MotionStatus out = io.collide4j.checker.query.MotionStatus.INCONCLUSIVE;
        io.collide4j.checker.query.MotionStatus hit = io.collide4j.checker.query.MotionStatus.COLLISION;
        assertTrue(ProblemRunner.certified(Verdict.CERTIFIED_FREE, new io.collide4j.checker.query.MotionStatus[]{free, out}));
        assertTrue(!ProblemRunner.certified(Verdict.CERTIFIED_FREE, new io.collide4j.checker.query.MotionStatus[]{free, hit}));
        assertTrue(!ProblemRunner.certified(Verdict.INCONCLUSIVE, new io.collide4j.checker.query.MotionStatus[]{free, free}));
    }

    private static long cpu() {
        ThreadMXBean b = ManagementFactory.getThreadMXBean();
        return b.getCurrentThreadCpuTime();
    }
}
