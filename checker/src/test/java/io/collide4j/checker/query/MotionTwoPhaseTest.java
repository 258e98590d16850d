package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link CollisionChecker#checkMotion} runs the boolean proof first and the earliest-contact search only when the
 * proof fails, continuing from what the proof certified. Against the search alone ({@link Advancement#advancePairs}
 * from s = 0, run here on the same segment), on Panda MotionBenchMaker scenes with random and grazing motions at
 * d = 0 and 1 cm:
 * <ul>
 * <li>a COLLISION meets its contract: the contact's lower bound is ≤ d + tolerance, and the exact geometry of every
 *     checked pair stays beyond d at {@value #BEFORE} evenly spaced states of [0, time); where the search alone
 *     clears the motion, the contact's bound is above d (the tolerance band);</li>
 * <li>a motion the search clears is FREE unless in the band as above; a FREE the search reports is a tolerance-band
 *     case (the search's lower bound at its stop is above the margin); band cases stay rare;</li>
 * <li>a FREE's clearance bound is above the margin and is a lower bound on the exact geometry's distance
 *     ({@link MeshOracle}, the robot's collision triangles, no hulls) at 33 evenly spaced states of the motion, for
 *     every body pair (or body and obstacle) all of whose piece pairs are candidates (what the bound covers).</li>
 * </ul>
 */
class MotionTwoPhaseTest {
    private static final int SAMPLES = 32;
    private static final int BEFORE = 16;

    @Test
    void freeComesWithAnExactLowerBoundAndCollisionsMeetTheirContract() {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        MotionOracleTest.pandaProblemSample(model, scenes, edges);
        List<MotionOracleTest.Motion> motions = MotionOracleTest.buildMotions(model, scenes, edges, 40, 24, 29);
        List<CollisionChecker> checkers = new ArrayList<>();
        List<QueryContext> contexts = new ArrayList<>();
        List<MeshOracle> oracles = new ArrayList<>();
        for (Scene s : scenes) {
            CollisionChecker ch = CollisionChecker.of(model, s);
            checkers.add(ch);
            contexts.add(ch.newContext());
            oracles.add(new MeshOracle(model, TestRobots.pandaDescription(), s));
        }
        double tol = CollisionChecker.DEFAULT_TOLERANCE;
        int free = 0, collision = 0, band = 0, measured = 0, sameTime = 0;
        double[] q = new double[model.kinematics().variableNames().size()];
        for (MotionOracleTest.Motion m : motions) {
            CollisionChecker ch = checkers.get(m.scene());
            QueryContext c = contexts.get(m.scene());
            for (double d : new double[] {0, 0.01}) {
                String what = m.kind() + " motion in scene " + m.scene() + ", d=" + d;
                MotionResult r = ch.checkMotion(m.q0(), m.q1(), d, c);
                Set<String> candidates = candidateKeys(c.pairs);

                c.startSegment(m.q0(), m.q1());
                ch.collector().collectMotionPairs(c, d + tol);
                assertEquals(candidates, candidateKeys(c.pairs), what + ": same candidate pairs");
                c.evaluations = 0;
                c.budget = Long.MAX_VALUE;
                AdvanceStatus search = ch.advancement().advancePairs(c, d, tol, true);
                assertTrue(search == AdvanceStatus.CLEARED || search == AdvanceStatus.VIOLATED, what + ": " + search);

                MeshOracle o = oracles.get(m.scene());
                if (r.status() == MotionStatus.COLLISION) {
                    collision++;
                    double lb = r.contact().lowerBound();
                    assertTrue(lb <= d + tol, what + ": contact bound " + lb + " above the band");
                    if (search == AdvanceStatus.CLEARED) {
                        band++;
                        assertTrue(lb > d, what + ": COLLISION at bound " + lb + " <= d where the search alone clears");
                    } else if (c.motionTime == r.time()) {
                        sameTime++;
                    }
                    for (int k = 0; k < BEFORE; k++) {
                        double s = r.time() * k / BEFORE;
                        for (int j = 0; j < q.length; j++) {
                            q[j] = m.q0()[j] + s * (m.q1()[j] - m.q0()[j]);
                        }
                        o.set(q);
                        assertFalse(
                                o.violates(d),
                                what + ": exact geometry within d at s=" + s + " before the reported " + "contact at "
                                        + r.time());
                    }
                    continue;
                }
                assertEquals(MotionStatus.FREE, r.status(), what);
                free++;
                if (search == AdvanceStatus.VIOLATED) {
                    band++;
                    assertTrue(
                            c.motionContact.lowerBound() > d,
                            what + ": FREE where the search met a lower bound " + c.motionContact.lowerBound()
                                    + " <= the margin");
                }
                double clearance = r.clearanceLowerBound();
                assertTrue(clearance > d, what + ": clearance " + clearance);
                if (candidates.isEmpty()) {
                    assertEquals(Double.POSITIVE_INFINITY, clearance, what + ": no candidate pair, no bound");
                    continue;
                }
                List<Integer> covered = coveredOraclePairs(o, ch, candidates);
                for (int k = 0; k <= SAMPLES; k++) {
                    double s = (double) k / SAMPLES;
                    for (int j = 0; j < q.length; j++) {
                        q[j] = k == SAMPLES ? m.q1()[j] : m.q0()[j] + s * (m.q1()[j] - m.q0()[j]);
                    }
                    o.set(q);
                    for (int p : covered) {
                        o.pairBound(p, clearance, clearance + 1e-3);
                        measured++;
                        assertFalse(
                                o.lastWithin,
                                what + ": exact geometry of oracle pair " + p + " within the clearance " + "bound "
                                        + clearance + " at s=" + s);
                    }
                }
            }
        }
        System.out.printf(
                "[motion-two-phase] %d motions x 2 margins: free %d, collision %d (at the search's own time "
                        + "%d), tolerance-band differences %d; %d exact pair distances checked against clearance bounds%n",
                motions.size(), free, collision, sameTime, band, measured);
        assertTrue(
                free > 0.2 * motions.size() && collision > 0.2 * motions.size(),
                "free " + free + ", collision " + collision);
        assertTrue(band <= 0.02 * 2 * motions.size(), band + " tolerance-band cases");
        assertTrue(measured > 5_000, "too few exact distances measured: " + measured);
    }

    private static String key(PairKind kind, int a, int b, int slot) {
        return kind + ":" + a + ":" + b + ":" + slot;
    }

    private static Set<String> candidateKeys(CandidatePairs pairs) {
        Set<String> out = new HashSet<>();
        for (int i = 0; i < pairs.count(); i++) {
            out.add(key(pairs.kind(i), pairs.pieceA(i), pairs.pieceB(i), pairs.slot(i)));
        }
        return out;
    }

    /** The oracle's pairs every one of whose piece pairs is a candidate (the clearance bound covers them wholly). */
    private static List<Integer> coveredOraclePairs(MeshOracle o, CollisionChecker ch, Set<String> candidates) {
        RobotCollisionModel model = ch.model();
        PreparedScene prepared = ch.prepared();
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < o.pairCount(); p++) {
            int ba = o.pairBodyA(p), bb = o.pairBodyB(p), slot = o.pairSlot(p);
            boolean all = true;
            for (int a = model.pieceStart(ba); a < model.pieceEnd(ba) && all; a++) {
                int from = bb < 0 ? prepared.pieceStart(slot) : model.pieceStart(bb);
                int to = bb < 0 ? prepared.pieceEnd(slot) : model.pieceEnd(bb);
                for (int b = from; b < to && all; b++) {
                    all = bb < 0
                            ? candidates.contains(key(PairKind.ENVIRONMENT, a, b, slot))
                            : candidates.contains(key(PairKind.SELF, a, b, -1))
                                    || candidates.contains(key(PairKind.SELF, b, a, -1));
                }
            }
            if (all) {
                out.add(p);
            }
        }
        return out;
    }
}
