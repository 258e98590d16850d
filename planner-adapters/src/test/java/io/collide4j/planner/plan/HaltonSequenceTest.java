package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.JointSpace;
import org.junit.jupiter.api.Test;

class HaltonSequenceTest {
    @Test
    void radicalInversesByHand() {
        // 6 = 110 in base 2 -> 0.011 = 3/8; 5 = 12 in base 3 -> 0.21 = 2/3 + 1/9; 7 in base 5 = 12 -> 2/5 + 1/25
        assertEquals(0.5, HaltonSequence.radicalInverse(1, 2), 0);
        assertEquals(0.375, HaltonSequence.radicalInverse(6, 2), 0);
        assertEquals(2.0 / 3 + 1.0 / 9, HaltonSequence.radicalInverse(5, 3), 1e-15);
        assertEquals(2.0 / 5 + 1.0 / 25, HaltonSequence.radicalInverse(7, 5), 1e-15);
        assertArrayEquals(new int[] {2, 3, 5, 7, 11, 13, 17, 19, 23, 29}, HaltonSequence.primes(10));
    }

    @Test
    void pointsFillEveryStratumOnceAndStayInTheSpace() {
        // a Halton coordinate in base b puts points 1..b^k - 1 at distinct multiples of b^-k (joint 0: base 2, joint 1:
        // 3)
        double[] lower = {-2, 0, 10};
        double[] upper = {2, 1, 10}; // a joint with lower == upper stays put
        JointSpace space = new JointSpace(
                new double[] {-2, 0, 10, 0}, new double[] {2, 1, 10, 0}, new boolean[] {false, false, false, true});
        HaltonSequence h = new HaltonSequence(space, 1);
        boolean[] x = new boolean[1024];
        boolean[] y = new boolean[729];
        double[] q = new double[4];
        for (int k = 1; k < 1024; k++) { // with point 0 (not drawn) a full set of 10-digit strings
            h.next(q);
            for (int j = 0; j < 3; j++) {
                assertTrue(q[j] >= lower[j] && q[j] <= upper[j], "joint " + j + " at point " + k);
            }
            assertTrue(q[3] >= -Math.PI && q[3] < Math.PI, "continuous joint over one turn");
            int cx = (int) Math.round((q[0] + 2) / 4 * 1024); // the digit string as an integer (rounding only)
            assertTrue(cx < 1024 && !x[cx], "two of points 1..1023 at one base-2 place: " + cx);
            x[cx] = true;
            if (k < 729) {
                int cy = (int) Math.round(q[1] * 729);
                assertTrue(cy < 729 && !y[cy], "two of points 1..728 at one base-3 place: " + cy);
                y[cy] = true;
            }
        }
    }

    @Test
    void oneSequenceSharedByAlternatingTreesSplitsJointZeroSoEachTreeHasItsOwn() {
        // why RrtConnect gives each tree a sequence: the odd points of one sequence all lie in the upper half of joint
        // 0
        JointSpace space = JointSpace.bounded(new double[] {0, 0}, new double[] {1, 1});
        HaltonSequence shared = new HaltonSequence(space, 1);
        HaltonSequence own = new HaltonSequence(space, 1 + RrtConnect.GOAL_TREE_LEAP);
        double[] q = new double[2];
        int oddLow = 0;
        int ownLow = 0;
        for (int k = 1; k <= 200; k++) {
            shared.next(q);
            oddLow += k % 2 == 1 && q[0] < 0.5 ? 1 : 0;
            own.next(q);
            ownLow += q[0] < 0.5 ? 1 : 0;
        }
        assertEquals(0, oddLow);
        assertTrue(ownLow > 90 && ownLow < 110, ownLow + " of 200");
    }

    @Test
    void startIndexFollowsTheSeedAndIsAlwaysValid() {
        JointSpace space = JointSpace.bounded(new double[] {0}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> new HaltonSequence(space, 0));
        PlanRequest.Builder b = PlanRequest.builder().start(0.5).goal(0.5).bounds(new double[] {0}, new double[] {1});
        assertEquals(1, b.seed(1).build().haltonStart());
        assertEquals(5, b.seed(5).build().haltonStart());
        assertEquals((1L << 32), b.seed(0).build().haltonStart());
        assertTrue(b.seed(Long.MIN_VALUE).build().haltonStart() >= 1);
        double[] q = new double[1];
        new HaltonSequence(space, b.seed(5).build().haltonStart()).next(q);
        assertEquals(0.625, q[0], 0); // 5 = 101 in base 2
    }
}
