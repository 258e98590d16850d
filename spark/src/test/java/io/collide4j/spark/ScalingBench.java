package io.collide4j.spark;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Scaling benchmark (not a test): trajectories certified per second on a generated dataset of valid Panda trajectories
 * in MotionBenchMaker scenes ({@link GeneratedDataset}, no malformed rows), by one plain thread without Spark (the
 * certification alone, certificate text included) and by Spark masters, interleaved round by round in one JVM so that
 * a loaded machine's load falls on all alike; each Spark run writes its whole output (Parquet, certificates inline or
 * as files). Prints per run the wall time, trajectories/s, the process CPU seconds per 1000 trajectories, each
 * round's ratios to the plain thread, and the CPU time per row of the Spark tasks' threads (reading, decoding,
 * certifying, writing; from the summary) against the plain thread's (its ratio: plain / task, 1 when Spark adds
 * nothing per row); thread CPU is what a loaded machine distorts least. Round 1 warms up (JIT, checkers loaded per executor). Run (after
 * {@code mvn -B -q package -DskipTests} and {@code mvn -B -q -pl spark -am test-compile}):
 * <pre>java --add-opens=... -cp 'spark/target/test-classes:spark/target/collide4j-spark.jar:spark/target/lib/*' \
 *     io.collide4j.spark.ScalingBench 4000 3 'local[1]' 'local[2]' 'local[2]:files'</pre>
 * (trajectories, rounds, then the runs: a master, {@code :files} for certificate files instead of inline). A
 * standalone master ({@code spark://127.0.0.1:7077}, started with its workers from the same class path) works too; its
 * executors are new JVMs in each session, so each of its runs follows one unmeasured warm-up run.
 */
public final class ScalingBench {
    private ScalingBench() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> runs = args.length > 2 ? List.of(args).subList(2, args.length) : List.of("local[1]", "local[2]");
        Path zip = Path.of(System.getProperty("collide4j.testdata", "tests/data"))
                .resolve("vamp/resources/panda/problems.zip");
        Path dir = Files.createTempDirectory("collide4j-spark-bench");
        GeneratedDataset data;
        SparkSession gen = session("local[1]");
        try {
            double[] upper = Collide4j.builder()
                    .robot("panda")
                    .sceneName(GeneratedDataset.BUNDLED_SCENE)
                    .build()
                    .upperLimits();
            data = GeneratedDataset.write(gen, dir.resolve("in"), zip, n, false, 7, upper);
        } finally {
            gen.stop();
        }
        List<String> inputs = List.of(data.parquet.toString(), data.jsonl.toString(), data.csv.toString());
        Map<String, Collide4j> checkers = new HashMap<>();
        int out = 0;
        for (int r = 1; r <= rounds; r++) {
            double[] plainCpu = new double[1];
            double[] plainProcessCpu = new double[1];
            double plain = measure(
                    "one thread, no Spark",
                    data.valid.size(),
                    () -> {
                        long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                        for (GeneratedDataset.Spec s : data.valid) {
                            Collide4j c = checkers.computeIfAbsent(
                                    s.scene(),
                                    scene -> scene.equals(GeneratedDataset.BUNDLED_SCENE)
                                            ? Collide4j.builder()
                                                    .robot("panda")
                                                    .sceneName(scene)
                                                    .build()
                                            : Collide4j.builder()
                                                    .robot("panda")
                                                    .scene(Path.of(scene))
                                                    .build());
                            StringWriter certificate = new StringWriter();
                            c.trajectoryCertifier()
                                    .certify(
                                            new JointTrajectory(
                                                    GeneratedDataset.JOINTS,
                                                    s.times(),
                                                    s.positions(),
                                                    s.velocities(),
                                                    s.accelerations()),
                                            0,
                                            s.budget() == null ? TrajectoryCertifier.DEFAULT_BUDGET : s.budget(),
                                            certificate);
                        }
                        plainCpu[0] = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0) / 1e9;
                    },
                    r,
                    plainProcessCpu);
            for (String run : runs) {
                boolean files = run.endsWith(":files");
                String master = files ? run.substring(0, run.length() - ":files".length()) : run;
                SparkSession spark = session(master);
                JobTimeline timeline = JobTimeline.on(spark);
                try {
                    Path o = dir.resolve("out" + (++out));
                    DatasetCertifier certifier = files
                            ? DatasetCertifier.builder()
                                    .certificateDir(o.resolve("certificates"))
                                    .build()
                            : DatasetCertifier.builder().build();
                    if (master.startsWith("spark://")) {
                        // a cluster's executors are new JVMs in each session: one unmeasured run loads their
                        // checkers and warms their JIT, as round 1 does for the local masters in this JVM
                        certifier.certify(
                                spark, inputs, dir.resolve("warm" + out).toString());
                        timeline.clear();
                    }
                    CertifiedDataset[] done = new CertifiedDataset[1];
                    timeline.clear();
                    long called = System.currentTimeMillis();
                    double[] driverCpu = new double[1];
                    double[] processCpu = new double[1];
                    double rate = measure(
                            run,
                            data.valid.size(),
                            () -> {
                                long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                                done[0] = certifier.certify(spark, inputs, o.toString());
                                driverCpu[0] =
                                        (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0) / 1e9;
                            },
                            r,
                            processCpu);
                    timeline.print(spark, "round " + r + ": " + run, called, System.currentTimeMillis());
                    double taskCpu = done[0].summary().tasks().cpuSeconds();
                    System.out.printf(
                            Locale.ROOT,
                            "[spark-bench] round %d: %s CPU: calling thread %.3f s (planning, job submission, commit,"
                                    + " summary), task threads %.3f s, the rest of the process %.3f s (Spark's"
                                    + " threads, JIT, GC); the plain thread %.3f s, its process %.3f s%n",
                            r,
                            run,
                            driverCpu[0],
                            taskCpu,
                            processCpu[0] - driverCpu[0] - (master.startsWith("local") ? taskCpu : 0),
                            plainCpu[0],
                            plainProcessCpu[0]);
                    for (TaskReport t : done[0].tasks()) {
                        System.out.printf(
                                Locale.ROOT,
                                "[spark-bench]   task %d on %s: %d rows (%d results), work %d, %.1f ms CPU, %.1f ms"
                                        + " wall%n",
                                t.partition(),
                                t.executor(),
                                t.rows(),
                                t.results(),
                                t.work(),
                                1000 * t.cpuSeconds(),
                                1000 * t.seconds());
                    }
                    if (done[0].summary().results() != data.valid.size()) {
                        throw new IllegalStateException("the job certified "
                                + done[0].summary().results() + " rows, the plain thread " + data.valid.size());
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "[spark-bench] round %d: %s / one thread = %.2f (%d rows); task threads'"
                                    + " CPU %.3f ms per certified row (the rows that fail cost included), the plain"
                                    + " thread's %.3f ms (%.2f)%n",
                            r,
                            run,
                            rate / plain,
                            done[0].inputRows(),
                            1000 * taskCpu / data.valid.size(),
                            1000 * plainCpu[0] / data.valid.size(),
                            plainCpu[0] / taskCpu);
                } finally {
                    spark.stop();
                }
            }
        }
    }

    /** A session on {@code master}; a standalone master's executors get this JVM's class path and module openings. */
    private static SparkSession session(String master) {
        SparkSession.Builder b = SparkSession.builder()
                .master(master)
                .appName("collide4j scaling bench")
                .config("spark.ui.enabled", false)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1");
        if (master.startsWith("spark://")) {
            b.config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
                    .config(
                            "spark.executor.extraJavaOptions",
                            String.join(
                                    " ",
                                    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                                            .filter(a -> a.startsWith("--add-opens"))
                                            .toList()));
        }
        SparkSession spark = b.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        // a cluster's executors start after the session: wait for them (up to 2 min), so no run times a JVM start
        long until = System.nanoTime() + 120_000_000_000L;
        while (master.startsWith("spark://")
                && spark.sparkContext().statusTracker().getExecutorInfos().length < 3
                && System.nanoTime() < until) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return spark;
    }

    /** CPU nanoseconds of every live thread, by thread id. */
    private static Map<Long, Long> threadCpu() {
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new HashMap<>();
        for (long id : mx.getAllThreadIds()) {
            long t = mx.getThreadCpuTime(id);
            if (t >= 0) {
                cpu.put(id, t);
            }
        }
        return cpu;
    }

    /** Runs {@code work} once, prints wall and CPU time, returns trajectories per wall second. */
    private static double measure(String what, long trajectories, Runnable work, int round, double[] processCpu) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<Long, Long> threads0 = threadCpu();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        work.run();
        double s = (System.nanoTime() - t0) / 1e9;
        double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
        processCpu[0] = cpu;
        // the CPU of the JVM's visible threads by name (digits dropped); what the process spent beyond them is the
        // JIT compiler's and the garbage collector's threads, which the JVM does not list
        Map<Long, Long> threads1 = threadCpu();
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<String, Double> byName = new java.util.TreeMap<>();
        double listed = 0;
        for (Map.Entry<Long, Long> e : threads1.entrySet()) {
            double spent = (e.getValue() - threads0.getOrDefault(e.getKey(), 0L)) / 1e9;
            java.lang.management.ThreadInfo info = mx.getThreadInfo(e.getKey());
            String name = info == null ? "ended" : info.getThreadName().replaceAll("[0-9]+", "#");
            byName.merge(name, spent, Double::sum);
            listed += spent;
        }
        StringBuilder top = new StringBuilder();
        byName.entrySet().stream()
                .filter(e -> e.getValue() >= 0.005)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(e -> top.append(String.format(Locale.ROOT, " %s %.3f;", e.getKey(), e.getValue())));
        System.out.printf(
                Locale.ROOT,
                "[spark-bench] round %d: %s threads' CPU s:%s unlisted (JIT, GC) %.3f%n",
                round,
                what,
                top,
                cpu - listed);
        System.out.printf(
                Locale.ROOT,
                "[spark-bench] round %d: %-22s %d trajectories in %.2f s: %.1f/s, %.2f CPU s per"
                        + " 1000, load %.1f%n",
                round,
                what,
                trajectories,
                s,
                trajectories / s,
                1000 * cpu / trajectories,
                os.getSystemLoadAverage());
        return trajectories / s;
    }
}
