package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.PrecomputedPieces;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.models.Models;
import io.collide4j.urdf.RobotDescription;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Robot collision-model build time (bundled robot, description already parsed) by how meshes become
 * pieces: {@code hull} (one QuickHull per mesh, the default), {@code cold} (decomposition at V-HACD
 * defaults with an empty cache directory, i.e. computed), {@code warm} (same, cache filled),
 * {@code precomputed} (the bundled OBJ pieces, hulled and coverage-verified on load). Single shots,
 * since a cold build takes about a minute on two cores. Example:
 * {@code java -jar benchmarks/target/benchmarks.jar DecompositionModelBuildBench -p robot=panda}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class DecompositionModelBuildBench {

    @Param({"panda", "ur5e"})
    public String robot;

    @Param({"hull", "cold", "warm", "precomputed"})
    public String mode;

    private RobotDescription description;
    private KinematicModel kinematics;
    private Path cacheDir;
    private URL index;

    @Setup(Level.Trial)
    public void load() throws IOException {
        description = Models.robot(robot);
        kinematics = KinematicModel.of(description);
        cacheDir = Files.createTempDirectory("c4j-decomp-bench");
        index = new URL(Models.urdf(robot).toURL(), "decomposition/index.json");
        if (mode.equals("warm")) {
            build();
        }
    }

    @Setup(Level.Iteration)
    public void emptyCacheWhenCold() {
        if (mode.equals("cold")) {
            try (Stream<Path> files = Files.walk(cacheDir)) {
                files.sorted(Comparator.reverseOrder())
                        .filter(p -> !p.equals(cacheDir))
                        .forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Benchmark
    public RobotCollisionModel build() {
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(description, kinematics);
        switch (mode) {
            case "hull" -> b.pieces(ConvexPieceProvider.hull(), "hull");
            case "cold", "warm" -> {
                DecompositionPieces d = DecompositionPieces.cached(DecompositionParameters.defaults(), cacheDir);
                b.pieces(d, d.name());
            }
            case "precomputed" -> {
                PrecomputedPieces p = PrecomputedPieces.load(index, ConvexPieceProvider.hull());
                b.pieces(p, p.name());
            }
            default -> throw new IllegalArgumentException("mode " + mode);
        }
        return b.build();
    }
}
