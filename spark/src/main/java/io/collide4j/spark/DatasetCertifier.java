package io.collide4j.spark;

import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.cli.CertifyApi;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Certifies datasets of trajectories on Spark, each trajectory exactly as {@code collide4j certify} does: the same
 * robot and scene options ({@link Builder#robotOptions}: {@code --margin}, {@code --group}, {@code --hold},
 * {@code --padding}, {@code --scale}, {@code --decompose}, {@code --exact-meshes}, {@code --package-path}), the same
 * checks, the same certificate bytes.
 *
 * <p>The driver reads the inputs ({@link DatasetReader}), finds duplicate ids, resolves each distinct robot-and-scene
 * reference once (relative paths against its working folder) and broadcasts them; executors load each checker once
 * ({@link ExecutorCheckers}) and certify their rows in parallel. Immutable; {@link #certify} may be called again.
 */
public final class DatasetCertifier {
    private final List<String> robotOptions;
    private final long budget;
    private final Path certificateDir;

    private DatasetCertifier(Builder b) {
        this.robotOptions = List.copyOf(b.robotOptions);
        this.budget = b.budget;
        this.certificateDir = b.certificateDir;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Job settings; every one has certify's default. */
    public static final class Builder {
        private List<String> robotOptions = List.of();
        private long budget = TrajectoryCertifier.DEFAULT_BUDGET;
        private Path certificateDir;

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
         * Writes each certificate to its own file in {@code dir} (a folder every executor can write, e.g. shared
         * storage; {@link CertificateFiles} names them) instead of the results' {@code certificate} column.
         */
        public Builder certificateDir(Path dir) {
            this.certificateDir = dir == null ? null : dir.toAbsolutePath().normalize();
            return this;
        }

        /**
         * @throws io.collide4j.planner.cli.CliException (64) robot options certify does not accept, or ones that name
         *                                               a robot or scene (the rows do)
         */
        public DatasetCertifier build() {
            for (String o : robotOptions) {
                if (List.of("--robot", "--urdf", "--srdf", "--scene").contains(o.contains("=") ? o.substring(0, o.indexOf('=')) : o)) {
                    throw new io.collide4j.planner.cli.CliException(io.collide4j.planner.cli.ExitCode.USAGE, o
                            + ": robot, SRDF and scene come from each row's robot, srdf and scene columns");
                }
            }
            CertifyApi.checkOptions(robotOptions);
            return new DatasetCertifier(this);
        }
    }

    /**
     * Certifies the rows of {@code inputs} (files or folders of part files; format by name, {@link InputFormat}). The
     * result's tables are computed once, cached, and read by everything that uses them.
     *
     * @throws IllegalArgumentException an input whose name or columns are wrong (no row of it can be read)
     */
    public CertifiedDataset certify(SparkSession spark, List<String> inputs) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input files");
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Decoded> decoded = null;
        for (String in : inputs) {
            JavaRDD<Decoded> one = DatasetReader.read(spark, in);
            decoded = decoded == null ? one : decoded.union(one);
        }
        // a small file is one or two partitions; certification dominates, so spread its rows over every core
        int parts = jsc.defaultParallelism() * 4;
        if (decoded.getNumPartitions() < parts / 2) {
            decoded = decoded.repartition(parts);
        }
        decoded = decoded.persist(StorageLevel.MEMORY_AND_DISK());
        long inputRows = decoded.count();

        Set<String> duplicates = new HashSet<>(decoded.filter(d -> d.row() != null)
                .mapToPair(d -> new Tuple2<>(d.row().id(), 1L)).reduceByKey(Long::sum)
                .filter(t -> t._2() > 1).keys().collect());
        Path base = Path.of("").toAbsolutePath();
        Map<CheckerReference, CheckerReference> resolved = new HashMap<>();
        for (CheckerReference r : decoded.filter(d -> d.row() != null).map(d -> d.row().reference()).distinct().collect()) {
            resolved.put(r, r.resolved(base));
        }
        Broadcast<Map<CheckerReference, CheckerReference>> references = jsc.broadcast(resolved);
        Broadcast<Set<String>> duplicateIds = jsc.broadcast(duplicates);
        RowCertifier certifier = new RowCertifier(robotOptions, budget,
                certificateDir == null ? null : certificateDir.toString());
        if (certificateDir != null) {
            try {
                java.nio.file.Files.createDirectories(certificateDir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot create the certificate folder " + certificateDir, e);
            }
        }
        JavaRDD<RowCertifier.Outcome> outcomes = decoded
                .map(d -> certifier.certify(d, references.value(), duplicateIds.value()))
                .persist(StorageLevel.MEMORY_AND_DISK());
        Dataset<Row> results = spark.createDataFrame(outcomes.filter(o -> o.result() != null).map(RowCertifier.Outcome::result),
                ResultColumns.RESULTS).orderBy("id").cache();
        Dataset<Row> errors = spark.createDataFrame(outcomes.filter(o -> o.error() != null)
                .map(o -> ResultColumns.error(o.error())), ResultColumns.ERRORS).orderBy("source", "reason").cache();
        return new CertifiedDataset(inputRows, results, errors, decoded, outcomes);
    }
}
