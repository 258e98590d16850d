package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Mutable, single-threaded assembly of a {@link Scene}; {@link #build()} publishes an immutable
 * snapshot (the builder stays usable and later edits never reach published scenes).
 *
 * <p>The slot arrays grow geometrically, so adding n obstacles costs O(n log n) (the tree inserts)
 * and not one array copy per insert.
 */
public final class SceneBuilder {
    private Obstacle[] slots;
    private int[] proxyBySlot;
    private Map<String, Integer> slotByName;
    private DynamicAabbTree tree;
    private int count;
    private int slotsUsed;                 // slots[0, slotsUsed) are live or holes; the rest is capacity
    private final double[] bounds = new double[6];

    public SceneBuilder() {
        this(new Obstacle[0], new int[0], new HashMap<>(), new DynamicAabbTree(), 0);
    }

    SceneBuilder(Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree, int count) {
        this.slots = slots;
        this.proxyBySlot = proxyBySlot;
        this.slotByName = slotByName;
        this.tree = tree;
        this.count = count;
        this.slotsUsed = slots.length;
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
        proxyBySlot[slot] = tree.insert(o.worldBounds(bounds), slot);
        slotByName.put(o.name(), slot);
        count++;
        return this;
    }

    /** Moves the named obstacle; throws IllegalArgumentException if there is none. */
    public SceneBuilder move(String name, Pose pose) {
        int slot = requireSlot(name);
        slots[slot] = slots[slot].movedTo(pose);
        tree.update(proxyBySlot[slot], slots[slot].worldBounds(bounds));
        return this;
    }

    /** Removes the named obstacle; throws IllegalArgumentException if there is none. */
    public SceneBuilder remove(String name) {
        int slot = requireSlot(name);
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

    /** An immutable snapshot of the current content. */
    public Scene build() {
        return Scene.publish(Arrays.copyOf(slots, slotsUsed), Arrays.copyOf(proxyBySlot, slotsUsed),
                new HashMap<>(slotByName), tree.copy(), count);
    }
}
