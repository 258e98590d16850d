package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link EndCheck#KNOWN_FREE}: skipping the end state's discrete check changes no answer when the caller is right
 * about q1, and gives no FREE that the earliest-contact query (an independent search) does not certify when the
 * caller is wrong.
 */
class EndCheckTest {
    @Test
    void skippingAFreeEndChangesNoAnswerAndAWrongOneGivesNoFalseFree() {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        MotionOracleTest.pandaProblemSample(model, scenes, edges);
        List<MotionOracleTest.Motion> motions = MotionOracleTest.buildMotions(model, scenes, edges, 60, 60, 11);
        List<CollisionChecker> checkers = new ArrayList<>();
        List<QueryContext> contexts = new ArrayList<>();
        for (Scene s : scenes) {
            CollisionChecker ch = CollisionChecker.of(model, s);
            checkers.add(ch);
            contexts.add(ch.newContext());
        }
        double tol = CollisionChecker.DEFAULT_TOLERANCE;
        long budget = CollisionChecker.DEFAULT_BUDGET;
        int freeEnds = 0, blockedEnds = 0, refusedByTheProof = 0;
        for (MotionOracleTest.Motion m : motions) {
            CollisionChecker ch = checkers.get(m.scene());
            QueryContext c = contexts.get(m.scene());
            MotionStatus first = ch.isMotionFree(m.q0(), m.q1(), 0, tol, budget, 0.25, EndCheck.FIRST, c);
            assertEquals(ch.isMotionFree(m.q0(), m.q1(), 0, tol, budget, 0.25, c), first, "FIRST is the default order");
            MotionStatus skipped = ch.isMotionFree(m.q0(), m.q1(), 0, tol, budget, 0.25, EndCheck.KNOWN_FREE, c);
            if (ch.isFree(m.q1(), 0, c)) {
                freeEnds++;
                assertEquals(first, skipped, m.kind() + " motion with a free end");
            } else {
                blockedEnds++;
                // a wrong caller: the proof alone decides, and it never certifies what the search does not
                if (skipped == MotionStatus.FREE) {
                    MotionResult full = ch.checkMotion(m.q0(), m.q1(), 0, c);
                    assertTrue(full.isFree(), m.kind() + ": FREE with a colliding end, search says " + full.status());
                } else {
                    refusedByTheProof += c.evaluations() > 0 ? 1 : 0;
                }
                assertNotEquals(MotionStatus.FREE, first, "q1's own check refuses it");
            }
        }
        assertTrue(freeEnds > 50 && blockedEnds > 20, freeEnds + " free ends, " + blockedEnds + " blocked ends");
        assertTrue(refusedByTheProof > 0, "the skipped check left some refusals to the advancement");
    }
}
