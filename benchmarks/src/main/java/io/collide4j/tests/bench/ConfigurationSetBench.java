package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Epa;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.narrowphase.Mpr;
import io.collide4j.checker.narrowphase.PenetrationResult;
import io.collide4j.planner.bench.BenchBody;
import io.collide4j.planner.bench.ConfigurationSets;
import io.collide4j.planner.bench.PairConfiguration;
import io.collide4j.planner.bench.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4d;
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
 * The stored configuration sets (tests/data/bench/configuration-sets-v1.csv, seed 003 §5.7.2) per bucket: each
 * invocation runs one query on the next configuration of the bucket (all body pairs, 16 each), cycling. {@code set}
 * is scenario/bucket (percent of A's AABB diagonal: clearance for I, penetration along the approach ray for II).
 * Average time per query; {@code collide4j bench --buckets} gives the per-bucket maximum too. Test data:
 * -Dcollide4j.testdata=tests/data (default).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConfigurationSetBench {
    @Param({"I/0", "I/1", "I/5", "I/15", "I/30", "II/0", "II/5", "II/10"})
    public String set;

    private BenchBody[] a, b;
    private Matrix4d[] poses;
    private int i;
    private final Gjk gjk = new Gjk();
    private final Mpr mpr = new Mpr();
    private final Epa epa = new Epa();
    private final MeshQuery mesh = new MeshQuery();
    private final DistanceResult dr = new DistanceResult();
    private final PenetrationResult pr = new PenetrationResult();

    @Setup(Level.Trial)
    public void setup() throws Exception {
        String[] sb = set.split("/");
        Scenario scenario = Scenario.valueOf(sb[0]);
        int bucket = Integer.parseInt(sb[1]);
        ConfigurationSets sets = ConfigurationSets.read(Path.of(System.getProperty("collide4j.testdata", "tests/data"))
                .resolve("bench/configuration-sets-v1.csv"));
        Map<String, BenchBody> bodies = new HashMap<>();
        List<PairConfiguration> cs = new ArrayList<>();
        for (PairConfiguration c : sets.pairs()) {
            if (c.scenario() == scenario && c.bucket() == bucket) {
                cs.add(c);
            }
        }
        if (cs.isEmpty()) {
            throw new IllegalArgumentException("no configurations in " + set);
        }
        int n = cs.size();
        a = new BenchBody[n];
        b = new BenchBody[n];
        poses = new Matrix4d[n];
        for (int k = 0; k < n; k++) {
            PairConfiguration c = cs.get(k);
            String[] names = sets.bodyPairs().get(c.pair());
            a[k] = bodies.computeIfAbsent(names[0], BenchBody::named);
            b[k] = bodies.computeIfAbsent(names[1], BenchBody::named);
            poses[k] = c.pose(a[k], b[k], new Matrix4d());
        }
    }

    private int next() {
        i = i + 1 == poses.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public boolean gjkBoolean() {
        int k = next();
        return gjk.intersects(a[k].shape(), null, b[k].shape(), poses[k]);
    }

    @Benchmark
    public double gjkDistance() {
        int k = next();
        return gjk.distance(a[k].shape(), null, b[k].shape(), poses[k], dr).lowerBound;
    }

    @Benchmark
    public boolean mprBoolean() {
        int k = next();
        return mpr.intersects(a[k].shape(), null, b[k].shape(), poses[k]);
    }

    @Benchmark
    public double epa() {
        int k = next();
        return epa.penetration(a[k].shape(), null, b[k].shape(), poses[k], pr).depth;
    }

    @Benchmark
    public boolean meshOracle() {
        int k = next();
        return mesh.intersects(a[k].hullBvh(), null, b[k].hullBvh(), poses[k]);
    }
}
