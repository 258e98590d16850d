package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a Spark standalone cluster on this machine, as on a real one: a master and two workers (one core each)
 * started by the test as child JVMs from the test class path ({@code org.apache.spark.deploy.master.Master},
 * {@code ...worker.Worker}), loopback only, each worker launching its own executor JVM. So the task closure, the
 * broadcast robot-and-scene references and the task reports cross JVMs by serialisation, and each executor loads its
 * checkers itself and reuses them across its tasks. Verdicts and certificate files equal the single-machine
 * certifier's. Starting five JVMs takes a minute or more on a loaded 2-core machine, so the test is in the full run
 * ({@code -Pslow}) only; every process it starts is stopped in all cases, and it gives up after
 * 5 minutes.
 */
class StandaloneClusterTest {
    @TempDir
    Path dir;

    @Test
    @Tag("slow")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void twoWorkersCertifyAsOneMachine() throws Exception {
        Path sparkHome = dir.resolve("spark-home");
        Files.createDirectories(sparkHome.resolve("jars")); // the launcher wants it; the class path comes from us
        String cp = System.getProperty("java.class.path");
        int port = freePort();
        String master = "spark://127.0.0.1:" + port;
        List<Process> started = new ArrayList<>();
        SparkSession spark = null;
        try {
            started.add(start(
                    "master",
                    sparkHome,
                    cp,
                    "org.apache.spark.deploy.master.Master",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    Integer.toString(port),
                    "--webui-port",
                    Integer.toString(freePort())));
            for (int w = 1; w <= 2; w++) {
                Path work = Files.createDirectories(dir.resolve("worker" + w));
                started.add(start(
                        "worker" + w,
                        sparkHome,
                        cp,
                        "org.apache.spark.deploy.worker.Worker",
                        "--host",
                        "127.0.0.1",
                        "--cores",
                        "1",
                        "--memory",
                        "1g",
                        "--webui-port",
                        Integer.toString(freePort()),
                        "--work-dir",
                        work.toString(),
                        master));
            }
            spark = SparkSession.builder()
                    .master(master)
                    .appName("collide4j standalone test")
                    .config("spark.ui.enabled", false)
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.executor.memory", "768m")
                    .config("spark.executor.extraClassPath", cp)
                    .config("spark.cores.max", 2)
                    .config("spark.executor.extraJavaOptions", String.join(" ", jvmOptions()))
                    .getOrCreate();
            spark.sparkContext().setLogLevel("WARN");

            // two robot-and-scene references, several tasks per executor
            int n = 40;
            ObjectMapper json = new ObjectMapper();
            Map<String, double[][]> rows = new HashMap<>();
            Map<String, String> scenes = new HashMap<>();
            StringBuilder lines = new StringBuilder();
            SplittableRandom rnd = new SplittableRandom(3);
            for (int i = 0; i < n; i++) {
                String id = "t/" + i;
                String scene = i % 2 == 0 ? "table_shelf" : "none";
                double[][] q = {{0, -0.785, 0, -2.356, 0, 1.571, 0.785}, {0, -0.785, 0, -2.356, 0, 1.571, 0.785}};
                for (int j = 0; j < 7; j++) {
                    q[1][j] += rnd.nextDouble(-0.3, 0.3);
                }
                rows.put(id, q);
                scenes.put(id, scene);
                lines.append(json.writeValueAsString(Map.of(
                                "id",
                                id,
                                "robot",
                                "panda",
                                "scene",
                                scene,
                                "joint_names",
                                GeneratedDataset.JOINTS,
                                "positions",
                                q)))
                        .append('\n');
            }
            Path in = dir.resolve("rows.jsonl");
            Files.writeString(in, lines);
            Path certs = dir.resolve("certificates");
            CertifiedDataset d = DatasetCertifier.builder()
                    .certificateDir(certs)
                    .build()
                    .certify(spark, List.of(in.toString()), dir.resolve("out").toString());

            assertEquals(n, d.summary().results(), d.summary().toJson());
            Set<String> executors = d.tasks().stream().map(TaskReport::executor).collect(Collectors.toSet());
            assertEquals(2, executors.size(), "both workers' executors certified rows: " + executors);
            assertTrue(executors.stream().noneMatch(e -> e.equals("driver")), "no row certified in the driver");
            for (TaskReport t : d.tasks()) {
                assertTrue(t.checkersLoaded() <= 2, "an executor loads each robot-and-scene once: " + t);
            }
            assertTrue(d.tasks().size() > executors.size(), "executors ran several tasks each, reusing checkers");
            Map<String, Collide4j> checkers = new HashMap<>();
            List<Row> results = d.results().collectAsList();
            assertEquals(n, results.size());
            for (Row r : results) {
                String id = r.getAs("id");
                Collide4j c = checkers.computeIfAbsent(
                        scenes.get(id),
                        s -> s.equals("none")
                                ? Collide4j.builder().robot("panda").build()
                                : Collide4j.builder()
                                        .robot("panda")
                                        .sceneName(s)
                                        .build());
                StringWriter expected = new StringWriter();
                String verdict = c.trajectoryCertifier()
                        .certify(
                                JointTrajectory.ofPositions(GeneratedDataset.JOINTS, rows.get(id)),
                                0,
                                TrajectoryCertifier.DEFAULT_BUDGET,
                                expected)
                        .result()
                        .verdict()
                        .name();
                assertEquals(verdict, r.getAs("verdict"), id);
                Path file = Path.of(new org.apache.hadoop.fs.Path((String) r.getAs("certificate_file"))
                        .toUri()
                        .getPath());
                assertEquals(certs, file.getParent());
                assertEquals(
                        expected.toString(), Files.readString(file, StandardCharsets.UTF_8), "certificate of " + id);
            }
        } finally {
            if (spark != null) {
                spark.stop();
            }
            for (int i = started.size() - 1; i >= 0; i--) {
                stop(started.get(i));
            }
        }
    }

    private Process start(String name, Path sparkHome, String cp, String main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvmOptions());
        cmd.addAll(List.of("-Xmx512m", "-Dspark.master.rest.enabled=false", "-cp", cp, main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        return pb.start();
    }

    /** SIGTERM (a worker then stops its executors), SIGKILL after 20 s; the process's children too. */
    private static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle c : children) {
            c.destroyForcibly();
        }
    }

    /** This JVM's module openings (Maven's argLine), which Spark on Java 17 needs in every JVM. */
    private static List<String> jvmOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens")
                        || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions")
                        || a.startsWith("-Djdk.reflect")
                        || a.startsWith("-Dio.netty"))
                .toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
