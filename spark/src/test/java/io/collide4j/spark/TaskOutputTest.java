package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's output under failure and skew, in local mode with retries ({@code local[2,3]}: two task threads, a task
 * may fail three times): every task's first attempt fails after writing part of its output, and the committed output
 * is still exactly one results row and one certificate file per trajectory, byte for byte the single-machine
 * certifier's, with nothing partial, duplicated or temporary left; rows are spread by work, not count.
 */
class TaskOutputTest {
    static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("local[2,3]", "collide4j task output test");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void retriedTasksLeaveNoPartialOrDuplicatedFile() throws IOException {
        int n = 24;
        SplittableRandom rnd = new SplittableRandom(5);
        ObjectMapper json = new ObjectMapper();
        Map<String, double[][]> trajectories = new HashMap<>();
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String id = i % 6 == 0 ? "../up/" + i : "t" + i; // ids that would leave the folder if taken as paths
            double[][] q = {{0, -0.785, 0, -2.356, 0, 1.571, 0.785}, {0, -0.785, 0, -2.356, 0, 1.571, 0.785}};
            for (int j = 0; j < 7; j++) {
                q[1][j] += rnd.nextDouble(-0.05, 0.05);
            }
            trajectories.put(id, q);
            lines.append(json.writeValueAsString(Map.of(
                            "id",
                            id,
                            "robot",
                            "panda",
                            "scene",
                            "table_shelf",
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
                .certificateDir(certs.toUri().toString())
                .outputFormat(CertifiedDataset.OutputFormat.JSON)
                .failFirstAttemptAfter(1)
                .build()
                .certify(
                        spark,
                        List.of(in.toString()),
                        dir.resolve("out").toUri().toString());

        DatasetSummary s = d.summary();
        assertEquals(s.tasks().count(), s.tasks().retried(), "every task's first attempt failed and was retried: " + s);
        assertEquals(n, s.results());
        assertEquals(0, s.errors());
        List<Row> rows = d.results().collectAsList();
        assertEquals(n, rows.size());
        assertEquals(
                n,
                rows.stream()
                        .map(r -> (String) r.getAs("id"))
                        .collect(Collectors.toSet())
                        .size(),
                "no id twice");

        Collide4j c =
                Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        Set<String> expectedFiles = new HashSet<>();
        for (Row r : rows) {
            String id = r.getAs("id");
            StringWriter expected = new StringWriter();
            c.trajectoryCertifier()
                    .certify(
                            JointTrajectory.ofPositions(GeneratedDataset.JOINTS, trajectories.get(id)),
                            0,
                            TrajectoryCertifier.DEFAULT_BUDGET,
                            expected);
            // the column is a Hadoop path (a URI's scheme, the path itself unescaped)
            Path file = Path.of(new org.apache.hadoop.fs.Path((String) r.getAs("certificate_file"))
                    .toUri()
                    .getPath());
            assertEquals(certs, file.getParent(), "an id never leaves the certificate folder: " + file);
            assertEquals(expected.toString(), Files.readString(file, StandardCharsets.UTF_8), "certificate of " + id);
            expectedFiles.add(file.getFileName().toString());
        }
        assertEquals(expectedFiles, names(certs), "exactly one file per certificate, nothing partial or temporary");
        try (Stream<Path> parts = Files.list(dir.resolve("out/results"))) {
            long lineCount = 0;
            for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-"))
                    .toList()) {
                lineCount += Files.readAllLines(p).size();
            }
            assertEquals(n, lineCount, "the results part files hold each row once");
        }
        assertEquals(Set.of("results", "errors", "summary.json", "_SUCCESS"), names(dir.resolve("out")));
        assertEquals(
                Set.of("rows.jsonl", "certificates", "out"), names(dir), "nothing written outside the output folders");
    }

    @Test
    void rowsAreSpreadByWorkNotCountWithoutAShuffle(@TempDir Path own) throws IOException {
        // one long trajectory among short ones: 1 row of 200 waypoints, 99 rows of 2 (7 joints each), in a JSON Lines
        // file; each task reads its own rows from the file
        ObjectMapper json = new ObjectMapper();
        StringBuilder lines = new StringBuilder();
        Map<String, Long> workById = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            int waypoints = i == 10 ? 200 : 2;
            lines.append(json.writeValueAsString(Map.of(
                            "id",
                            "r" + i,
                            "robot",
                            "panda",
                            "scene",
                            "none",
                            "joint_names",
                            GeneratedDataset.JOINTS,
                            "positions",
                            new double[waypoints][7])))
                    .append('\n');
            workById.put("r" + i, 7L * waypoints);
        }
        Path in = own.resolve("skewed.jsonl");
        Files.writeString(in, lines);
        int parts = 6;
        InputPlan plan =
                InputPlan.of(List.of(in.toString()), spark.sparkContext().hadoopConfiguration(), parts);
        assertEquals(parts, plan.tasks());
        long total = workById.values().stream().mapToLong(Long::longValue).sum();
        long heaviest = 7 * 200;
        List<String> seen = new ArrayList<>();
        for (int k = 0; k < parts; k++) {
            List<Decoded> p = new ArrayList<>();
            try (TaskInput rows = new TaskInput(plan, k, spark.sparkContext().hadoopConfiguration())) {
                rows.forEachRemaining(p::add);
            }
            long work = p.stream().mapToLong(WorkBalance::work).sum();
            // a slice of the total, plus at most the one row that straddles its end
            assertTrue(work <= total / parts + heaviest, "task work " + work + " of " + total);
            assertTrue(!p.isEmpty(), "every task has rows");
            if (p.stream().anyMatch(x -> x.row().positions().length == 200)) {
                assertTrue(p.size() < 100 / parts, "the long row shares its task with few others: " + p.size());
            }
            for (Decoded d : p) {
                assertEquals(workById.get(d.row().id()), WorkBalance.work(d));
                assertEquals(
                        in + " line " + (Integer.parseInt(d.row().id().substring(1)) + 1),
                        d.row().source(),
                        "line numbers count from the file's start in every task");
                seen.add(d.row().id());
            }
        }
        assertEquals(100, seen.size(), "no row lost or duplicated");
        assertEquals(workById.keySet(), new HashSet<>(seen));
    }

    private static Set<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
