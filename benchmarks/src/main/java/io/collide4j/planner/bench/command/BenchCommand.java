package io.collide4j.planner.bench.command;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.CcdBatchResult;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.EngineInfo;
import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.ccd.TightInclusionScratch;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.cli.Main;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotSceneCommand;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code collide4j bench}: a quick throughput table on this machine (wall clock, after a warm-up):
 * certified state and motion checks/s on random configurations of the robot in the scene, single
 * thread and on the batch engines (parallel states, the CPU motion engine, the batch state engine
 * — OpenCL when a device is found, see {@code -Dcollide4j.batch.engine} — and the CCD batch engine),
 * and Tight-Inclusion vertex–face CCD queries/s on random moving primitives. A rough guide; the JMH
 * benchmarks in {@code benchmarks/} are the measurements. Progress bar on stderr.
 */
@Command(
        name = "bench",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Throughput table on this machine (a guide; the JMH benchmarks in benchmarks/ measure).")
final class BenchCommand extends RobotSceneCommand {
    @Option(names = "--states", paramLabel = "N", description = "Random states (default ${DEFAULT-VALUE}).")
    int states = 20_000;

    @Option(
            names = "--motions",
            paramLabel = "N",
            description = "Motions from valid states (default ${DEFAULT-VALUE}).")
    int motionCount = 500;

    @Option(
            names = "--ccd",
            paramLabel = "N",
            description = "Random vertex-face CCD queries (default ${DEFAULT-VALUE}).")
    int ccd = 100_000;

    @Option(
            names = "--step",
            paramLabel = "RAD",
            description = "Length of each motion in radians (default ${DEFAULT-VALUE}).")
    double step = 0.3;

    @Option(names = "--seed", paramLabel = "S", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Batch engine threads (default: the available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--buckets",
            description =
                    "Time the stored configuration sets per clearance bucket (benchmarks/BENCHMARKS-seeds.md; --sets).")
    boolean buckets;

    @Option(names = "--bv", description = "Bounding-volume study and 7-link arm demo (benchmarks/BENCHMARKS-seeds.md).")
    boolean bv;

    @Option(
            names = "--sets",
            paramLabel = "FILE",
            description = "Configuration sets for --buckets (default ${DEFAULT-VALUE}).")
    java.nio.file.Path sets = java.nio.file.Path.of("tests/data/bench/configuration-sets-v1.csv");

    @Option(
            names = "--write-sets",
            paramLabel = "FILE",
            description = "Generate configuration sets (--seed, --per-bucket, --robot-per-bucket) into FILE.")
    java.nio.file.Path writeSets;

    @Option(
            names = "--per-bucket",
            paramLabel = "N",
            description = "--write-sets: pair configurations per body pair and bucket (default ${DEFAULT-VALUE}).")
    int perBucket = 8;

    @Option(
            names = "--robot-per-bucket",
            paramLabel = "N",
            description = "--write-sets: robot configurations per clearance bucket (default ${DEFAULT-VALUE}).")
    int robotPerBucket = 4;

    @Option(
            names = "--passes",
            paramLabel = "N",
            description = "--buckets: timed passes; each query keeps its fastest (default ${DEFAULT-VALUE}).")
    int passes = 5;

    @Option(
            names = "--bv-steps",
            paramLabel = "N",
            description = "--bv: steps of the approach-and-pass motion (default ${DEFAULT-VALUE}).")
    int bvSteps = 20_000;

    @Option(
            names = "--bv-frames",
            paramLabel = "N",
            description = "--bv: frames of the 60 Hz arm demo (default ${DEFAULT-VALUE}).")
    int bvFrames = 20_000;

    @Option(
            names = "--bv-mesh",
            paramLabel = "FILE",
            description = "--bv: non-convex mesh for the decomposition effect (default ${DEFAULT-VALUE}).")
    java.nio.file.Path bvMesh = java.nio.file.Path.of("tests/data/v-hacd/app/meshes/teddy.obj");

    @Option(
            names = "--bv-pieces",
            paramLabel = "N",
            description = "--bv: at most this many decomposition pieces (default ${DEFAULT-VALUE}).")
    int bvPieces = 21;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "With --buckets or --bv: write the report (tables, SVG plots; one offline file).")
    java.nio.file.Path html;

    @Option(
            names = "--throw",
            arity = "0..1",
            fallbackValue = "8",
            paramLabel = "N",
            description =
                    "Instead: the throw benchmark (D2M, Capoeira, Tight-Inclusion; checker/.../ccd/screw/D2M.md), N "
                            + "throws per mesh pair per speed (default 8; the published protocol is 256). Run from the repository root "
                            + "(V-HACD meshes in tests/data, or -Dcollide4j.testdata). Ends with 'touching or penetrating: N of M'.")
    Integer throwInstances;

    @Option(
            names = "--decomposition",
            description =
                    "Instead: convex decomposition of V-HACD's reference meshes beside"
                            + " V-HACD's numbers (tests/data/v-hacd/NUMBERS.md, or -Dcollide4j.testdata): time, pieces, volume ratio, coverage.")
    boolean decomposition;

    @Mixin
    BenchWorkloads workloads = new BenchWorkloads();

    @Option(
            names = "--verify",
            paramLabel = "N|all",
            arity = "0..1",
            fallbackValue = "2",
            description = "Instead of the"
                    + " table: certification vs verification time and certificate size with and without witnesses over planned"
                    + " MotionBenchMaker Panda paths, N problems per scenario (2 when given alone) or all (700).")
    String verify;

    @Override
    public int run() {
        if (verify != null) {
            return VerifyBench.run(
                    verify,
                    workloads.problemSet(),
                    robot.margin == null ? 0 : robot.margin,
                    out,
                    Progress.of(this, "bench --verify", 100));
        }
        if (workloads.any()) {
            return workloads.run(this, seed);
        }
        if (decomposition) {
            return DecompositionBench.run(
                    out, java.nio.file.Path.of(System.getProperty("collide4j.testdata", "tests/data")));
        }
        if (throwInstances != null) {
            return ThrowBench.run(
                    out,
                    throwInstances,
                    2,
                    seed,
                    java.nio.file.Path.of(
                            System.getProperty("collide4j.testdata", "tests/data"), "v-hacd", "app", "meshes"));
        }
        if (buckets || bv || writeSets != null) {
            return SeedBenches.run(this);
        }
        if (html != null) {
            throw new CliException(ExitCode.USAGE, "--html needs --buckets or --bv");
        }
        Collide4j c = buildChecker();
        if (states < 1 || motionCount < 1 || ccd < 1 || !(step > 0) || threads < 1) {
            throw new CliException(ExitCode.USAGE, "--states, --motions, --ccd, --threads must be >= 1 and --step > 0");
        }
        SplittableRandom r = new SplittableRandom(seed);
        int n = c.dimension();
        double[][] qs = new double[states][];
        for (int i = 0; i < states; i++) {
            qs[i] = random(c, r);
        }
        Progress progress = Progress.of(this, "bench", 10);
        // warm-up then measure: states
        int valid = 0;
        for (int i = 0; i < Math.min(states, 2000); i++) {
            valid += c.isValid(qs[i]) ? 1 : 0;
        }
        progress.update(1);
        long t0 = System.nanoTime();
        valid = 0;
        for (double[] q : qs) {
            valid += c.isValid(q) ? 1 : 0;
        }
        double stateSeconds = (System.nanoTime() - t0) / 1e9;
        progress.update(2);
        // motions: from valid states, a step of `step` rad (Euclidean) in a random direction, inside the limits
        double[][][] ms = new double[motionCount][][];
        int made = 0;
        for (int i = 0; made < motionCount && i < 100 * motionCount; i++) {
            double[] a = qs[i % states];
            if (!c.isValid(a)) {
                continue; // planners only move from valid states
            }
            double[] b = new double[n];
            double norm = 0;
            for (int j = 0; j < n; j++) {
                b[j] = r.nextGaussian();
                norm += b[j] * b[j];
            }
            for (int j = 0; j < n; j++) {
                b[j] = Math.min(c.upperLimit(j), Math.max(c.lowerLimit(j), a[j] + step * b[j] / Math.sqrt(norm)));
            }
            ms[made++] = new double[][] {a, b};
        }
        for (int i = 0; i < Math.min(made, 50); i++) {
            c.checkMotion(ms[i][0], ms[i][1]);
        }
        progress.update(3);
        t0 = System.nanoTime();
        int freeMotions = 0;
        long evaluations = 0;
        for (int i = 0; i < made; i++) {
            var m = c.checkMotion(ms[i][0], ms[i][1]);
            freeMotions += m.isFree() ? 1 : 0;
            evaluations += m.evaluations();
        }
        double motionSeconds = (System.nanoTime() - t0) / 1e9;
        progress.update(4);
        // primitive CCD: random vertex-face queries in the unit cube
        double[] coords = new double[24 * ccd];
        for (int i = 0; i < coords.length; i++) {
            coords[i] = r.nextDouble();
        }
        TightInclusion ti = TightInclusion.defaults();
        TightInclusionScratch scratch = new TightInclusionScratch();
        for (int i = 0; i < Math.min(ccd, 5000); i++) {
            ti.toi(CcdKind.VERTEX_FACE, coords, 24 * i, scratch);
        }
        progress.update(5);
        t0 = System.nanoTime();
        int hits = 0;
        for (int i = 0; i < ccd; i++) {
            hits += ti.toi(CcdKind.VERTEX_FACE, coords, 24 * i, scratch) <= 1 ? 1 : 0;
        }
        double ccdSeconds = (System.nanoTime() - t0) / 1e9;
        progress.update(6);
        // batch engines (checker.batch): parallel certified states, CPU motion engine, engine states, CCD batch
        List<double[]> stateList = java.util.Arrays.asList(qs);
        long tb = System.nanoTime();
        boolean[] parallel = c.areValid(stateList);
        double parallelSeconds = (System.nanoTime() - tb) / 1e9;
        progress.update(7);
        List<double[]> a = new java.util.ArrayList<>(), b = new java.util.ArrayList<>();
        for (int i = 0; i < made; i++) {
            a.add(ms[i][0]);
            b.add(ms[i][1]);
        }
        double batchMotionSeconds;
        int batchFree = 0;
        try (BatchChecker engine = c.newBatchChecker(threads)) {
            tb = System.nanoTime();
            for (MotionStatus st : c.checkMotions(a, b, engine)) {
                batchFree += st == MotionStatus.FREE ? 1 : 0;
            }
            batchMotionSeconds = (System.nanoTime() - tb) / 1e9;
        }
        progress.update(8);
        double robotSeconds;
        int engineValid = 0;
        EngineInfo stateEngine;
        String fallback;
        try (BatchChecker engine = c.newBatchChecker(EngineChoice.fromSystemProperty(), threads)) {
            c.areValid(stateList.subList(0, Math.min(states, 2000)), engine);
            tb = System.nanoTime();
            for (boolean v : c.areValid(stateList, engine)) {
                engineValid += v ? 1 : 0;
            }
            robotSeconds = (System.nanoTime() - tb) / 1e9;
            stateEngine = engine.engine();
            fallback = engine.fallbackReason();
        }
        progress.update(9);
        double ccdBatchSeconds;
        EngineInfo ccdEngine;
        int ccdBatchHits = 0;
        try (BatchChecker engine = BatchChecker.builder()
                .engine(EngineChoice.fromSystemProperty())
                .threads(threads)
                .build()) {
            engine.ccdQueries(
                    java.util.Arrays.copyOf(coords, 24 * Math.min(ccd, 1000)), CcdKind.VERTEX_FACE, 0); // warm-up
            tb = System.nanoTime();
            CcdBatchResult cr = engine.ccdQueries(coords, CcdKind.VERTEX_FACE, 0);
            ccdBatchSeconds = (System.nanoTime() - tb) / 1e9;
            ccdEngine = cr.engine();
            for (boolean h : cr.hit()) {
                ccdBatchHits += h ? 1 : 0;
            }
        }
        progress.update(10);
        int parallelValid = 0;
        for (boolean v : parallel) {
            parallelValid += v ? 1 : 0;
        }
        out.printf(Locale.ROOT, "collide4j bench: %s%n", c);
        out.printf(Locale.ROOT, "%-34s %10s %12s %12s  %s%n", "query", "count", "seconds", "per second", "notes");
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.0f  %d valid%n",
                "state (isValid, certified)",
                states,
                stateSeconds,
                states / stateSeconds,
                valid);
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.1f  %d free, %.1f distance evaluations each, %.0f evaluations/s%n",
                "motion (certified CA, " + step + " rad)",
                made,
                motionSeconds,
                made / motionSeconds,
                freeMotions,
                (double) evaluations / made,
                evaluations / motionSeconds);
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.0f  %d hits%n",
                "CCD vertex-face (TI, random cube)",
                ccd,
                ccdSeconds,
                ccd / ccdSeconds,
                hits);
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.0f  %d valid; common fork-join pool%n",
                "state, parallel (certified)",
                states,
                parallelSeconds,
                states / parallelSeconds,
                parallelValid);
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.1f  %d free; %d threads%n",
                "motion, batch CPU engine",
                made,
                batchMotionSeconds,
                made / batchMotionSeconds,
                batchFree,
                threads);
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.0f  %d valid; %s%s%n",
                "state, batch engine",
                states,
                robotSeconds,
                states / robotSeconds,
                engineValid,
                stateEngine,
                fallback.isEmpty() ? "" : " (OpenCL: " + fallback + ")");
        out.printf(
                Locale.ROOT,
                "%-34s %10d %12.3f %12.0f  %d hits; %s%n",
                "CCD vertex-face, batch engine",
                ccd,
                ccdBatchSeconds,
                ccd / ccdBatchSeconds,
                ccdBatchHits,
                ccdEngine);
        out.println(
                "single-thread rows are one thread; wall-clock after a warm-up: a guide, JMH in benchmarks/ measures");
        return ExitCode.FREE.status();
    }

    private static double[] random(Collide4j c, SplittableRandom r) {
        double[] q = new double[c.dimension()];
        for (int j = 0; j < q.length; j++) {
            q[j] = c.lowerLimit(j) + r.nextDouble() * (c.upperLimit(j) - c.lowerLimit(j));
        }
        return q;
    }
}
