package io.collide4j.checker.query;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.robot.ConvexConversion;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;

import java.util.ArrayList;
import java.util.List;

/**
 * A scene's obstacles as convex pieces ready for the narrow phase: per scene slot, its pieces (obstacle
 * frame), their covering margin, and the obstacle pose. Non-convex mesh obstacles are covered by the
 * given {@link ConvexPieceProvider} (default: one hull), so distances never exceed the true ones.
 * Immutable and thread-safe.
 */
public final class PreparedScene {
    private final Scene scene;
    private final int[] pieceStart;         // pieces of slot s: [pieceStart[s], pieceStart[s+1])
    private final ConvexShape[] shapes;
    private final double[] margins;
    private final Matrix4d[] poses;         // per slot, never mutated after construction

    private PreparedScene(Scene scene, ConvexPieceProvider provider) {
        this.scene = scene;
        int n = scene.slotCount();
        pieceStart = new int[n + 1];
        poses = new Matrix4d[n];
        List<ConvexShape> s = new ArrayList<>();
        List<Double> m = new ArrayList<>();
        for (int slot = 0; slot < n; slot++) {
            pieceStart[slot] = s.size();
            Obstacle o = scene.slot(slot);
            if (o == null) {
                continue;
            }
            ConvexPieceProvider.Pieces p = ConvexConversion.of(o.shape(), 1, provider, "obstacle '" + o.name() + "'");
            for (ConvexShape c : p.shapes()) {
                s.add(c);
                m.add(p.margin());
            }
            poses[slot] = o.pose().toMatrix(new Matrix4d());
        }
        pieceStart[n] = s.size();
        shapes = s.toArray(new ConvexShape[0]);
        margins = m.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Prepares every obstacle; meshes become one covering hull. */
    public static PreparedScene of(Scene scene) {
        return new PreparedScene(scene, ConvexPieceProvider.hull());
    }

    public static PreparedScene of(Scene scene, ConvexPieceProvider provider) {
        return new PreparedScene(scene, provider);
    }

    public Scene scene() {
        return scene;
    }

    public int pieceStart(int slot) {
        return pieceStart[slot];
    }

    public int pieceEnd(int slot) {
        return pieceStart[slot + 1];
    }

    public ConvexShape shape(int piece) {
        return shapes[piece];
    }

    public double margin(int piece) {
        return margins[piece];
    }

    /** The obstacle pose of a slot (read-only view). */
    public Matrix4dc pose(int slot) {
        return poses[slot];
    }
}
