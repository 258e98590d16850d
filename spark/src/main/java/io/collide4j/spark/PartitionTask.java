package io.collide4j.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;

/**
 * One task of a certification job, on an executor: reads its rows ({@link TaskInput}), certifies them
 * ({@link RowCertifier}) and writes its results and errors part files, and each certificate (inline in the results, or
 * one file per id), into its attempt folders ({@link OutputCommit#attemptDir}) through Hadoop's {@code FileSystem};
 * returns a {@link TaskReport} (with its ids' hashes, {@link IdHashes}). A task that throws leaves only its attempt
 * folder, which is never committed; Spark retries it in a new one. Serializable (the driver ships it in the task
 * closure; the Hadoop configuration is broadcast, {@link HadoopConf}); {@link #run} keeps its state on the stack and
 * copies the broadcast configuration, so task threads of one executor share nothing but the executor's checkers and
 * the broadcast value they only read.
 */
final class PartitionTask implements Serializable {
    private static final long serialVersionUID = 1L;

    private final RowCertifier certifier;
    private final OutputCommit out;
    private final OutputCommit certificates; // null: inline, in the results' certificate column
    private final CertifiedDataset.OutputFormat format;
    private final Broadcast<HadoopConf> conf;
    private final int worst;
    private final long failFirstAttemptAfter; // tests of the commit protocol: rows before a first attempt fails
    private final String base; // the driver's working folder: relative references resolve against it

    PartitionTask(
            RowCertifier certifier,
            OutputCommit out,
            OutputCommit certificates,
            CertifiedDataset.OutputFormat format,
            Broadcast<HadoopConf> conf,
            int worst,
            long failFirstAttemptAfter,
            String base) {
        this.certifier = certifier;
        this.out = out;
        this.certificates = certificates;
        this.format = format;
        this.conf = conf;
        this.worst = worst;
        this.failFirstAttemptAfter = failFirstAttemptAfter;
        this.base = base;
    }

    /** The task's rows, read by the task itself from the planned input. */
    Iterator<TaskReport> run(int partition, InputPlan plan, Set<String> duplicateIds) throws IOException {
        // the task's own copy of the executor's configuration: Parquet's writer builder sets keys in the one it gets
        Configuration c = new Configuration(conf.value().get());
        try (TaskInput rows = new TaskInput(plan, partition, c)) {
            return run(partition, rows, duplicateIds, c);
        }
    }

    /** Folder of the results part files, under the output root. */
    static final String RESULTS = "results";
    /** Folder of the errors part files, under the output root. */
    static final String ERRORS = "errors";

    /**
     * Certifies {@code rows}; each reference is resolved against the driver's folder and fingerprinted once per task
     * (so a file edited between jobs is seen by the next job's tasks).
     */
    Iterator<TaskReport> run(int partition, Iterator<Decoded> rows, Set<String> duplicateIds, Configuration c)
            throws IOException {
        long t0 = System.nanoTime();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime(); // -1 where the JVM cannot tell
        TaskContext context = TaskContext.get();
        int attempt = context == null ? 0 : context.attemptNumber();
        Path dir = out.attemptDir(partition, attempt);
        Path certDir = certificates == null ? null : certificates.attemptDir(partition, attempt);
        String part = TableFile.partName(partition, format);
        long n = 0;
        long results = 0;
        long errors = 0;
        long work = 0;
        Map<String, Map<String, Long>> byScene = new TreeMap<>();
        Map<Integer, Long> errorCodes = new TreeMap<>();
        // the task's least clearances: a bounded max-heap, its worst entry on top
        Comparator<DatasetSummary.Worst> order = DatasetSummary.Worst.ORDER;
        PriorityQueue<DatasetSummary.Worst> least = new PriorityQueue<>(order.reversed());
        Map<CheckerReference, CheckerSource> sources = new HashMap<>();
        java.nio.file.Path basePath = java.nio.file.Path.of(base);
        Function<CheckerReference, CheckerSource> source =
                r -> sources.computeIfAbsent(r, x -> CheckerSource.of(x.resolved(basePath)));
        long[] idHashes = new long[64];
        int decoded = 0;
        TableFile resultFile = null;
        TableFile errorFile = null;
        try {
            while (rows.hasNext()) {
                Decoded d = rows.next();
                n++;
                work += WorkBalance.work(d);
                if (context != null && attempt == 0 && failFirstAttemptAfter >= 0 && n > failFirstAttemptAfter) {
                    throw new IllegalStateException("injected failure of partition " + partition + " attempt 0 after "
                            + failFirstAttemptAfter + " rows (a test of the output commit)");
                }
                if (d.row() != null) {
                    if (decoded == idHashes.length) {
                        idHashes = Arrays.copyOf(idHashes, 2 * decoded);
                    }
                    idHashes[decoded++] = IdHashes.of(d.row().id());
                }
                RowCertifier.Outcome o = certifier.certify(d, source, duplicateIds);
                if (o.error() != null) {
                    if (errorFile == null) {
                        errorFile =
                                TableFile.open(format, ResultColumns.ERRORS, new Path(new Path(dir, ERRORS), part), c);
                    }
                    errorFile.write(ResultColumns.error(o.error()));
                    errorCodes.merge(o.error().exitCode(), 1L, Long::sum);
                    errors++;
                    continue;
                }
                String inline = o.certificate();
                String file = null;
                if (certificates != null) {
                    String name = CertificateFiles.name(o.row().id());
                    try (OutputStream s = TaskFiles.create(new Path(certDir, name), c)) {
                        s.write(o.certificate().getBytes(StandardCharsets.UTF_8));
                    }
                    file = new Path(certificates.root(), name).toString();
                    inline = null;
                }
                Row r = ResultColumns.result(o.row(), o.certification(), o.budget(), inline, file);
                if (resultFile == null) {
                    resultFile =
                            TableFile.open(format, ResultColumns.RESULTS, new Path(new Path(dir, RESULTS), part), c);
                }
                resultFile.write(r);
                results++;
                String verdict = o.certification().result().verdict().name();
                byScene.computeIfAbsent(o.row().scene(), k -> new TreeMap<>()).merge(verdict, 1L, Long::sum);
                DatasetSummary.Worst w = DatasetSummary.Worst.of(r);
                if (w != null && worst > 0) {
                    least.add(w);
                    if (least.size() > worst) {
                        least.poll();
                    }
                }
            }
        } finally {
            closeAll(resultFile, errorFile);
        }
        long[] hashes = Arrays.copyOf(idHashes, decoded);
        Arrays.sort(hashes);
        List<DatasetSummary.Worst> kept = new ArrayList<>(least);
        kept.sort(order);
        org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
        return List.of(new TaskReport(
                        partition,
                        attempt,
                        n,
                        results,
                        errors,
                        byScene,
                        errorCodes,
                        kept,
                        work,
                        (System.nanoTime() - t0) / 1e9,
                        cpu0 < 0 ? 0 : (threads.getCurrentThreadCpuTime() - cpu0) / 1e9,
                        env == null ? "none" : env.executorId(),
                        ExecutorCheckers.loaded(),
                        hashes))
                .iterator();
    }

    private static void closeAll(TableFile a, TableFile b) throws IOException {
        try {
            if (a != null) {
                a.close();
            }
        } finally {
            if (b != null) {
                b.close();
            }
        }
    }
}
