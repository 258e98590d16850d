package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.CapsuleShape;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.MarginShape;
import io.collide4j.checker.geometry.SphereShape;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Epa;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.narrowphase.Mpr;
import io.collide4j.checker.narrowphase.PenetrationResult;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Narrow phase on pairs of Panda collision-mesh hulls at random poses (1024 precomputed pose pairs cycled, about
 * half intersecting): GJK boolean, GJK distance, EPA (GJK + EPA on the intersecting pairs), MPR boolean and MPR
 * penetration. {@code shapes}: {@code hull} plain hulls; {@code padded} the same hulls with a 1 cm margin
 * ({@link MarginShape}, as padded robot links are: GJK runs on the hull core and subtracts the radius);
 * {@code rounded} capsules and spheres against hulls (point and segment cores). Run with -prof gc to confirm
 * 0 B/op. Test data: -Dcollide4j.testdata=tests/data (default).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NarrowPhaseBench {
    private static final String[] LINKS = {
        "link0", "link1", "link2", "link3", "link4", "link5", "link6", "link7", "hand"
    };
    private static final int N = 1024;

    /** Box size of the random positions (m): sets the share of intersecting pairs. */
    @Param({"0.25"})
    public double spread;

    /** Which shapes meet: hull, padded or rounded (see the class comment). */
    @Param({"hull", "padded", "rounded"})
    public String shapes;

    private ConvexShape[] a, b;
    private Matrix4d[] pa, pb;
    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final Mpr mpr = new Mpr();
    private final DistanceResult dr = new DistanceResult();
    private final PenetrationResult pr = new PenetrationResult();
    private int i;

    @Setup(Level.Trial)
    public void setup() {
        Path dir = Path.of(System.getProperty("collide4j.testdata", "tests/data"))
                .resolve("example-robot-data/robots/panda_description/meshes/collision");
        HullShape[] hulls = new HullShape[LINKS.length];
        for (int k = 0; k < LINKS.length; k++) {
            hulls[k] = new HullShape(QuickHull.compute(
                    MeshLoader.load(dir.resolve(LINKS[k] + ".stl")).mesh().copyVertices()));
        }
        Random r = new Random(7);
        a = new ConvexShape[N];
        b = new ConvexShape[N];
        pa = new Matrix4d[N];
        pb = new Matrix4d[N];
        for (int k = 0; k < N; k++) {
            a[k] = hulls[r.nextInt(hulls.length)];
            b[k] = hulls[r.nextInt(hulls.length)];
            switch (shapes) {
                case "hull" -> {}
                case "padded" -> {
                    a[k] = new MarginShape(a[k], 0.01);
                    b[k] = new MarginShape(b[k], 0.01);
                }
                case "rounded" ->
                    a[k] = k % 2 == 0
                            ? new CapsuleShape(0.04 + 0.04 * r.nextDouble(), 0.05 + 0.1 * r.nextDouble())
                            : new SphereShape(0.03 + 0.07 * r.nextDouble());
                default -> throw new IllegalArgumentException("shapes must be hull, padded or rounded, got " + shapes);
            }
            pa[k] = pose(r);
            pb[k] = pose(r);
        }
    }

    private Matrix4d pose(Random r) {
        Quaterniond q =
                new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        return new Matrix4d()
                .translationRotate(spread * r.nextDouble(), spread * r.nextDouble(), spread * r.nextDouble(), q);
    }

    private int next() {
        i = (i + 1) & (N - 1);
        return i;
    }

    @Benchmark
    public boolean gjkBoolean() {
        int k = next();
        return gjk.intersects(a[k], pa[k], b[k], pb[k]);
    }

    @Benchmark
    public double gjkDistance() {
        int k = next();
        return gjk.distance(a[k], pa[k], b[k], pb[k], dr).lowerBound;
    }

    @Benchmark
    public double epaPenetration() {
        int k = next();
        return epa.penetration(a[k], pa[k], b[k], pb[k], pr).depth;
    }

    @Benchmark
    public boolean mprBoolean() {
        int k = next();
        return mpr.intersects(a[k], pa[k], b[k], pb[k]);
    }

    @Benchmark
    public double mprPenetration() {
        int k = next();
        return mpr.penetration(a[k], pa[k], b[k], pb[k], pr).depth;
    }
}
