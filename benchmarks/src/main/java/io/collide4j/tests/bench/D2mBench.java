package io.collide4j.tests.bench;

import io.collide4j.checker.ccd.screw.D2m;
import io.collide4j.checker.ccd.screw.D2mMode;
import io.collide4j.checker.ccd.screw.ScrewMesh;
import io.collide4j.checker.ccd.screw.ThrowProtocol;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * D2M and Capoeira time per throw instance (seed 000 §7.3: 64 throws cycled, one per invocation), so JMH's sample
 * mode reports the distribution in ms. Meshes normalised to bounding radius 1; teddy and torus1 from the V-HACD
 * examples (-Dcollide4j.testdata=..., default tests/data). {@code collide4j bench --throw} gives gaps and the
 * comparison with Tight-Inclusion.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class D2mBench {

    @Param({"tet/tet", "tet/teddy", "teddy/torus1"})
    public String pair;

    @Param({"4", "512"})
    public double speed;

    @Param({"FULL", "CAPOEIRA"})
    public D2mMode mode;

    private ScrewMesh a, b;
    private List<ThrowProtocol.Instance> throwsList;
    private final D2m d2m = D2m.defaults();
    private final D2m.Scratch scratch = new D2m.Scratch();
    private int next;

    @Setup
    public void load() {
        Path data =
                Path.of(System.getProperty("collide4j.testdata", "tests/data")).resolve("v-hacd/app/meshes");
        String[] names = pair.split("/");
        a = ScrewMesh.of(mesh(data, names[0]));
        b = ScrewMesh.of(mesh(data, names[1]));
        throwsList = ThrowProtocol.instances(speed, 64, 1);
    }

    private static TriangleMesh mesh(Path data, String name) {
        if (name.equals("tet")) {
            return ThrowProtocol.normalised(new TriangleMesh(
                    new double[] {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1},
                    new int[] {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2}));
        }
        return ThrowProtocol.normalised(
                MeshLoader.load(data.resolve(name + ".obj")).mesh());
    }

    @Benchmark
    public double throwInstance() {
        ThrowProtocol.Instance in = throwsList.get(next);
        next = next + 1 == throwsList.size() ? 0 : next + 1;
        return d2m.solve(a, in.a(), b, in.b(), mode, scratch).toc();
    }
}
