package io.collide4j.planner.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.EndCheck;
import io.collide4j.planner.Collide4j;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's memo of valid states: exact bits, a bounded table per thread, and motion checks that skip a remembered
 * end's discrete check without changing any answer, not even when the memo is wrong.
 */
class KnownValidStatesTest {
    private static NativeBridge.Handle h;
    private static Collide4j c;

    @BeforeAll
    static void open() {
        h = NativeBridge.open(new String[] {"--robot", "panda", "--scene", "table_shelf", "--planning-margin"});
        c = h.checker();
    }

    @Test
    void remembersExactBitsPerThread() throws InterruptedException {
        KnownValidStates r = new KnownValidStates(2);
        r.remember(new double[] {0.0, 1.0});
        assertTrue(r.contains(new double[] {0.0, 1.0}));
        assertFalse(r.contains(new double[] {-0.0, 1.0}), "-0.0 is another state's bits");
        assertFalse(r.contains(new double[] {0.0, Math.nextUp(1.0)}));
        assertFalse(r.contains(new double[] {0.0, 1.0, 2.0}), "another dimension is never remembered");
        // more states than slots: whatever it still holds was remembered, and it holds most of the latest ones
        SplittableRandom rnd = new SplittableRandom(3);
        double[][] qs = new double[2 * KnownValidStates.SLOTS][];
        for (int k = 0; k < qs.length; k++) {
            qs[k] = new double[] {rnd.nextDouble(), rnd.nextDouble()};
            r.remember(qs[k]);
        }
        int held = 0;
        for (int k = qs.length - 64; k < qs.length; k++) {
            held += r.contains(qs[k]) ? 1 : 0;
        }
        assertTrue(held >= 56, "of the last 64 states " + held + " are held");
        for (int k = 0; k < 1000; k++) {
            assertFalse(r.contains(new double[] {1 + rnd.nextDouble(), rnd.nextDouble()}), "never remembered");
        }
        AtomicBoolean seenElsewhere = new AtomicBoolean(true);
        double[] last = qs[qs.length - 1];
        Thread other = new Thread(() -> seenElsewhere.set(r.contains(last)));
        other.start();
        other.join();
        assertTrue(r.contains(last));
        assertFalse(seenElsewhere.get(), "another thread has its own table");
        assertThrows(IllegalArgumentException.class, () -> new KnownValidStates(0));
    }

    @Test
    void aHandleChecksStatesAndMotionsAtOneSeparation() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new NativeBridge.Handle(c, c.stateValidityChecker(), c.planningMotionValidator()));
        assertTrue(e.getMessage().contains("one separation"), e.getMessage());
    }

    @Test
    void motionsToRememberedEndsGetTheAnswersOfTheFullCheck() {
        SplittableRandom rnd = new SplittableRandom(27);
        int free = 0, blocked = 0, skipped = 0;
        while (free + blocked < 300) {
            double[] q0 = random(rnd), q1 = random(rnd);
            // RRTConnect's goal tree: isValid(new) then checkMotion(new, near), near validated earlier
            if (!NativeBridge.isValid(h, q1) || !NativeBridge.isValid(h, q0)) {
                continue;
            }
            shorten(q0, q1, 1.0 + 2.5 * rnd.nextDouble());
            if (!NativeBridge.isValid(h, q1)) {
                continue;
            }
            skipped += h.known().contains(q1) ? 1 : 0;
            boolean ok = NativeBridge.isMotionFree(h, q0, q1);
            // the same motion with q1 checked first, as the validator's own checkMotion does
            assertEquals(h.motions().checkMotion(q0, q1), ok, "motion " + (free + blocked));
            assertEquals(h.motions().checkMotion(q0, q1, EndCheck.KNOWN_FREE), ok, "motion " + (free + blocked));
            if (ok) {
                free++;
                // independent of both: states 1/100 apart along a free motion are valid
                double[] q = new double[q0.length];
                for (int k = 0; k <= 100; k++) {
                    for (int i = 0; i < q.length; i++) {
                        q[i] = q0[i] + k / 100.0 * (q1[i] - q0[i]);
                    }
                    assertTrue(c.withinLimits(q) && h.states().isValid(q), "free motion " + free + " at " + k);
                }
            } else {
                blocked++;
            }
        }
        assertEquals(300, skipped, "every end was validated before");
        assertTrue(free > 30 && blocked > 10, free + " free, " + blocked + " blocked");
    }

    @Test
    void aWronglyRememberedEndIsStillRefusedByTheProof() {
        SplittableRandom rnd = new SplittableRandom(5);
        int found = 0;
        for (int attempt = 0; attempt < 20_000 && found < 10; attempt++) {
            double[] q0 = random(rnd), q1 = random(rnd);
            if (!h.states().isValid(q0)) {
                continue;
            }
            // shorter than the sample step: no interior samples, so only q1's check or the proof can refuse it
            shorten(q0, q1, 0.2);
            if (!c.withinLimits(q1) || h.states().isValid(q1)) {
                continue;
            }
            found++;
            long before = c.counters().snapshot().distanceEvaluations();
            assertFalse(h.motions().checkMotion(q0, q1));
            long sampled = c.counters().snapshot().distanceEvaluations();
            assertEquals(before, sampled, "refused by q1's discrete check, before any advancement");
            h.known().remember(q1); // wrong on purpose: q1 is not valid
            assertFalse(NativeBridge.isMotionFree(h, q0, q1), "motion " + found + " ends in a state that is not valid");
            assertTrue(
                    c.counters().snapshot().distanceEvaluations() > sampled,
                    "q1's check skipped: the continuous check refused it");
        }
        assertEquals(10, found, "blocked short motions found");
    }

    private static double[] random(SplittableRandom r) {
        double[] lo = c.lowerLimits(), hi = c.upperLimits();
        double[] q = new double[lo.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = lo[i] + r.nextDouble() * (hi[i] - lo[i]);
        }
        return q;
    }

    /** Moves q1 towards q0 until the motion is at most len long. */
    private static void shorten(double[] q0, double[] q1, double len) {
        double sq = 0;
        for (int i = 0; i < q0.length; i++) {
            sq += (q1[i] - q0[i]) * (q1[i] - q0[i]);
        }
        double d = Math.sqrt(sq);
        if (d > len) {
            for (int i = 0; i < q0.length; i++) {
                q1[i] = q0[i] + (q1[i] - q0[i]) * len / d;
            }
        }
    }
}
