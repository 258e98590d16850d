package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's plan of the inputs (footers and header lines only) and the tasks' reading of it: Parquet written by
 * Spark itself in several part files of several row groups, every row read by exactly one task with the row number
 * Spark's own reader gives it; wrong columns refused per file, before any row is read.
 */
class InputPlanTest {
    static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("local[2]", "collide4j input plan test");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void parquetRowGroupsAreSharedOutEachRowOnce() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            Object[][] q = new Object[2 + i % 5][];
            for (int k = 0; k < q.length; k++) {
                q[k] = new Object[] {0.1 * k, (double) i};
            }
            rows.add(RowFactory.create("t" + i, "panda", "none", new Object[] {"a", "b"}, q));
        }
        StructType schema = new StructType()
                .add("id", DataTypes.StringType)
                .add("robot", DataTypes.StringType)
                .add("scene", DataTypes.StringType)
                .add("joint_names", DataTypes.createArrayType(DataTypes.StringType))
                .add("positions", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)));
        Path folder = dir.resolve("rows.parquet");
        // small row groups: the writer checks the size every 10 rows
        spark.createDataFrame(rows, schema)
                .repartition(2)
                .write()
                .option("parquet.block.size", 2048)
                .option("parquet.block.size.row.check.min", 10)
                .option("parquet.block.size.row.check.max", 10)
                .parquet(folder.toString());
        // what Spark's own reader says each part file holds, in order
        Map<String, String> sourceOf = new HashMap<>();
        List<Path> parts;
        try (Stream<Path> s = Files.list(folder)) {
            parts = s.filter(p -> p.getFileName().toString().startsWith("part-"))
                    .sorted()
                    .toList();
        }
        for (Path part : parts) {
            List<Row> inFile =
                    spark.read().parquet(part.toString()).select("id").collectAsList();
            for (int k = 0; k < inFile.size(); k++) {
                sourceOf.put(inFile.get(k).getString(0), folder + "/" + part.getFileName() + " row " + (k + 1));
            }
        }
        assertEquals(400, sourceOf.size());

        int tasks = 5;
        InputPlan plan =
                InputPlan.of(List.of(folder.toString()), spark.sparkContext().hadoopConfiguration(), tasks);
        assertTrue(
                plan.units().size() > parts.size(),
                "several row groups per file: " + plan.units().size());
        assertEquals(tasks, plan.tasks());
        long values = rows.stream()
                .mapToLong(r -> 2L * ((Object[][]) r.get(4)).length)
                .sum();
        assertEquals(values, plan.total(), "the work line is the positions' value count, from the footers");
        Map<String, Integer> taken = new HashMap<>();
        for (int k = 0; k < tasks; k++) {
            try (TaskInput in = new TaskInput(plan, k, spark.sparkContext().hadoopConfiguration())) {
                while (in.hasNext()) {
                    Decoded d = in.next();
                    assertEquals(null, d.error(), () -> d.error().reason());
                    TrajectoryRow r = d.row();
                    assertEquals(sourceOf.get(r.id()), r.source());
                    int i = Integer.parseInt(r.id().substring(1));
                    assertEquals(2 + i % 5, r.positions().length);
                    assertEquals(i, r.positions()[0][1], 0.0);
                    assertEquals(List.of("a", "b"), r.jointNames());
                    taken.merge(r.id(), 1, Integer::sum);
                }
            }
        }
        assertEquals(400, taken.size(), "no row lost");
        assertTrue(taken.values().stream().allMatch(n -> n == 1), "no row read twice");
    }

    @Test
    void wrongColumnsAreRefusedPerFileBeforeAnyRowIsRead() throws IOException {
        Path typed = dir.resolve("typed.parquet");
        StructType schema = new StructType()
                .add("id", DataTypes.StringType)
                .add("robot", DataTypes.StringType)
                .add("scene", DataTypes.StringType)
                .add("joint_names", DataTypes.createArrayType(DataTypes.StringType))
                .add("positions", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.StringType)));
        spark.createDataFrame(
                        List.of(RowFactory.create("a", "panda", "none", new Object[] {"j"}, new Object[][] {{"0.1"}})),
                        schema)
                .coalesce(1)
                .write()
                .parquet(typed.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan(typed));
        assertTrue(
                e.getMessage().contains("/part-")
                        && e.getMessage()
                                .contains("column 'positions' is array<array<string>>, expected array<array<double>>"),
                e.getMessage());

        Path twice = dir.resolve("twice.csv");
        Files.writeString(twice, "id,robot,scene,joint_names,positions,id\n");
        e = assertThrows(IllegalArgumentException.class, () -> plan(twice));
        assertTrue(e.getMessage().startsWith(twice + ": column 'id' appears twice"), e.getMessage());

        Path header = dir.resolve("header.csv");
        Files.writeString(header, "id,robot,\"scene,joint_names,positions\n");
        e = assertThrows(IllegalArgumentException.class, () -> plan(header));
        assertTrue(e.getMessage().startsWith(header + ": header line: malformed CSV"), e.getMessage());

        Path nested = dir.resolve("nested.jsonl");
        Files.createDirectories(nested.resolve("more"));
        Files.writeString(nested.resolve("part-0.jsonl"), "");
        e = assertThrows(IllegalArgumentException.class, () -> plan(nested));
        assertTrue(e.getMessage().startsWith(nested + "/more: a folder inside a dataset folder"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> plan(dir.resolve("absent.jsonl")));
        assertEquals(dir.resolve("absent.jsonl") + ": no such file or folder", e.getMessage());
    }

    @Test
    void textRowsAreOnTheWorkLineAtTheirWorkWhateverElseTheyCarry() throws IOException {
        // rows with times, velocities and accelerations: three times the text of positions alone for the same work
        // (waypoints x joints), so bytes at a fixed rate would put them on the work line at three times their work
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        StringBuilder lines = new StringBuilder();
        long work = 0;
        for (int i = 0; i < 300; i++) {
            int waypoints = 2 + i % 7;
            double[] times = new double[waypoints];
            double[][][] columns = new double[3][waypoints][7];
            for (int k = 0; k < waypoints; k++) {
                times[k] = k + rnd.nextDouble();
                for (double[][] c : columns) {
                    for (int j = 0; j < 7; j++) {
                        c[k][j] = rnd.nextDouble(-1, 1);
                    }
                }
            }
            Map<String, Object> row = new java.util.LinkedHashMap<>();
            row.put("id", "t" + i);
            row.put("robot", "panda");
            row.put("scene", "none");
            row.put("joint_names", GeneratedDataset.JOINTS);
            row.put("times", times);
            row.put("positions", columns[0]);
            row.put("velocities", columns[1]);
            row.put("accelerations", columns[2]);
            lines.append(json.writeValueAsString(row)).append('\n');
            work += 7L * waypoints; // what the tasks count for the row (WorkBalance.work)
        }
        Path file = dir.resolve("quintic.jsonl");
        Files.writeString(file, lines);
        long estimate = plan(file).units().get(0).work();
        assertTrue(
                Math.abs(estimate - work) < 0.15 * work,
                "estimated work " + estimate + ", the rows' work " + work + " (" + Files.size(file) + " bytes)");
    }

    private static InputPlan plan(Path input) {
        return InputPlan.of(List.of(input.toString()), spark.sparkContext().hadoopConfiguration(), 4);
    }
}
