package io.collide4j.checker.scene;

import java.util.Arrays;

/**
 * A dynamic bounding-volume hierarchy of axis-aligned boxes, each carrying an int payload.
 * Insertion picks the sibling by the surface-area cost heuristic and rebalances with AVL-style
 * rotations (the scheme of Box2D's b2DynamicTree, Catto 2009, after Bergen's "Collision Detection in
 * Interactive 3D Environments"). Node storage is flat primitive arrays, so {@link #copy()} is cheap.
 *
 * <p>Not thread-safe for mutation; concurrent read-only queries are safe when each thread passes its
 * own {@link Hits}. {@link Scene} never mutates a tree it has published.
 */
public final class DynamicAabbTree {
    private static final int NULL = -1;

    private double[] box; // 6 per node: min xyz, max xyz
    private int[] parent; // doubles as the free-list link for free nodes
    private int[] child1;
    private int[] child2;
    private int[] height; // -1 for free nodes, 0 for leaves
    private int[] payload;
    private int root = NULL;
    private int freeList = NULL;
    private int capacity;
    private int leafCount;

    public DynamicAabbTree() {
        allocate(16);
    }

    private void allocate(int cap) {
        box = box == null ? new double[6 * cap] : Arrays.copyOf(box, 6 * cap);
        parent = parent == null ? new int[cap] : Arrays.copyOf(parent, cap);
        child1 = child1 == null ? new int[cap] : Arrays.copyOf(child1, cap);
        child2 = child2 == null ? new int[cap] : Arrays.copyOf(child2, cap);
        height = height == null ? new int[cap] : Arrays.copyOf(height, cap);
        payload = payload == null ? new int[cap] : Arrays.copyOf(payload, cap);
        for (int i = capacity; i < cap; i++) {
            parent[i] = i + 1 < cap ? i + 1 : freeList;
            height[i] = -1;
        }
        freeList = capacity;
        capacity = cap;
    }

    /** A deep copy: mutating either tree never affects the other. */
    public DynamicAabbTree copy() {
        DynamicAabbTree t = new DynamicAabbTree();
        t.box = box.clone();
        t.parent = parent.clone();
        t.child1 = child1.clone();
        t.child2 = child2.clone();
        t.height = height.clone();
        t.payload = payload.clone();
        t.root = root;
        t.freeList = freeList;
        t.capacity = capacity;
        t.leafCount = leafCount;
        return t;
    }

    public int size() {
        return leafCount;
    }

    private int allocateNode() {
        if (freeList == NULL) {
            allocate(capacity * 2);
        }
        int n = freeList;
        freeList = parent[n];
        parent[n] = NULL;
        child1[n] = NULL;
        child2[n] = NULL;
        height[n] = 0;
        payload[n] = -1;
        return n;
    }

    private void freeNode(int n) {
        parent[n] = freeList;
        height[n] = -1;
        freeList = n;
    }

    /** Inserts a box {minX,minY,minZ,maxX,maxY,maxZ} with a payload; returns the leaf (proxy) id. */
    public int insert(double[] aabb, int value) {
        validate(aabb);
        int leaf = allocateNode();
        System.arraycopy(aabb, 0, box, 6 * leaf, 6);
        payload[leaf] = value;
        insertLeaf(leaf);
        leafCount++;
        return leaf;
    }

    /** Largest count {@link #insertAll} builds in bulk (the leaf index shares a sort key with its Morton code). */
    static final int BULK_LIMIT = 1 << 22;

    /**
     * Loads {@code count} boxes (6 doubles each in {@code boxes}) into this empty tree at once; {@code proxies[i]}
     * receives the leaf id of box i. The tree is balanced, leaves in Morton order of their centres (bottom-up
     * bulk loading as in linear BVH builders, Lauterbach et al. 2009). Incremental insertion costs a root-to-leaf
     * walk of cache misses per box (seconds for 10^5 boxes); this is a sort and one linear pass.
     */
    public void insertAll(double[] boxes, int[] values, int count, int[] proxies) {
        if (root != NULL) {
            throw new IllegalStateException("bulk loading needs an empty tree");
        }
        if (count > BULK_LIMIT) {
            for (int i = 0; i < count; i++) {
                proxies[i] = insert(Arrays.copyOfRange(boxes, 6 * i, 6 * i + 6), values[i]);
            }
            return;
        }
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        double[] one = new double[6];
        for (int i = 0; i < count; i++) {
            System.arraycopy(boxes, 6 * i, one, 0, 6);
            validate(one);
            for (int k = 0; k < 3; k++) {
                double c = 0.5 * (boxes[6 * i + k] + boxes[6 * i + 3 + k]);
                lo[k] = Math.min(lo[k], c);
                hi[k] = Math.max(hi[k], c);
            }
        }
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            long code = 0;
            for (int k = 0; k < 3; k++) {
                double c = 0.5 * (boxes[6 * i + k] + boxes[6 * i + 3 + k]);
                double span = hi[k] - lo[k];
                long q = span > 0 ? Math.min(16383, (long) ((c - lo[k]) / span * 16384)) : 0;
                code |= spread14(q) << k;
            }
            keys[i] = code << 22 | i;
        }
        Arrays.sort(keys);
        while (capacity - leafCount < 2 * count) {
            allocate(capacity * 2);
        }
        int[] leaves = new int[count];
        for (int k = 0; k < count; k++) {
            int i = (int) (keys[k] & (BULK_LIMIT - 1));
            int leaf = allocateNode();
            System.arraycopy(boxes, 6 * i, box, 6 * leaf, 6);
            payload[leaf] = values[i];
            proxies[i] = leaf;
            leaves[k] = leaf;
        }
        root = count == 0 ? NULL : buildBalanced(leaves, 0, count);
        if (root != NULL) {
            parent[root] = NULL;
        }
        leafCount = count;
    }

    // Bits 0..13 of v moved to bits 0, 3, 6, ..., 39 (three-way interleave for a 42-bit Morton code).
    private static long spread14(long v) {
        long r = 0;
        for (int b = 0; b < 14; b++) {
            r |= ((v >> b) & 1L) << (3 * b);
        }
        return r;
    }

    // Halves differ by at most one leaf, so sibling heights differ by at most one: the balance invariant holds.
    private int buildBalanced(int[] leaves, int from, int to) {
        if (to - from == 1) {
            return leaves[from];
        }
        int mid = (from + to) >>> 1;
        int a = buildBalanced(leaves, from, mid);
        int b = buildBalanced(leaves, mid, to);
        int n = allocateNode();
        child1[n] = a;
        child2[n] = b;
        parent[a] = n;
        parent[b] = n;
        height[n] = 1 + Math.max(height[a], height[b]);
        setUnion(n, a, b);
        return n;
    }

    /** Removes a leaf previously returned by {@link #insert}. */
    public void remove(int proxy) {
        requireLeaf(proxy);
        removeLeaf(proxy);
        freeNode(proxy);
        leafCount--;
    }

    /** Replaces a leaf's box (remove + reinsert, keeping the same proxy id). */
    public void update(int proxy, double[] aabb) {
        requireLeaf(proxy);
        validate(aabb);
        removeLeaf(proxy);
        System.arraycopy(aabb, 0, box, 6 * proxy, 6);
        insertLeaf(proxy);
    }

    public int payload(int proxy) {
        requireLeaf(proxy);
        return payload[proxy];
    }

    /** Copies a leaf's box into dest. */
    public void bounds(int proxy, double[] dest) {
        requireLeaf(proxy);
        System.arraycopy(box, 6 * proxy, dest, 0, 6);
    }

    /** Height of the tree (0 for a single leaf, −1 when empty). */
    public int height() {
        return root == NULL ? -1 : height[root];
    }

    private void requireLeaf(int proxy) {
        if (proxy < 0 || proxy >= capacity || height[proxy] != 0) {
            throw new IllegalArgumentException("no leaf with proxy id " + proxy);
        }
    }

    private static void validate(double[] a) {
        for (int i = 0; i < 3; i++) {
            if (!(a[i] <= a[3 + i]) || Double.isNaN(a[i]) || Double.isNaN(a[3 + i])) {
                throw new IllegalArgumentException("AABB needs min <= max on every axis, got " + Arrays.toString(a));
            }
        }
    }

    private double area(int n) {
        int o = 6 * n;
        double dx = box[o + 3] - box[o], dy = box[o + 4] - box[o + 1], dz = box[o + 5] - box[o + 2];
        return dx * dy + dy * dz + dz * dx;
    }

    private double unionArea(int a, int b) {
        int oa = 6 * a, ob = 6 * b;
        double dx = Math.max(box[oa + 3], box[ob + 3]) - Math.min(box[oa], box[ob]);
        double dy = Math.max(box[oa + 4], box[ob + 4]) - Math.min(box[oa + 1], box[ob + 1]);
        double dz = Math.max(box[oa + 5], box[ob + 5]) - Math.min(box[oa + 2], box[ob + 2]);
        return dx * dy + dy * dz + dz * dx;
    }

    private void setUnion(int dest, int a, int b) {
        int od = 6 * dest, oa = 6 * a, ob = 6 * b;
        for (int i = 0; i < 3; i++) {
            box[od + i] = Math.min(box[oa + i], box[ob + i]);
            box[od + 3 + i] = Math.max(box[oa + 3 + i], box[ob + 3 + i]);
        }
    }

    private void insertLeaf(int leaf) {
        if (root == NULL) {
            root = leaf;
            parent[leaf] = NULL;
            return;
        }
        // Descend choosing the child whose enlargement costs least (surface-area heuristic).
        int index = root;
        while (height[index] > 0) {
            int c1 = child1[index], c2 = child2[index];
            double area = area(index);
            double combined = unionArea(index, leaf);
            double cost = 2 * combined;
            double inheritance = 2 * (combined - area);
            double cost1 = childCost(c1, leaf) + inheritance;
            double cost2 = childCost(c2, leaf) + inheritance;
            if (cost < cost1 && cost < cost2) {
                break;
            }
            index = cost1 < cost2 ? c1 : c2;
        }
        int sibling = index;
        int oldParent = parent[sibling];
        int newParent = allocateNode();
        parent[newParent] = oldParent;
        setUnion(newParent, leaf, sibling);
        height[newParent] = height[sibling] + 1;
        if (oldParent != NULL) {
            if (child1[oldParent] == sibling) {
                child1[oldParent] = newParent;
            } else {
                child2[oldParent] = newParent;
            }
        } else {
            root = newParent;
        }
        child1[newParent] = sibling;
        child2[newParent] = leaf;
        parent[sibling] = newParent;
        parent[leaf] = newParent;
        refit(parent[leaf]);
    }

    private double childCost(int child, int leaf) {
        if (height[child] == 0) {
            return unionArea(child, leaf);
        }
        return unionArea(child, leaf) - area(child);
    }

    private void removeLeaf(int leaf) {
        if (leaf == root) {
            root = NULL;
            return;
        }
        int p = parent[leaf];
        int grand = parent[p];
        int sibling = child1[p] == leaf ? child2[p] : child1[p];
        if (grand != NULL) {
            if (child1[grand] == p) {
                child1[grand] = sibling;
            } else {
                child2[grand] = sibling;
            }
            parent[sibling] = grand;
            freeNode(p);
            refit(grand);
        } else {
            root = sibling;
            parent[sibling] = NULL;
            freeNode(p);
        }
    }

    private void refit(int index) {
        while (index != NULL) {
            index = balance(index);
            int c1 = child1[index], c2 = child2[index];
            height[index] = 1 + Math.max(height[c1], height[c2]);
            setUnion(index, c1, c2);
            index = parent[index];
        }
    }

    /** Rotates the subtree at a if it is imbalanced by more than one level; returns the subtree's new root. */
    private int balance(int a) {
        if (height[a] < 2) {
            return a;
        }
        int b = child1[a], c = child2[a];
        int diff = height[c] - height[b];
        if (diff > 1) {
            return rotateUp(a, c, b, true);
        }
        if (diff < -1) {
            return rotateUp(a, b, c, false);
        }
        return a;
    }

    // Promotes child 'up' (the taller one) of a; 'other' is a's other child; upIsChild2 tells which slot up occupies.
    private int rotateUp(int a, int up, int other, boolean upIsChild2) {
        int f = child1[up], g = child2[up];
        child1[up] = a;
        parent[up] = parent[a];
        parent[a] = up;
        if (parent[up] != NULL) {
            if (child1[parent[up]] == a) {
                child1[parent[up]] = up;
            } else {
                child2[parent[up]] = up;
            }
        } else {
            root = up;
        }
        int keep, move;
        if (height[f] > height[g]) {
            keep = f;
            move = g;
        } else {
            keep = g;
            move = f;
        }
        child2[up] = keep;
        if (upIsChild2) {
            child2[a] = move;
        } else {
            child1[a] = move;
        }
        parent[move] = a;
        setUnion(a, other, move);
        setUnion(up, a, keep);
        height[a] = 1 + Math.max(height[other], height[move]);
        height[up] = 1 + Math.max(height[a], height[keep]);
        return up;
    }

    /** Reusable query scratch: the payloads found, plus the traversal stack. One per thread. */
    public static final class Hits {
        private int[] values = new int[16];
        private int count;
        private int[] stack = new int[64];

        public int count() {
            return count;
        }

        public int get(int i) {
            if (i >= count) {
                throw new IndexOutOfBoundsException(i + " >= " + count);
            }
            return values[i];
        }

        void clear() {
            count = 0;
        }

        void add(int v) {
            if (count == values.length) {
                values = Arrays.copyOf(values, 2 * count);
            }
            values[count++] = v;
        }

        int[] stack(int needed) {
            if (stack.length < needed) {
                stack = Arrays.copyOf(stack, Math.max(needed, 2 * stack.length));
            }
            return stack;
        }
    }

    /** Collects into hits the payload of every leaf whose box overlaps (closed intervals) the query box. */
    public Hits queryAabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, Hits hits) {
        hits.clear();
        if (root == NULL) {
            return hits;
        }
        int[] stack = hits.stack(2 * height[root] + 2);
        int top = 0;
        stack[top++] = root;
        while (top > 0) {
            int n = stack[--top];
            int o = 6 * n;
            if (box[o] > maxX
                    || box[o + 1] > maxY
                    || box[o + 2] > maxZ
                    || box[o + 3] < minX
                    || box[o + 4] < minY
                    || box[o + 5] < minZ) {
                continue;
            }
            if (height[n] == 0) {
                hits.add(payload[n]);
            } else {
                stack[top++] = child1[n];
                stack[top++] = child2[n];
            }
        }
        return hits;
    }

    /** Collects into hits the payload of every leaf whose box is within distance ≤ r of the point (cx,cy,cz). */
    public Hits querySphere(double cx, double cy, double cz, double r, Hits hits) {
        hits.clear();
        if (root == NULL) {
            return hits;
        }
        double r2 = r * r;
        int[] stack = hits.stack(2 * height[root] + 2);
        int top = 0;
        stack[top++] = root;
        while (top > 0) {
            int n = stack[--top];
            if (distanceSquared(n, cx, cy, cz) > r2) {
                continue;
            }
            if (height[n] == 0) {
                hits.add(payload[n]);
            } else {
                stack[top++] = child1[n];
                stack[top++] = child2[n];
            }
        }
        return hits;
    }

    private double distanceSquared(int n, double x, double y, double z) {
        return distanceSquared(box, 6 * n, x, y, z);
    }

    /**
     * Squared distance from (x, y, z) to the box stored at {@code b[o..o+5]} (min x, y, z, max x, y, z), 0 inside: the
     * one expression every sphere query of the scene (this tree, {@link FlatAabbTree}, {@link SphereQueryGrid})
     * compares with r², so they accept exactly the same boxes.
     */
    static double distanceSquared(double[] b, int o, double x, double y, double z) {
        double dx = Math.max(0, Math.max(b[o] - x, x - b[o + 3]));
        double dy = Math.max(0, Math.max(b[o + 1] - y, y - b[o + 4]));
        double dz = Math.max(0, Math.max(b[o + 2] - z, z - b[o + 5]));
        return dx * dx + dy * dy + dz * dz;
    }

    // Read access for FlatAabbTree's snapshot.

    /** Number of nodes (leaves and internal) in the tree. */
    int nodeCount() {
        return leafCount == 0 ? 0 : 2 * leafCount - 1;
    }

    int rootNode() {
        return root;
    }

    boolean isLeafNode(int n) {
        return height[n] == 0;
    }

    int nodeChild(int n, boolean second) {
        return second ? child2[n] : child1[n];
    }

    int nodePayload(int n) {
        return payload[n];
    }

    void nodeBox(int n, double[] dest, int offset) {
        System.arraycopy(box, 6 * n, dest, offset, 6);
    }

    /** Checks parent links, heights and box containment of the whole tree; throws IllegalStateException if broken. */
    void validateStructure() {
        if (root == NULL) {
            if (leafCount != 0) {
                throw new IllegalStateException("empty tree with leafCount " + leafCount);
            }
            return;
        }
        if (parent[root] != NULL) {
            throw new IllegalStateException("root has a parent");
        }
        int leaves = checkNode(root);
        if (leaves != leafCount) {
            throw new IllegalStateException("found " + leaves + " leaves, expected " + leafCount);
        }
    }

    private int checkNode(int n) {
        if (height[n] == 0) {
            return 1;
        }
        int c1 = child1[n], c2 = child2[n];
        if (parent[c1] != n || parent[c2] != n) {
            throw new IllegalStateException("bad parent link at node " + n);
        }
        if (height[n] != 1 + Math.max(height[c1], height[c2])) {
            throw new IllegalStateException("bad height at node " + n);
        }
        if (Math.abs(height[c1] - height[c2]) > 1) {
            throw new IllegalStateException("imbalance at node " + n);
        }
        for (int c : new int[] {c1, c2}) {
            for (int i = 0; i < 3; i++) {
                if (box[6 * c + i] < box[6 * n + i] || box[6 * c + 3 + i] > box[6 * n + 3 + i]) {
                    throw new IllegalStateException("child box not contained at node " + n);
                }
            }
        }
        return checkNode(c1) + checkNode(c2);
    }
}
