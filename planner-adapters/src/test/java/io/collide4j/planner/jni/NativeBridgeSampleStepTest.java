package io.collide4j.planner.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plug-in's {@code --motion-sample-step}: denser discrete pre-rejection samples change how fast a blocked motion
 * is refused, never which motions are free, and a bad value is refused naming the option.
 */
class NativeBridgeSampleStepTest {
    private static final String[] PANDA = {"--robot", "panda", "--scene", "table_shelf", "--planning-margin"};
    private static NativeBridge.Handle plain;
    private static NativeBridge.Handle dense;
    private static Collide4j direct;

    @BeforeAll
    static void open() {
        plain = NativeBridge.open(with("--motion-sample-step", "1.0")); // the façade's CollisionChecker default
        dense = NativeBridge.open(with("--motion-sample-step", "0.125"));
        direct = plain.checker();
    }

    private static String[] with(String... more) {
        String[] out = java.util.Arrays.copyOf(PANDA, PANDA.length + more.length);
        System.arraycopy(more, 0, out, PANDA.length, more.length);
        return out;
    }

    @Test
    void theStepIsTheValidatorsAndOnlyTheBooleanChecksUsesIt() {
        assertEquals(0.125, dense.motions().sampleStep());
        assertEquals(1.0, plain.motions().sampleStep());
        NativeBridge.Handle byDefault = NativeBridge.open(new String[] {"--robot", "panda", "--scene", "none"});
        assertEquals(NativeBridge.PLUGIN_SAMPLE_STEP, byDefault.motions().sampleStep());
        assertEquals(direct.planningMargin(), dense.motions().separation(), "the planning margin is kept");
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> direct.motionValidator().withSampleStep(bad));
            assertTrue(e.getMessage().contains("sample step must be finite and > 0"), e.getMessage());
        }
    }

    @Test
    void denserSamplesRefuseNoFreeMotionAndAcceptNoBlockedOne() {
        SplittableRandom r = new SplittableRandom(27);
        double[] lo = direct.lowerLimits(), hi = direct.upperLimits();
        int free = 0, blocked = 0;
        plain.checker().counters().reset();
        dense.checker().counters().reset();
        while (free + blocked < 200) {
            double[] q0 = random(r, lo, hi), q1 = random(r, lo, hi);
            if (!NativeBridge.isValid(plain, q0) || !NativeBridge.isValid(plain, q1)) {
                continue;
            }
            // RRTConnect's extensions are at most its range long (OMPL's default about 2.6 rad on the Panda; 1.0 as
            // BENCHMARKS.md sets it): lengths 0.3 .. 4 cover both and give blocked motions enough to cross
            double len = Math.sqrt(distanceSquared(q0, q1)), want = 0.3 + 3.7 * r.nextDouble();
            for (int i = 0; i < 7 && len > want; i++) {
                q1[i] = q0[i] + (q1[i] - q0[i]) * want / len;
            }
            boolean ok = NativeBridge.isMotionFree(dense, q0, q1);
            assertEquals(NativeBridge.isMotionFree(plain, q0, q1), ok, "edge " + (free + blocked));
            if (ok) {
                free++;
                // an independent look: 100 states along a free motion are valid at the planning margin
                double[] q = new double[7];
                for (int k = 0; k <= 100; k++) {
                    for (int i = 0; i < 7; i++) {
                        q[i] = q0[i] + k / 100.0 * (q1[i] - q0[i]);
                    }
                    assertTrue(NativeBridge.isValid(plain, q), "free edge " + free + " at " + k + "/100");
                }
            } else {
                blocked++;
            }
        }
        assertTrue(free > 20 && blocked > 20, "both verdicts covered: " + free + " free, " + blocked + " blocked");
        // free motions cost the advancement the same either way; blocked ones that the sparse samples let through
        // to the advancement are refused by a denser state sample first, without distance evaluations
        long sparse = plain.checker().counters().snapshot().distanceEvaluations();
        long denser = dense.checker().counters().snapshot().distanceEvaluations();
        assertTrue(denser < sparse, "advancement evaluations: " + denser + " at step 0.125, " + sparse + " at 1.0");
    }

    private static double[] random(SplittableRandom r, double[] lo, double[] hi) {
        double[] q = new double[lo.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = lo[i] + r.nextDouble() * (hi[i] - lo[i]);
        }
        return q;
    }

    private static double distanceSquared(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return s;
    }

    @Test
    void aBadStepIsAUsageErrorNamingTheOption() {
        for (String bad : new String[] {"0", "-0.5", "NaN", "Infinity", "fast", ""}) {
            CliException e =
                    assertThrows(CliException.class, () -> NativeBridge.open(with("--motion-sample-step", bad)), bad);
            assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(e), bad);
            assertTrue(
                    e.getMessage().contains("--motion-sample-step")
                            && e.getMessage().contains("'" + bad + "'"),
                    e.getMessage());
        }
        CliException missing = assertThrows(CliException.class, () -> NativeBridge.open(with("--motion-sample-step")));
        assertTrue(missing.getMessage().contains("got nothing"), missing.getMessage());
        CliException twice = assertThrows(
                CliException.class,
                () -> NativeBridge.open(with("--motion-sample-step", "0.5", "--motion-sample-step", "0.25")));
        assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(twice));
        assertTrue(twice.getMessage().contains("given twice"), twice.getMessage());
    }
}
