package io.collide4j.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.planner.plan.MbmProblems;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A seeded dataset of Panda trajectories in MotionBenchMaker scenes (tests/data/vamp problems.zip: one scene of each
 * of four scenarios, plus the bundled table_shelf), written as three files — rows.parquet, rows.jsonl, rows.csv — row
 * i in file i mod 3. Kinds: short linear motions near an MBM start (mostly free), motions from the start reaching
 * forward and down (mostly colliding), cubic (velocities) and quintic (accelerations) splines, budget-1 rows, rows leaving the
 * joint limits, and (optionally) one malformed row in 25, each malformed in a way its encoding allows. The generator
 * records what it made: the valid rows with their arrays, the rows out of limits, and the malformed rows by id (or by
 * file and line when they have no id).
 */
final class GeneratedDataset {
    static final List<String> JOINTS = List.of(
            "panda_joint1",
            "panda_joint2",
            "panda_joint3",
            "panda_joint4",
            "panda_joint5",
            "panda_joint6",
            "panda_joint7");
    static final List<String> SCENARIOS =
            List.of("bookshelf_small_panda", "box_panda", "cage_panda", "table_pick_panda");
    static final String BUNDLED_SCENE = "table_shelf";

    /** One row the generator meant to be certifiable (or out of limits): its scene reference and arrays. */
    record Spec(
            String id,
            String scene,
            double[] times,
            double[][] positions,
            double[][] velocities,
            double[][] accelerations,
            Long budget) {}

    final List<Spec> valid = new ArrayList<>();
    final List<Spec> outOfLimits = new ArrayList<>();
    final List<String> malformedIds = new ArrayList<>(); // malformed rows that carry a readable id
    final List<String> malformedSources = new ArrayList<>(); // malformed rows without one: "file line N" / "data row N"
    final List<String> scenes = new ArrayList<>(); // scene references used (absolute paths, table_shelf)
    String duplicateId; // two rows carry it, both errors
    int rows;
    Path parquet;
    Path jsonl;
    Path csv;

    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param upperLimits the planning joints' upper limits (a row out of limits exceeds one by 0.3 rad)
     */
    static GeneratedDataset write(
            SparkSession spark, Path dir, Path problemsZip, int n, boolean malformed, long seed, double[] upperLimits)
            throws IOException {
        GeneratedDataset d = new GeneratedDataset();
        d.generate(spark, dir, problemsZip, n, malformed, seed, upperLimits);
        return d;
    }

    private void generate(
            SparkSession spark, Path dir, Path problemsZip, int n, boolean malformed, long seed, double[] upper)
            throws IOException {
        Files.createDirectories(dir.resolve("scenes"));
        MbmProblems problems = new MbmProblems(problemsZip);
        List<double[][]> startGoal = new ArrayList<>();
        try (ZipFile zip = new ZipFile(problemsZip.toFile())) {
            for (String scenario : SCENARIOS) {
                ZipEntry e = zip.getEntry("problems/" + scenario + "/scene0001.yaml");
                Path scene = dir.resolve("scenes").resolve(scenario + "_scene0001.yaml");
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, scene);
                }
                scenes.add(scene.toAbsolutePath().normalize().toString());
                MotionPlanRequest r = problems.load(scenario, 1, 1).get(0).request();
                startGoal.add(r.startAndGoal(JOINTS));
            }
        }
        scenes.add(BUNDLED_SCENE);
        startGoal.add(new double[][] {{0, -0.785, 0, -2.356, 0, 1.571, 0.785}, {1.2, -0.2, 0, -1.6, 0, 1.9, 0.785}});

        parquet = dir.resolve("rows.parquet");
        jsonl = dir.resolve("rows.jsonl");
        csv = dir.resolve("rows.csv");
        List<Row> parquetRows = new ArrayList<>();
        StringBuilder jsonLines = new StringBuilder();
        StringBuilder csvText =
                new StringBuilder("id,robot,scene,joint_names,times,positions,velocities,accelerations,budget\n");
        int jsonLine = 0;
        int csvRow = 0;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            int s = (i + i / 10) % scenes.size(); // every kind in every scene
            Spec spec = spec(String.format("traj-%05d", i), scenes.get(s), startGoal.get(s), i, rnd, upper);
            int file = i % 3;
            int bad = malformed && i % 25 == 7 ? (i / 25) : -1;
            if (file == 0) {
                parquetRows.add(bad >= 0 ? malformedParquet(spec, bad) : parquetRow(spec));
            } else if (file == 1) {
                jsonLine++;
                jsonLines
                        .append(
                                bad >= 0
                                        ? malformedJson(spec, bad, jsonLine)
                                        : jsonRow(spec).toString())
                        .append('\n');
            } else {
                csvRow++;
                csvText.append(bad >= 0 ? malformedCsv(spec, bad, csvRow) : csvRow(spec))
                        .append('\n');
            }
            if (bad < 0) {
                (spec.positions()[spec.positions().length - 1][3] > upper[3] ? outOfLimits : valid).add(spec);
            }
            rows++;
        }
        if (malformed && !valid.isEmpty()) { // a second row with a valid row's id: both are refused
            Spec first = valid.remove(0);
            duplicateId = first.id();
            jsonLines.append(jsonRow(first)).append('\n');
            rows++;
        }
        spark.createDataFrame(parquetRows, parquetSchema()).coalesce(1).write().parquet(parquet.toString());
        Files.writeString(jsonl, jsonLines);
        Files.writeString(csv, csvText);
    }

    private static Spec spec(String id, String scene, double[][] sg, int i, SplittableRandom rnd, double[] upper) {
        int kind = i % 10;
        double[] q0 = sg[0].clone();
        int w = kind == 4 ? 2 : 2 + rnd.nextInt(2);
        double[][] q = new double[w][];
        q[0] = q0;
        for (int k = 1; k < w; k++) {
            q[k] = q[k - 1].clone();
            for (int j = 0; j < 7; j++) {
                q[k][j] += rnd.nextDouble(-0.06, 0.06);
            }
        }
        if (kind == 4) { // reaching forward and down, into the table or shelf in front: mostly colliding
            q[1] = new double[] {q0[0], 1.2, 0, -0.5, 0, 0.5, 0.785};
        }
        if (kind == 8) {
            q[w - 1][3] = upper[3] + 0.3; // panda_joint4 beyond its upper limit
        }
        double[] times = new double[w];
        for (int k = 0; k < w; k++) {
            times[k] = 0.5 * k;
        }
        double[][] v = null;
        double[][] a = null;
        if (kind == 5 || kind == 6) {
            v = new double[w][7];
            for (int k = 1; k + 1 < w; k++) {
                for (int j = 0; j < 7; j++) {
                    v[k][j] = rnd.nextDouble(-0.1, 0.1);
                }
            }
            if (kind == 6) {
                a = new double[w][7];
                for (int k = 0; k < w; k++) {
                    for (int j = 0; j < 7; j++) {
                        a[k][j] = rnd.nextDouble(-0.2, 0.2);
                    }
                }
            }
        }
        return new Spec(id, scene, times, q, v, a, kind == 7 ? Long.valueOf(1) : null);
    }

    // ------------------------------------------------------------------ encodings

    static StructType parquetSchema() {
        return new StructType()
                .add("id", DataTypes.StringType)
                .add("robot", DataTypes.StringType)
                .add("scene", DataTypes.StringType)
                .add("joint_names", DataTypes.createArrayType(DataTypes.StringType))
                .add("times", DataTypes.createArrayType(DataTypes.DoubleType))
                .add("positions", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)))
                .add("velocities", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)))
                .add("accelerations", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType)))
                .add("budget", DataTypes.LongType);
    }

    private static Row parquetRow(Spec s) {
        return RowFactory.create(
                s.id(),
                "panda",
                s.scene(),
                JOINTS.toArray(),
                boxed(s.times()),
                boxed(s.positions()),
                boxed(s.velocities()),
                boxed(s.accelerations()),
                s.budget());
    }

    private Row malformedParquet(Spec s, int bad) {
        malformedIds.add(s.id());
        Object[] names = JOINTS.toArray();
        Object[][] q = boxed(s.positions());
        Long budget = s.budget();
        Object[] t = boxed(s.times());
        switch (bad % 4) {
            case 0 -> q = null; // positions missing
            case 1 -> q[1][2] = Double.NaN; // not a finite number
            case 2 -> names[4] = null; // a null joint name
            default -> budget = 0L; // no evaluations allowed
        }
        return RowFactory.create(
                s.id(), "panda", s.scene(), names, t, q, boxed(s.velocities()), boxed(s.accelerations()), budget);
    }

    private ObjectNode jsonRow(Spec s) {
        ObjectNode o = json.createObjectNode();
        o.put("id", s.id());
        o.put("robot", "panda");
        o.put("scene", s.scene());
        ArrayNode names = o.putArray("joint_names");
        JOINTS.forEach(names::add);
        o.set("times", json.valueToTree(s.times()));
        o.set("positions", json.valueToTree(s.positions()));
        if (s.velocities() != null) {
            o.set("velocities", json.valueToTree(s.velocities()));
        }
        if (s.accelerations() != null) {
            o.set("accelerations", json.valueToTree(s.accelerations()));
        }
        if (s.budget() != null) {
            o.put("budget", s.budget());
        }
        return o;
    }

    private String malformedJson(Spec s, int bad, int line) {
        ObjectNode o = jsonRow(s);
        switch (bad % 9) {
            case 0 -> { // truncated: no id can be read
                malformedSources.add(jsonl + " line " + line);
                String text = o.toString();
                return text.substring(0, text.length() / 2);
            }
            case 1 -> o.set("positons", o.remove("positions")); // misspelt key
            case 2 ->
                ((ArrayNode) o.get("positions").get(0))
                        .set(3, json.getNodeFactory().textNode("0.5")); // a string
            case 3 -> o.set("times", json.valueToTree(new double[s.times().length])); // times do not increase
            case 4 -> o.put("robot", "pandas"); // no such bundled robot
            case 5 -> o.put("scene", s.scene() + ".missing.yaml"); // no such scene file
            case 6 -> { // one waypoint only
                o.set("positions", json.valueToTree(new double[][] {s.positions()[0]}));
                o.set("times", json.valueToTree(new double[] {0}));
                o.remove("velocities");
                o.remove("accelerations");
            }
            case 7 -> { // no id at all
                o.remove("id");
                malformedSources.add(jsonl + " line " + line);
                return o.toString();
            }
            default -> { // a joint the robot does not have
                ArrayNode names = o.putArray("joint_names");
                JOINTS.forEach(names::add);
                names.set(6, json.getNodeFactory().textNode("panda_joint8"));
            }
        }
        malformedIds.add(s.id());
        return o.toString();
    }

    private String csvRow(Spec s) {
        return String.join(
                ",",
                s.id(),
                "panda",
                quote(s.scene()),
                quote(json(JOINTS)),
                quote(json(s.times())),
                quote(json(s.positions())),
                s.velocities() == null ? "" : quote(json(s.velocities())),
                s.accelerations() == null ? "" : quote(json(s.accelerations())),
                s.budget() == null ? "" : s.budget().toString());
    }

    private String malformedCsv(Spec s, int bad, int row) {
        String good = csvRow(s);
        switch (bad % 4) {
            case 0 -> {
                malformedIds.add(s.id());
                return good + ",surplus"; // one field too many
            }
            case 1 -> {
                malformedIds.add(s.id());
                return good.replace(quote(json(s.positions())), quote("[[0.1, 0.2],")); // truncated JSON array
            }
            case 2 -> {
                malformedSources.add(csv + " data row " + row);
                return good.substring(s.id().length()); // empty id cell
            }
            default -> {
                malformedIds.add(s.id());
                return good.substring(0, good.lastIndexOf(',')) + ",ten"; // budget not a number
            }
        }
    }

    private String json(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quote(String cell) {
        return "\"" + cell.replace("\"", "\"\"") + "\"";
    }

    private static Object[] boxed(double[] v) {
        return v == null ? null : Arrays.stream(v).boxed().toArray();
    }

    private static Object[][] boxed(double[][] v) {
        if (v == null) {
            return null;
        }
        Object[][] out = new Object[v.length][];
        for (int k = 0; k < v.length; k++) {
            out[k] = boxed(v[k]);
        }
        return out;
    }

    /** Row counts per file, for the counts-add-up check. */
    Map<String, Integer> summary() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("rows", rows);
        m.put("valid", valid.size());
        m.put("outOfLimits", outOfLimits.size());
        m.put("malformed", malformedIds.size() + malformedSources.size());
        return m;
    }
}
