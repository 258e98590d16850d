package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class DynamicAabbTreeTest {

    private static double[] randomBox(Random rnd) {
        double x = rnd.nextDouble() * 10, y = rnd.nextDouble() * 10, z = rnd.nextDouble() * 10;
        return new double[] {x, y, z, x + rnd.nextDouble(), y + rnd.nextDouble() * 2, z + rnd.nextDouble() * 0.5};
    }

    private static boolean overlaps(double[] a, double[] q) {
        for (int i = 0; i < 3; i++) {
            if (a[i] > q[3 + i] || a[3 + i] < q[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean nearSphere(double[] a, double x, double y, double z, double r) {
        double[] p = {x, y, z};
        double d2 = 0;
        for (int i = 0; i < 3; i++) {
            double d = Math.max(0, Math.max(a[i] - p[i], p[i] - a[3 + i]));
            d2 += d * d;
        }
        return d2 <= r * r;
    }

    @Test
    void bulkLoadedTreeIsBalancedAndAnswersLikeBruteForceThenStaysDynamic() {
        Random rnd = new Random(7);
        int n = 5000;
        double[][] b = new double[n][];
        double[] flat = new double[6 * n];
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            b[i] = randomBox(rnd);
            System.arraycopy(b[i], 0, flat, 6 * i, 6);
            values[i] = 1000 + i;
        }
        DynamicAabbTree tree = new DynamicAabbTree();
        int[] proxies = new int[n];
        tree.insertAll(flat, values, n, proxies);
        assertEquals(n, tree.size());
        assertEquals(13, tree.height(), "balanced: ceil(log2 5000) = 13");
        DynamicAabbTree.Hits hits = new DynamicAabbTree.Hits();
        for (int q = 0; q < 200; q++) {
            double[] box = randomBox(rnd);
            tree.queryAabb(box[0], box[1], box[2], box[3], box[4], box[5], hits);
            TreeSet<Integer> got = new TreeSet<>();
            for (int h = 0; h < hits.count(); h++) {
                got.add(hits.get(h));
            }
            TreeSet<Integer> want = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                if (overlaps(b[i], box)) {
                    want.add(values[i]);
                }
            }
            assertEquals(want, got);
        }
        for (int i = 0; i < n; i++) {
            assertEquals(values[i], tree.payload(proxies[i]));
        }
        // the bulk-loaded tree takes removals and inserts like any other, and keeps its balance
        for (int i = 0; i < n; i += 2) {
            tree.remove(proxies[i]);
        }
        for (int i = 0; i < 1000; i++) {
            tree.insert(randomBox(rnd), -i);
        }
        assertEquals(n / 2 + 1000, tree.size());
        assertTrue(tree.height() <= 2 * 13, "height " + tree.height());
        assertThrows(IllegalStateException.class, () -> tree.insertAll(flat, values, n, proxies));
    }

    @Test
    void randomInsertRemoveUpdateMatchesBruteForce() {
        Random rnd = new Random(42);
        DynamicAabbTree tree = new DynamicAabbTree();
        Map<Integer, double[]> live = new HashMap<>(); // payload -> box
        Map<Integer, Integer> proxy = new HashMap<>();
        int next = 0;
        DynamicAabbTree.Hits hits = new DynamicAabbTree.Hits();
        for (int step = 0; step < 4000; step++) {
            int op = rnd.nextInt(10);
            if (op < 5 || live.isEmpty()) {
                double[] b = randomBox(rnd);
                proxy.put(next, tree.insert(b, next));
                live.put(next, b);
                next++;
            } else if (op < 7) {
                List<Integer> keys = new ArrayList<>(new TreeSet<>(live.keySet()));
                int k = keys.get(rnd.nextInt(keys.size()));
                tree.remove(proxy.remove(k));
                live.remove(k);
            } else {
                List<Integer> keys = new ArrayList<>(new TreeSet<>(live.keySet()));
                int k = keys.get(rnd.nextInt(keys.size()));
                double[] b = randomBox(rnd);
                tree.update(proxy.get(k), b);
                live.put(k, b);
            }
            if (step % 50 == 0) {
                tree.validateStructure();
            }
            double[] q = randomBox(rnd);
            TreeSet<Integer> expected = new TreeSet<>();
            live.forEach((k, b) -> {
                if (overlaps(b, q)) {
                    expected.add(k);
                }
            });
            tree.queryAabb(q[0], q[1], q[2], q[3], q[4], q[5], hits);
            assertEquals(expected, toSet(hits), "AABB query at step " + step);
            double sx = rnd.nextDouble() * 10,
                    sy = rnd.nextDouble() * 10,
                    sz = rnd.nextDouble() * 10,
                    sr = rnd.nextDouble();
            TreeSet<Integer> expectedS = new TreeSet<>();
            live.forEach((k, b) -> {
                if (nearSphere(b, sx, sy, sz, sr)) {
                    expectedS.add(k);
                }
            });
            tree.querySphere(sx, sy, sz, sr, hits);
            assertEquals(expectedS, toSet(hits), "sphere query at step " + step);
        }
        tree.validateStructure();
        assertEquals(live.size(), tree.size());
        // Balanced: height stays logarithmic (AVL bound 1.44 log2(n+2)).
        assertTrue(tree.height() <= 1.45 * Math.log(live.size() + 2) / Math.log(2) + 1, "height " + tree.height());
    }

    @Test
    void copyIsIndependent() {
        DynamicAabbTree a = new DynamicAabbTree();
        int p = a.insert(new double[] {0, 0, 0, 1, 1, 1}, 7);
        DynamicAabbTree b = a.copy();
        a.remove(p);
        DynamicAabbTree.Hits h = new DynamicAabbTree.Hits();
        assertEquals(0, a.queryAabb(0, 0, 0, 1, 1, 1, h).count());
        assertEquals(1, b.queryAabb(0, 0, 0, 1, 1, 1, h).count());
        assertEquals(7, h.get(0));
    }

    @Test
    void rejectsBadInput() {
        DynamicAabbTree t = new DynamicAabbTree();
        assertThrows(IllegalArgumentException.class, () -> t.insert(new double[] {1, 0, 0, 0, 1, 1}, 0));
        assertThrows(IllegalArgumentException.class, () -> t.insert(new double[] {Double.NaN, 0, 0, 0, 1, 1}, 0));
        assertThrows(IllegalArgumentException.class, () -> t.remove(3));
    }

    private static TreeSet<Integer> toSet(DynamicAabbTree.Hits h) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int i = 0; i < h.count(); i++) {
            assertTrue(s.add(h.get(i)), "duplicate hit " + h.get(i));
        }
        return s;
    }
}
