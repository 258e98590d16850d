package io.collide4j.checker.scene;

/**
 * An immutable, query-only snapshot of a {@link DynamicAabbTree}: the nodes laid out in one array in depth-first
 * preorder, each internal node followed by its subtree and carrying the index just past that subtree (a "skip" or
 * escape link, the stackless traversal of Smits 1998 and of threaded BVHs). A query is then one forward loop over
 * the array with no stack and no child lookups: a node that misses jumps past its subtree, anything else steps to the
 * next node. Scenes are static once published, so {@link Scene} builds one per scene and answers its per-body sphere
 * queries from it (the state check's hottest broad-phase call).
 *
 * <p>Preorder visits child 2 before child 1, the order in which {@link DynamicAabbTree}'s stack pops them, and the
 * overlap tests are the same expressions, so both report the same payloads in the same order (which the narrow phase
 * and certificates depend on).
 *
 * <p>Thread safety: immutable after construction; concurrent queries are safe when each thread passes its own
 * {@link DynamicAabbTree.Hits}.
 */
final class FlatAabbTree {
    final double[] box; // 6 per node, preorder: min xyz, max xyz (read by SphereQueryGrid)
    // internal node: index just past its subtree (> its own index + 2); leaf: ~payload (negative)
    final int[] link;
    private final int nodes;

    FlatAabbTree(DynamicAabbTree tree) {
        nodes = tree.nodeCount();
        box = new double[6 * nodes];
        link = new int[nodes];
        if (nodes > 0) {
            int end = fill(tree, tree.rootNode(), 0);
            assert end == nodes;
        }
    }

    // Writes the subtree of node n from index at; returns the index just past it. Depth is the tree's height,
    // which the AVL balance keeps logarithmic.
    private int fill(DynamicAabbTree tree, int n, int at) {
        tree.nodeBox(n, box, 6 * at);
        if (tree.isLeafNode(n)) {
            link[at] = ~tree.nodePayload(n);
            return at + 1;
        }
        int next = fill(tree, tree.nodeChild(n, true), at + 1);
        next = fill(tree, tree.nodeChild(n, false), next);
        link[at] = next;
        return next;
    }

    int nodeCount() {
        return nodes;
    }

    /** The payload of node n when it is a leaf, else −1 (payloads are slot indices, never negative). */
    int leafPayload(int n) {
        int k = link[n];
        return k < 0 ? ~k : -1;
    }

    double boxAt(int n, int k) {
        return box[6 * n + k];
    }

    /** As {@link DynamicAabbTree#querySphere}: every leaf whose box is within distance ≤ r of (cx,cy,cz). */
    DynamicAabbTree.Hits querySphere(double cx, double cy, double cz, double r, DynamicAabbTree.Hits hits) {
        hits.clear();
        double r2 = r * r;
        double[] b = box;
        int[] l = link;
        int n = 0;
        while (n < nodes) {
            int k = l[n];
            if (DynamicAabbTree.distanceSquared(b, 6 * n, cx, cy, cz) > r2) {
                n = k >= 0 ? k : n + 1;
            } else {
                if (k < 0) {
                    hits.add(~k);
                }
                n++;
            }
        }
        return hits;
    }

    /** As {@link DynamicAabbTree#queryAabb}: every leaf whose box overlaps (closed intervals) the query box. */
    DynamicAabbTree.Hits queryAabb(
            double minX, double minY, double minZ, double maxX, double maxY, double maxZ, DynamicAabbTree.Hits hits) {
        hits.clear();
        double[] b = box;
        int[] l = link;
        int n = 0;
        while (n < nodes) {
            int o = 6 * n;
            int k = l[n];
            if (b[o] > maxX
                    || b[o + 1] > maxY
                    || b[o + 2] > maxZ
                    || b[o + 3] < minX
                    || b[o + 4] < minY
                    || b[o + 5] < minZ) {
                n = k >= 0 ? k : n + 1;
            } else {
                if (k < 0) {
                    hits.add(~k);
                }
                n++;
            }
        }
        return hits;
    }
}
