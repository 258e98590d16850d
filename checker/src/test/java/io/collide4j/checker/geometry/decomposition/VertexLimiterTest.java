package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.hull.QuickHull;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VertexLimiterTest {
    @Test
    void enclosesEveryInputPointWithinTheBudget() {
        Random r = new Random(11);
        double[] p = new double[3 * 1500];
        for (int i = 0; i < 1500; i++) {
            double x = r.nextGaussian(), y = r.nextGaussian(), z = r.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            p[3 * i] = 3 * x / n + 10;
            p[3 * i + 1] = y / n - 4;
            p[3 * i + 2] = 2 * z / n;
        }
        ConvexHull hull = QuickHull.compute(p);
        assertTrue(hull.vertexCount() > 200);
        for (int budget : new int[] {4, 8, 16, 64}) {
            ConvexHull limited = VertexLimiter.limit(hull, budget);
            assertTrue(limited.vertexCount() <= budget, budget + ": " + limited);
            double[] planes = PieceChecks.planesOf(limited, 1e-9);
            for (int i = 0; i < p.length; i += 3) {
                assertTrue(PieceChecks.inside(planes, p[i], p[i + 1], p[i + 2], 0), budget + ": point " + i / 3);
            }
            assertTrue(limited.volume() >= hull.volume());
        }
        // the budget buys tightness: an ellipsoid (volume 8π) enclosed by 64 vertices is within 25%
        assertTrue(VertexLimiter.limit(hull, 64).volume() < 1.25 * 8 * Math.PI);
    }

    @Test
    void hullWithinBudgetIsReturnedAsIs() {
        ConvexHull cube = QuickHull.compute(
                new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1});
        assertSame(cube, VertexLimiter.limit(cube, 8));
    }
}
