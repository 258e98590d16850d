package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The motion query settings: each knob by name, refused when out of range, withers change only their own field. */
class MotionQueryTest {

    @Test
    void defaultsAndWithersKeepTheOtherSettings() {
        MotionQuery q = MotionQuery.margin(0.01);
        assertEquals(0.01, q.margin());
        assertEquals(CollisionChecker.DEFAULT_TOLERANCE, q.tolerance());
        assertEquals(CollisionChecker.DEFAULT_BUDGET, q.budget());
        assertEquals(CollisionChecker.DEFAULT_SAMPLE_STEP, q.sampleStep());
        MotionQuery r = q.withTolerance(1e-6).withBudget(7).withSampleStep(0.1).withMargin(0.02);
        assertEquals(new MotionQuery(0.02, 1e-6, 7, 0.1), r);
    }

    @Test
    void outOfRangeSettingsAreRefusedByName() {
        for (double bad : new double[] {-1e-9, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> MotionQuery.margin(bad))
                    .getMessage()
                    .startsWith("margin"));
            assertTrue(assertThrows(
                            IllegalArgumentException.class,
                            () -> MotionQuery.margin(0).withTolerance(bad))
                    .getMessage()
                    .startsWith("tolerance"));
            assertTrue(assertThrows(
                            IllegalArgumentException.class,
                            () -> MotionQuery.margin(0).withSampleStep(bad))
                    .getMessage()
                    .startsWith("sample step"));
        }
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> MotionQuery.margin(0).withTolerance(0))
                .getMessage()
                .startsWith("tolerance"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> MotionQuery.margin(0).withBudget(-1))
                .getMessage()
                .contains("budget"));
    }
}
