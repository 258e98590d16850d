package io.collide4j.spark;

import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The Spark job: {@code CertifyDataset [--master URL] --out DIR [options] INPUT...} certifies every trajectory row of
 * the inputs as {@code collide4j certify} would and writes {@code DIR/results}, {@code DIR/errors} and
 * {@code DIR/summary.json}. Exit 0 when the outputs are written (verdicts and row errors are in them; counts add up),
 * 64 usage, 65 an input whose columns are wrong, 66 a missing input, 70 internal, 73 cannot write.
 */
@Command(
        name = "collide4j-spark",
        sortOptions = false,
        mixinStandardHelpOptions = false,
        description = "Certify a dataset of trajectories (Parquet, JSON Lines, CSV) on Apache Spark.",
        footer = "exit codes: 0 outputs written, 64 usage, 65 bad input columns, 66 missing input, 70 internal error,"
                + " 73 cannot write output")
public final class CertifyDataset implements Callable<Integer> {
    @Parameters(
            paramLabel = "INPUT",
            arity = "1..*",
            description = "Dataset files or folders: .parquet, .jsonl/.ndjson (JSON Lines) or .csv.")
    List<String> inputs = new ArrayList<>();

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Output folder (must not exist): a path or any Hadoop file system URI (hdfs://, s3a://...).")
    String out;

    @Option(
            names = "--master",
            paramLabel = "URL",
            description = "Spark master (default: spark-submit's, else local[*]).")
    String master;

    @Option(
            names = "--output-format",
            paramLabel = "FORMAT",
            description = "parquet or json (default ${DEFAULT-VALUE}).")
    String outputFormat = "parquet";

    @Option(
            names = "--certificates",
            paramLabel = "DIR",
            description = "Write each certificate to DIR/<id>.json (a path or a Hadoop file system URI every executor"
                    + " can write) instead of the results' certificate column.")
    String certificates;

    @Option(
            names = "--budget",
            paramLabel = "N",
            description = "Distance evaluations per trajectory before INCONCLUSIVE (default ${DEFAULT-VALUE}); a row's"
                    + " budget column overrides it.")
    long budget = TrajectoryCertifier.DEFAULT_BUDGET;

    @Option(
            names = "--worst",
            paramLabel = "N",
            description = "Least clearances listed in the summary (default ${DEFAULT-VALUE}).")
    int worst = 20;

    @Option(names = "--margin", paramLabel = "M", description = "Required separation in metres (certify's --margin).")
    String margin;

    @Option(names = "--group", paramLabel = "NAME", description = "Planning group (certify's --group).")
    String group;

    @Option(names = "--hold", paramLabel = "JOINT=VALUE", description = "certify's --hold; repeatable.")
    List<String> hold = new ArrayList<>();

    @Option(names = "--padding", paramLabel = "LINK=P", description = "certify's --padding; repeatable.")
    List<String> padding = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "LINK=S", description = "certify's --scale; repeatable.")
    List<String> scale = new ArrayList<>();

    @Option(names = "--package-path", paramLabel = "DIR", description = "certify's --package-path; repeatable.")
    List<String> packagePath = new ArrayList<>();

    @Option(names = "--decompose", description = "certify's --decompose.")
    boolean decompose;

    @Option(names = "--no-decompose", description = "certify's --no-decompose.")
    boolean noDecompose;

    @Option(names = "--exact-meshes", description = "certify's --exact-meshes.")
    boolean exactMeshes;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    PrintStream stdout = System.out;

    /** The robot options, as certify's command line spells them. */
    List<String> robotOptions() {
        List<String> o = new ArrayList<>();
        if (margin != null) {
            o.add("--margin=" + margin);
        }
        if (group != null) {
            o.add("--group=" + group);
        }
        hold.forEach(h -> o.add("--hold=" + h));
        padding.forEach(p -> o.add("--padding=" + p));
        scale.forEach(s -> o.add("--scale=" + s));
        packagePath.forEach(p -> o.add("--package-path=" + p));
        if (decompose) {
            o.add("--decompose");
        }
        if (noDecompose) {
            o.add("--no-decompose"); // both: certify refuses them together (exit 64)
        }
        if (exactMeshes) {
            o.add("--exact-meshes");
        }
        return o;
    }

    @Override
    public Integer call() {
        CertifiedDataset.OutputFormat format;
        try {
            format = CertifiedDataset.OutputFormat.valueOf(outputFormat.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--output-format: '" + outputFormat + "', expected parquet or json");
        }
        if (worst < 0) {
            throw new CliException(ExitCode.USAGE, "--worst must be >= 0");
        }
        if (!out.contains("://") && java.nio.file.Files.exists(Path.of(out))) {
            throw new CliException(ExitCode.CANNOT_CREATE, "--out: " + out + " exists; give a new output folder");
        }
        for (String in : inputs) {
            if (!java.nio.file.Files.exists(Path.of(in)) && !in.contains("://")) {
                throw new CliException(ExitCode.NO_INPUT, in + ": no such file or folder");
            }
            try {
                InputFormat.of(in);
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.USAGE, e.getMessage());
            }
        }
        DatasetCertifier certifier = DatasetCertifier.builder()
                .robotOptions(robotOptions())
                .budget(budget)
                .certificateDir(certificates)
                .outputFormat(format)
                .worst(worst)
                .build();
        SparkSession.Builder b = SparkSession.builder().appName("collide4j certify dataset");
        if (master != null) {
            b.master(master);
        } else if (System.getProperty("spark.master") == null) {
            b.master("local[*]");
        }
        SparkSession spark = b.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            long t0 = System.nanoTime();
            CertifiedDataset d;
            try {
                d = certifier.certify(spark, inputs, out);
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.DATA_ERROR, e.getMessage());
            } catch (UncheckedIOException e) {
                throw new CliException(ExitCode.CANNOT_CREATE, e.getMessage());
            }
            DatasetSummary s = d.summary();
            double seconds = (System.nanoTime() - t0) / 1e9;
            stdout.print(s.toJson());
            stdout.printf(
                    Locale.ROOT,
                    "%d input rows: %d results, %d errors in %.1f s; written to %s%n",
                    s.inputRows(),
                    s.results(),
                    s.errors(),
                    seconds,
                    out);
            printFirstErrors(d.errors(), s.errors(), FIRST_ERRORS, out, stdout);
            return ExitCode.FREE.status();
        } finally {
            spark.stop();
        }
    }

    /** Errors printed after the summary, so that a user sees why rows failed without a Parquet reader. */
    static final int FIRST_ERRORS = 5;

    /**
     * The first {@code first} errors (by source, then id), one line each, and how many more there are in
     * {@code out/errors}; nothing when there are none.
     */
    static void printFirstErrors(Dataset<Row> errors, long count, int first, String out, PrintStream stdout) {
        if (count == 0) {
            return;
        }
        for (Row e : errors.orderBy("source", "id").limit(first).collectAsList()) {
            String id = e.getAs("id");
            int exit = e.getAs("exit_code");
            stdout.printf(
                    Locale.ROOT,
                    "error %s (%s, exit %d): %s%n",
                    id == null ? "(no id)" : id,
                    e.getAs("source"),
                    exit,
                    e.getAs("reason"));
        }
        if (count > first) {
            stdout.printf(Locale.ROOT, "... and %d more errors in %s%n", count - first, out + "/errors");
        }
    }

    /** Runs the job on a command line; never exits the JVM. */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        CertifyDataset job = new CertifyDataset();
        job.stdout = out;
        CommandLine cl = new CommandLine(job);
        cl.setExpandAtFiles(false);
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(argv);
            if (parsed.isUsageHelpRequested()) {
                cl.usage(out, CommandLine.Help.Ansi.OFF);
                return ExitCode.FREE.status();
            }
        } catch (CommandLine.ParameterException e) {
            err.println("collide4j-spark: " + e.getMessage().lines().findFirst().orElse("bad command line")
                    + " (see --help)");
            return ExitCode.USAGE.status();
        }
        try {
            return job.call();
        } catch (CliException e) {
            err.println("collide4j-spark: " + e.getMessage());
            return e.exitCode();
        } catch (RuntimeException e) {
            err.println("collide4j-spark: internal error: " + e);
            e.printStackTrace(err);
            return ExitCode.INTERNAL.status();
        }
    }

    public static void main(String[] argv) {
        System.exit(run(argv, System.out, System.err));
    }
}
