package io.collide4j.spark;

import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * Certifies datasets of trajectories on Spark, each trajectory exactly as {@code collide4j certify} does: the same
 * robot and scene options ({@link Builder#robotOptions}: {@code --margin}, {@code --group}, {@code --hold},
 * {@code --padding}, {@code --scale}, {@code --decompose}, {@code --no-decompose}, {@code --exact-meshes},
 * {@code --package-path}), the same checks, the same certificate bytes.
 *
 * <p>The driver plans the inputs without reading a row and without a Spark job ({@link InputPlan}: file listings,
 * lengths, Parquet footers, CSV header lines, through Hadoop's {@code FileSystem}; wrong columns are refused there).
 * Then one Spark job does the work, with no shuffle: each task reads the rows the plan gives it by their estimated work
 * straight from the files ({@link TaskInput}, {@link WorkBalance}), resolves and fingerprints each robot-and-scene
 * reference once ({@link CheckerSource}), loads each checker once per executor ({@link ExecutorCheckers}), certifies
 * its rows and writes its part of the output through Hadoop's {@code FileSystem} into a task-attempt folder
 * ({@link PartitionTask}), and reports the hashes of its ids ({@link IdHashes}). Ids that repeat are found from those
 * hashes; only then (a dataset with duplicate ids) does a second, smaller job find the repeated ids among the
 * candidates and re-run the tasks that read one, so that every such row is refused as before. The driver commits
 * the successful attempts ({@link OutputCommit}) and writes the summary from the tasks' reports. Nothing is certified
 * twice unless an id repeats, no certificate passes through the driver, and nothing is sorted, cached or shuffled.
 * Immutable; {@link #certify} may be called again.
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

        private Builder() {}

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
            this.certificateDir =
                    dir == null ? null : dir.toAbsolutePath().normalize().toString();
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
            this.certificateDir =
                    dir == null || new org.apache.hadoop.fs.Path(dir).toUri().getScheme() != null
                            ? dir
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
                if (List.of("--robot", "--urdf", "--srdf", "--scene")
                        .contains(o.contains("=") ? o.substring(0, o.indexOf('=')) : o)) {
                    throw new io.collide4j.planner.options.CliException(
                            io.collide4j.planner.options.ExitCode.USAGE,
                            o + ": robot, SRDF and scene come from each row's robot, srdf and scene columns");
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
            throw new UncheckedIOException(
                    e instanceof java.nio.file.FileAlreadyExistsException
                            ? out + " exists; give a new output folder"
                            : "cannot reach the output folder " + out + ": " + e.getMessage(),
                    e);
        }
        InputPlan plan = InputPlan.of(inputs, hadoop, maxTasks(jsc.defaultParallelism()));
        List<Integer> slices =
                java.util.stream.IntStream.range(0, plan.tasks()).boxed().toList();
        JavaRDD<Integer> tasks = jsc.parallelize(slices, plan.tasks());
        String base = Path.of("").toAbsolutePath().toString();

        OutputCommit results = new OutputCommit(out);
        OutputCommit certificates = certificateDir == null ? null : new OutputCommit(certificateDir);
        RowCertifier rowCertifier = new RowCertifier(robotOptions, budget);
        // shipped once per executor, not in every task's closure: Hadoop's configuration with its defaults is about
        // 110 kB of Java serialisation, which the closure would cost twice on the driver and once per task
        Broadcast<HadoopConf> conf = jsc.broadcast(new HadoopConf(hadoop));
        PartitionTask task = new PartitionTask(
                rowCertifier, results, certificates, format, conf, worst, failFirstAttemptAfter, base);
        List<TaskReport> reports;
        DatasetSummary summary;
        OutputCommit redoneResults = null;
        OutputCommit redoneCertificates = null;
        List<TaskReport> redone = List.of();
        try {
            // one job: each task reads its own rows (no shuffle), certifies them as if every id were unique, and
            // reports their ids' hashes
            reports = tasks.mapPartitionsWithIndex((i, none) -> task.run(i, plan, Set.of()), false)
                    .collect();
            Set<Long> candidates = IdHashes.repeated(reports);
            if (!candidates.isEmpty()) {
                // rare: ids repeated (or a hash collision). The ids behind the candidate hashes decide; the tasks that
                // read one of them are run again with those ids refused, into new attempt folders, and only their new
                // attempts are committed
                Set<String> duplicates = duplicateIds(tasks, plan, conf, candidates);
                Set<Long> hit = new HashSet<>();
                duplicates.forEach(id -> hit.add(IdHashes.of(id)));
                Set<Integer> again = new HashSet<>();
                for (TaskReport r : reports) {
                    if (!duplicates.isEmpty() && IdHashes.touches(r, hit)) {
                        again.add(r.partition());
                    }
                }
                if (!again.isEmpty()) {
                    redoneResults = new OutputCommit(out);
                    redoneCertificates = certificateDir == null ? null : new OutputCommit(certificateDir);
                    PartitionTask retask = new PartitionTask(
                            rowCertifier,
                            redoneResults,
                            redoneCertificates,
                            format,
                            conf,
                            worst,
                            failFirstAttemptAfter,
                            base);
                    redone = tasks.mapPartitionsWithIndex(
                                    (i, none) -> again.contains(i)
                                            ? retask.run(i, plan, duplicates)
                                            : java.util.Collections.<TaskReport>emptyIterator(),
                                    false)
                            .collect();
                    reports = reports.stream()
                            .filter(r -> !again.contains(r.partition()))
                            .toList();
                }
            }
            List<TaskReport> all = new ArrayList<>(reports);
            all.addAll(redone);
            all.sort(java.util.Comparator.comparingInt(TaskReport::partition));
            long inputRows = all.stream().mapToLong(TaskReport::rows).sum();
            summary = DatasetSummary.of(inputRows, all, worst);
        } catch (RuntimeException e) { // nothing of a failed job is committed
            for (OutputCommit c : java.util.Arrays.asList(results, certificates, redoneResults, redoneCertificates)) {
                if (c != null) {
                    c.abort(hadoop);
                }
            }
            deleteIfEmpty(outPath, hadoop); // it did not exist before: a new run may use it
            throw e;
        } finally {
            conf.destroy();
        }
        if (certificates != null) {
            certificates.commit(reports, hadoop);
            if (redoneCertificates != null) {
                redoneCertificates.commit(redone, hadoop);
            }
        }
        results.commit(reports, hadoop);
        if (redoneResults != null) {
            redoneResults.commit(redone, hadoop);
        }
        List<TaskReport> all = new ArrayList<>(reports);
        all.addAll(redone);
        all.sort(java.util.Comparator.comparingInt(TaskReport::partition));
        writeOutputs(outPath, hadoop, summary);
        return new CertifiedDataset(spark, out, format, summary, all);
    }

    /**
     * How many tasks share the rows on {@code cores} task slots: one on a single slot, where balance cannot matter and
     * each further task only repeats the per-task work (its input and output files opened, its checkers' files
     * fingerprinted, its attempt committed); else three per slot, so that a task whose rows take longer than their
     * estimate is not the job's tail.
     */
    static int maxTasks(int cores) {
        return cores <= 1 ? 1 : 3 * cores;
    }

    /**
     * The ids, among those hashing to {@code candidates}, that more than one decoded row carries: a pass that reads
     * the rows again but certifies nothing, and shuffles only the candidates' ids.
     */
    private static Set<String> duplicateIds(
            JavaRDD<Integer> tasks, InputPlan plan, Broadcast<HadoopConf> conf, Set<Long> candidates) {
        return new HashSet<>(tasks.mapPartitionsWithIndex(
                        (i, none) -> {
                            List<String> ids = new ArrayList<>();
                            try (TaskInput rows =
                                    new TaskInput(plan, i, conf.value().get())) {
                                while (rows.hasNext()) {
                                    TrajectoryRow r = rows.next().row();
                                    if (r != null && candidates.contains(IdHashes.of(r.id()))) {
                                        ids.add(r.id());
                                    }
                                }
                            }
                            return ids.iterator();
                        },
                        false)
                .mapToPair(id -> new Tuple2<>(id, 1L))
                .reduceByKey(Long::sum)
                .filter(t -> t._2() > 1)
                .keys()
                .collect());
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
            TaskFiles.mkdirs(fs, new org.apache.hadoop.fs.Path(out, PartitionTask.RESULTS));
            TaskFiles.mkdirs(fs, new org.apache.hadoop.fs.Path(out, PartitionTask.ERRORS));
            try (java.io.OutputStream s =
                    TaskFiles.create(new org.apache.hadoop.fs.Path(out, "summary.json"), hadoop)) {
                s.write(summary.toJson().getBytes(StandardCharsets.UTF_8));
            }
            TaskFiles.create(new org.apache.hadoop.fs.Path(out, "_SUCCESS"), hadoop)
                    .close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summary in " + out + ": " + e.getMessage(), e);
        }
    }
}
