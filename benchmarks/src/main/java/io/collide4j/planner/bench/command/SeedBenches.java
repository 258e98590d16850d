package io.collide4j.planner.bench.command;

import io.collide4j.planner.bench.BenchHtml;
import io.collide4j.planner.bench.BoundingVolumeStudy;
import io.collide4j.planner.bench.BucketBench;
import io.collide4j.planner.bench.ConfigurationSetGenerator;
import io.collide4j.planner.bench.ConfigurationSets;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The seed benchmarks behind {@code bench --write-sets / --buckets / --bv} (issue 20): generating the stored
 * configuration sets, timing them per bucket, the bounding-volume study and the arm demo, and the HTML report.
 */
final class SeedBenches {
    private SeedBenches() {}

    static int run(BenchCommand b) {
        if (b.perBucket < 1
                || b.robotPerBucket < 0
                || b.passes < 1
                || b.bvSteps < 2
                || b.bvPieces < 2
                || b.bvFrames < 1) {
            throw new CliException(
                    ExitCode.USAGE,
                    "--per-bucket, --passes, --bv-frames must be >= 1, --robot-per-bucket >= 0, "
                            + "--bv-steps and --bv-pieces >= 2");
        }
        if (b.writeSets != null) {
            return writeSets(b);
        }
        BucketBench.Result buckets = null;
        BoundingVolumeStudy.Result bv = null;
        String machine = String.format(
                Locale.ROOT,
                "Java %s on %s %s, %d processors",
                System.getProperty("java.version"),
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
        b.out.println("collide4j bench: " + machine);
        if (b.buckets) {
            ConfigurationSets sets = readSets(b.sets);
            Progress progress = Progress.of(b, "bench --buckets", BucketBench.steps(sets));
            buckets = BucketBench.run(sets, b.passes, b.threads, true, progress::update);
            PrintWriter w = new PrintWriter(b.out, true);
            w.printf(
                    Locale.ROOT,
                    "configuration sets %s: %d pair and %d robot configurations, seed %d; fastest of %d passes%n",
                    b.sets,
                    sets.pairs().size(),
                    sets.robots().size(),
                    sets.seed(),
                    b.passes);
            for (int i = 0; i < sets.bodyPairs().size(); i++) {
                w.printf(
                        Locale.ROOT,
                        "  pair %d: %s / %s%n",
                        i,
                        sets.bodyPairs().get(i)[0],
                        sets.bodyPairs().get(i)[1]);
            }
            BucketBench.printPairs(buckets, w);
            BucketBench.printRobots(buckets, w);
            w.flush();
        }
        if (b.bv) {
            TriangleMesh mesh = CliCommand.load("--bv-mesh " + b.bvMesh, () -> {
                if (!Files.isRegularFile(b.bvMesh)) {
                    throw new CliException(
                            ExitCode.NO_INPUT,
                            "--bv-mesh: no file " + b.bvMesh
                                    + " (the decomposition study's non-convex mesh; default is relative to the repository root)");
                }
                try {
                    return MeshLoader.load(b.bvMesh).mesh();
                } catch (RuntimeException e) {
                    throw new CliException(ExitCode.DATA_ERROR, "--bv-mesh " + b.bvMesh + ": " + e.getMessage(), e);
                }
            });
            Progress progress = Progress.of(b, "bench --bv", BoundingVolumeStudy.STEPS);
            bv = BoundingVolumeStudy.runAll(
                    BV_PAIRS,
                    b.bvMesh.getFileName().toString(),
                    mesh,
                    b.bvPieces,
                    b.bvSteps,
                    b.bvFrames,
                    progress::update);
            printBv(bv, b.out);
        }
        if (b.html != null) {
            String page = BenchHtml.render("collide4j seed benchmarks", machine, buckets, bv);
            try {
                Files.writeString(b.html, page, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliException(ExitCode.CANNOT_CREATE, "--html: cannot write " + b.html + " (" + e + ")");
            }
            b.out.println("wrote " + b.html);
        }
        return ExitCode.FREE.status();
    }

    /**
     * §7.2's two pairs (O1/O2, O3/O4 of the seed): the bundled UR5e's collision STLs, and the bundled Panda's link6
     * (the one Panda link with a multi-piece bundled decomposition) against link4.
     */
    static final List<String[]> BV_PAIRS = List.of(
            new String[] {"ur5e/upper_arm_link", "ur5e/forearm_link"},
            new String[] {"panda/panda_link6", "panda/panda_link4"});

    private static int writeSets(BenchCommand b) {
        ConfigurationSetGenerator g = new ConfigurationSetGenerator(b.seed);
        var pairs = ConfigurationSetGenerator.V1_PAIRS;
        var robots = b.robotPerBucket == 0 ? List.<String>of() : ConfigurationSetGenerator.V1_ROBOTS;
        Progress progress =
                Progress.of(b, "bench --write-sets", ConfigurationSetGenerator.steps(pairs.size(), robots.size()));
        ConfigurationSets sets = g.generate(
                pairs, b.perBucket, robots, ConfigurationSetGenerator.V1_SCENE, b.robotPerBucket, progress::update);
        List<String> comments = List.of(
                "collide4j configuration sets (seed 003 §5.7.2 sphere method; tests/data/bench/README.md)",
                String.format(
                        Locale.ROOT,
                        "generated by: collide4j bench --write-sets %s --seed %d --per-bucket %d --robot-per-bucket %d",
                        b.writeSets.getFileName(),
                        b.seed,
                        b.perBucket,
                        b.robotPerBucket));
        try (Writer w = Files.newBufferedWriter(b.writeSets, StandardCharsets.UTF_8)) {
            sets.write(w, comments);
        } catch (IOException e) {
            throw new CliException(
                    ExitCode.CANNOT_CREATE, "--write-sets: cannot write " + b.writeSets + " (" + e + ")");
        }
        b.out.printf(
                Locale.ROOT,
                "wrote %s: %d pair and %d robot configurations (seed %d)%n",
                b.writeSets,
                sets.pairs().size(),
                sets.robots().size(),
                b.seed);
        return ExitCode.FREE.status();
    }

    private static ConfigurationSets readSets(Path file) {
        return CliCommand.load("--sets " + file, () -> {
            try {
                return ConfigurationSets.read(file);
            } catch (NoSuchFileException e) {
                throw new CliException(
                        ExitCode.NO_INPUT,
                        "--sets: no file " + file + " (generate one with --write-sets FILE; "
                                + "the default is relative to the repository root)");
            } catch (IOException e) {
                throw new CliException(ExitCode.NO_INPUT, "--sets: cannot read " + file + " (" + e + ")");
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.DATA_ERROR, "--sets: " + e.getMessage(), e);
            }
        });
    }

    static void printBv(BoundingVolumeStudy.Result r, java.io.PrintStream out) {
        for (BoundingVolumeStudy.PairStudy p : r.pairs()) {
            out.printf(
                    Locale.ROOT,
                    "approach and pass (seed 004 §7.2): %s, %d triangles, N = %d; exact mesh oracle: %.2f %% of steps touching%n",
                    p.a() + " / " + p.b(),
                    p.triangles(),
                    p.steps(),
                    p.exactPercent());
            out.printf(
                    Locale.ROOT,
                    "  %-22s %14s %14s %14s %14s %7s%n",
                    "volume",
                    "avg. test µs",
                    "positives %",
                    "memory bytes",
                    "recompute µs",
                    "missed");
            for (BoundingVolumeStudy.Row row : p.rows()) {
                out.printf(
                        Locale.ROOT,
                        "  %-22s %14.3f %14.2f %14d %14.3f %7d%n",
                        row.volume(),
                        row.testNs() / 1e3,
                        row.positivePercent(),
                        row.memoryBytes(),
                        row.recomputeNs() / 1e3,
                        row.missed());
            }
        }
        BoundingVolumeStudy.DecompositionStudy d = r.decomposition();
        out.printf(
                Locale.ROOT,
                "decomposition effect (seed 004 §7.5): %s, %d triangles -> %d pieces in %.0f ms (hull %.1f ms); "
                        + "OBB then GJK, 10 boxes, %d steps%n",
                d.object(),
                d.triangles(),
                d.pieces(),
                d.decomposeMs(),
                d.hullMs(),
                d.steps());
        out.printf(Locale.ROOT, "  %-22s %14s %14s %14s%n", "object", "avg. test µs", "positives %", "memory bytes");
        for (BoundingVolumeStudy.Row row : List.of(d.single(), d.decomposed())) {
            out.printf(
                    Locale.ROOT,
                    "  %-22s %14.3f %14.2f %14d%n",
                    row.volume(),
                    row.testNs() / 1e3,
                    row.positivePercent(),
                    row.memoryBytes());
        }
        BoundingVolumeStudy.ArmDemo a = r.arm();
        out.printf(
                Locale.ROOT,
                "7-link arm (seed 004 §7.6): %s in %s, %d frames at 60 Hz: collision test %.1f µs per frame "
                        + "(max %.1f) = %.3f %% of the 16.7 ms frame; %d frames in collision%n",
                a.robot(),
                a.scene(),
                a.frames(),
                a.testNsMean() / 1e3,
                a.testNsMax() / 1e3,
                a.frameSharePercent(),
                a.collidingFrames());
    }
}
