package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable set of uniquely named obstacles with a broad-phase AABB tree over their world bounds.
 *
 * <p>Concurrency: copy-on-write. Every edit ({@link #with}, {@link #moved}, {@link #without}) returns a
 * new Scene and leaves this one untouched, so a Scene can be shared by any number of query threads
 * while another thread prepares the next version. Queries need a per-thread {@link DynamicAabbTree.Hits}.
 * Use {@link SceneBuilder} to assemble many obstacles without one copy per edit.
 */
public final class Scene {
    private static final Scene EMPTY =
            new Scene(new Obstacle[0], new int[0], new HashMap<>(), new DynamicAabbTree(), 0);

    private final Obstacle[] slots; // null holes where obstacles were removed
    private final int[] proxyBySlot;
    private final Map<String, Integer> slotByName;
    private final DynamicAabbTree tree; // payload = slot index; never mutated after publication
    private final FlatAabbTree flat; // the same tree for queries: one forward pass, no stack
    private final int count;

    private Scene(
            Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree, int count) {
        this.slots = slots;
        this.proxyBySlot = proxyBySlot;
        this.slotByName = slotByName;
        this.tree = tree;
        this.flat = new FlatAabbTree(tree);
        this.count = count;
    }

    public static Scene empty() {
        return EMPTY;
    }

    /** A scene holding the given obstacles; names must be unique. */
    public static Scene of(Collection<Obstacle> obstacles) {
        SceneBuilder b = new SceneBuilder();
        obstacles.forEach(b::add);
        return b.buildAndRelease();
    }

    public int size() {
        return count;
    }

    /** Obstacles in slot order (insertion order, with removed ones left out). */
    public List<Obstacle> obstacles() {
        List<Obstacle> out = new ArrayList<>(count);
        for (Obstacle o : slots) {
            if (o != null) {
                out.add(o);
            }
        }
        return List.copyOf(out);
    }

    public Optional<Obstacle> obstacle(String name) {
        Integer s = slotByName.get(name);
        return s == null ? Optional.empty() : Optional.of(slots[s]);
    }

    /** The slot of the named obstacle, −1 if there is none. */
    public int slotOf(String name) {
        Integer s = slotByName.get(name);
        return s == null ? -1 : s;
    }

    /** Number of slots, i.e. one more than the largest slot index that {@link #slot} accepts. */
    public int slotCount() {
        return slots.length;
    }

    /** The obstacle in a slot as returned by the broad-phase queries, null for a removed one. */
    public Obstacle slot(int slot) {
        return slots[slot];
    }

    /** A new scene with one more obstacle; throws if the name is taken. */
    public Scene with(Obstacle obstacle) {
        return toBuilder().add(obstacle).build();
    }

    /** A new scene with the named obstacle at a new pose; throws if there is no such obstacle. */
    public Scene moved(String name, Pose pose) {
        return toBuilder().move(name, pose).build();
    }

    /** A new scene without the named obstacle; throws if there is no such obstacle. */
    public Scene without(String name) {
        return toBuilder().remove(name).build();
    }

    /** A builder starting from this scene's content (copies the tree; this scene stays unchanged). */
    public SceneBuilder toBuilder() {
        return new SceneBuilder(
                Arrays.copyOf(slots, slots.length), proxyBySlot.clone(), new HashMap<>(slotByName), tree.copy(), count);
    }

    static Scene publish(
            Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree, int count) {
        return new Scene(slots, proxyBySlot, slotByName, tree, count);
    }

    /** Slots of obstacles whose world AABB overlaps the box. */
    public DynamicAabbTree.Hits queryAabb(
            double minX, double minY, double minZ, double maxX, double maxY, double maxZ, DynamicAabbTree.Hits hits) {
        return flat.queryAabb(minX, minY, minZ, maxX, maxY, maxZ, hits);
    }

    /** Slots of obstacles whose world AABB comes within r of the point. */
    public DynamicAabbTree.Hits querySphere(double x, double y, double z, double r, DynamicAabbTree.Hits hits) {
        return flat.querySphere(x, y, z, r, hits);
    }

    /**
     * A uniform grid over this scene answering {@link #querySphere} exactly as it does (same slots, same order) for
     * radii up to reach, faster; larger radii and points off the grid go to the tree. Built on each call (time and
     * memory linear in the grid's entries); a caller with a fixed robot builds one and keeps it.
     */
    public SphereQueryGrid sphereGrid(double reach) {
        return new SphereQueryGrid(flat, reach);
    }

    /** World AABB of the obstacle in a slot, as stored in the broad phase. */
    public void slotBounds(int slot, double[] dest) {
        tree.bounds(proxyBySlot[slot], dest);
    }

    /**
     * SHA-256 (hex) of a canonical encoding of the obstacles sorted by name: names, shape kinds and
     * parameters, poses, all doubles by their exact bits. Equal scenes hash equal regardless of edit history.
     */
    public String contentHash() {
        ContentDigest md = new ContentDigest().add("collide4j-scene");
        List<Obstacle> sorted = new ArrayList<>(obstacles());
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        for (Obstacle o : sorted) {
            md.add(o.name());
            Pose p = o.pose();
            md.add(p.x(), p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw());
            digestShape(md, o.shape());
        }
        return md.hex();
    }

    /** Adds a shape's kind and exact parameters to a digest. */
    public static void digestShape(ContentDigest md, ObstacleShape s) {
        if (s instanceof ObstacleShape.Box b) {
            md.add("box").add(b.sizeX(), b.sizeY(), b.sizeZ());
        } else if (s instanceof ObstacleShape.Sphere sp) {
            md.add("sphere").add(sp.radius());
        } else if (s instanceof ObstacleShape.Cylinder c) {
            md.add("cylinder").add(c.radius(), c.length());
        } else if (s instanceof ObstacleShape.Capsule c) {
            md.add("capsule").add(c.radius(), c.length());
        } else if (s instanceof ObstacleShape.ConvexHull h) {
            md.add("convex").add(h.copyPoints());
        } else {
            var m = ((ObstacleShape.Mesh) s).mesh();
            md.add("mesh").add(m.copyVertices()).add(m.copyTriangles());
        }
    }

    @Override
    public String toString() {
        return "Scene[" + count + " obstacles]";
    }
}
