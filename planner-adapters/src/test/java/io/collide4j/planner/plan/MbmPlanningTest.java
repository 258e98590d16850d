package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * RRT-Connect with certified edges on the MotionBenchMaker Panda problems (the first three of each of the
 * seven scenarios, fixed seeds): every returned path is re-certified edge by edge with a fresh context
 * and certified as a whole trajectory.
 * MBM generated start and goal against meshes; states our conservative hull model cannot certify are
 * counted apart, not hidden.
 */
class MbmPlanningTest {
    static final Path ZIP = Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
            .resolve("vamp/resources/panda/problems.zip");

    @Test
    void solvesMbmPandaProblemsWithCertifiedPaths() {
        MbmProblems set = new MbmProblems(ZIP);
        assertEquals(
                List.of(
                        "bookshelf_small_panda",
                        "bookshelf_tall_panda",
                        "bookshelf_thin_panda",
                        "box_panda",
                        "cage_panda",
                        "table_pick_panda",
                        "table_under_pick_panda"),
                set.scenarios());
        assertEquals(100, set.count("box_panda"), "MotionBenchMaker ships 100 problems per scenario");
        Collide4jBuilder panda = Collide4j.builder().robot("panda");
        List<ProblemRunner.Run> runs = new ArrayList<>();
        int solved = 0, invalidEnds = 0, valid = 0;
        for (String scenario : set.scenarios()) {
            for (MbmProblems.Problem p : set.load(scenario, 1, 3)) {
                ProblemRunner.Run r = ProblemRunner.run(
                        ProblemRunner.checker(panda, p),
                        p,
                        PlanRequest.builder()
                                .seed(p.index())
                                .timeLimitSeconds(5)
                                .shortcutAttempts(30));
                runs.add(r);
                switch (r.outcome()) {
                    case INVALID_START, INVALID_GOAL -> invalidEnds++;
                    case SOLVED -> {
                        valid++;
                        solved++;
                        assertEquals(r.edges(), r.certifiedEdges());
                        assertEquals(
                                io.collide4j.checker.certificate.Verdict.CERTIFIED_FREE,
                                r.pathVerdict(),
                                "the whole path certifies as a trajectory");
                        List<double[]> path = r.plan().path();
                        double[][] sg = p.request().startAndGoal(panda.build().variableNames());
                        assertTrue(
                                java.util.Arrays.equals(sg[0], path.get(0))
                                        && java.util.Arrays.equals(sg[1], path.get(path.size() - 1)),
                                "path must run from the request's start to its goal");
                    }
                    case NOT_SOLVED -> valid++;
                    default -> throw new AssertionError("outcome " + r.outcome() + " not counted");
                }
                System.out.println("[mbm-plan] " + describe(r));
            }
        }
        System.out.printf(
                Locale.ROOT,
                "[mbm-plan] solved %d of %d valid problems; %d with a start/goal the hull model" + " cannot certify%n",
                solved,
                valid,
                invalidEnds);
        assertTrue(
                solved >= valid - 2,
                "RRT-Connect should solve nearly all of " + valid + " problems in 5 s, solved " + solved);
        assertTrue(invalidEnds <= 2, "MBM states are mesh-valid; the hull model rejected " + invalidEnds);
    }

    private static String describe(ProblemRunner.Run r) {
        return r.scenario() + " #" + r.index() + " " + r.outcome()
                + (r.plan() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " %.2f s + %.2f s smoothing",
                                r.plan().planningSeconds(),
                                r.plan().smoothingSeconds()));
    }
}
