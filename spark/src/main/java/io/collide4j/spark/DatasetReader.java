package io.collide4j.spark;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.Suggestions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Decodes dataset rows into {@link Decoded} rows, one per input row (line, for JSON Lines; non-empty line after the
 * header, for CSV) and never fewer: a row that is malformed in any way (bad JSON or CSV, a wrong type, a missing
 * required value, an unknown key, a non-finite number) becomes a {@link RowError} naming the file, row or line, and
 * what was expected. A file whose columns are wrong (an unknown, repeated or missing column, a column of the wrong
 * type) is refused as a whole by {@link #checkColumns} with an {@link IllegalArgumentException} naming the column: no
 * row of it could be read. Parquet rows are decoded by {@link ParquetRow}; the files are read by {@link TaskInput}.
 * Stateless.
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

    private DatasetReader() {}

    /**
     * Unknown columns (with a did-you-mean) and missing required ones refuse the file; so does a column of another
     * type than {@link #COLUMNS} says when {@code typed} (Parquet; CSV cells are text), Parquet's int for budget aside.
     */
    static void checkColumns(String path, StructType schema, boolean typed) {
        List<String> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (StructField f : schema.fields()) {
            if (!seen.add(f.name())) {
                problems.add("column '" + f.name() + "' appears twice");
                continue;
            }
            DataType expected = COLUMNS.get(f.name());
            if (expected == null) {
                String hint = Suggestions.didYouMean(f.name(), COLUMNS.keySet());
                problems.add("unknown column '" + f.name() + "'" + hint);
            } else if (typed
                    && !sameType(expected, f.dataType())
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
    record JsonRow(
            String id,
            String robot,
            String srdf,
            String scene,
            @JsonProperty("joint_names") List<String> jointNames,
            double[] times,
            double[][] positions,
            double[][] velocities,
            double[][] accelerations,
            Long budget) {}

    /** Line {@code index + 1} of a JSON Lines file that messages call {@code path}. */
    static Decoded jsonLine(String path, String line, long index) {
        String source = path + " line " + (index + 1);
        if (line.isBlank()) {
            return Decoded.failed(null, source, source + ": empty line; JSON Lines has one object per line");
        }
        try {
            JsonRow j = StrictJson.read(line, source, JsonRow.class);
            for (String column : REQUIRED) {
                StrictJson.require(
                        switch (column) {
                            case ID -> j.id();
                            case ROBOT -> j.robot();
                            case SCENE -> j.scene();
                            case JOINT_NAMES -> j.jointNames();
                            default -> j.positions();
                        },
                        source,
                        column);
            }
            if (j.jointNames().contains(null)) {
                throw new IllegalArgumentException(source + ": joint_names: null, expected joint names");
            }
            return Decoded.of(new TrajectoryRow(
                    j.id(),
                    source,
                    j.robot(),
                    j.srdf(),
                    j.scene(),
                    j.jointNames(),
                    j.times(),
                    checkedTable(j.positions(), POSITIONS, source),
                    checkedTable(j.velocities(), VELOCITIES, source),
                    checkedTable(j.accelerations(), ACCELERATIONS, source),
                    checkedBudget(j.budget(), source)));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(idOf(line), source, e.getMessage());
        }
    }

    private static double[][] checkedTable(double[][] t, String column, String source) {
        if (t != null) {
            for (int k = 0; k < t.length; k++) {
                if (t[k] == null) {
                    throw new IllegalArgumentException(
                            source + ": " + column + "[" + k + "]: null, expected an array of numbers");
                }
            }
        }
        return t;
    }

    private static Long checkedBudget(Long b, String source) {
        if (b != null && b < 1) {
            throw new IllegalArgumentException(
                    source + ": " + BUDGET + ": " + b + ", expected at least 1 distance evaluation");
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

    /**
     * Data row {@code index + 1} (the header line and empty lines not counted, as Spark's CSV reader counts them) of a
     * CSV file that messages call {@code path}, whose header names {@code names}; RFC 4180 quoting ({@link CsvRecord}),
     * empty cells are missing values, array cells hold JSON arrays.
     */
    static Decoded csvRow(String path, List<String> names, String line, long index) {
        String source = path + " data row " + (index + 1);
        String[] fields = CsvRecord.split(line);
        int idColumn = names.indexOf(ID);
        String id = fields != null && idColumn >= 0 && idColumn < fields.length ? fields[idColumn] : null;
        if (fields == null || fields.length != names.size()) {
            return Decoded.failed(
                    id,
                    source,
                    source + ": malformed CSV record (expected " + names.size() + " fields as in the header): "
                            + CsvRecord.abbreviate(line));
        }
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < fields.length; i++) {
            cells.put(names.get(i), fields[i]);
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
            return Decoded.of(new TrajectoryRow(
                    requiredCell(cells, ID, source),
                    source,
                    requiredCell(cells, ROBOT, source),
                    cells.get(SRDF),
                    requiredCell(cells, SCENE, source),
                    names(cell(requiredCell(cells, JOINT_NAMES, source), JOINT_NAMES, source, String[].class), source),
                    cell(cells.get(TIMES), TIMES, source, double[].class),
                    checkedTable(
                            cell(requiredCell(cells, POSITIONS, source), POSITIONS, source, double[][].class),
                            POSITIONS,
                            source),
                    checkedTable(cell(cells.get(VELOCITIES), VELOCITIES, source, double[][].class), VELOCITIES, source),
                    checkedTable(
                            cell(cells.get(ACCELERATIONS), ACCELERATIONS, source, double[][].class),
                            ACCELERATIONS,
                            source),
                    checkedBudget(budget, source)));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(id, source, e.getMessage());
        }
    }

    private static String requiredCell(Map<String, String> cells, String column, String source) {
        String v = cells.get(column);
        if (v == null) {
            throw new IllegalArgumentException(
                    source + ": " + column + ": missing (empty cell); every row needs " + REQUIRED);
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
}
