package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
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

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Convex decomposition time per mesh at V-HACD default parameters (400 000 voxels, 64 hulls, depth
 * 10, 64 vertices, shrink-wrap; all cores), no cache. Each decomposition takes seconds, so single
 * shots. Data: -Dcollide4j.testdata=... (default tests/data). Example:
 * {@code java -jar tests/target/benchmarks.jar DecompositionBench -p mesh=v-hacd/app/meshes/bunny.obj}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class DecompositionBench {

    @Param({"v-hacd/app/meshes/box-thick.obj", "v-hacd/app/meshes/bunny.obj", "v-hacd/app/meshes/cube-notch.obj",
            "v-hacd/app/meshes/cube.obj", "v-hacd/app/meshes/cup.obj", "v-hacd/app/meshes/cylinder.obj",
            "v-hacd/app/meshes/defsphere.obj", "v-hacd/app/meshes/hose.obj", "v-hacd/app/meshes/ob_chair_wood.obj",
            "v-hacd/app/meshes/ob_chess_table.obj", "v-hacd/app/meshes/plaque.obj", "v-hacd/app/meshes/sphere.obj",
            "v-hacd/app/meshes/teapot.obj", "v-hacd/app/meshes/teddy.obj", "v-hacd/app/meshes/torus1.obj",
            "v-hacd/app/meshes/wall.obj",
            "vamp/resources/panda/meshes/collision/finger.obj", "vamp/resources/panda/meshes/collision/hand.obj",
            "vamp/resources/panda/meshes/collision/link0.obj", "vamp/resources/panda/meshes/collision/link1.obj",
            "vamp/resources/panda/meshes/collision/link2.obj", "vamp/resources/panda/meshes/collision/link3.obj",
            "vamp/resources/panda/meshes/collision/link4.obj", "vamp/resources/panda/meshes/collision/link5.obj",
            "vamp/resources/panda/meshes/collision/link6.obj", "vamp/resources/panda/meshes/collision/link7.obj",
            "universal-robot/ur_description/meshes/ur5e/collision/base.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/forearm.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/shoulder.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/upperarm.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/wrist1.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/wrist2.stl",
            "universal-robot/ur_description/meshes/ur5e/collision/wrist3.stl"})
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

    /** Prints one line per mesh (pieces, volumes, excess, time) at default parameters: the quality table. */
    public static void main(String[] args) {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        DecompositionParameters p = DecompositionParameters.defaults();
        String[] meshes = args.length > 0 ? args : defaultMeshes();
        for (String m : meshes) {
            Decomposition d = Decomposer.decompose(MeshLoader.load(data.resolve(m)).mesh(), p);
            System.out.println(m + "\t" + d.stats());
        }
    }

    private static String[] defaultMeshes() {
        try {
            return DecompositionBench.class.getField("mesh").getAnnotation(Param.class).value();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }
}
