package io.collide4j.spark;

import java.util.Locale;

/**
 * How a dataset file encodes its {@link TrajectoryRow}s; chosen per file by its name. The columns are the same in all
 * three: {@code id, robot, scene, joint_names, positions} required, {@code srdf, times, velocities, accelerations,
 * budget} optional; any other column is refused.
 */
public enum InputFormat {
    /** {@code .parquet} (a file or a folder of part files): typed columns, arrays as Parquet lists. */
    PARQUET,
    /** {@code .jsonl}, {@code .ndjson}: one JSON object per line, read strictly (collide4j's {@code StrictJson}). */
    JSON_LINES,
    /** {@code .csv}: a header line naming the columns; array cells hold JSON arrays ({@code [0.1, 0.2]}). */
    CSV;

    /** The format of a file or folder by its name. */
    public static InputFormat of(String path) {
        String n = path.toLowerCase(Locale.ROOT);
        while (n.endsWith("/")) {
            n = n.substring(0, n.length() - 1);
        }
        if (n.endsWith(".parquet")) {
            return PARQUET;
        }
        if (n.endsWith(".jsonl") || n.endsWith(".ndjson")) {
            return JSON_LINES;
        }
        if (n.endsWith(".csv")) {
            return CSV;
        }
        throw new IllegalArgumentException(path + ": unknown dataset format; expected a name ending in .parquet,"
                + " .jsonl or .ndjson (JSON Lines) or .csv");
    }
}
