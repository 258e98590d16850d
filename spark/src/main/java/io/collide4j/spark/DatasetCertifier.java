package io.collide4j.spark;

import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.CollectionAccumulator;
import scala.Tuple2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Certifies datasets of trajectories on Spark, each trajectory exactly as {@code collide4j certify} does: the same
 * robot and scene options ({@link Builder#robotOptions}: {@code --margin}, {@code --group}, {@code --hold},
 * {@code --padding}, {@code --scale}, {@code --decompose}, {@code --no-decompose}, {@code --exact-meshes},
 * {@code --package-path}), the same checks, the same certificate bytes.
 *
 * <p>The driver reads the inputs ({@link DatasetReader}) and, in one light job over the decoded rows (not cached:
 * the certifying job reads and decodes them again, which costs less than caching them), counts rows and work per
 * partition, finds duplicate ids and the distinct robot-and-scene references, which it resolves once (relative paths
 * against its working folder), fingerprints ({@link CheckerSource}) and broadcasts. Then one Spark job
 * does the work: rows spread over partitions by expected work ({@link WorkBalance}), and each task loads each checker
 * once per executor ({@link ExecutorCheckers}), certifies its rows and writes its part of the output through Hadoop's
 * {@code FileSystem} into a task-attempt folder ({@link PartitionTask}); the driver commits the successful attempts
 * ({@link OutputCommit}) and writes the summary from the tasks' reports. Nothing is certified twice, no certificate
 * passes through the driver, and nothing is sorted or cached after certification. Immutable; {@link #certify} may be
 * called again.
 */
public final class DatasetCertifier {
    private final List<String> robotOptions;
    private final long budget;
    private final String certificateDir;
    private final CertifiedDataset.OutputFormat format;
    private final int worst;
    private final long failFirstAttemptAfter;

    private DatasetCertifier(Builder b) {
        this.robotOptions = List.copyOf(b.robotOptions);
        this.budget = b.budget;
        this.certificateDir = b.certificateDir;
        this.format = b.format;
        this.worst = b.worst;
        this.failFirstAttemptAfter = b.failFirstAttemptAfter;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Job settings; every one has certify's default. */
    public static final class Builder {
        private List<String> robotOptions = List.of();
        private long budget = TrajectoryCertifier.DEFAULT_BUDGET;
        private String certificateDir;
        private CertifiedDataset.OutputFormat format = CertifiedDataset.OutputFormat.PARQUET;
        private int worst = 20;
        private long failFirstAttemptAfter = -1;

        private Builder() {
        }

        /**
         * {@code certify}'s robot options that apply to every row (the rows name robot, SRDF and scene), e.g.
         * {@code List.of("--margin", "0.01")}. Checked when {@link #build} is called.
         */
        public Builder robotOptions(List<String> options) {
            this.robotOptions = List.copyOf(options);
            return this;
        }

        /** Distance evaluations per trajectory before INCONCLUSIVE, unless a row's {@code budget} says otherwise. */
        public Builder budget(long evaluations) {
            if (evaluations < 1) {
                throw new IllegalArgumentException("budget must be at least 1 distance evaluation, got " + evaluations);
            }
            this.budget = evaluations;
            return this;
        }

        /**
         * Writes each certificate to its own file in {@code dir} (a local folder; see {@link #certificateDir(String)})
         * instead of the results' {@code certificate} column.
         */
        public Builder certificateDir(Path dir) {
            this.certificateDir = dir == null ? null : dir.toAbsolutePath().normalize().toString();
            return this;
        }

        /**
         * Writes each certificate to its own file {@code DIR/<id>.json} ({@link CertificateFiles} names them; an id never
         * leaves the folder) instead of the results' {@code certificate} column. {@code dir} is any Hadoop file system
         * URI every executor can write ({@code hdfs://...}, {@code s3a://...} with the user's connector) or a path;
         * it may exist, and a certificate of the same id in it is replaced.
         */
        public Builder certificateDir(String dir) {
            // a local path is made absolute, so that the results' certificate_file names the same file anywhere
            this.certificateDir = dir == null || new org.apache.hadoop.fs.Path(dir).toUri().getScheme() != null ? dir
                    : Path.of(dir).toAbsolutePath().normalize().toString();
            return this;
        }

        /** Format of the results and errors tables (default Parquet). */
        public Builder outputFormat(CertifiedDataset.OutputFormat f) {
            this.format = java.util.Objects.requireNonNull(f);
            return this;
        }

        /** How many of the least clearances the summary lists (default 20). */
        public Builder worst(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("worst must be >= 0, got " + n);
            }
            this.worst = n;
            return this;
        }

        /**
         * Fails the first attempt of every task after {@code rows} rows (it has written part of its output by then):
         * for tests that a retried task leaves no partial or duplicated file. Negative (the default): never.
         */
        Builder failFirstAttemptAfter(long rows) {
            this.failFirstAttemptAfter = rows;
            return this;
        }

        /**
         * @throws io.collide4j.planner.options.CliException (64) robot options certify does not accept, or ones that name
         *                                               a robot or scene (the rows do)
         */
        public DatasetCertifier build() {
            for (String o : robotOptions) {
                if (List.of("--robot", "--urdf", "--srdf", "--scene").contains(o.contains("=") ? o.substring(0, o.indexOf('=')) : o)) {
                    throw new io.collide4j.planner.options.CliException(io.collide4j.planner.options.ExitCode.USAGE, o
                            + ": robot, SRDF and scene come from each row's robot, srdf and scene columns");
                }
            }
            CertifyApi.checkOptions(robotOptions);
            return new DatasetCertifier(this);
        }
    }

    /**
     * Certifies the rows of {@code inputs} (files or folders of part files; format by name, {@link InputFormat}) and
     * writes {@code out/results}, {@code out/errors} and {@code out/summary.json} ({@code out}: a Hadoop file system URI
     * or a path that must not exist), the certificates inline or to {@link Builder#certificateDir}.
     *
     * @throws IllegalArgumentException an input whose name or columns are wrong (no row of it can be read)
     * @throws UncheckedIOException     {@code out} exists (a {@link java.nio.file.FileAlreadyExistsException}), or the
     *                                  output cannot be written
     */
    public CertifiedDataset certify(SparkSession spark, List<String> inputs, String out) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input files");
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration hadoop = jsc.hadoopConfiguration();
        org.apache.hadoop.fs.Path outPath = new org.apache.hadoop.fs.Path(out);
        try {
            if (outPath.getFileSystem(hadoop).exists(outPath)) {
                throw new java.nio.file.FileAlreadyExistsException(out, null, "exists; give a new output folder");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e instanceof java.nio.file.FileAlreadyExistsException ? out
                    + " exists; give a new output folder" : "cannot reach the output folder " + out + ": " + e.getMessage(), e);
        }
        JavaRDD<Decoded> decoded = null;
        for (String in : inputs) {
            JavaRDD<Decoded> one = DatasetReader.read(spark, in);
            decoded = decoded == null ? one : decoded.union(one);
        }
        // Not cached: caching the decoded rows cost more (Spark estimating the size of each cached row: 14% of the
        // executor's samples) than reading and decoding the inputs a second time (3%).
        // one pass before the job: ids that occur more than once (a shuffle of ids only, so it scales past the
        // driver's memory) and, on the side, rows, work and references per input partition
        CollectionAccumulator<WorkBalance.Digest> digested = jsc.sc().collectionAccumulator("collide4j digests");
        Set<String> duplicates = new HashSet<>(decoded.mapPartitionsWithIndex((i, it) -> WorkBalance.ids(i, it,
                digested), true).mapToPair(id -> new Tuple2<>(id, 1L)).reduceByKey(Long::sum)
                .filter(t -> t._2() > 1).keys().collect());
        List<WorkBalance.Digest> digests = WorkBalance.onePerPartition(digested.value(), decoded.getNumPartitions());
        long inputRows = digests.stream().mapToLong(WorkBalance.Digest::rows).sum();
        Set<CheckerReference> references = new LinkedHashSet<>();
        digests.forEach(d -> references.addAll(d.references()));
        Path base = Path.of("").toAbsolutePath();
        Map<CheckerReference, CheckerSource> resolved = new HashMap<>();
        for (CheckerReference r : references) {
            resolved.put(r, CheckerSource.of(r.resolved(base)));
        }
        Broadcast<Map<CheckerReference, CheckerSource>> refs = jsc.broadcast(resolved);
        Broadcast<Set<String>> duplicateIds = jsc.broadcast(duplicates);
        // a few tasks per core, so that a slow one is not the job's tail, and never more tasks than rows
        int parts = (int) Math.max(1, Math.min(inputRows, 3L * jsc.defaultParallelism()));
        JavaRDD<Decoded> balanced = WorkBalance.balance(decoded, digests, parts);

        OutputCommit results = new OutputCommit(out);
        OutputCommit certificates = certificateDir == null ? null : new OutputCommit(certificateDir);
        PartitionTask task = new PartitionTask(new RowCertifier(robotOptions, budget), results, certificates, format,
                new HadoopConf(hadoop), worst, failFirstAttemptAfter);
        List<TaskReport> reports;
        DatasetSummary summary;
        try {
            reports = balanced.mapPartitionsWithIndex((i, rows) -> task.run(i, rows, refs.value(),
                    duplicateIds.value()), false).collect();
            summary = DatasetSummary.of(inputRows, reports, worst);
        } catch (RuntimeException e) {   // nothing of a failed job is committed
            results.abort(hadoop);
            deleteIfEmpty(outPath, hadoop);   // it did not exist before: a new run may use it
            if (certificates != null) {
                certificates.abort(hadoop);
            }
            throw e;
        }
        if (certificates != null) {
            certificates.commit(reports, hadoop);
        }
        results.commit(reports, hadoop);
        writeOutputs(outPath, hadoop, summary);
        refs.destroy();
        duplicateIds.destroy();
        return new CertifiedDataset(spark, out, format, summary, reports);
    }

    private static void deleteIfEmpty(org.apache.hadoop.fs.Path dir, Configuration hadoop) {
        try {
            FileSystem fs = dir.getFileSystem(hadoop);
            if (fs.exists(dir) && fs.listStatus(dir).length == 0) {
                fs.delete(dir, false);
            }
        } catch (IOException ignored) {
            // best effort: the job's own failure is what is reported
        }
    }

    /** Empty tables where no task wrote a row, summary.json, and Hadoop's _SUCCESS marker last. */
    private static void writeOutputs(org.apache.hadoop.fs.Path out, Configuration hadoop, DatasetSummary summary) {
        try {
            FileSystem fs = TaskFiles.of(out, hadoop);
            fs.mkdirs(new org.apache.hadoop.fs.Path(out, PartitionTask.RESULTS));
            fs.mkdirs(new org.apache.hadoop.fs.Path(out, PartitionTask.ERRORS));
            try (java.io.OutputStream s = TaskFiles.create(new org.apache.hadoop.fs.Path(out, "summary.json"), hadoop)) {
                s.write(summary.toJson().getBytes(StandardCharsets.UTF_8));
            }
            TaskFiles.create(new org.apache.hadoop.fs.Path(out, "_SUCCESS"), hadoop).close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summary in " + out + ": " + e.getMessage(), e);
        }
    }
}
