package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryJson;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
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
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local-mode Spark run (local[2]) over a generated dataset of Panda trajectories in MotionBenchMaker scenes,
 * Parquet, JSON Lines and CSV mixed ({@link GeneratedDataset}: free and colliding motions, cubic and quintic splines,
 * budget-1 rows, rows out of the joint limits, malformed rows): every verdict and certificate equals the single-machine
 * certifier's (the planner's TrajectoryCertifier on a checker built here, certificate text compared byte for byte; a
 * few also against the {@code collide4j certify} command's certificate file), every malformed and out-of-limits row is
 * in the errors table, and the counts add up. One Spark session for the class (its start is slow).
 * 2,000 trajectories by default, ten times as many in the full run ({@code -Pslow}).
 */
class DatasetCertificationTest {
    static final Path ZIP = Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
            .resolve("vamp/resources/panda/problems.zip");
    static final int N = 2000, FULL_N = 20_000;
    static final double MARGIN = 0.005;

    static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("collide4j dataset test")
                .config("spark.ui.enabled", false)
                .config("spark.sql.shuffle.partitions", 4)
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void everyRowCertifiedAsOnOneMachineOrReported() throws IOException {
        everyRowCertified(N);
    }

    @Test
    @Tag("slow")
    void everyRowCertifiedAsOnOneMachineOrReportedInFull() throws IOException {
        everyRowCertified(FULL_N);
    }

    /** A dataset of {@code n} trajectories (rows of each kind: see the class comment) through the Spark job. */
    private void everyRowCertified(int n) throws IOException {
        Collide4j tableShelf = Collide4j.builder()
                .robot("panda")
                .sceneName(GeneratedDataset.BUNDLED_SCENE)
                .margin(MARGIN)
                .build();
        GeneratedDataset data =
                GeneratedDataset.write(spark, dir.resolve("in"), ZIP, n, true, 19, tableShelf.upperLimits());
        System.out.println("[spark-dataset] generated " + data.summary());

        long t0 = System.nanoTime();
        CertifiedDataset d = DatasetCertifier.builder()
                .robotOptions(List.of("--margin", Double.toString(MARGIN)))
                .worst(5)
                .build()
                .certify(
                        spark,
                        List.of(data.parquet.toString(), data.jsonl.toString(), data.csv.toString()),
                        dir.resolve("out").toString());
        List<Row> results = d.results().collectAsList();
        List<Row> errors = d.errors().collectAsList();
        DatasetSummary summary = d.summary();
        System.out.printf(
                "[spark-dataset] %d rows: %d results, %d errors in %.1f s (local[2])%n",
                d.inputRows(), results.size(), errors.size(), (System.nanoTime() - t0) / 1e9);

        // counts add up: every input row is one result or one error
        assertEquals(data.rows, d.inputRows());
        assertEquals(data.rows, results.size() + errors.size());
        assertEquals(summary.inputRows(), summary.results() + summary.errors());
        assertEquals(results.size(), summary.results());
        assertEquals(
                results.stream()
                        .filter(r -> r.getAs("clearance_lower_bound") != null)
                        .map(r -> (double) r.getAs("clearance_lower_bound"))
                        .sorted()
                        .limit(5)
                        .toList(),
                summary.worstClearances().stream()
                        .map(DatasetSummary.Worst::clearanceLowerBound)
                        .toList(),
                "the summary's least clearances are the results' five least");
        try (var parts = Files.list(dir.resolve("out/results"));
                var top = Files.list(dir.resolve("out"))) {
            assertEquals(
                    summary.tasks().count(),
                    parts.filter(p -> p.getFileName().toString().startsWith("part-"))
                            .count(),
                    "one results part file per task");
            assertEquals(
                    Set.of("results", "errors", "summary.json", "_SUCCESS"),
                    top.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()),
                    "nothing else (no _temporary left)");
        }

        // every malformed, duplicate and out-of-limits row is in the errors, and nothing else is
        Map<String, Integer> errorIds = new HashMap<>();
        Set<String> errorSources = new HashSet<>();
        for (Row e : errors) {
            if (e.getAs("id") != null) {
                errorIds.merge(e.getAs("id"), 1, Integer::sum);
            }
            errorSources.add(e.getAs("source"));
            assertTrue(((String) e.getAs("reason")).length() > 10, "a reason is given: " + e);
        }
        for (String id : data.malformedIds) {
            assertTrue(errorIds.containsKey(id), "malformed row " + id + " is reported");
        }
        for (String source : data.malformedSources) {
            assertTrue(
                    errorSources.contains(source),
                    "malformed row without id at " + source + " is reported: "
                            + errorSources.stream()
                                    .filter(s -> s.startsWith(source.substring(0, source.lastIndexOf(' '))))
                                    .limit(5)
                                    .toList());
        }
        assertEquals(2, errorIds.get(data.duplicateId), "both rows with a duplicate id are refused");
        for (GeneratedDataset.Spec s : data.outOfLimits) {
            assertTrue(errorIds.containsKey(s.id()), "row out of limits " + s.id() + " is reported");
        }
        for (Row e : errors) {
            if (data.outOfLimits.stream().anyMatch(s -> s.id().equals(e.getAs("id")))) {
                assertEquals(65, (int) e.getAs("exit_code"));
                assertTrue(((String) e.getAs("reason")).contains("panda_joint4"), "names the joint: " + e);
            }
        }
        assertEquals(
                data.malformedIds.size() + data.malformedSources.size() + data.outOfLimits.size() + 2, errors.size());

        // every certifiable row: the same verdict, numbers and certificate bytes as the single-machine certifier
        Map<String, Row> byId = new HashMap<>();
        results.forEach(r -> byId.put(r.getAs("id"), r));
        assertEquals(data.valid.size(), byId.size());
        long t1 = System.nanoTime();
        Map<String, Collide4j> checkers = new HashMap<>();
        Map<String, Integer> verdicts = new HashMap<>();
        int splines = 0;
        for (GeneratedDataset.Spec s : data.valid) {
            Row r = byId.get(s.id());
            assertNotNull(r, "result for " + s.id());
            Collide4j c = checkers.computeIfAbsent(
                    s.scene(),
                    scene -> scene.equals(GeneratedDataset.BUNDLED_SCENE)
                            ? tableShelf
                            : Collide4j.builder()
                                    .robot("panda")
                                    .scene(Path.of(scene))
                                    .margin(MARGIN)
                                    .build());
            JointTrajectory t = new JointTrajectory(
                    GeneratedDataset.JOINTS, s.times(), s.positions(), s.velocities(), s.accelerations());
            long budget = s.budget() != null ? s.budget() : TrajectoryCertifier.DEFAULT_BUDGET;
            StringWriter certificate = new StringWriter();
            CertificationResult expected = c.trajectoryCertifier()
                    .certify(t, MARGIN, budget, certificate)
                    .result();
            assertEquals(expected.verdict().name(), r.getAs("verdict"), s.id());
            assertEquals(expected.evaluations(), (long) r.getAs("evaluations"), s.id());
            assertEquals(certificate.toString(), r.getAs("certificate"), "certificate bytes of " + s.id());
            double least = expected.pairClearance().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .min()
                    .orElse(Double.NaN);
            if (!expected.pairClearance().isEmpty()) {
                assertEquals(least, (double) r.getAs("clearance_lower_bound"), 0.0, s.id());
            }
            if (expected.violation() != null) {
                assertEquals(expected.violation().time(), (double) r.getAs("violation_time"), 0.0, s.id());
                assertEquals(expected.violation().contact().pair().key(), r.getAs("violation_pair"), s.id());
            }
            verdicts.merge(expected.verdict().name(), 1, Integer::sum);
            splines += s.velocities() != null ? 1 : 0;
        }
        System.out.printf(
                "[spark-dataset] verdicts %s, %d splines; single-machine reference %.1f s%n",
                verdicts, splines, (System.nanoTime() - t1) / 1e9);
        // the mix the dataset is for: every verdict occurs, splines too, in several scenes
        assertTrue(verdicts.getOrDefault("CERTIFIED_FREE", 0) > n / 4, verdicts.toString());
        assertTrue(verdicts.getOrDefault("VIOLATION", 0) > 0, verdicts.toString());
        assertTrue(verdicts.getOrDefault("INCONCLUSIVE", 0) > 0, verdicts.toString());
        assertTrue(splines > n / 10);
        assertTrue(summary.byScene().size() >= 4, summary.byScene().toString());

        // and the command line's certificate file, byte for byte, for one row of each verdict
        for (String verdict : List.of("CERTIFIED_FREE", "VIOLATION", "INCONCLUSIVE")) {
            GeneratedDataset.Spec s = data.valid.stream()
                    .filter(x -> byId.get(x.id()).getAs("verdict").equals(verdict)
                            && !x.scene().equals(GeneratedDataset.BUNDLED_SCENE))
                    .findFirst()
                    .orElseThrow();
            assertEquals(byId.get(s.id()).getAs("certificate"), cliCertificate(s), "CLI certificate of " + s.id());
        }
        GeneratedDataset.Spec bundled = data.valid.stream()
                .filter(x -> x.scene().equals(GeneratedDataset.BUNDLED_SCENE) && x.accelerations() != null)
                .findFirst()
                .orElseThrow();
        assertEquals(
                byId.get(bundled.id()).getAs("certificate"),
                cliCertificate(bundled),
                "CLI certificate of " + bundled.id());
    }

    @Test
    void certificatesAsFilesAndInputsWithWrongColumns() throws IOException {
        Path in = dir.resolve("files");
        Files.createDirectories(in);
        Collide4j c = Collide4j.builder()
                .robot("panda")
                .sceneName(GeneratedDataset.BUNDLED_SCENE)
                .build();
        double[][] q = {{0, -0.785, 0, -2.356, 0, 1.571, 0.785}, {0.1, -0.7, 0, -2.3, 0, 1.6, 0.8}};
        StringBuilder lines = new StringBuilder();
        for (String id : List.of("a/b", "..", "c")) {
            lines.append("{\"id\":")
                    .append(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(id))
                    .append(",\"robot\":\"panda\",\"scene\":\"table_shelf\",\"joint_names\":")
                    .append(new com.fasterxml.jackson.databind.ObjectMapper()
                            .writeValueAsString(GeneratedDataset.JOINTS))
                    .append(",\"positions\":[[0,-0.785,0,-2.356,0,1.571,0.785],[0.1,-0.7,0,-2.3,0,1.6,0.8]]}\n");
        }
        Path jsonl = in.resolve("three.jsonl");
        Files.writeString(jsonl, lines);
        Path certs = dir.resolve("certs");
        CertifiedDataset d = DatasetCertifier.builder()
                .certificateDir(certs)
                .outputFormat(CertifiedDataset.OutputFormat.JSON)
                .build()
                .certify(
                        spark,
                        List.of(jsonl.toString()),
                        dir.resolve("out-files").toString());
        StringWriter expected = new StringWriter();
        c.trajectoryCertifier()
                .certify(
                        JointTrajectory.ofPositions(GeneratedDataset.JOINTS, q),
                        0,
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        expected);
        List<Row> rows = d.results().collectAsList();
        assertEquals(3, rows.size());
        for (Row r : rows) {
            assertNull(r.getAs("certificate"), "written to a file, not inline");
            Path file = Path.of((String) r.getAs("certificate_file"));
            assertEquals(certs, file.getParent(), "an id never leaves the certificate folder: " + file);
            assertEquals(expected.toString(), Files.readString(file, StandardCharsets.UTF_8));
        }
        try (var listed = Files.list(certs)) {
            assertEquals(
                    Set.of("a%2Fb.json", "%2E%2E.json", "c.json"),
                    listed.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }

        // the job prints the first errors (no Parquet reader needed): lines 2 and 3 of this file are bad
        Path mixed = in.resolve("mixed.jsonl");
        Files.writeString(
                mixed,
                lines.toString().lines().findFirst().orElseThrow() + "\n{\"id\": \"broken\"\n"
                        + "{\"id\":\"short\",\"robot\":\"panda\",\"scene\":\"table_shelf\",\"joint_names\":[\"panda_joint1\"],"
                        + "\"positions\":[[0],[0.1]]}\n");
        CertifiedDataset m = DatasetCertifier.builder()
                .build()
                .certify(
                        spark,
                        List.of(mixed.toString()),
                        dir.resolve("out-mixed").toString());
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        CertifyDataset.printFirstErrors(
                m.errors(),
                2,
                1,
                dir.resolve("out").toString(),
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> said = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, said.size(), said.toString());
        assertTrue(
                said.get(0).startsWith("error ")
                        && said.get(0).contains("mixed.jsonl")
                        && said.get(0).contains("exit 65"),
                said.toString());
        assertEquals("... and 1 more errors in " + dir.resolve("out") + "/errors", said.get(1));
        assertEquals(2, m.errors().count());

        Path csv = in.resolve("bad.csv");
        Files.writeString(csv, "id,robot,scene,joint_names,positons\n");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> DatasetCertifier.builder()
                        .build()
                        .certify(
                                spark,
                                List.of(csv.toString()),
                                dir.resolve("out-bad").toString()));
        assertTrue(
                e.getMessage().contains("unknown column 'positons'")
                        && e.getMessage().contains("missing column 'positions'"),
                e.getMessage());
    }

    /** The certificate {@code collide4j certify} writes for the row's trajectory, scene, margin and budget. */
    private static String cliCertificate(GeneratedDataset.Spec s) throws IOException {
        Path trajectory = dir.resolve(s.id() + ".json");
        TrajectoryJson.write(
                new JointTrajectory(
                        GeneratedDataset.JOINTS, s.times(), s.positions(), s.velocities(), s.accelerations()),
                trajectory,
                false);
        Path cert = dir.resolve(s.id() + ".cert.json");
        List<String> args = new ArrayList<>(List.of(
                "certify",
                "--quiet",
                "--robot",
                "panda",
                "--scene",
                s.scene(),
                "--margin",
                Double.toString(MARGIN),
                "--trajectory",
                trajectory.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                dir.resolve(s.id() + ".html").toString(),
                "--samples",
                "2"));
        if (s.budget() != null) {
            args.add("--budget");
            args.add(s.budget().toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(args.toArray(String[]::new), new PrintStream(out), new PrintStream(out));
        assertTrue(code <= 2, "certify ran: " + out.toString(StandardCharsets.UTF_8));
        return Files.readString(cert, StandardCharsets.UTF_8);
    }
}
