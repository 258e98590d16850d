package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
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
    private static final Scene EMPTY = new Scene(new Obstacle[0], new int[0], new HashMap<>(), new DynamicAabbTree(), 0);

    private final Obstacle[] slots;        // null holes where obstacles were removed
    private final int[] proxyBySlot;
    private final Map<String, Integer> slotByName;
    private final DynamicAabbTree tree;    // payload = slot index; never mutated after publication
    private final int count;

    private Scene(Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree, int count) {
        this.slots = slots;
        this.proxyBySlot = proxyBySlot;
        this.slotByName = slotByName;
        this.tree = tree;
        this.count = count;
    }

    public static Scene empty() {
        return EMPTY;
    }

    /** A scene holding the given obstacles; names must be unique. */
    public static Scene of(Collection<Obstacle> obstacles) {
        SceneBuilder b = new SceneBuilder();
        obstacles.forEach(b::add);
        return b.build();
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
        return new SceneBuilder(Arrays.copyOf(slots, slots.length), proxyBySlot.clone(), new HashMap<>(slotByName),
                tree.copy(), count);
    }

    static Scene publish(Obstacle[] slots, int[] proxyBySlot, Map<String, Integer> slotByName, DynamicAabbTree tree,
                         int count) {
        return new Scene(slots, proxyBySlot, slotByName, tree, count);
    }

    /** Slots of obstacles whose world AABB overlaps the box. */
    public DynamicAabbTree.Hits queryAabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                                          DynamicAabbTree.Hits hits) {
        return tree.queryAabb(minX, minY, minZ, maxX, maxY, maxZ, hits);
    }

    /** Slots of obstacles whose world AABB comes within r of the point. */
    public DynamicAabbTree.Hits querySphere(double x, double y, double z, double r, DynamicAabbTree.Hits hits) {
        return tree.querySphere(x, y, z, r, hits);
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
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
        List<Obstacle> sorted = new ArrayList<>(obstacles());
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        for (Obstacle o : sorted) {
            byte[] n = o.name().getBytes(StandardCharsets.UTF_8);
            md.update(ByteBuffer.allocate(4).putInt(n.length).array());
            md.update(n);
            Pose p = o.pose();
            digest(md, p.x(), p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw());
            ObstacleShape s = o.shape();
            if (s instanceof ObstacleShape.Box b) {
                md.update((byte) 1);
                digest(md, b.sizeX(), b.sizeY(), b.sizeZ());
            } else if (s instanceof ObstacleShape.Sphere sp) {
                md.update((byte) 2);
                digest(md, sp.radius());
            } else if (s instanceof ObstacleShape.Cylinder c) {
                md.update((byte) 3);
                digest(md, c.radius(), c.length());
            } else if (s instanceof ObstacleShape.Capsule c) {
                md.update((byte) 4);
                digest(md, c.radius(), c.length());
            } else if (s instanceof ObstacleShape.ConvexHull h) {
                md.update((byte) 5);
                md.update(ByteBuffer.allocate(4).putInt(h.pointCount()).array());
                digest(md, h.copyPoints());
            } else {
                var m = ((ObstacleShape.Mesh) s).mesh();
                md.update((byte) 6);
                md.update(ByteBuffer.allocate(8).putInt(m.vertexCount()).putInt(m.triangleCount()).array());
                digest(md, m.copyVertices());
                int[] t = m.copyTriangles();
                ByteBuffer bb = ByteBuffer.allocate(4 * t.length);
                for (int i : t) {
                    bb.putInt(i);
                }
                md.update(bb.array());
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static void digest(MessageDigest md, double... v) {
        ByteBuffer bb = ByteBuffer.allocate(8 * v.length);
        for (double d : v) {
            bb.putLong(Double.doubleToLongBits(d == 0 ? 0.0 : d)); // -0 and +0 hash alike
        }
        md.update(bb.array());
    }

    @Override
    public String toString() {
        return "Scene[" + count + " obstacles]";
    }
}
