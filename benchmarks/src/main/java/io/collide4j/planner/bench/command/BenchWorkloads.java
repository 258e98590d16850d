package io.collide4j.planner.bench.command;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.planner.plan.BenchmarkEdges;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.Sampler;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The MotionBenchMaker workloads of {@code collide4j bench} (a picocli mixin; issue 17): {@code --edges} (planner
 * edges, {@link EdgeBenchmark}), {@code --planner} (RRT-Connect on the problems, {@link PlannerBenchmark}) and
 * {@code --cases FILE} (discrete checks on the FCL harness's configurations, {@link CaseBenchmark}); with any of
 * them {@code bench} prints their tables instead of its throughput table. Same-run comparisons with FCL:
 * {@code tests/peers/run-arm-bench.sh}.
 */
final class BenchWorkloads {
    /** The problem set in the repository, relative to its root. */
    static final String DEFAULT_PROBLEMS = "tests/data/vamp/resources/panda/problems.zip";

    @Option(
            names = "--edges",
            description = "Planner edges on MotionBenchMaker problems: isMotionFree and checkMotion medians.")
    boolean edges;

    @Option(
            names = "--planner",
            description = "RRT-Connect with certified edges on MotionBenchMaker problems: solved,"
                    + " median and p90 plan time, every path re-certified.")
    boolean planner;

    @Option(
            names = "--cases",
            paramLabel = "FILE",
            description = "Discrete checks of the configurations of the FCL"
                    + " harness's cases.csv (shared/peers/arm-bench), each in its problem's scene.")
    Path cases;

    @Option(
            names = "--problems",
            paramLabel = "ZIP",
            description = "MotionBenchMaker problem set for --edges, --planner," + " --cases, --verify (default "
                    + DEFAULT_PROBLEMS + ", from the repository root).")
    Path problems;

    @Option(
            names = "--scenario",
            paramLabel = "S|all",
            description = "Scenario of --problems (default ${DEFAULT-VALUE}).")
    String scenario = "all";

    @Option(
            names = "--per-scenario",
            paramLabel = "N|all",
            description = "First N problems of each scenario, or all"
                    + " (default ${DEFAULT-VALUE}; MotionBenchMaker has 100 per scenario).")
    String perScenario = String.valueOf(BenchmarkEdges.DEFAULT_PER_SCENARIO);

    @Option(
            names = "--free-per-end",
            paramLabel = "N",
            description = "--edges: free edges per problem start and goal" + " (default ${DEFAULT-VALUE}).")
    int freePerEnd = BenchmarkEdges.DEFAULT_FREE_PER_END;

    @Option(
            names = "--repeat",
            paramLabel = "N",
            description = "--edges, --cases: timed runs after the warm-up;"
                    + " --planner: plans per problem, its times the medians (default ${DEFAULT-VALUE}).")
    int repeat = 5;

    @Option(
            names = "--warmup",
            paramLabel = "S",
            description = "--edges, --planner: untimed warm-up in seconds before"
                    + " the timed runs, at least one pass over the edges or each scenario's first problem (default"
                    + " ${DEFAULT-VALUE}).")
    double warmup = 3;

    @Option(
            names = "--edges-out",
            paramLabel = "FILE",
            description =
                    "--edges: write the edges in the FCL harness's" + " --edge-list format (id,scene,q0_1..,q1_1..).")
    Path edgesOut;

    @Option(
            names = "--edge-list",
            paramLabel = "FILE",
            description = "--edges: time the edges of this list (the"
                    + " --edges-out format, e.g. an earlier run's) instead of generating them.")
    Path edgeList;

    @Option(
            names = "--edge-times",
            paramLabel = "FILE",
            description = "--edges: write per-edge verdicts and median times (CSV).")
    Path edgeTimes;

    @Option(
            names = "--time-limit",
            paramLabel = "S",
            description = "--planner: planning time limit per problem in seconds" + " (default ${DEFAULT-VALUE}).")
    double timeLimit = 10;

    @Option(names = "--planner-csv", paramLabel = "FILE", description = "--planner: write one line per problem (CSV).")
    Path plannerCsv;

    @Option(
            names = "--eager-edges",
            description = "--planner: prove every tree edge when it is added (plan --eager-edges)"
                    + " instead of lazy edges.")
    boolean eagerEdges;

    @Option(
            names = "--sampler",
            paramLabel = "uniform|halton",
            description = "--planner: how RRT-Connect draws its" + " samples (default: PlanRequest's).")
    String sampler;

    @Option(
            names = "--plain-rrt-connect",
            description = "--planner: the trees take turns, no dynamic domain, every connect tried (RRT-Connect"
                    + " without PlanRequest's balanced trees, dynamic domains and refused-connect memory), for"
                    + " comparison.")
    boolean plainRrtConnect;

    /** The problem set given with {@code --problems}, else the default (relative to the repository root). */
    Path problemSet() {
        return problems != null ? problems : Path.of(DEFAULT_PROBLEMS);
    }

    boolean any() {
        return edges || planner || cases != null;
    }

    int run(BenchCommand command, long seed) {
        if (!command.scene.isDefault() || !command.robot.hold.isEmpty()) {
            throw new CliException(
                    ExitCode.USAGE,
                    "--edges, --planner and --cases use each problem's scene and start"
                            + " state: give them without --scene and --hold");
        }
        int first = perScenario();
        if (freePerEnd < 0 || repeat < 1 || !(timeLimit > 0) || !(warmup >= 0 && warmup <= 3600)) {
            throw new CliException(
                    ExitCode.USAGE,
                    "--free-per-end must be >= 0, --repeat >= 1, --time-limit > 0 and" + " --warmup in [0, 3600] s");
        }
        Path zip = problemSet();
        if (!Files.isReadable(zip)) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    "--problems: " + zip + " not found or unreadable"
                            + (problems == null
                                    ? " (the default, relative to the repository root; give --problems)"
                                    : ""));
        }
        RobotOptions.readable("--cases", cases);
        List<CaseBenchmark.Case> rows =
                cases == null ? null : CliCommand.load(cases.toString(), () -> CaseBenchmark.read(cases));
        MbmProblems set = CliCommand.load(zip.toString(), () -> new MbmProblems(zip));
        List<String> scenarios = scenario.equals("all") ? set.scenarios() : List.of(scenario);
        for (String s : scenarios) {
            if (!set.scenarios().contains(s)) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--scenario: " + zip + " has no scenario '" + s + "'; it has " + set.scenarios());
            }
            if (first > set.count(s)) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--per-scenario " + first + ": scenario " + s + " has " + set.count(s) + " problems");
            }
        }
        Collide4jBuilder robot = command.robot.builder();
        int code = ExitCode.FREE.status();
        if (edges) {
            code = Math.max(code, edges(command, set, scenarios, first < 0 ? Integer.MAX_VALUE : first, robot, seed));
        }
        if (cases != null) {
            code = Math.max(code, cases(command, set, rows, robot));
        }
        if (planner) {
            code = Math.max(code, planner(command, set, scenarios, first, robot, seed));
        }
        return code;
    }

    /** {@code --per-scenario}: a count >= 1, or -1 for all. */
    private int perScenario() {
        if (perScenario.equals("all")) {
            return -1;
        }
        try {
            int n = Integer.parseInt(perScenario.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new CliException(
                ExitCode.USAGE, "--per-scenario expects a count >= 1 or 'all', got '" + perScenario + "'");
    }

    private int edges(
            BenchCommand command,
            MbmProblems set,
            List<String> scenarios,
            int first,
            Collide4jBuilder robot,
            long seed) {
        int perScenario = first;
        for (String s : scenarios) {
            perScenario = Math.min(perScenario, set.count(s));
        }
        Progress progress = Progress.of(command, "edges", repeat);
        BenchmarkEdges w;
        if (edgeList != null) {
            RobotOptions.readable("--edge-list", edgeList);
            try {
                w = BenchmarkEdges.read(edgeList, set, robot);
            } catch (IOException e) {
                throw new CliException(
                        ExitCode.NO_INPUT, "--edge-list: cannot read " + edgeList + " (" + e.getMessage() + ")");
            }
        } else {
            w = BenchmarkEdges.generate(set, scenarios, perScenario, robot, freePerEnd, seed);
        }
        if (edgesOut != null) {
            write(edgesOut, "--edges-out", out -> w.writeFclEdgeList(out));
        }
        EdgeBenchmark.Result r = EdgeBenchmark.measure(w, repeat, warmup, progress);
        if (edgeTimes != null) {
            write(edgeTimes, "--edge-times", out -> out.write(EdgeBenchmark.timingsCsv(r)));
        }
        var out = command.out;
        if (w.edges().isEmpty()) {
            throw new CliException(ExitCode.DATA_ERROR, edgeList + ": no edges");
        }
        String source = edgeList != null
                ? "edges of " + edgeList
                : String.format(
                        Locale.ROOT,
                        "first %d of %s, seed %d," + " free edges %.1f-%.1f rad, %d per problem end",
                        perScenario,
                        scenarios.size() == 1 ? scenarios.get(0) : scenarios.size() + " scenarios",
                        seed,
                        BenchmarkEdges.MIN_LENGTH,
                        BenchmarkEdges.MAX_LENGTH,
                        freePerEnd);
        out.printf(
                Locale.ROOT,
                "collide4j bench --edges: %s; %d problems (%s); medians over %d timed runs after"
                        + " %.1f s of warm-up, one thread%n",
                w.checkers().get(0),
                w.problems().size(),
                source,
                repeat,
                warmup);
        if (!w.skippedEnds().isEmpty()) {
            out.println("no free edges from ends this model cannot certify valid: " + w.skippedEnds());
        }
        EdgeBenchmark.print(r, out);
        out.println("timing: " + r.timing());
        if (edgesOut != null) {
            out.println("edge list (FCL harness --edge-list format) written to " + edgesOut);
        }
        if (r.disagreements() != 0) {
            out.println(r.disagreements() + " edges where isMotionFree and checkMotion give different verdicts (the"
                    + " checker allows this only within the tolerance band; the verdicts column is checkMotion's)");
        }
        return ExitCode.FREE.status();
    }

    private int cases(BenchCommand command, MbmProblems set, List<CaseBenchmark.Case> rows, Collide4jBuilder robot) {
        Map<String, Collide4j> checkers = CaseBenchmark.checkers(set, rows, robot, cases);
        command.out.printf(
                Locale.ROOT,
                "collide4j bench --cases %s: %d configurations in %d scenes; medians over %d timed"
                        + " runs, one thread%n",
                cases,
                rows.size(),
                checkers.size(),
                repeat);
        CaseBenchmark.measure(rows, checkers, repeat, Progress.of(command, "cases", repeat), command.out);
        return ExitCode.FREE.status();
    }

    private int planner(
            BenchCommand command,
            MbmProblems set,
            List<String> scenarios,
            int first,
            Collide4jBuilder robot,
            long seed) {
        PlanRequest.Builder settings =
                PlanRequest.builder().timeLimitSeconds(timeLimit).seed(seed).lazyEdges(!eagerEdges);
        Sampler chosen = sampler == null
                ? PlanRequest.DEFAULT_SAMPLER
                : switch (sampler) {
                    case "uniform" -> Sampler.UNIFORM;
                    case "halton" -> Sampler.HALTON;
                    default ->
                        throw new CliException(
                                ExitCode.USAGE, "--sampler expects uniform or halton, got '" + sampler + "'");
                };
        settings.sampler(chosen);
        if (plainRrtConnect) {
            settings.balanceTrees(false)
                    .dynamicDomainRadius(Double.POSITIVE_INFINITY)
                    .rememberRefusedConnects(false);
        }
        long total = 0;
        for (String s : scenarios) {
            total += first < 0 ? set.count(s) : first;
        }
        StringBuilder csv = plannerCsv == null ? null : new StringBuilder(PlannerBenchmark.CSV_HEADER);
        Map<String, List<PlannerBenchmark.Timed>> runs = PlannerBenchmark.run(
                set, scenarios, first, robot, settings, repeat, warmup, Progress.of(command, "planning", total), csv);
        if (csv != null) {
            write(plannerCsv, "--planner-csv", out -> out.write(csv.toString()));
        }
        command.out.printf(
                Locale.ROOT,
                "collide4j bench --planner: RRT-Connect (PlanRequest defaults, %s edges, %s sampler,%s"
                        + " seed %d), every"
                        + " edge of a returned path certified; %d problems (%s of %s), %d plans each after %.1f s of"
                        + " warm-up, one thread%n",
                eagerEdges ? "eager" : "lazy",
                chosen.name().toLowerCase(Locale.ROOT),
                plainRrtConnect ? " trees taking turns, no dynamic domain, every connect tried," : "",
                seed,
                total,
                first < 0 ? "all" : "first " + first,
                scenarios.size() == 1 ? scenarios.get(0) : scenarios.size() + " scenarios",
                repeat,
                warmup);
        PlannerBenchmark.print(runs, timeLimit, repeat, command.out);
        int bad = PlannerBenchmark.uncertifiedPaths(runs);
        if (bad != 0) {
            throw new CliException(ExitCode.INTERNAL, bad + " planned paths did not re-certify free");
        }
        return ExitCode.FREE.status();
    }

    private interface Output {
        void to(Writer w) throws IOException;
    }

    private static void write(Path file, String option, Output content) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            content.to(w);
        } catch (IOException e) {
            throw new CliException(
                    ExitCode.CANNOT_CREATE, option + ": cannot write " + file + " (" + e.getMessage() + ")");
        }
    }
}
