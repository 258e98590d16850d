package io.collide4j.spark;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.Suggestions;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads dataset files into {@link Decoded} rows, one per input row (line, for JSON Lines) and never fewer: a row that
 * is malformed in any way (bad JSON or CSV, a wrong type, a missing required value, an unknown key, a non-finite
 * number) becomes a {@link RowError} naming the file, row or line, and what was expected. A file whose columns are
 * wrong (an unknown or missing column, a column of the wrong type) is refused as a whole with an
 * {@link IllegalArgumentException} naming the column: no row of it could be read.
 */
final class DatasetReader {
    static final String ID = "id";
    static final String ROBOT = "robot";
    static final String SRDF = "srdf";
    static final String SCENE = "scene";
    static final String JOINT_NAMES = "joint_names";
    static final String TIMES = "times";
    static final String POSITIONS = "positions";
    static final String VELOCITIES = "velocities";
    static final String ACCELERATIONS = "accelerations";
    static final String BUDGET = "budget";

    private static final DataType STRINGS = DataTypes.createArrayType(DataTypes.StringType);
    private static final DataType NUMBERS = DataTypes.createArrayType(DataTypes.DoubleType);
    private static final DataType TABLE = DataTypes.createArrayType(NUMBERS);

    /** Every column, its Parquet type, and whether it is required, in the order of {@link TrajectoryRow}. */
    static final Map<String, DataType> COLUMNS = new LinkedHashMap<>();
    static final List<String> REQUIRED = List.of(ID, ROBOT, SCENE, JOINT_NAMES, POSITIONS);

    static {
        COLUMNS.put(ID, DataTypes.StringType);
        COLUMNS.put(ROBOT, DataTypes.StringType);
        COLUMNS.put(SRDF, DataTypes.StringType);
        COLUMNS.put(SCENE, DataTypes.StringType);
        COLUMNS.put(JOINT_NAMES, STRINGS);
        COLUMNS.put(TIMES, NUMBERS);
        COLUMNS.put(POSITIONS, TABLE);
        COLUMNS.put(VELOCITIES, TABLE);
        COLUMNS.put(ACCELERATIONS, TABLE);
        COLUMNS.put(BUDGET, DataTypes.LongType);
    }

    private static final String CORRUPT = "_corrupt_record";

    private DatasetReader() {
    }

    /** The rows of one file (or folder of part files), in the format its name says. */
    static JavaRDD<Decoded> read(SparkSession spark, String path) {
        return switch (InputFormat.of(path)) {
            case PARQUET -> parquet(spark, path);
            case JSON_LINES -> jsonLines(spark, path);
            case CSV -> csv(spark, path);
        };
    }

    // ------------------------------------------------------------------ Parquet

    private static JavaRDD<Decoded> parquet(SparkSession spark, String path) {
        Dataset<Row> df = spark.read().parquet(path);
        checkColumns(path, df.schema(), true);
        String[] names = df.schema().fieldNames();
        return df.javaRDD().zipWithIndex().map(t -> parquetRow(path, names, t._1(), t._2()));
    }

    private static Decoded parquetRow(String path, String[] names, Row r, long index) {
        String source = path + " row " + (index + 1);
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            values.put(names[i], r.isNullAt(i) ? null : r.get(i));
        }
        String id = values.get(ID) instanceof String s ? s : null;
        try {
            return Decoded.of(new TrajectoryRow(required(values, ID), source, required(values, ROBOT),
                    (String) values.get(SRDF), required(values, SCENE), strings(values.get(JOINT_NAMES), JOINT_NAMES),
                    numbers(values.get(TIMES), TIMES), table(values.get(POSITIONS), POSITIONS),
                    table(values.get(VELOCITIES), VELOCITIES), table(values.get(ACCELERATIONS), ACCELERATIONS),
                    budget(values.get(BUDGET))));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(id, source, source + ": " + e.getMessage());
        }
    }

    private static <T> T required(Map<String, Object> values, String column) {
        @SuppressWarnings("unchecked") T v = (T) values.get(column);
        if (v == null) {
            throw new IllegalArgumentException(column + ": missing (null); every row needs " + REQUIRED);
        }
        return v;
    }

    private static List<String> strings(Object list, String column) {
        if (list == null) {
            throw new IllegalArgumentException(column + ": missing (null); every row needs " + REQUIRED);
        }
        List<String> out = new ArrayList<>();
        List<?> items = scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) list);
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) == null) {
                throw new IllegalArgumentException(column + "[" + i + "]: null, expected a joint name");
            }
            out.add((String) items.get(i));
        }
        return out;
    }

    private static double[] numbers(Object list, String column) {
        if (list == null) {
            return null;
        }
        List<?> items = scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) list);
        double[] out = new double[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = finite(items.get(i), column + "[" + i + "]");
        }
        return out;
    }

    private static double[][] table(Object list, String column) {
        if (list == null) {
            return null;
        }
        List<?> rows = scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) list);
        double[][] out = new double[rows.size()][];
        for (int k = 0; k < out.length; k++) {
            if (rows.get(k) == null) {
                throw new IllegalArgumentException(column + "[" + k + "]: null, expected an array of numbers");
            }
            out[k] = numbers(rows.get(k), column + "[" + k + "]");
        }
        return out;
    }

    private static double finite(Object value, String where) {
        if (!(value instanceof Double d)) {
            throw new IllegalArgumentException(where + ": null, expected a finite number");
        }
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException(where + ": " + d + ", expected a finite number");
        }
        return d;
    }

    private static Long budget(Object value) {
        if (value == null) {
            return null;
        }
        long b = ((Number) value).longValue();
        if (b < 1) {
            throw new IllegalArgumentException(BUDGET + ": " + b + ", expected at least 1 distance evaluation");
        }
        return b;
    }

    /**
     * Unknown columns (with a did-you-mean) and missing required ones refuse the file; so does a column of another
     * type than {@link #COLUMNS} says when {@code typed} (Parquet; CSV cells are text), Parquet's int for budget aside.
     */
    static void checkColumns(String path, StructType schema, boolean typed) {
        List<String> problems = new ArrayList<>();
        for (StructField f : schema.fields()) {
            DataType expected = COLUMNS.get(f.name());
            if (expected == null) {
                String hint = Suggestions.didYouMean(f.name(), COLUMNS.keySet());
                problems.add("unknown column '" + f.name() + "'" + hint);
            } else if (typed && !sameType(expected, f.dataType())
                    && !(f.name().equals(BUDGET) && f.dataType().equals(DataTypes.IntegerType))) {
                problems.add("column '" + f.name() + "' is " + f.dataType().simpleString() + ", expected "
                        + expected.simpleString());
            }
        }
        List<String> present = List.of(schema.fieldNames());
        for (String r : REQUIRED) {
            if (!present.contains(r)) {
                problems.add("missing column '" + r + "'");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(path + ": " + String.join("; ", problems) + " (columns: required "
                    + REQUIRED + ", optional [srdf, times, velocities, accelerations, budget])");
        }
    }

    // element nullability is the writer's choice, not part of the schema we need
    private static boolean sameType(DataType expected, DataType actual) {
        if (expected instanceof ArrayType e && actual instanceof ArrayType a) {
            return sameType(e.elementType(), a.elementType());
        }
        return expected.equals(actual);
    }

    // ------------------------------------------------------------------ JSON Lines

    /** One JSON Lines row as written; records declare the schema, so {@link StrictJson} refuses anything else. */
    record JsonRow(String id, String robot, String srdf, String scene, @JsonProperty("joint_names") List<String> jointNames,
                   double[] times, double[][] positions, double[][] velocities, double[][] accelerations, Long budget) {
    }

    /**
     * Lines through Hadoop's text input format directly, not Spark SQL's text source: the same line reader (lines end
     * at \n, \r or \r\n; part files whose names start with '_' or '.' skipped), without planning a query and
     * generating its code on the driver, which took 0.5 s of a 120-row dataset's 4.7 s (local[2], shared machine).
     */
    private static JavaRDD<Decoded> jsonLines(SparkSession spark, String path) {
        requireExists(spark, path);
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).textFile(path).zipWithIndex()
                .map(t -> jsonLine(path, t._1(), t._2()));
    }

    /** Refuses a missing input now, as Spark SQL's sources do, rather than when the job first reads it. */
    private static void requireExists(SparkSession spark, String path) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        try {
            org.apache.hadoop.fs.FileStatus[] found = p.getFileSystem(spark.sparkContext().hadoopConfiguration()).globStatus(p);
            if (found == null || found.length == 0) {
                throw new IllegalArgumentException(path + ": no such file or folder");
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(path + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static Decoded jsonLine(String path, String line, long index) {
        String source = path + " line " + (index + 1);
        if (line.isBlank()) {
            return Decoded.failed(null, source, source + ": empty line; JSON Lines has one object per line");
        }
        try {
            JsonRow j = StrictJson.read(line, source, JsonRow.class);
            for (String column : REQUIRED) {
                StrictJson.require(switch (column) {
                    case ID -> j.id();
                    case ROBOT -> j.robot();
                    case SCENE -> j.scene();
                    case JOINT_NAMES -> j.jointNames();
                    default -> j.positions();
                }, source, column);
            }
            if (j.jointNames().contains(null)) {
                throw new IllegalArgumentException(source + ": joint_names: null, expected joint names");
            }
            return Decoded.of(new TrajectoryRow(j.id(), source, j.robot(), j.srdf(), j.scene(), j.jointNames(), j.times(),
                    checkedTable(j.positions(), POSITIONS, source), checkedTable(j.velocities(), VELOCITIES, source),
                    checkedTable(j.accelerations(), ACCELERATIONS, source), checkedBudget(j.budget(), source)));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(idOf(line), source, e.getMessage());
        }
    }

    private static double[][] checkedTable(double[][] t, String column, String source) {
        if (t != null) {
            for (int k = 0; k < t.length; k++) {
                if (t[k] == null) {
                    throw new IllegalArgumentException(source + ": " + column + "[" + k + "]: null, expected an array of numbers");
                }
            }
        }
        return t;
    }

    private static Long checkedBudget(Long b, String source) {
        if (b != null && b < 1) {
            throw new IllegalArgumentException(source + ": " + BUDGET + ": " + b + ", expected at least 1 distance evaluation");
        }
        return b;
    }

    /** The id of a row that failed to decode, when the line is JSON with a string id; else null. */
    private static String idOf(String line) {
        try {
            JsonNode id = StrictJson.mapper().readTree(line).get(ID);
            return id != null && id.isTextual() ? id.textValue() : null;
        } catch (Exception notJson) {
            return null;
        }
    }

    // ------------------------------------------------------------------ CSV

    private static JavaRDD<Decoded> csv(SparkSession spark, String path) {
        // RFC 4180 quoting ("" inside quotes); empty cells are missing values; every cell is text
        StructType header = spark.read().option("header", true).option("escape", "\"").option("inferSchema", false)
                .csv(path).schema();
        checkColumns(path, header, false);
        StructType schema = new StructType();
        for (StructField f : header.fields()) {
            schema = schema.add(f.name(), DataTypes.StringType, true);
        }
        schema = schema.add(CORRUPT, DataTypes.StringType, true);
        Dataset<Row> df = spark.read().option("header", true).option("escape", "\"").option("mode", "PERMISSIVE")
                .option("columnNameOfCorruptRecord", CORRUPT).option("enforceSchema", false).schema(schema).csv(path);
        String[] names = header.fieldNames();
        return df.javaRDD().zipWithIndex().map(t -> csvRow(path, names, t._1(), t._2()));
    }

    private static Decoded csvRow(String path, String[] names, Row r, long index) {
        String source = path + " data row " + (index + 1);
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            cells.put(names[i], r.isNullAt(i) ? null : r.getString(i));
        }
        String id = cells.get(ID);
        String corrupt = r.isNullAt(names.length) ? null : r.getString(names.length);
        if (corrupt != null) {
            return Decoded.failed(id, source, source + ": malformed CSV record (expected " + names.length
                    + " fields as in the header): " + abbreviate(corrupt));
        }
        try {
            String budgetText = cells.get(BUDGET);
            Long budget = null;
            if (budgetText != null) {
                try {
                    budget = Long.parseLong(budgetText.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(source + ": " + BUDGET + ": '" + budgetText
                            + "', expected a whole number of distance evaluations");
                }
            }
            return Decoded.of(new TrajectoryRow(requiredCell(cells, ID, source), source, requiredCell(cells, ROBOT, source),
                    cells.get(SRDF), requiredCell(cells, SCENE, source),
                    names(cell(requiredCell(cells, JOINT_NAMES, source), JOINT_NAMES, source, String[].class), source),
                    cell(cells.get(TIMES), TIMES, source, double[].class),
                    checkedTable(cell(requiredCell(cells, POSITIONS, source), POSITIONS, source, double[][].class),
                            POSITIONS, source),
                    checkedTable(cell(cells.get(VELOCITIES), VELOCITIES, source, double[][].class), VELOCITIES, source),
                    checkedTable(cell(cells.get(ACCELERATIONS), ACCELERATIONS, source, double[][].class),
                            ACCELERATIONS, source),
                    checkedBudget(budget, source)));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(id, source, e.getMessage());
        }
    }

    private static String requiredCell(Map<String, String> cells, String column, String source) {
        String v = cells.get(column);
        if (v == null) {
            throw new IllegalArgumentException(source + ": " + column + ": missing (empty cell); every row needs " + REQUIRED);
        }
        return v;
    }

    /** A JSON array cell, read strictly; null for an empty optional cell. */
    private static <T> T cell(String text, String column, String source, Class<T> type) {
        if (text == null) {
            return null;
        }
        return StrictJson.read(text, source + " column " + column, type);
    }

    private static List<String> names(String[] names, String source) {
        for (String n : names) {
            if (n == null) {
                throw new IllegalArgumentException(source + ": " + JOINT_NAMES + ": null, expected joint names");
            }
        }
        return List.of(names);
    }

    private static String abbreviate(String s) {
        String one = s.replace('\n', ' ').replace('\r', ' ');
        return one.length() <= 120 ? one : one.substring(0, 117) + "...";
    }
}
