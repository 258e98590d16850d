package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Mutable, single-threaded assembly of a {@link Scene}; {@link #build()} publishes an immutable
 * snapshot (the builder stays usable and later edits never reach published scenes).
 *
 * <p>Adding is linear: the slot arrays grow geometrically, and obstacles added to a builder whose tree is empty
 * wait and enter the tree at the next {@link #move}, {@link #remove} or {@link #build}, in one bulk load
 * ({@link DynamicAabbTree#insertAll}) when there are at least {@link #BULK_MIN} of them; later additions are
 * inserted one by one.
 */
public final class SceneBuilder {
    private Obstacle[] slots;
    private int[] proxyBySlot;
    private Map<String, Integer> slotByName;
    private DynamicAabbTree tree;
    private int count;
    private int slotsUsed; // slots[0, slotsUsed) are live or holes; the rest is capacity
    private int slotsInTree; // slots[slotsInTree, slotsUsed) are not in the tree yet
    private final double[] bounds = new double[6];
    /**
     * Fewest waiting obstacles loaded in bulk; fewer go in one by one, giving the same tree (and query order) as
     * ever for the small scenes of planning problems, where insertion costs nothing anyway.
     */
    static final int BULK_MIN = 1024;

    public SceneBuilder() {
        this(new Obstacle[0], new int[0], new HashMap<>(), new DynamicAabbTree(), 0);
    }

    SceneBuilder(
            Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree, int count) {
        this.slots = slots;
        this.proxyBySlot = proxyBySlot;
        this.slotByName = slotByName;
        this.tree = tree;
        this.count = count;
        this.slotsUsed = slots.length;
        this.slotsInTree = slots.length;
    }

    /** Adds an obstacle; throws IllegalArgumentException if its name is already used. */
    public SceneBuilder add(Obstacle o) {
        if (slotByName.containsKey(o.name())) {
            throw new IllegalArgumentException("scene already has an obstacle named '" + o.name() + "'");
        }
        int slot = slotsUsed;
        if (slot == slots.length) {
            int capacity = Math.max(16, slot + (slot >> 1));
            slots = Arrays.copyOf(slots, capacity);
            proxyBySlot = Arrays.copyOf(proxyBySlot, capacity);
        }
        slotsUsed++;
        slots[slot] = o;
        proxyBySlot[slot] = -1;
        if (tree.size() > 0) {
            flushToTree();
        }
        slotByName.put(o.name(), slot);
        count++;
        return this;
    }

    /** Moves the named obstacle; throws IllegalArgumentException if there is none. */
    public SceneBuilder move(String name, Pose pose) {
        int slot = requireSlot(name);
        flushToTree();
        slots[slot] = slots[slot].movedTo(pose);
        tree.update(proxyBySlot[slot], slots[slot].worldBounds(bounds));
        return this;
    }

    /** Removes the named obstacle; throws IllegalArgumentException if there is none. */
    public SceneBuilder remove(String name) {
        int slot = requireSlot(name);
        flushToTree();
        tree.remove(proxyBySlot[slot]);
        slots[slot] = null;
        proxyBySlot[slot] = -1;
        slotByName.remove(name);
        count--;
        return this;
    }

    public boolean contains(String name) {
        return slotByName.containsKey(name);
    }

    private int requireSlot(String name) {
        Integer s = slotByName.get(name);
        if (s == null) {
            throw new IllegalArgumentException("scene has no obstacle named '" + name + "'");
        }
        return s;
    }

    // Puts the waiting slots into the tree: in bulk into an empty tree, else one by one.
    private void flushToTree() {
        int n = slotsUsed - slotsInTree;
        if (n == 0) {
            return;
        }
        if (tree.size() == 0 && n >= BULK_MIN) {
            double[] boxes = new double[6 * n];
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                slots[slotsInTree + i].worldBounds(bounds);
                System.arraycopy(bounds, 0, boxes, 6 * i, 6);
                values[i] = slotsInTree + i;
            }
            int[] proxies = new int[n];
            tree.insertAll(boxes, values, n, proxies);
            System.arraycopy(proxies, 0, proxyBySlot, slotsInTree, n);
        } else {
            for (int s = slotsInTree; s < slotsUsed; s++) {
                proxyBySlot[s] = tree.insert(slots[s].worldBounds(bounds), s);
            }
        }
        slotsInTree = slotsUsed;
    }

    /**
     * The scene without copying the builder's tables, for readers that build once and drop the builder (a
     * million-object file would otherwise hold two of everything at the end); the builder is unusable afterwards.
     */
    Scene buildAndRelease() {
        flushToTree();
        Scene s = Scene.publish(
                Arrays.copyOf(slots, slotsUsed), Arrays.copyOf(proxyBySlot, slotsUsed), slotByName, tree, count);
        slots = null;
        proxyBySlot = null;
        slotByName = null;
        tree = null;
        return s;
    }

    /** An immutable snapshot of the current content. */
    public Scene build() {
        flushToTree();
        return Scene.publish(
                Arrays.copyOf(slots, slotsUsed),
                Arrays.copyOf(proxyBySlot, slotsUsed),
                new HashMap<>(slotByName),
                tree.copy(),
                count);
    }
}
