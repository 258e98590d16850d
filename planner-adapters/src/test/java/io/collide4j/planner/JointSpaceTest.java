package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The circle's arithmetic against facts about angles: the short way is at most half a turn, the same pose. */
class JointSpaceTest {
    private static final JointSpace SPACE = new JointSpace(
            new double[] {-1, Double.NEGATIVE_INFINITY},
            new double[] {2, Double.POSITIVE_INFINITY},
            new boolean[] {false, true});

    @Test
    void unwrapGoesTheShortWayAndKeepsThePose() {
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            double a = r.nextDouble(-2 * Math.PI, 2 * Math.PI);
            double b = r.nextDouble(-2 * Math.PI, 2 * Math.PI);
            double u = JointSpace.unwrap(a, b);
            assertTrue(Math.abs(u - a) <= Math.PI + 1e-12, "travel " + (u - a) + " from " + a + " to " + b);
            // same pose: sin and cos agree (u = b - 2πk)
            assertEquals(Math.sin(b), Math.sin(u), 1e-12);
            assertEquals(Math.cos(b), Math.cos(u), 1e-12);
            if (Math.abs(b - a) < Math.PI - 1e-9) {
                assertEquals(b, u, 0.0, "within half a turn the value is kept bit for bit");
            }
        }
        assertEquals(-3.0 + 2 * Math.PI, JointSpace.unwrap(3.0, -3.0), 1e-15);
        assertEquals(3.0 - 2 * Math.PI, JointSpace.unwrap(-3.0, 3.0), 1e-15);
    }

    @Test
    void distanceIsTheShortWayOnContinuousJointsOnly() {
        // bounded joint: plain difference; continuous: 6 rad apart is 2π − 6 the other way round
        assertEquals(Math.hypot(3, 2 * Math.PI - 6), SPACE.distance(new double[] {-1, 3}, new double[] {2, -3}), 1e-12);
        assertEquals(3.0, SPACE.difference(0, -1, 2));
        assertEquals(2 * Math.PI - 6, SPACE.difference(1, 3, -3), 1e-12);
        double[] out = SPACE.unwrap(new double[] {0, 3}, new double[] {1.5, -3}, new double[2]);
        assertEquals(1.5, out[0]);
        assertEquals(-3 + 2 * Math.PI, out[1], 1e-15);
    }

    @Test
    void samplesCoverOneTurnAndTheBounds() {
        SplittableRandom r = new SplittableRandom(5);
        double[] q = new double[2];
        double lo0 = 9, hi0 = -9, lo1 = 9, hi1 = -9;
        for (int i = 0; i < 20_000; i++) {
            SPACE.sample(r, q);
            assertTrue(q[0] >= -1 && q[0] <= 2);
            assertTrue(q[1] >= -Math.PI && q[1] < Math.PI);
            lo0 = Math.min(lo0, q[0]);
            hi0 = Math.max(hi0, q[0]);
            lo1 = Math.min(lo1, q[1]);
            hi1 = Math.max(hi1, q[1]);
        }
        assertTrue(lo0 < -0.99 && hi0 > 1.99 && lo1 < -3.1 && hi1 > 3.1);
    }

    @Test
    void windowAndCapsAreEnforcedAndNaNIsNeverInside() {
        assertTrue(SPACE.inWindow(new double[] {100, 2.4 * Math.PI}));
        assertFalse(SPACE.inWindow(new double[] {0, 2.6 * Math.PI}));
        assertFalse(SPACE.inWindow(new double[] {0, Double.NaN}));
        assertTrue(SPACE.boundable(new double[] {0, -3}, new double[] {0, 3}));
        assertFalse(SPACE.boundable(new double[] {0, -7 * Math.PI}, new double[] {0, 7 * Math.PI}), "travel beyond 8π");
        assertFalse(SPACE.boundable(new double[] {0, 0}, new double[] {0, Double.NaN}));
        assertThrows(
                IllegalArgumentException.class,
                () -> new JointSpace(new double[] {Double.NEGATIVE_INFINITY}, new double[] {1}, new boolean[] {false}),
                "a bounded joint needs finite bounds");
    }
}
