package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.JointSpace;
import org.junit.jupiter.api.Test;

/** The refused-direction cone against angles worked out by hand. */
class RefusedDirectionsTest {
    private static final double COS_30 = Math.cos(Math.toRadians(30));

    private static JointSpace plane(boolean continuousFirst) {
        return new JointSpace(new double[] {-3, -3}, new double[] {3, 3}, new boolean[] {continuousFirst, false});
    }

    @Test
    void aTargetWithinTheConeIsCoveredAndOneOutsideIsNot() {
        RefusedDirections refused = new RefusedDirections(plane(false), 4);
        double[] q = {9, 9, 1, 1}; // node 0 at (9, 9), node 1 at (1, 1)
        refused.remember(1, q, 2, new double[] {3, 1}); // refused towards +x
        // 20° and 40° off +x, at other distances than the refused target: the cone is about direction only
        double a20 = Math.toRadians(20);
        double a40 = Math.toRadians(40);
        assertTrue(refused.covers(1, q, 2, new double[] {1 + 0.5 * Math.cos(a20), 1 + 0.5 * Math.sin(a20)}, COS_30));
        assertTrue(refused.covers(1, q, 2, new double[] {1 + 5 * Math.cos(a20), 1 - 5 * Math.sin(a20)}, COS_30));
        assertFalse(refused.covers(1, q, 2, new double[] {1 + Math.cos(a40), 1 + Math.sin(a40)}, COS_30));
        assertFalse(refused.covers(1, q, 2, new double[] {0, 1}, COS_30)); // the opposite direction
        assertFalse(refused.covers(1, q, 2, new double[] {1, 1}, COS_30)); // the node itself has no direction
        assertFalse(refused.covers(0, q, 0, new double[] {12, 9}, COS_30)); // node 0 refused nothing
    }

    @Test
    void forgettingAndGrowingKeepOnlyWhatWasRemembered() {
        RefusedDirections refused = new RefusedDirections(plane(false), 1);
        double[] q = {0, 0, 0, 0};
        refused.remember(0, q, 0, new double[] {0, 1});
        refused.ensureCapacity(8);
        assertTrue(refused.covers(0, q, 0, new double[] {0.1, 2}, COS_30), "kept across growth");
        assertFalse(refused.covers(1, q, 2, new double[] {0.1, 2}, COS_30), "a new node starts without one");
        refused.forget(0);
        assertFalse(refused.covers(0, q, 0, new double[] {0.1, 2}, COS_30));
        refused.remember(0, q, 0, new double[] {0, 0}); // no direction: nothing remembered
        assertFalse(refused.covers(0, q, 0, new double[] {0.1, 2}, COS_30));
    }

    @Test
    void continuousJointsPointTheShortWayRound() {
        RefusedDirections refused = new RefusedDirections(plane(true), 2);
        double[] q = {3.0, 0};
        // from 3.0 to −3.0 the short way is +2π − 6 ≈ +0.283, not −6: the refused direction is +x
        refused.remember(0, q, 0, new double[] {-3.0, 0});
        assertTrue(refused.covers(0, q, 0, new double[] {-2.9, 0.05}, COS_30)); // ≈ +0.383, +0.05: 7.4° off
        assertFalse(refused.covers(0, q, 0, new double[] {2.5, 0}, COS_30)); // −0.5: the opposite way
    }
}
