package io.collide4j.spark;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;

import java.nio.file.Path;

/**
 * What {@link DatasetCertifier#certify} made: the results table (one row per certified trajectory, by id), the
 * errors table (one row per input row that could not be certified) and the number of input rows; every input row is
 * in exactly one of the two tables ({@link #summary} checks it). Call {@link #release} when done with it.
 */
public final class CertifiedDataset {
    private final long inputRows;
    private final Dataset<Row> results;
    private final Dataset<Row> errors;
    private final JavaRDD<?>[] cached;

    CertifiedDataset(long inputRows, Dataset<Row> results, Dataset<Row> errors, JavaRDD<?>... cached) {
        this.inputRows = inputRows;
        this.results = results;
        this.errors = errors;
        this.cached = cached;
    }

    /** Input rows read (JSON Lines: lines), each one result or one error. */
    public long inputRows() {
        return inputRows;
    }

    /** Columns: see {@link ResultColumns#RESULTS} (id, verdict, first violation, clearance lower bound, certificate...). */
    public Dataset<Row> results() {
        return results;
    }

    /** Columns: id (null when unreadable), source (file and row or line), exit_code, reason. */
    public Dataset<Row> errors() {
        return errors;
    }

    /** Counts by verdict and by scene, the {@code worst} least clearances, errors by exit code. */
    public DatasetSummary summary(int worst) {
        return DatasetSummary.of(this, worst);
    }

    /** Output file formats. */
    public enum OutputFormat { PARQUET, JSON }

    /**
     * Writes {@code out/results} and {@code out/errors} (Parquet folders, or JSON Lines part files) and
     * {@code out/summary.json}; {@code out} must not exist yet.
     */
    public DatasetSummary write(Path out, OutputFormat format, int worst) {
        if (java.nio.file.Files.exists(out)) {
            throw new IllegalArgumentException(out + " exists; give a new output folder");
        }
        DatasetSummary s = summary(worst);
        String dir = out.toAbsolutePath().normalize().toString();
        if (format == OutputFormat.PARQUET) {
            results.write().mode(SaveMode.ErrorIfExists).parquet(dir + "/results");
            errors.write().mode(SaveMode.ErrorIfExists).parquet(dir + "/errors");
        } else {
            results.write().mode(SaveMode.ErrorIfExists).json(dir + "/results");
            errors.write().mode(SaveMode.ErrorIfExists).json(dir + "/errors");
        }
        s.write(out.resolve("summary.json"));
        return s;
    }

    /** Drops the cached tables. */
    public void release() {
        results.unpersist();
        errors.unpersist();
        for (JavaRDD<?> r : cached) {
            r.unpersist();
        }
    }
}
