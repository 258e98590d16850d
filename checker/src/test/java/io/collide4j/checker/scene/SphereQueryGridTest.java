package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The grid answers exactly as the tree (same slots, same order) for every radius and point, including distances
 * exactly at the radius, points on and off the grid, radii above its reach and NaN.
 */
class SphereQueryGridTest {

    private static List<Integer> list(DynamicAabbTree.Hits h) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < h.count(); i++) {
            out.add(h.get(i));
        }
        return out;
    }

    private static void assertSame(
            FlatAabbTree flat, SphereQueryGrid grid, double x, double y, double z, double r, String what) {
        DynamicAabbTree.Hits a = new DynamicAabbTree.Hits(), b = new DynamicAabbTree.Hits();
        assertEquals(list(flat.querySphere(x, y, z, r, a)), list(grid.querySphere(x, y, z, r, b)), what);
    }

    @Test
    void answersLikeTheTreeOnRandomScenes() {
        Random rnd = new Random(2929);
        int nonEmpty = 0;
        for (int trial = 0; trial < 30; trial++) {
            DynamicAabbTree tree = new DynamicAabbTree();
            int n = 1 + rnd.nextInt(40);
            double size = trial % 3 == 0 ? 0.05 : 1.5; // thin slabs and large boxes
            List<double[]> boxes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double x = rnd.nextDouble() * 3 - 1, y = rnd.nextDouble() * 3 - 1, z = rnd.nextDouble() * 2;
                double[] box = {
                    x, y, z, x + rnd.nextDouble() * size, y + rnd.nextDouble() * size, z + rnd.nextDouble() * 0.3
                };
                boxes.add(box);
                tree.insert(box, i);
            }
            FlatAabbTree flat = new FlatAabbTree(tree);
            double reach = 0.05 + rnd.nextDouble() * 0.3;
            SphereQueryGrid grid = new SphereQueryGrid(flat, reach);
            DynamicAabbTree.Hits h = new DynamicAabbTree.Hits();
            for (int q = 0; q < 2000; q++) {
                double x = rnd.nextDouble() * 5 - 2, y = rnd.nextDouble() * 5 - 2, z = rnd.nextDouble() * 3.5 - 0.7;
                double r = q % 7 == 0 ? reach * (1 + rnd.nextDouble()) : reach * rnd.nextDouble();
                if (q % 11 == 0) {
                    r = reach;
                }
                assertSame(flat, grid, x, y, z, r, "trial " + trial + " query " + q);
                nonEmpty += flat.querySphere(x, y, z, r, h).count() > 0 ? 1 : 0;
            }
            // points at exactly distance r from a box face, along each axis and off each corner
            for (double[] box : boxes) {
                double r = reach * rnd.nextDouble();
                double mx = 0.5 * (box[0] + box[3]), my = 0.5 * (box[1] + box[4]), mz = 0.5 * (box[2] + box[5]);
                assertSame(flat, grid, box[3] + r, my, mz, r, "face +x");
                assertSame(flat, grid, box[0] - r, my, mz, r, "face -x");
                assertSame(flat, grid, mx, box[4] + r, mz, r, "face +y");
                assertSame(flat, grid, mx, my, box[2] - r, r, "face -z");
                assertSame(flat, grid, box[3] + r, box[4] + r, box[5] + r, r * Math.sqrt(3), "corner");
                assertSame(flat, grid, Math.nextUp(box[3] + reach), my, mz, reach, "just beyond reach");
            }
        }
        assertEquals(true, nonEmpty > 1000, "the queries must reach boxes, got " + nonEmpty + " non-empty answers");
    }

    @Test
    void nanAndEmptyScenesGoToTheTree() {
        DynamicAabbTree tree = new DynamicAabbTree();
        tree.insert(new double[] {0, 0, 0, 1, 1, 1}, 7);
        tree.insert(new double[] {2, 0, 0, 3, 1, 1}, 8);
        FlatAabbTree flat = new FlatAabbTree(tree);
        SphereQueryGrid grid = new SphereQueryGrid(flat, 0.2);
        DynamicAabbTree.Hits h = new DynamicAabbTree.Hits();
        // a NaN centre fails every "farther than r" test, so the tree reports every box (the checker then refuses)
        assertEquals(
                List.of(8, 7),
                list(grid.querySphere(Double.NaN, 0.5, 0.5, 0.1, h)).stream()
                        .sorted((a, b) -> b - a)
                        .toList());
        assertEquals(
                list(flat.querySphere(0.5, 0.5, 0.5, Double.NaN, h)),
                list(grid.querySphere(0.5, 0.5, 0.5, Double.NaN, h)));
        assertEquals(List.of(), list(grid.querySphere(1e9, 0, 0, 0.2, h)));
        SphereQueryGrid empty = new SphereQueryGrid(new FlatAabbTree(new DynamicAabbTree()), 0.2);
        assertEquals(0, empty.querySphere(0, 0, 0, 0.1, h).count());
        assertThrows(IllegalArgumentException.class, () -> new SphereQueryGrid(flat, 0));
        assertThrows(IllegalArgumentException.class, () -> new SphereQueryGrid(flat, Double.POSITIVE_INFINITY));
    }
}
