package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The flat snapshot answers exactly as the tree it was taken from: the same payloads in the same order (the order the
 * narrow phase and certificates see), and the same set as a brute-force scan over the boxes.
 */
class FlatAabbTreeTest {

    private static double[] randomBox(Random rnd) {
        double x = rnd.nextDouble() * 4, y = rnd.nextDouble() * 4, z = rnd.nextDouble() * 4;
        return new double[] {x, y, z, x + rnd.nextDouble() * 0.8, y + rnd.nextDouble() * 0.3, z + rnd.nextDouble()};
    }

    private static List<Integer> list(DynamicAabbTree.Hits h) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < h.count(); i++) {
            out.add(h.get(i));
        }
        return out;
    }

    private static TreeSet<Integer> bruteSphere(List<double[]> boxes, double x, double y, double z, double r) {
        TreeSet<Integer> out = new TreeSet<>();
        double[] p = {x, y, z};
        for (int i = 0; i < boxes.size(); i++) {
            double[] a = boxes.get(i);
            if (a == null) {
                continue;
            }
            double d2 = 0;
            for (int k = 0; k < 3; k++) {
                double d = Math.max(0, Math.max(a[k] - p[k], p[k] - a[3 + k]));
                d2 += d * d;
            }
            if (d2 <= r * r) {
                out.add(i);
            }
        }
        return out;
    }

    private static void assertSameAnswers(DynamicAabbTree tree, List<double[]> boxes, Random rnd) {
        FlatAabbTree flat = new FlatAabbTree(tree);
        DynamicAabbTree.Hits a = new DynamicAabbTree.Hits(), b = new DynamicAabbTree.Hits();
        for (int q = 0; q < 300; q++) {
            double x = rnd.nextDouble() * 5 - 0.5, y = rnd.nextDouble() * 5 - 0.5, z = rnd.nextDouble() * 5 - 0.5;
            double r = q % 10 == 0 ? 0 : rnd.nextDouble() * 0.6;
            List<Integer> expected = list(tree.querySphere(x, y, z, r, a));
            List<Integer> got = list(flat.querySphere(x, y, z, r, b));
            assertEquals(expected, got, "sphere query " + q);
            assertEquals(bruteSphere(boxes, x, y, z, r), new TreeSet<>(got), "sphere query " + q + " vs brute force");
            double[] qb = randomBox(rnd);
            assertEquals(
                    list(tree.queryAabb(qb[0], qb[1], qb[2], qb[3], qb[4], qb[5], a)),
                    list(flat.queryAabb(qb[0], qb[1], qb[2], qb[3], qb[4], qb[5], b)),
                    "box query " + q);
        }
    }

    @Test
    void incrementalTreeWithRemovalsAndUpdates() {
        Random rnd = new Random(29);
        for (int trial = 0; trial < 20; trial++) {
            DynamicAabbTree tree = new DynamicAabbTree();
            List<double[]> boxes = new ArrayList<>();
            List<Integer> proxies = new ArrayList<>();
            int n = 1 + rnd.nextInt(60);
            for (int i = 0; i < n; i++) {
                double[] box = randomBox(rnd);
                boxes.add(box);
                proxies.add(tree.insert(box, i));
            }
            for (int i = 0; i < n / 3; i++) { // freed nodes and rotations leave holes the snapshot must skip
                int k = rnd.nextInt(n);
                if (boxes.get(k) == null) {
                    continue;
                }
                if (rnd.nextBoolean()) {
                    tree.remove(proxies.get(k));
                    boxes.set(k, null);
                } else {
                    double[] box = randomBox(rnd);
                    tree.update(proxies.get(k), box);
                    boxes.set(k, box);
                }
            }
            assertSameAnswers(tree, boxes, rnd);
        }
    }

    @Test
    void bulkLoadedTree() {
        Random rnd = new Random(4);
        int n = 700;
        double[] flat = new double[6 * n];
        int[] values = new int[n];
        List<double[]> boxes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] box = randomBox(rnd);
            boxes.add(box);
            System.arraycopy(box, 0, flat, 6 * i, 6);
            values[i] = i;
        }
        DynamicAabbTree tree = new DynamicAabbTree();
        tree.insertAll(flat, values, n, new int[n]);
        assertSameAnswers(tree, boxes, rnd);
    }

    @Test
    void emptyAndSingleLeaf() {
        DynamicAabbTree tree = new DynamicAabbTree();
        DynamicAabbTree.Hits h = new DynamicAabbTree.Hits();
        assertEquals(0, new FlatAabbTree(tree).querySphere(0, 0, 0, 1e9, h).count());
        tree.insert(new double[] {3, -1, -1, 4, 1, 1}, 42);
        FlatAabbTree one = new FlatAabbTree(tree);
        assertEquals(List.of(42), list(one.querySphere(0, 0, 0, 3, h)));
        assertEquals(0, one.querySphere(0, 0, 0, 2.999, h).count());
        assertEquals(List.of(42), list(one.queryAabb(4, 1, 1, 5, 5, 5, h)));
    }
}
