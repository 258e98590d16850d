package io.collide4j.spark;

import static io.collide4j.spark.DatasetReader.ACCELERATIONS;
import static io.collide4j.spark.DatasetReader.BUDGET;
import static io.collide4j.spark.DatasetReader.ID;
import static io.collide4j.spark.DatasetReader.JOINT_NAMES;
import static io.collide4j.spark.DatasetReader.POSITIONS;
import static io.collide4j.spark.DatasetReader.REQUIRED;
import static io.collide4j.spark.DatasetReader.ROBOT;
import static io.collide4j.spark.DatasetReader.SCENE;
import static io.collide4j.spark.DatasetReader.SRDF;
import static io.collide4j.spark.DatasetReader.TIMES;
import static io.collide4j.spark.DatasetReader.VELOCITIES;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Decodes one Parquet record (parquet-hadoop's example {@link Group}, of a file whose columns
 * {@link DatasetReader#checkColumns} accepted) into a {@link Decoded} row; a null where a value is required, a
 * non-finite number or a budget below 1 makes it a {@link RowError}. Lists are read in the standard three-level layout
 * ({@code LIST} group, repeated {@code list}, {@code element}) and in the older two-level ones Parquet's
 * backward-compatibility rules name (a repeated primitive, or a repeated group named {@code array} or
 * {@code NAME_tuple}, or one of several fields, is the element itself). Stateless.
 */
final class ParquetRow {
    private ParquetRow() {}

    /** Record {@code g}, which messages call {@code source} (file and row). */
    static Decoded decode(Group g, String source) {
        String id = string(g, ID);
        try {
            return Decoded.of(new TrajectoryRow(
                    required(string(g, ID), ID),
                    source,
                    required(string(g, ROBOT), ROBOT),
                    string(g, SRDF),
                    required(string(g, SCENE), SCENE),
                    strings(list(g, JOINT_NAMES), JOINT_NAMES),
                    numbers(list(g, TIMES), TIMES),
                    table(list(g, POSITIONS), POSITIONS),
                    table(list(g, VELOCITIES), VELOCITIES),
                    table(list(g, ACCELERATIONS), ACCELERATIONS),
                    budget(g)));
        } catch (IllegalArgumentException e) {
            return Decoded.failed(id, source, source + ": " + e.getMessage());
        }
    }

    private static boolean present(Group g, String column) {
        return g.getType().containsField(column) && g.getFieldRepetitionCount(column) > 0;
    }

    private static String string(Group g, String column) {
        return present(g, column) ? g.getString(column, 0) : null;
    }

    private static <T> T required(T value, String column) {
        if (value == null) {
            throw new IllegalArgumentException(column + ": missing (null); every row needs " + REQUIRED);
        }
        return value;
    }

    private static Long budget(Group g) {
        if (!present(g, BUDGET)) {
            return null;
        }
        PrimitiveType t = g.getType().getType(BUDGET).asPrimitiveType();
        long b = t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32
                ? g.getInteger(BUDGET, 0)
                : g.getLong(BUDGET, 0);
        if (b < 1) {
            throw new IllegalArgumentException(BUDGET + ": " + b + ", expected at least 1 distance evaluation");
        }
        return b;
    }

    /** A list column's {@code LIST} group; null when the column is absent or null. */
    private static Group list(Group g, String column) {
        return present(g, column) ? g.getGroup(column, 0) : null;
    }

    /**
     * Whether the repeated field of a {@code LIST} group wraps each element (three-level) rather than being it.
     */
    private static boolean wrapped(GroupType list) {
        Type repeated = list.getType(0);
        return !repeated.isPrimitive()
                && repeated.asGroupType().getFieldCount() == 1
                && !repeated.getName().equals("array")
                && !repeated.getName().equals(list.getName() + "_tuple");
    }

    /** The elements of a {@code LIST} group: for each, the group holding it and the field index in that group (or null: a null element). */
    private static Object[] elements(Group list) {
        int n = list.getFieldRepetitionCount(0);
        Object[] out = new Object[n];
        boolean wrapped = wrapped(list.getType());
        for (int i = 0; i < n; i++) {
            if (wrapped) {
                Group holder = list.getGroup(0, i);
                out[i] = holder.getFieldRepetitionCount(0) == 0 ? null : new Element(holder, 0);
            } else {
                out[i] = new Element(list, i);
            }
        }
        return out;
    }

    /** Element {@code index} of field 0 of {@code holder}. */
    private record Element(Group holder, int index) {
        double number() {
            return holder.getDouble(0, index);
        }

        String string() {
            return holder.getString(0, index);
        }

        Group list() {
            return holder.getGroup(0, index);
        }
    }

    private static List<String> strings(Group list, String column) {
        if (list == null) {
            throw new IllegalArgumentException(column + ": missing (null); every row needs " + REQUIRED);
        }
        Object[] items = elements(list);
        List<String> out = new ArrayList<>(items.length);
        for (int i = 0; i < items.length; i++) {
            if (items[i] == null) {
                throw new IllegalArgumentException(column + "[" + i + "]: null, expected a joint name");
            }
            out.add(((Element) items[i]).string());
        }
        return out;
    }

    private static double[] numbers(Group list, String column) {
        if (list == null) {
            return null;
        }
        Object[] items = elements(list);
        double[] out = new double[items.length];
        for (int i = 0; i < out.length; i++) {
            String where = column + "[" + i + "]";
            if (items[i] == null) {
                throw new IllegalArgumentException(where + ": null, expected a finite number");
            }
            double d = ((Element) items[i]).number();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(where + ": " + d + ", expected a finite number");
            }
            out[i] = d;
        }
        return out;
    }

    private static double[][] table(Group list, String column) {
        if (list == null) {
            return null;
        }
        Object[] rows = elements(list);
        double[][] out = new double[rows.length][];
        for (int k = 0; k < out.length; k++) {
            if (rows[k] == null) {
                throw new IllegalArgumentException(column + "[" + k + "]: null, expected an array of numbers");
            }
            out[k] = numbers(((Element) rows[k]).list(), column + "[" + k + "]");
        }
        return out;
    }
}
