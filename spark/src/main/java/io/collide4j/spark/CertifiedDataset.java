package io.collide4j.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What {@link DatasetCertifier#certify} wrote: the output folder with its results table (one row per certified
 * trajectory), errors table (one row per input row that could not be certified) and {@code summary.json}, and the
 * summary itself; every input row is in exactly one of the two tables (the summary checks it). The tables are read
 * back from the files on demand. Immutable.
 */
public final class CertifiedDataset {
    private final SparkSession spark;
    private final String out;
    private final OutputFormat format;
    private final DatasetSummary summary;
    private final java.util.List<TaskReport> tasks;

    CertifiedDataset(
            SparkSession spark,
            String out,
            OutputFormat format,
            DatasetSummary summary,
            java.util.List<TaskReport> tasks) {
        this.spark = spark;
        this.out = out;
        this.format = format;
        this.summary = summary;
        this.tasks = java.util.List.copyOf(tasks);
    }

    /** The committed task attempts' reports, one per partition. */
    java.util.List<TaskReport> tasks() {
        return tasks;
    }

    /** Output file formats of the results and errors tables. */
    public enum OutputFormat {
        PARQUET,
        JSON
    }

    /** Input rows read (JSON Lines: lines), each one result or one error. */
    public long inputRows() {
        return summary.inputRows();
    }

    /** The output folder (a Hadoop file system URI or a local path, as given). */
    public String out() {
        return out;
    }

    /** Columns: see {@link ResultColumns#RESULTS} (id, verdict, first violation, clearance lower bound, certificate...). */
    public Dataset<Row> results() {
        return read(PartitionTask.RESULTS, ResultColumns.RESULTS);
    }

    /** Columns: id (null when unreadable), source (file and row or line), exit_code, reason. */
    public Dataset<Row> errors() {
        return read(PartitionTask.ERRORS, ResultColumns.ERRORS);
    }

    /** Counts by verdict and by scene, the least clearances, errors by exit code, the tasks' spread. */
    public DatasetSummary summary() {
        return summary;
    }

    private Dataset<Row> read(String table, org.apache.spark.sql.types.StructType schema) {
        String dir = new org.apache.hadoop.fs.Path(out, table).toString();
        return format == OutputFormat.PARQUET
                ? spark.read().schema(schema).parquet(dir)
                : spark.read().schema(schema).json(dir);
    }
}
