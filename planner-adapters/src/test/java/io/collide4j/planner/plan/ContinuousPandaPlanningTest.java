package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Planning a robot with continuous joints on MotionBenchMaker scenes: the VAMP Panda with joints 1 and 7 made
 * continuous ({@code tests/data/vamp/resources/panda/panda_continuous.urdf}, see that folder's README). Every path
 * must be re-certified edge by edge and certified CERTIFIED_FREE as a trajectory of exactly the values returned.
 */
class ContinuousPandaPlanningTest {
    static final Path DATA =
            Path.of(System.getProperty("collide4j.testdata", "../tests/data")).resolve("vamp/resources/panda");

    static Collide4jBuilder robot() {
        return Collide4j.builder()
                .urdf(DATA.resolve("panda_continuous.urdf"))
                .srdf(DATA.resolve("panda.srdf"))
                .group("panda_arm");
    }

    @Test
    void solvesMbmProblemsWithCertifiedPaths() {
        MbmProblems set = new MbmProblems(DATA.resolve("problems.zip"));
        Collide4jBuilder robot = robot();
        int solved = 0, valid = 0;
        for (String scenario : set.scenarios()) {
            for (MbmProblems.Problem p : set.load(scenario, 1, 1)) {
                Collide4j c = ProblemRunner.checker(robot, p);
                assertArrayEquals(new boolean[] {true, false, false, false, false, false, true}, c.continuousJoints());
                ProblemRunner.Run r = ProblemRunner.run(
                        c,
                        p,
                        PlanRequest.builder()
                                .seed(p.index())
                                .timeLimitSeconds(5)
                                .shortcutAttempts(30));
                System.out.println("[mbm-continuous] " + PlanCommandDescribe.of(r));
                if (r.outcome() == ProblemRunner.Outcome.INVALID_START
                        || r.outcome() == ProblemRunner.Outcome.INVALID_GOAL) {
                    continue;
                }
                valid++;
                if (r.plan().solved()) {
                    // a path the planner returns is certified: the runner's re-checks are the proof of that
                    assertEquals(r.edges(), r.certifiedEdges(), scenario);
                    assertEquals(Verdict.CERTIFIED_FREE, r.pathVerdict(), scenario);
                    assertEquals(ProblemRunner.Outcome.SOLVED, r.outcome());
                    solved++;
                    List<double[]> path = r.plan().path();
                    double[][] sg = p.request().startAndGoal(c.variableNames());
                    assertArrayEquals(sg[0], path.get(0));
                    double[] last = path.get(path.size() - 1);
                    for (int j = 0; j < last.length; j++) {
                        double turns = (last[j] - sg[1][j]) / (2 * Math.PI);
                        assertEquals(Math.rint(turns), turns, 1e-12, "goal up to whole turns, joint " + j);
                        if (!c.continuousJoints()[j]) {
                            assertEquals(sg[1][j], last[j], 0.0);
                        }
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "[mbm-continuous] solved %d of %d valid problems%n", solved, valid);
        assertTrue(valid >= 5 && solved >= valid - 1, "solved " + solved + " of " + valid);
    }

    @Test
    void turnsTheBaseTheShortWayAcrossPi() {
        Collide4j c = robot().scene(Scene.of(List.of())).build();
        double[] start = {2.8, -0.3, 0, -2.0, 0, 1.8, 3.0};
        double[] goal = {-2.8, -0.3, 0, -2.0, 0, 1.8, -3.0};
        PlanResult r = new RrtConnect(c.planningStateValidityChecker(), c.planningMotionValidator())
                .plan(PlanRequest.builder()
                        .start(start)
                        .goal(goal)
                        .space(c.jointSpace())
                        .build());
        assertTrue(r.solved(), r.failureReason());
        List<double[]> path = r.path();
        double[] last = path.get(path.size() - 1);
        assertEquals(-2.8 + 2 * Math.PI, last[0], 1e-12);
        assertEquals(-3.0 + 2 * Math.PI, last[6], 1e-12);
        // 0.68 rad and 0.28 rad the short way, not 5.6 and 6.0 through zero
        assertEquals(Math.hypot(2 * Math.PI - 5.6, 2 * Math.PI - 6.0), r.lengthAfter(), 1e-9);
        assertEquals(Verdict.CERTIFIED_FREE, ProblemRunner.certifyPath(c, path));
    }

    /** {@code PlanCommand.describe} lives in the CLI package; a short line here. */
    private static final class PlanCommandDescribe {
        static String of(ProblemRunner.Run r) {
            return r.scenario() + " #" + r.index() + " " + r.outcome()
                    + (r.plan() == null
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    " %.2f s, %d waypoints, path %s",
                                    r.plan().planningSeconds(),
                                    r.plan().path().size(),
                                    r.pathVerdict()));
        }
    }
}
