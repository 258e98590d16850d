package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The boolean motion query ({@link CollisionChecker#isMotionFree}, sphere tier in front of GJK) against the
 * earliest-contact query ({@link CollisionChecker#checkMotion}, GJK at every step) on the motion oracle test's motions
 * (MBM start→goal edges, random and grazing motions, Panda and UR5e; {@link MotionOracleTest#buildMotions}), at
 * d = 0 and 1 cm. Both certify FREE by the same step rule, but they step at different s, so they may only differ on
 * motions that come within the tolerance band (d, d + tol] of the margin, where "collision" means "could not certify
 * more than d + tol" rather than a proven contact: FREE from isMotionFree where checkMotion reports a collision is
 * allowed only when checkMotion's reported lower bound is above d (a band report, not a crossing), and a collision
 * from isMotionFree where checkMotion certifies FREE only when checkMotion's certified clearance is within the band.
 * Every other motion must get the same verdict, and the band cases must stay rare (the motion oracle test checks
 * both queries' FREE against the exact meshes). The full run ({@code -Pslow}) has
 * {@link MotionOracleTest#FULL_SCALE} times the motions, as there.
 */
class MotionQueryAgreementTest {
    static final int PANDA_EACH = 250, UR5E_EACH = 150;

    record Tally(int free, int blocked, int discreteOnly, int mismatches, int falseFree, int bandCases) {}

    private static Tally compare(
            String name,
            RobotCollisionModel model,
            List<Scene> scenes,
            List<MotionOracleTest.Motion> motions,
            double d) {
        List<CollisionChecker> checkers = new ArrayList<>();
        List<QueryContext> contexts = new ArrayList<>();
        for (Scene s : scenes) {
            CollisionChecker ch = CollisionChecker.of(model, s);
            checkers.add(ch);
            contexts.add(ch.newContext());
        }
        int free = 0, blocked = 0, discreteOnly = 0, mismatches = 0, falseFree = 0, band = 0;
        for (MotionOracleTest.Motion m : motions) {
            CollisionChecker ch = checkers.get(m.scene());
            QueryContext c = contexts.get(m.scene());
            MotionResult full = ch.checkMotion(m.q0(), m.q1(), d, c);
            MotionStatus fast = ch.isMotionFree(m.q0(), m.q1(), d, c);
            boolean conclusive = fast != MotionStatus.INCONCLUSIVE && full.status() != MotionStatus.INCONCLUSIVE;
            double tol = CollisionChecker.DEFAULT_TOLERANCE;
            if (fast == MotionStatus.FREE
                    && full.status() == MotionStatus.COLLISION
                    && full.contact().lowerBound() > d) {
                band++; // checkMotion stopped in the tolerance band, not at a certified crossing
            } else if (fast == MotionStatus.COLLISION && full.isFree() && full.clearanceLowerBound() <= d + 2 * tol) {
                band++; // isMotionFree met the band where checkMotion's steps certified just above it
            } else if (fast == MotionStatus.FREE && full.status() != MotionStatus.FREE) {
                falseFree++;
                System.out.println(
                        "[motion-agreement] FALSE FREE " + name + " " + m.kind() + " d=" + d + " checkMotion "
                                + full.status() + " " + full.contact() + " q0=" + java.util.Arrays.toString(m.q0())
                                + " q1=" + java.util.Arrays.toString(m.q1()));
            } else if (conclusive && (fast == MotionStatus.FREE) != full.isFree()) {
                mismatches++;
                System.out.println("[motion-agreement] MISMATCH " + name + " " + m.kind() + " d=" + d + " isMotionFree "
                        + fast + " checkMotion " + full.status() + " clearance " + full.clearanceLowerBound()
                        + " q0=" + java.util.Arrays.toString(m.q0()) + " q1=" + java.util.Arrays.toString(m.q1()));
            }
            if (full.isFree()) {
                free++;
            } else {
                blocked++;
            }
            if (fast == MotionStatus.COLLISION && c.evaluations() == 0) {
                discreteOnly++; // decided by a discrete sample, the advancement never ran
            }
        }
        System.out.printf(
                "[motion-agreement] %s d=%.3f: %d motions, free %d, not free %d (%d decided by samples alone), "
                        + "tolerance-band differences %d, mismatches %d, false free %d%n",
                name, d, motions.size(), free, blocked, discreteOnly, band, mismatches, falseFree);
        return new Tally(free, blocked, discreteOnly, mismatches, falseFree, band);
    }

    private static void check(
            String name, RobotCollisionModel model, List<Scene> scenes, List<MotionOracleTest.Motion> motions) {
        assertTrue(motions.size() >= 250, name + " motions " + motions.size());
        for (double d : new double[] {0, 0.01}) {
            Tally t = compare(name, model, scenes, motions, d);
            assertEquals(0, t.falseFree(), name + ": isMotionFree said FREE where checkMotion did not, d=" + d);
            assertEquals(0, t.mismatches(), name + ": isMotionFree and checkMotion disagree, d=" + d);
            assertTrue(
                    t.bandCases() <= 0.02 * motions.size(),
                    name + ": " + t.bandCases() + " tolerance-band differences");
            assertTrue(
                    t.free() > 0.1 * motions.size() && t.blocked() > 0.1 * motions.size(),
                    name + ": both answers must be well represented, free " + t.free() + " blocked " + t.blocked());
            assertTrue(t.discreteOnly() > 0, name + ": the discrete stage never decided a blocked motion");
        }
    }

    @Test
    void pandaBooleanQueryAgreesWithEarliestContactQuery() {
        panda(1);
    }

    @Test
    @Tag("slow")
    void pandaBooleanQueryAgreesWithEarliestContactQueryInFull() {
        panda(MotionOracleTest.FULL_SCALE);
    }

    private void panda(int scale) {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        MotionOracleTest.pandaProblemSample(model, scenes, edges);
        int each = PANDA_EACH * scale;
        List<MotionOracleTest.Motion> motions = MotionOracleTest.buildMotions(model, scenes, edges, each, each, 11);
        check("panda", model, scenes, motions);
    }

    @Test
    void ur5eBooleanQueryAgreesWithEarliestContactQuery() {
        ur5e(1);
    }

    @Test
    @Tag("slow")
    void ur5eBooleanQueryAgreesWithEarliestContactQueryInFull() {
        ur5e(MotionOracleTest.FULL_SCALE);
    }

    private void ur5e(int scale) {
        RobotCollisionModel model = TestRobots.ur5e();
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        int each = UR5E_EACH * scale;
        check("ur5e", model, scenes, MotionOracleTest.buildMotions(model, scenes, List.of(), each, each, 12));
    }

    @Test
    void theBooleanQueryAllocatesNothingPerCallOnceWarm() {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        List<MotionOracleTest.Motion> motions = MotionOracleTest.buildMotions(model, scenes, List.of(), 40, 0, 13);
        List<CollisionChecker> checkers = new ArrayList<>();
        List<QueryContext> contexts = new ArrayList<>();
        for (Scene s : scenes) {
            checkers.add(CollisionChecker.of(model, s));
            contexts.add(checkers.get(checkers.size() - 1).newContext());
        }
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        int free = 0, notFree = 0;
        long bytes = Long.MAX_VALUE;
        // two passes size the context's tables; of the three measured passes the least is kept: an allocation per
        // query shows in every pass, while a one-off of the JVM's own (a deoptimisation, say) does not
        for (int pass = 0; pass < 5; pass++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (MotionOracleTest.Motion m : motions) {
                MotionStatus st = checkers.get(m.scene()).isMotionFree(m.q0(), m.q1(), 0, contexts.get(m.scene()));
                if (pass == 2) {
                    free += st == MotionStatus.FREE ? 1 : 0;
                    notFree += st == MotionStatus.FREE ? 0 : 1;
                }
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            if (pass >= 2) {
                bytes = Math.min(bytes, allocated);
            }
        }
        assertTrue(free > 0 && notFree > 0, "free " + free + ", not free " + notFree);
        // an allocation per query would be at least 16 bytes each (40 queries ≥ 640 bytes); allow only stray bytes
        assertTrue(bytes < 256, bytes + " bytes allocated over " + motions.size() + " warm queries");
    }

    @Test
    void exhaustedBudgetIsNeverFreeAndBadArgumentsAreRefused() {
        RobotCollisionModel model = TestRobots.panda();
        Scene scene = DiscreteOracleTest.mbmScenes(50).get(0);
        CollisionChecker ch = CollisionChecker.of(model, scene);
        QueryContext c = ch.newContext();
        java.util.Random rnd = new java.util.Random(5);
        double[] q0, q1;
        do { // a short motion the full query certifies free
            q0 = DiscreteOracleTest.randomConfiguration(model.kinematics(), rnd);
            q1 = q0.clone();
            q1[0] += 0.3;
        } while (!ch.checkMotion(q0, q1, 0, c).isFree());
        assertEquals(MotionStatus.FREE, ch.isMotionFree(q0, q1, 0, c));
        // one distance evaluation cannot certify it (the moving arm has candidate pairs): never FREE
        assertEquals(
                MotionStatus.INCONCLUSIVE, ch.isMotionFree(q0, q1, 0, CollisionChecker.DEFAULT_TOLERANCE, 1, 0.25, c));
        double[] a = q0, b = q1;
        assertThrows(IllegalArgumentException.class, () -> ch.isMotionFree(a, b, -1, c));
        assertThrows(IllegalArgumentException.class, () -> ch.isMotionFree(a, b, 0, 1e-4, 100, 0, c));
        assertThrows(IllegalArgumentException.class, () -> ch.isMotionFree(a, b, 0, 0, 100, 0.25, c));
        assertThrows(IllegalArgumentException.class, () -> ch.isMotionFree(a, new double[1], 0, c));
    }
}
