package io.collide4j.tests.bench;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.scene.SceneJson;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Input scale (issue 14): loading a scene of {@code objects} boxes from JSON (the builder is linear; it was
 * quadratic), and certifying a trajectory of {@code rows} waypoints with the certificate streamed to a discarding
 * writer (it was built as one string and ran out of a 3 GB heap at 10^6 rows). Single shots in a 2 GB heap, the
 * default heap of a machine with 8 GB, so a run that completes shows both fit. Defaults are the 10^6;
 * {@code -p objects=100000 -p rows=100000} for a quick run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx2g"})
public class LargeInputBench {
    static final double[] READY = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};

    @Param({"1000000"})
    public int objects;

    @Param({"1000000"})
    public int rows;

    private Path sceneFile;
    private Collide4j panda;
    private JointTrajectory trajectory;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        sceneFile = Files.createTempFile("collide4j-bench-scene", ".json");
        try (BufferedWriter w = Files.newBufferedWriter(sceneFile, StandardCharsets.UTF_8)) {
            w.write("{\"format\":\"collide4j-scene/1\",\"objects\":[");
            int side = (int) Math.ceil(Math.cbrt(objects));
            for (int i = 0; i < objects; i++) {
                double x = i % side, y = (i / side) % side, z = i / (side * side);
                w.write(String.format(
                        Locale.ROOT,
                        "%s{\"name\":\"b%d\",\"type\":\"box\",\"size\":[0.01,0.01,0.01],"
                                + "\"pose\":{\"xyz\":[%s,%s,%s]}}",
                        i == 0 ? "" : ",",
                        i,
                        2 + 0.02 * x,
                        0.02 * y,
                        0.02 * z));
            }
            w.write("]}");
        }
        panda = Collide4j.builder().robot("panda").build();
        double[] t = new double[rows];
        double[][] q = new double[rows][];
        for (int k = 0; k < rows; k++) {
            t[k] = k * 0.01;
            q[k] = READY.clone();
            q[k][0] = 0.3 * Math.sin(2 * Math.PI * k / rows); // a slow sweep of the first joint
        }
        trajectory = new JointTrajectory(
                List.of(
                        "panda_joint1",
                        "panda_joint2",
                        "panda_joint3",
                        "panda_joint4",
                        "panda_joint5",
                        "panda_joint6",
                        "panda_joint7"),
                t,
                q,
                null,
                null);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(sceneFile);
    }

    @Benchmark
    public int loadScene() {
        return SceneJson.read(sceneFile).size();
    }

    @Benchmark
    public long certifyStreamed() {
        CountingWriter out = new CountingWriter();
        TrajectoryCertifier.Certification c = panda.trajectoryCertifier().certify(trajectory, 0, Long.MAX_VALUE, out);
        if (c.result().verdict() != Verdict.CERTIFIED_FREE) {
            throw new IllegalStateException("the benchmark trajectory is meant to be free: "
                    + c.result().verdict());
        }
        return out.chars;
    }

    /** Discards the certificate, counting its length. */
    static final class CountingWriter extends Writer {
        long chars;

        @Override
        public void write(char[] buf, int off, int len) {
            chars += len;
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
