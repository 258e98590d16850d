package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The earliest-contact search ({@link Advancement#advancePairs}, checkMotion's second phase and the certifier's)
 * advances its candidate pairs in lockstep rounds (a slice of s per round) so the earliest violation
 * is met early. The order may change only the work done, never the answer: each pair's steps from a given s do
 * not depend on when they are taken, so the verdict, the time and the pair must equal those of the plain loop
 * that runs every pair to completion one after the other (reproduced here from {@code Advancement.advance}).
 * The search is run directly: checkMotion puts the boolean proof in front of it ({@link MotionTwoPhaseTest}).
 */
class MotionOrderTest {

    /** The pair-after-pair loop: each pair from 0 to the earliest violation found so far (no budget). */
    private static Object[] sequential(CollisionChecker checker, QueryContext c, double[] q0, double[] q1, double d) {
        double tol = CollisionChecker.DEFAULT_TOLERANCE;
        c.startSegment(q0, q1);
        checker.collector().collectMotionPairs(c, d + tol);
        c.evaluations = 0;
        c.budget = Long.MAX_VALUE;
        double earliest = 2;
        String pair = null;
        CandidatePairs pairs = c.pairs;
        for (int i = 0; i < pairs.count(); i++) {
            AdvanceStatus st = checker.advancement()
                    .advance(
                            c,
                            pairs.kind(i),
                            pairs.pieceA(i),
                            pairs.pieceB(i),
                            pairs.slot(i),
                            Math.min(1, earliest),
                            d,
                            tol,
                            null,
                            0);
            assertTrue(st == AdvanceStatus.CLEARED || st == AdvanceStatus.VIOLATED, "status " + st);
            if (st == AdvanceStatus.VIOLATED) {
                earliest = c.stopS;
                pair = checker.pairDistance()
                        .linkPair(pairs.kind(i), pairs.pieceA(i), pairs.pieceB(i), pairs.slot(i))
                        .key();
            }
        }
        return new Object[] {
            pair == null ? MotionStatus.FREE : MotionStatus.COLLISION,
            pair == null ? 1.0 : earliest,
            pair,
            c.evaluations
        };
    }

    /** The search in lockstep rounds, as checkMotion's second phase runs it (no budget). */
    private static Object[] lockstep(CollisionChecker checker, QueryContext c, double[] q0, double[] q1, double d) {
        double tol = CollisionChecker.DEFAULT_TOLERANCE;
        c.startSegment(q0, q1);
        checker.collector().collectMotionPairs(c, d + tol);
        c.evaluations = 0;
        c.budget = Long.MAX_VALUE;
        AdvanceStatus st = checker.advancement().advancePairs(c, d, tol, true);
        assertTrue(st == AdvanceStatus.CLEARED || st == AdvanceStatus.VIOLATED, "status " + st);
        boolean free = st == AdvanceStatus.CLEARED;
        return new Object[] {
            free ? MotionStatus.FREE : MotionStatus.COLLISION,
            free ? 1.0 : c.motionTime,
            free ? null : c.motionContact.pair().key(),
            c.evaluations
        };
    }

    @Test
    void lockstepRoundsGiveThePairAfterPairAnswerWithLessWork() {
        RobotCollisionModel model = TestRobots.panda();
        KinematicModel k = model.kinematics();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, String> e : TestRobots.problems().entrySet()) {
            if (!e.getKey().contains("/scene") || n++ % 25 != 0) {
                continue;
            }
            scenes.add(MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene());
            MotionPlanRequest r = MotionPlanRequest.parse(
                    e.getKey(), TestRobots.problems().get(e.getKey().replace("/scene", "/request")));
            edges.add(r.startAndGoal(k.variableNames()));
        }
        Random rnd = new Random(21);
        int free = 0, collision = 0;
        long lockstepWork = 0, sequentialWork = 0;
        for (int si = 0; si < scenes.size(); si++) {
            CollisionChecker checker = CollisionChecker.of(model, scenes.get(si));
            QueryContext c = checker.newContext();
            List<double[][]> motions = new ArrayList<>();
            motions.add(edges.get(si));
            for (int m = 0; m < 12; m++) {
                double[] q0 = edges.get(si)[0].clone();
                double[] q1 = new double[q0.length];
                // long random motions and short ones (planner-like edges) from the start state
                double reach = m % 2 == 0 ? 1 : 0.3;
                for (int j = 0; j < q1.length; j++) {
                    double v = q0[j] + reach * (k.upperLimit(j) - k.lowerLimit(j)) * (rnd.nextDouble() - 0.5);
                    q1[j] = Math.max(k.lowerLimit(j), Math.min(k.upperLimit(j), v));
                }
                motions.add(new double[][] {q0, q1});
            }
            for (double[][] mo : motions) {
                for (double d : new double[] {0, 0.01}) {
                    Object[] r = lockstep(checker, c, mo[0], mo[1], d);
                    Object[] ref = sequential(checker, c, mo[0], mo[1], d);
                    assertEquals(ref[0], r[0], "verdict");
                    assertEquals((double) ref[1], (double) r[1], 0.0, "time of the first violation");
                    assertEquals(ref[2], r[2], "violating pair");
                    if (r[0] == MotionStatus.FREE) {
                        free++;
                    } else {
                        collision++;
                    }
                    lockstepWork += (long) r[3];
                    sequentialWork += (long) ref[3];
                }
            }
        }
        assertTrue(free >= 20 && collision >= 20, "free " + free + ", collision " + collision);
        assertTrue(
                lockstepWork <= sequentialWork, "lockstep " + lockstepWork + " vs pair after pair " + sequentialWork);
        System.out.printf(
                "[motion-order] %d free, %d collision; distance evaluations lockstep %d, pair after pair %d%n",
                free, collision, lockstepWork, sequentialWork);
    }
}
