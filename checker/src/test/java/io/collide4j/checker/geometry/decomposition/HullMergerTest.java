package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * {@link HullMerger}'s lazy candidates: the merges are those of the plain greedy rule written out here (every step
 * hulls every neighbour pair of the current pieces and takes the least added volume, ties on indices), hull for hull
 * and bit for bit, while far fewer union hulls are built than hulling each new candidate at once; and the bound it
 * queues candidates with never exceeds their cost (random hulls), and is close to it where one piece's vertex adds a
 * pyramid to the other (analytic).
 */
class HullMergerTest {

    @Test
    void lazyMergesAreTheGreedyMergesWithFewerHulls() {
        for (long seed = 1; seed <= 3; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            List<ConvexHull> leaves = new ArrayList<>();
            List<int[]> boxes = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                for (int j = 0; j < 4; j++) {
                    for (int k = 0; k < 3; k++) {
                        if (rnd.nextInt(6) == 0) {
                            continue; // holes, so pieces are not all boxes
                        }
                        boxes.add(new int[] {i, j, k, i + 1, j + 1, k + 1});
                        double[] p = new double[3 * 10];
                        for (int v = 0; v < p.length; v += 3) { // random points in the leaf's cell
                            p[v] = i + rnd.nextDouble();
                            p[v + 1] = j + rnd.nextDouble();
                            p[v + 2] = k + rnd.nextDouble();
                        }
                        leaves.add(Hulls.of(p));
                    }
                }
            }
            int maxHulls = 6;
            HullMerger.Result lazy =
                    HullMerger.merge(leaves, boxes, maxHulls, 0, 0, ConvexHull::volume, new ForkJoinPool(2));
            Greedy greedy = new Greedy(leaves, boxes, maxHulls);
            assertEquals(greedy.hulls.size(), lazy.hulls().size(), "seed " + seed);
            for (int h = 0; h < greedy.hulls.size(); h++) {
                assertArrayEquals(
                        greedy.hulls.get(h).copyVertices(), lazy.hulls().get(h).copyVertices(), "seed " + seed);
            }
            assertArrayEquals(greedy.owner, lazy.owner(), "seed " + seed);
            System.out.printf(
                    "[hull-merger] seed %d: %d leaves to %d pieces; union hulls built %d lazily, %d hulling every"
                            + " new candidate at once%n",
                    seed, leaves.size(), lazy.hulls().size(), lazy.unionsHulled(), greedy.eager);
            assertTrue(lazy.unionsHulled() < greedy.eager, lazy.unionsHulled() + " >= " + greedy.eager);
        }
    }

    @Test
    void theBoundNeverExceedsTheCost() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 300; trial++) {
            ConvexHull a = blob(rnd, rnd.nextDouble() * 2, 0.2 + rnd.nextDouble());
            ConvexHull b = blob(rnd, rnd.nextDouble() * 2, 0.05 + rnd.nextDouble());
            double cost = HullMerger.union(a, b).volume() - a.volume() - b.volume();
            double bound = HullMerger.bound(a, b);
            assertTrue(bound <= cost, "trial " + trial + ": bound " + bound + " > cost " + cost);
        }
        // the unit cube and a small tetrahedron around (0.5, 0.5, 2): the union's hull is the cube, the pyramid of
        // height 1 over its top face (1/3), and a sliver near the apex; the bound finds the pyramid
        ConvexHull cube =
                Hulls.of(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1});
        double e = 1e-3;
        ConvexHull tip =
                Hulls.of(new double[] {0.5, 0.5, 2, 0.5 + e, 0.5, 2 - e, 0.5, 0.5 + e, 2 - e, 0.5, 0.5, 2 - 2 * e});
        double cost = HullMerger.union(cube, tip).volume() - cube.volume() - tip.volume();
        double bound = HullMerger.bound(cube, tip);
        assertTrue(bound <= cost && bound > 0.99 * cost, "bound " + bound + ", cost " + cost + " (about 1/3)");
        assertEquals(1.0 / 3, cost, 0.01);
    }

    private static ConvexHull blob(SplittableRandom rnd, double offset, double size) {
        double[] p = new double[3 * 12];
        for (int v = 0; v < p.length; v++) {
            p[v] = (v % 3 == 0 ? offset : 0) + size * rnd.nextDouble();
        }
        return Hulls.of(p);
    }

    /** The greedy rule written out: every step hulls every neighbour pair of the current pieces. */
    private static final class Greedy {
        final List<ConvexHull> hulls = new ArrayList<>();
        final int[] owner;
        /** Union hulls built by hulling each new candidate at once (the merger before it was lazy). */
        long eager;

        Greedy(List<ConvexHull> leaves, List<int[]> boxes, int maxHulls) {
            int n = leaves.size();
            ConvexHull[] piece = leaves.toArray(new ConvexHull[0]);
            int[] parent = new int[n];
            BitSet alive = new BitSet(n);
            alive.set(0, n);
            BitSet[] nb = new BitSet[n];
            for (int i = 0; i < n; i++) {
                parent[i] = i;
                nb[i] = new BitSet(n);
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (HullMerger.touch(boxes.get(i), boxes.get(j))) {
                        nb[i].set(j);
                        nb[j].set(i);
                        eager++;
                    }
                }
            }
            int count = n;
            while (count > maxHulls) {
                double best = Double.POSITIVE_INFINITY;
                int ba = -1, bb = -1;
                ConvexHull merged = null;
                for (int a = alive.nextSetBit(0); a >= 0; a = alive.nextSetBit(a + 1)) {
                    for (int b = nb[a].nextSetBit(a + 1); b >= 0; b = nb[a].nextSetBit(b + 1)) {
                        ConvexHull u = HullMerger.union(piece[a], piece[b]);
                        double cost = u.volume() - piece[a].volume() - piece[b].volume();
                        if (cost < best) { // pairs visited in index order: the first of equal costs wins
                            best = cost;
                            ba = a;
                            bb = b;
                            merged = u;
                        }
                    }
                }
                assertTrue(ba >= 0, "the cells stay connected");
                piece[ba] = merged;
                piece[bb] = null;
                alive.clear(bb);
                parent[bb] = ba;
                count--;
                nb[ba].or(nb[bb]);
                nb[ba].clear(ba);
                nb[ba].clear(bb);
                for (int k = nb[ba].nextSetBit(0); k >= 0; k = nb[ba].nextSetBit(k + 1)) {
                    nb[k].clear(bb);
                    nb[k].set(ba);
                }
                eager += nb[ba].cardinality();
            }
            int[] slot = new int[n];
            for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
                slot[i] = hulls.size();
                hulls.add(piece[i]);
            }
            owner = new int[n];
            for (int i = 0; i < n; i++) {
                int r = i;
                while (parent[r] != r) {
                    r = parent[r];
                }
                owner[i] = slot[r];
            }
        }
    }
}
