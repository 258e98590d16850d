package io.collide4j.tests.bench;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneBuilder;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.UrdfParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Exact vs hull mesh mode ({@link MeshMode}) on the Panda (VAMP/MBM mesh model) with its hand inside one watertight
 * concave mesh: the 28-triangle bowl of the checker's ExactMeshModeTest (cavity around the hand's sweep from the ready
 * pose, base joint +0.35 rad, wrist +0.3 rad). Discrete check at the ready pose (exact: free; hull: colliding, early
 * exit) and checkMotion along the sweep (exact: free; hull: collision at s = 0), margin 0 and 1 cm.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ExactMeshBench {
    static final double[] READY = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
    static final double[] SWEEP_END = {0.35, -0.785, 0, -2.356, 0, 1.571, 1.085};
    /** Cavity {x0, y0, z0, x1, y1, rim} and wall, as ExactMeshModeTest computes them for this sweep. */
    static final double[] BOWL = {
        0.21452205746137065,
        -0.1304277815466634,
        0.44802055827609033,
        0.38088719452682984,
        0.23913222966758874,
        0.5580205582760903,
        0.05
    };

    private CollisionChecker exact, hull;
    private QueryContext ce, ch;

    @Setup(Level.Trial)
    public void setUp() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        Path dir = data.resolve("vamp/resources/panda");
        RobotDescription d = UrdfParser.create().withPackageRoots(List.of(dir)).parse(dir.resolve("panda.urdf"));
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(d, KinematicModel.of(d));
        try (ZipFile z = new ZipFile(dir.resolve("problems.zip").toFile())) {
            String yaml = new String(
                    z.getInputStream(z.getEntry("problems/bookshelf_small_panda/scene0001.yaml"))
                            .readAllBytes(),
                    StandardCharsets.UTF_8);
            MoveItSceneLoader.parse("scene", yaml).allowedCollisions().forEach(p -> b.allow(p.first(), p.second()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RobotCollisionModel model = b.build();
        Scene scene = new SceneBuilder()
                .add(new Obstacle("bowl", new ObstacleShape.Mesh(bowl(BOWL)), Pose.IDENTITY))
                .build();
        exact = CollisionChecker.of(model, scene, MeshMode.EXACT);
        hull = CollisionChecker.of(model, scene, MeshMode.HULL);
        ce = exact.newContext();
        ch = hull.newContext();
        if (!exact.isFree(READY, 0.01, ce)
                || hull.isFree(READY, 0, ch)
                || !exact.checkMotion(READY, SWEEP_END, 0.01, ce).isFree()) {
            throw new IllegalStateException("bench fixture: expected exact free / hull colliding");
        }
    }

    /** Open-topped box: outer [x0 − w, x1 + w] × [y0 − w, y1 + w] × [z0 − w, rim] minus the cavity; 28 triangles, closed. */
    static TriangleMesh bowl(double[] p) {
        double x0 = p[0], y0 = p[1], z0 = p[2], x1 = p[3], y1 = p[4], rim = p[5], w = p[6];
        double[] ox = {x0 - w, x1 + w, x1 + w, x0 - w}, oy = {y0 - w, y0 - w, y1 + w, y1 + w};
        double[] ix = {x0, x1, x1, x0}, iy = {y0, y0, y1, y1};
        double[] v = new double[48];
        double[] zs = {z0 - w, rim, rim, z0};
        for (int ring = 0; ring < 4; ring++) {
            for (int i = 0; i < 4; i++) {
                boolean outer = ring < 2;
                v[3 * (4 * ring + i)] = outer ? ox[i] : ix[i];
                v[3 * (4 * ring + i) + 1] = outer ? oy[i] : iy[i];
                v[3 * (4 * ring + i) + 2] = zs[ring];
            }
        }
        int[] t = new int[84];
        int n = quad(t, 0, 0, 3, 2, 1);
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            n = quad(t, n, i, j, 4 + j, 4 + i);
            n = quad(t, n, 4 + i, 4 + j, 8 + j, 8 + i);
            n = quad(t, n, 8 + i, 8 + j, 12 + j, 12 + i);
        }
        quad(t, n, 12, 13, 14, 15);
        return new TriangleMesh(v, t);
    }

    private static int quad(int[] t, int n, int a, int b, int c, int d) {
        t[n++] = a;
        t[n++] = b;
        t[n++] = c;
        t[n++] = a;
        t[n++] = c;
        t[n++] = d;
        return n;
    }

    @Benchmark
    public boolean discreteExact() {
        return exact.isFree(READY, 0.01, ce);
    }

    @Benchmark
    public boolean discreteHull() {
        return hull.isFree(READY, 0.01, ch);
    }

    @Benchmark
    public MotionResult motionExactMargin0() {
        return exact.checkMotion(READY, SWEEP_END, 0, ce);
    }

    @Benchmark
    public MotionResult motionExactMargin1cm() {
        return exact.checkMotion(READY, SWEEP_END, 0.01, ce);
    }

    @Benchmark
    public MotionResult motionHull() {
        return hull.checkMotion(READY, SWEEP_END, 0.01, ch);
    }
}
