package io.collide4j.checker.query;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.checker.robot.ConvexConversion;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;

/**
 * A scene's obstacles as convex pieces ready for the narrow phase: per scene slot, its pieces (obstacle
 * frame), their covering margin, and the obstacle pose. Non-convex mesh obstacles are covered by the
 * given {@link ConvexPieceProvider} (default: one hull), so distances never exceed the true ones.
 *
 * <p>In {@link MeshMode#EXACT} each mesh obstacle is instead one piece whose {@link #mesh(int)} is its
 * {@link MeshSurface} (obstacle frame, built once): the checker then measures robot pieces against its triangles
 * exactly ({@link ExactMeshPairs}). Such a piece still carries its covering hull as {@link #shape(int)} (with its
 * covering {@link #margin(int)}), so code that only knows convex pieces (the batch engines) stays sound.
 * Immutable and thread-safe.
 */
public final class PreparedScene {
    private final Scene scene;
    private final int[] pieceStart; // pieces of slot s: [pieceStart[s], pieceStart[s+1])
    private final ConvexShape[] shapes;
    private final double[] margins;
    private final double[] poseSlack; // per piece, part of margins: rounding of the obstacle pose
    private final Matrix4d[] poses; // per slot, never mutated after construction
    private final Matrix4d[] inversePoses; // per slot: world to obstacle frame
    private final MeshSurface[] meshes; // per piece: the exact surface (EXACT mode mesh obstacles), else null
    private final MeshMode mode;
    private final boolean anyExact;

    private PreparedScene(Scene scene, ConvexPieceProvider provider, MeshMode mode) {
        if (mode == null) {
            throw new IllegalArgumentException("mesh mode must not be null");
        }
        this.scene = scene;
        this.mode = mode;
        int n = scene.slotCount();
        pieceStart = new int[n + 1];
        poses = new Matrix4d[n];
        inversePoses = new Matrix4d[n];
        List<ConvexShape> s = new ArrayList<>();
        List<Double> m = new ArrayList<>();
        List<Double> slack = new ArrayList<>();
        List<MeshSurface> ms = new ArrayList<>();
        for (int slot = 0; slot < n; slot++) {
            pieceStart[slot] = s.size();
            Obstacle o = scene.slot(slot);
            if (o == null) {
                continue;
            }
            String what = "obstacle '" + o.name() + "'";
            if (mode == MeshMode.EXACT && o.shape() instanceof ObstacleShape.Mesh mesh) {
                ConvexPieceProvider.Pieces p = ConvexConversion.of(o.shape(), 1, ConvexPieceProvider.hull(), what);
                double e = poseSlack(o, p.shapes().get(0));
                s.add(p.shapes().get(0));
                m.add(p.margin() + e);
                slack.add(e);
                ms.add(new MeshSurface(mesh.mesh()));
            } else {
                ConvexPieceProvider.Pieces p = ConvexConversion.of(o.shape(), 1, provider, what);
                for (ConvexShape c : p.shapes()) {
                    double e = poseSlack(o, c);
                    s.add(c);
                    m.add(p.margin() + e);
                    slack.add(e);
                    ms.add(null);
                }
            }
            poses[slot] = o.pose().toMatrix(new Matrix4d());
            inversePoses[slot] = new Matrix4d(poses[slot]).invertAffine();
        }
        pieceStart[n] = s.size();
        shapes = s.toArray(new ConvexShape[0]);
        margins = m.stream().mapToDouble(Double::doubleValue).toArray();
        poseSlack = slack.stream().mapToDouble(Double::doubleValue).toArray();
        meshes = ms.toArray(new MeshSurface[0]);
        anyExact = ms.stream().anyMatch(x -> x != null);
    }

    /** Prepares every obstacle; meshes become one covering hull. */
    public static PreparedScene of(Scene scene) {
        return new PreparedScene(scene, ConvexPieceProvider.hull(), MeshMode.HULL);
    }

    /** Prepares every obstacle; meshes are covered by the provider's pieces. */
    public static PreparedScene of(Scene scene, ConvexPieceProvider provider) {
        return new PreparedScene(scene, provider, MeshMode.HULL);
    }

    /** Prepares every obstacle; meshes become one hull ({@link MeshMode#HULL}) or stay exact surfaces. */
    public static PreparedScene of(Scene scene, MeshMode mode) {
        return new PreparedScene(scene, ConvexPieceProvider.hull(), mode);
    }

    /** As {@link #of(Scene, MeshMode)}; in {@link MeshMode#HULL} meshes are covered by the provider's pieces. */
    public static PreparedScene of(Scene scene, ConvexPieceProvider provider, MeshMode mode) {
        return new PreparedScene(scene, provider, mode);
    }

    /** How mesh obstacles are checked. */
    public MeshMode meshMode() {
        return mode;
    }

    /** Whether some piece is an exact mesh surface. */
    public boolean hasExactMeshes() {
        return anyExact;
    }

    /** The exact surface of a piece (obstacle frame) in {@link MeshMode#EXACT}, or null for a convex piece. */
    public MeshSurface mesh(int piece) {
        return meshes[piece];
    }

    /** World-to-obstacle transform of a slot (read-only view). */
    public Matrix4dc inversePose(int slot) {
        return inversePoses[slot];
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

    /**
     * Euclidean margin to subtract from distances measured to {@link #shape}: the covering gap of a hull plus
     * {@link #poseSlack}.
     */
    public double margin(int piece) {
        return margins[piece];
    }

    /**
     * The part of {@link #margin} that covers the obstacle pose's rounding (a pose from roll-pitch-yaw or a
     * quaternion is only within {@link io.collide4j.urdf.Pose#pointError} of the exact one) at the piece's radius
     * about the obstacle origin. Exact mesh pieces, measured without {@link #margin}, subtract this instead.
     */
    public double poseSlack(int piece) {
        return poseSlack[piece];
    }

    /** The obstacle pose's placement error for a piece (obstacle frame), rounded up. */
    private static double poseSlack(Obstacle o, ConvexShape piece) {
        double[] b = new double[6];
        piece.localBounds(b);
        double r = 0;
        for (int corner = 0; corner < 8; corner++) {
            double x = (corner & 1) == 0 ? b[0] : b[3],
                    y = (corner & 2) == 0 ? b[1] : b[4],
                    z = (corner & 4) == 0 ? b[2] : b[5];
            r = Math.max(r, Math.sqrt(x * x + y * y + z * z));
        }
        return o.pose().pointError(r * (1 + 1e-12) + 1e-12) * 2;
    }

    /** The obstacle pose of a slot (read-only view). */
    public Matrix4dc pose(int slot) {
        return poses[slot];
    }
}
