package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Adapter semantics against the closed-form clearance of {@link PlanarArm} (spheres and boxes: exact geometry). */
class CertifiedAdaptersTest {
    static final double D = 0.02;
    static final PlanarArm WORLD =
            new PlanarArm(new double[][] {{1.2, 0.9, 0.4, 0.3}, {-0.6, -1.2, 0.5, 0.2}, {-1.3, 0.5, 0.2, 0.6}});
    static Collide4j checker;

    @BeforeAll
    static void build(@TempDir Path dir) {
        checker = Collide4j.builder()
                .urdf(PlanarArm.writeUrdf(dir))
                .scene(WORLD.scene())
                .margin(D)
                .build();
    }

    private static double[] randomQ(SplittableRandom r) {
        return new double[] {r.nextDouble(-3.1, 3.1), r.nextDouble(-3.1, 3.1)};
    }

    @Test
    void validityAndClearanceAgreeWithTheClosedForm() {
        CertifiedStateValidityChecker v = checker.stateValidityChecker();
        SplittableRandom r = new SplittableRandom(7);
        int invalid = 0;
        for (int i = 0; i < 20_000; i++) {
            double[] q = randomQ(r);
            double exact = WORLD.clearance(q[0], q[1]);
            boolean ok = v.isValid(q);
            if (exact <= D) {
                assertFalse(ok, "false free at " + q[0] + ", " + q[1] + ": exact clearance " + exact);
                invalid++;
            } else if (exact > D + 1e-9) {
                assertTrue(ok, "exact geometry: a clearance of " + exact + " > d must be valid");
            }
            StateValidityChecker.Clearance c = v.clearance(q);
            assertEquals(StateValidityChecker.Exactness.LOWER_BOUND, c.exactness());
            if (exact > 0) {
                assertTrue(c.lowerBound() <= exact + 1e-12, "lower bound " + c.lowerBound() + " above exact " + exact);
                assertTrue(
                        c.lowerBound() >= exact - 1e-6,
                        "primitives: bound must be tight, " + c.lowerBound() + " vs " + exact);
            }
        }
        assertTrue(invalid > 1000 && invalid < 19_000, "the world must have both valid and invalid states: " + invalid);
        // outside the joint limits is never valid, whatever the clearance
        assertFalse(v.isValid(new double[] {3.12, 0}));
    }

    @Test
    void certifiedMotionsAreFreeAndLastValidIsConservative() {
        CertifiedMotionValidator mv = checker.motionValidator();
        SplittableRandom r = new SplittableRandom(11);
        int valid = 0, invalid = 0, checkedLastValid = 0;
        int n = 4000;
        for (int i = 0; i < 600; i++) {
            double[] q0 = randomQ(r);
            if (WORLD.clearance(q0[0], q0[1]) <= D + 0.01) {
                continue;
            }
            double[] q1 = randomQ(r);
            double[] samples = WORLD.sampled(q0, q1, 1, n);
            double sampledMin = java.util.Arrays.stream(samples).min().orElseThrow();
            double slack = PlanarArm.speed(q0, q1) / (2.0 * n);
            MotionValidator.MotionCheck mc = mv.checkMotionWithLastValid(q0, q1);
            assertEquals(mc.valid(), mv.checkMotion(q0, q1));
            // without the interior samples (this caller sampled nothing) the proof alone decides, and a sample that
            // fails is one the proof cannot certify either: the same answer
            assertEquals(mc.valid(), mv.checkSampledMotion(q0, q1));
            if (mc.valid()) {
                valid++;
                assertTrue(sampledMin > D, "certified motion has an exact clearance of " + sampledMin + " <= d");
                assertEquals(1.0, mc.lastValidFraction());
                assertArrayEquals(q1, mc.lastValid());
                continue;
            }
            invalid++;
            if (sampledMin - slack > D + 2 * checker.tolerance()) {
                throw new AssertionError("motion with exact clearance >= " + (sampledMin - slack) + " rejected");
            }
            double f = mc.lastValidFraction();
            assertTrue(f >= 0 && f < 1);
            // the returned configuration is the segment's point at f ...
            double[] expected = {q0[0] + f * (q1[0] - q0[0]), q0[1] + f * (q1[1] - q0[1])};
            assertArrayEquals(expected, mc.lastValid(), 1e-15);
            // ... certified free by the discrete query, and so is everything before it (dense exact samples)
            assertTrue(checker.isValid(mc.lastValid()), "lastValid at " + f + " is not free");
            double[] before = WORLD.sampled(q0, q1, f, n);
            for (int k = 0; k <= n; k++) {
                assertTrue(
                        before[k] > D, "exact clearance " + before[k] + " <= d at fraction " + f * k / n + " < " + f);
            }
            // not needlessly early: the checker stops only where the exact clearance is within the tolerance
            double firstNear = 1;
            for (int k = 0; k <= n; k++) {
                if (samples[k] <= D + checker.tolerance() + slack) {
                    firstNear = (double) k / n;
                    break;
                }
            }
            assertTrue(f >= firstNear - 1.0 / n, "stopped at " + f + " before the first near-contact " + firstNear);
            checkedLastValid++;
        }
        assertTrue(valid > 30 && invalid > 30, "valid " + valid + ", invalid " + invalid);
        assertTrue(checkedLastValid == invalid);
    }

    @Test
    void sampledValidatorMissesAThinWallThatTheCertifiedOneCatches(@TempDir Path dir) {
        // A 2 mm wall across the second sphere's path: at q2 = 0 the tip sweeps a circle of radius 1.8.
        PlanarArm wall = new PlanarArm(new double[][] {{0, 1.8, 0.002, 0.3}});
        Collide4j c = Collide4j.builder()
                .urdf(PlanarArm.writeUrdf(dir))
                .scene(wall.scene())
                .build();
        double[] q0 = {1.2, 0}, q1 = {1.95, 0};
        assertTrue(
                java.util.Arrays.stream(wall.sampled(q0, q1, 1, 1000)).min().orElseThrow() < 0, "the motion collides");
        SampledMotionValidator coarse = c.sampledMotionValidator(0.3);
        assertTrue(coarse.checkMotion(q0, q1), "with 0.3 rad between samples the wall is stepped over");
        assertFalse(c.motionValidator().checkMotion(q0, q1));
        assertFalse(c.motionValidator().checkSampledMotion(q0, q1), "skipping the samples leaves the proof");
        assertFalse(c.sampledMotionValidator(0.01).checkMotion(q0, q1));
    }

    @Test
    void anExhaustedBudgetIsNeverValidAndClaimsNoPrefix(@TempDir Path dir) {
        double[] q0 = {0.3, 0.2}, q1 = {2.9, -2.5};
        assertTrue(WORLD.clearance(q0[0], q0[1]) > D);
        // the smallest budget with which the pair that ran out got somewhere (which pairs come first in a round is
        // the checker's business): the claim below is only meaningful where a prefix was proven for some pair
        Collide4j tight = null;
        MotionResult r = null;
        for (int budget = 3; budget <= 60 && (r == null || !(r.time() > 0)); budget++) {
            tight = Collide4j.builder()
                    .urdf(PlanarArm.writeUrdf(dir))
                    .scene(WORLD.scene())
                    .margin(D)
                    .budget(budget)
                    .build();
            r = tight.motionValidator().check(q0, q1);
            assertEquals(
                    MotionStatus.INCONCLUSIVE,
                    r.status(),
                    budget + " distance evaluations cannot settle a long motion");
        }
        assertTrue(r.time() > 0, "the pair that ran out got somewhere, yet the pairs after it were never checked");
        MotionValidator.MotionCheck mc = tight.motionValidator().checkMotionWithLastValid(q0, q1);
        assertFalse(mc.valid());
        assertEquals(0.0, mc.lastValidFraction());
        assertArrayEquals(q0, mc.lastValid());
        assertEquals(2, tight.counters().snapshot().inconclusiveMotions());
    }

    @Test
    void countersCountEveryQuery(@TempDir Path dir) {
        Collide4j c = Collide4j.builder()
                .urdf(PlanarArm.writeUrdf(dir))
                .scene(WORLD.scene())
                .margin(D)
                .build();
        CertifiedStateValidityChecker sv = c.stateValidityChecker();
        CertifiedMotionValidator mv = c.motionValidator();
        SplittableRandom r = new SplittableRandom(3);
        int validStates = 0, validMotions = 0;
        for (int i = 0; i < 200; i++) {
            validStates += sv.isValid(randomQ(r)) ? 1 : 0;
        }
        for (int i = 0; i < 50; i++) {
            validMotions += mv.checkMotion(new double[] {0.3, 0.2}, randomQ(r)) ? 1 : 0;
        }
        ValidityCounters.Snapshot s = c.counters().snapshot();
        assertEquals(200, s.states());
        assertEquals(validStates, s.validStates());
        assertEquals(50, s.motions());
        assertEquals(validMotions, s.validMotions());
        assertTrue(s.stateSeconds() > 0 && s.motionSeconds() > 0 && s.distanceEvaluations() >= 50);
        c.counters().reset();
        assertEquals(0, c.counters().snapshot().states());
    }

    @Test
    void sharedBetweenThreadsGivesTheSameAnswers() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        double[][] qs = new double[2000][];
        boolean[] expected = new boolean[qs.length];
        for (int i = 0; i < qs.length; i++) {
            qs[i] = randomQ(r);
            expected[i] = WORLD.clearance(qs[i][0], qs[i][1]) > D + 1e-9;
        }
        CertifiedStateValidityChecker v = checker.stateValidityChecker();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<?>[] fs = new Future<?>[4];
            for (int t = 0; t < fs.length; t++) {
                fs[t] = pool.submit(() -> {
                    for (int i = 0; i < qs.length; i++) {
                        if (Math.abs(WORLD.clearance(qs[i][0], qs[i][1]) - D) > 1e-9) {
                            assertEquals(expected[i], v.isValid(qs[i]), "state " + i);
                        }
                    }
                });
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void groupVariablesAndHeldJoints(@TempDir Path dir) throws Exception {
        Path srdf = java.nio.file.Files.writeString(dir.resolve("planar.srdf"), """
                <robot name="planar"><group name="shoulder"><joint name="j1"/></group></robot>
                """);
        Collide4j c = Collide4j.builder()
                .urdf(PlanarArm.writeUrdf(dir))
                .srdf(srdf)
                .group("shoulder")
                .hold("j2", 0.5)
                .scene(WORLD.scene())
                .margin(D)
                .build();
        assertEquals(1, c.dimension());
        assertEquals(java.util.List.of("j1"), c.variableNames());
        assertArrayEquals(new double[] {0.25, 0.5}, c.fullConfiguration(new double[] {0.25}));
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 2000; i++) {
            double q1 = r.nextDouble(-3.1, 3.1);
            double exact = WORLD.clearance(q1, 0.5);
            if (Math.abs(exact - D) > 1e-9) {
                assertEquals(exact > D, c.isValid(new double[] {q1}), "j1 = " + q1 + " with j2 held at 0.5");
            }
        }
        Collide4j all = Collide4j.builder().robot("panda").build();
        assertEquals(7, all.dimension(), "the bundled Panda's arm group has the seven arm joints");
        assertEquals("panda_arm", all.groupName());
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> Collide4j.builder()
                        .urdf(PlanarArm.writeUrdf(dir))
                        .hold("j9", 0)
                        .build());
    }
}
