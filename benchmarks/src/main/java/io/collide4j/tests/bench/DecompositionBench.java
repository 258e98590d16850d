package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Convex decomposition time per mesh (the quality table beside V-HACD's numbers: {@link #main}) at V-HACD default
 * parameters (400 000 voxels, 64 hulls, depth
 * 10, 64 vertices, shrink-wrap; all cores), no cache. Each decomposition takes seconds, so single
 * shots. Data: -Dcollide4j.testdata=... (default tests/data). Example:
 * {@code java -jar benchmarks/target/benchmarks.jar DecompositionBench -p mesh=v-hacd/app/meshes/bunny.obj}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class DecompositionBench {

    @Param({
        "v-hacd/app/meshes/box-thick.obj",
        "v-hacd/app/meshes/bunny.obj",
        "v-hacd/app/meshes/cube-notch.obj",
        "v-hacd/app/meshes/cube.obj",
        "v-hacd/app/meshes/cup.obj",
        "v-hacd/app/meshes/cylinder.obj",
        "v-hacd/app/meshes/defsphere.obj",
        "v-hacd/app/meshes/hose.obj",
        "v-hacd/app/meshes/ob_chair_wood.obj",
        "v-hacd/app/meshes/ob_chess_table.obj",
        "v-hacd/app/meshes/plaque.obj",
        "v-hacd/app/meshes/sphere.obj",
        "v-hacd/app/meshes/teapot.obj",
        "v-hacd/app/meshes/teddy.obj",
        "v-hacd/app/meshes/torus1.obj",
        "v-hacd/app/meshes/wall.obj",
        "example-robot-data/robots/panda_description/meshes/collision/finger.stl",
        "example-robot-data/robots/panda_description/meshes/collision/hand.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link0.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link1.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link2.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link3.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link4.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link5.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link6.stl",
        "example-robot-data/robots/panda_description/meshes/collision/link7.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/base.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/forearm.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/shoulder.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/upperarm.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/wrist1.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/wrist2.stl",
        "universal-robot/ur_description/meshes/ur5e/collision/wrist3.stl"
    })
    public String mesh;

    private TriangleMesh triangles;
    private final DecompositionParameters params = DecompositionParameters.defaults();

    @Setup
    public void load() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        triangles = MeshLoader.load(data.resolve(mesh)).mesh();
    }

    @Benchmark
    public Decomposition decompose() {
        return Decomposer.decompose(triangles, params);
    }

    /**
     * Prints the quality table beside V-HACD's numbers ({@link VhacdReference}) as markdown rows: per mesh
     * our pieces, summed piece volume over mesh volume, union over mesh volume, covering margin (coverage:
     * every triangle is held by the pieces; the margin is how far any point of it can reach outside, as
     * measured by {@code PieceCover}), and one-thread wall and process-CPU time, then V-HACD's hulls, volume
     * ratio, surface share outside its hulls and one-thread time. Default parameters with one thread (as
     * V-HACD's column); {@code -Dcollide4j.maxExcess=F} sets {@code maxVolumeExcess}. Arguments: meshes
     * under the data root (default: all of {@link #mesh}).
     */
    public static void main(String[] args) {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        DecompositionParameters p = DecompositionParameters.builder()
                .threads(1)
                .maxVolumeExcess(Double.parseDouble(System.getProperty("collide4j.maxExcess", "0")))
                .build();
        String[] meshes = args.length > 0 ? args : defaultMeshes();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        System.out.println("| mesh | pieces | Σ piece vol / mesh vol | union / mesh vol | covered (margin, % of diag)"
                + " | t 1 thread (s) | CPU (s) | V-HACD hulls | V-HACD Σ vol / mesh vol | V-HACD area outside"
                + " | V-HACD t 1 thread (s) | Σ ratio ≤ V-HACD |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        double ours = 0, theirs = 0;
        for (String m : meshes) {
            TriangleMesh tm = MeshLoader.load(data.resolve(m)).mesh();
            long cpu0 = os.getProcessCpuTime(), t0 = System.nanoTime();
            Decomposition d = Decomposer.decompose(tm, p);
            double seconds = (System.nanoTime() - t0) / 1e9, cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            double margin =
                    io.collide4j.checker.robot.PieceCover.of(d, tm, null).margin();
            double[] b = tm.bounds();
            double diag = Math.sqrt(Math.pow(b[3] - b[0], 2) + Math.pow(b[4] - b[1], 2) + Math.pow(b[5] - b[2], 2));
            var s = d.stats();
            double ratio = s.totalHullVolume() / s.meshVolume();
            VhacdReference v = VhacdReference.BY_MESH.get(m);
            ours += seconds;
            theirs += v == null ? 0 : v.seconds();
            System.out.printf(
                    java.util.Locale.ROOT,
                    "| %s | %d | %.3f%s | %.3f | 100%% (%.2g m, %.1e %%) | %.2f | %.2f | %s | %s | %s | %s | %s |%n",
                    m.substring(m.lastIndexOf('/', m.lastIndexOf('/') - 1) + 1),
                    s.pieces(),
                    ratio,
                    s.meshClosed() ? "" : " (open: voxel volume)",
                    s.unionVolume() / s.meshVolume(),
                    margin,
                    100 * margin / diag,
                    seconds,
                    cpu,
                    v == null ? "-" : v.hulls(),
                    v == null ? "-" : String.format(java.util.Locale.ROOT, "%.3f", v.volumeRatio()),
                    v == null ? "-" : v.surfaceOutsidePercent() + " %",
                    v == null ? "-" : v.seconds(),
                    v == null ? "-" : (ratio <= v.volumeRatio() ? "yes" : "**no**"));
        }
        System.out.printf(
                java.util.Locale.ROOT, "| **total** | | | | | **%.1f** | | | | | **%.1f** | |%n", ours, theirs);
    }

    private static String[] defaultMeshes() {
        try {
            return DecompositionBench.class
                    .getField("mesh")
                    .getAnnotation(Param.class)
                    .value();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }
}
