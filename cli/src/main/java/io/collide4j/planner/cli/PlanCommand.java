package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.planner.options.RobotSceneCommand;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.PlanResult;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.planner.plan.RrtConnect;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j plan}: RRT-Connect with certified edges and shortcutting, either from {@code --start}
 * to {@code --goal} in a scene, or on MotionBenchMaker problems ({@code --problems ZIP --scenario S|all
 * --index I --count N}) with a per-scenario table. Every returned path is re-checked edge by edge.
 * Exit: 0 solved (all solved), 1 start or goal not valid (single problem), 2 no certified path found.
 */
@Command(
        name = "plan",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "RRT-Connect with certified edges: --start/--goal in a scene, or MotionBenchMaker --problems.")
final class PlanCommand extends RobotSceneCommand {
    @Option(names = "--start", paramLabel = "a,b,..", description = "Start configuration of the planning group.")
    String start;

    @Option(names = "--goal", paramLabel = "a,b,..", description = "Goal configuration of the planning group.")
    String goal;

    @Option(names = "--out", paramLabel = "PATH.csv", description = "Write the certified path (with --start/--goal).")
    Path pathOut;

    @Option(
            names = "--problems",
            paramLabel = "ZIP",
            description = "MotionBenchMaker problem set (instead of --start/--goal).")
    Path problems;

    @Option(
            names = "--scenario",
            paramLabel = "S|all",
            description = "Scenario of --problems (default ${DEFAULT-VALUE}).")
    String scenario = "all";

    @Option(
            names = "--index",
            paramLabel = "I",
            description = "First problem of each scenario, from 1 (default ${DEFAULT-VALUE}).")
    int index = 1;

    @Option(names = "--count", paramLabel = "N", description = "Problems per scenario (default ${DEFAULT-VALUE}).")
    int count = 1;

    @Option(names = "--verbose", description = "One line per problem (with --problems).")
    boolean verbose;

    @Option(
            names = "--time-limit",
            paramLabel = "S",
            description = "Planning time limit in seconds (default ${DEFAULT-VALUE}).")
    double timeLimit = 10;

    @Option(names = "--range", paramLabel = "RAD", description = "RRT step length (default ${DEFAULT-VALUE}).")
    double range = 1.0;

    @Option(names = "--seed", paramLabel = "S", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--shortcut", paramLabel = "N", description = "Shortcutting attempts (default ${DEFAULT-VALUE}).")
    int shortcut = 100;

    @Option(
            names = "--eager-edges",
            description = "Prove every tree edge when it is added, instead of lazy edges (trees"
                    + " grow on sampled state checks and only the edges of a connecting path are proven). The returned path is"
                    + " proven edge by edge either way.")
    boolean eagerEdges;

    @Override
    public List<String> defaultsUsed() {
        return problems != null
                ? robot.defaultsUsed()
                : Stream.concat(robot.defaultsUsed().stream(), scene.defaultsUsed().stream())
                        .toList();
    }

    @Override
    public int run() {
        RobotOptions.readable("--problems", problems);
        PlanRequest.Builder settings = PlanRequest.builder()
                .timeLimitSeconds(timeLimit)
                .range(range)
                .seed(seed)
                .shortcutAttempts(shortcut)
                .lazyEdges(!eagerEdges);
        if (problems != null) {
            if (start != null || goal != null || pathOut != null || !scene.isDefault()) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--problems brings its own starts, goals and scenes:"
                                + " give it without --start, --goal, --out and --scene");
            }
            if (!robot.hold.isEmpty()) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--hold: with --problems each problem's start state gives the"
                                + " values of the joints outside the planning group");
            }
            return mbm(problems, settings);
        }
        if (start == null || goal == null) {
            throw new CliException(ExitCode.USAGE, "give --start and --goal (or --problems)");
        }
        Collide4j c = buildChecker();
        double[] start = RobotOptions.vector("--start", this.start, c.dimension());
        double[] goal = RobotOptions.vector("--goal", this.goal, c.dimension());
        for (double[][] q : new double[][][] {{start}, {goal}}) {
            if (!c.withinLimits(q[0])) {
                throw new CliException(
                        ExitCode.USAGE,
                        "" + (q[0] == start ? "--start" : "--goal")
                                + " is outside the joint limits " + Arrays.toString(c.lowerLimits()) + " .. "
                                + Arrays.toString(c.upperLimits()));
            }
        }
        if (!c.isValid(start) || !c.isValid(goal)) {
            out.println("INVALID: the " + (c.isValid(start) ? "goal" : "start") + " configuration is not certified free"
                    + " (margin " + Fixed.exact(c.margin()) + " m)");
            return ExitCode.VIOLATION.status();
        }
        CertifiedStateValidityChecker planning = c.planningStateValidityChecker();
        if (!planning.isValid(start) || !planning.isValid(goal)) {
            // valid at the margin, but certify reports the band (margin, margin + tolerance]: no path could certify
            out.println("INVALID: the " + (planning.isValid(start) ? "goal" : "start") + " configuration is within the"
                    + " certificate's tolerance band (not certified farther than the planning margin "
                    + Fixed.exact(c.planningMargin()) + " m = margin + 2 x tolerance)");
            return ExitCode.VIOLATION.status();
        }
        PlanRequest request;
        try {
            request = settings.start(start).goal(goal).space(c.jointSpace()).build();
        } catch (IllegalArgumentException e) { // a continuous joint's start or goal beyond ±2π
            throw new CliException(ExitCode.USAGE, "--start/--goal: " + e.getMessage(), e);
        }
        // planning margin (margin + 2 × tolerance): every path the planner returns certifies at the margin
        PlanResult r = new RrtConnect(c.planningStateValidityChecker(), c.planningMotionValidator()).plan(request);
        if (!r.solved()) {
            out.println("NOT SOLVED " + r.failureReason());
            return ExitCode.INCONCLUSIVE.status();
        }
        int edges = r.path().size() - 1;
        MotionStatus[] rechecks = ProblemRunner.recheckEdges(c, r.path());
        int certified = (int)
                Arrays.stream(rechecks).filter(st -> st == MotionStatus.FREE).count();
        Verdict whole = ProblemRunner.certifyPath(c, r.path());
        out.printf(
                Locale.ROOT,
                "SOLVED %d waypoints, length %.3f rad (%.3f before shortcutting), planning %.3f s,"
                        + " smoothing %.3f s, %d/%d edges re-certified free, path %s%n",
                r.path().size(),
                r.lengthAfter(),
                r.lengthBefore(),
                r.planningSeconds(),
                r.smoothingSeconds(),
                certified,
                edges,
                whole);
        if (pathOut != null) {
            writePath(pathOut, c.variableNames(), r.path());
            out.println("path written to " + pathOut);
        }
        return ProblemRunner.certified(whole, rechecks) ? ExitCode.FREE.status() : ExitCode.INCONCLUSIVE.status();
    }

    private int mbm(Path zip, PlanRequest.Builder settings) {
        MbmProblems set = load(zip.toString(), () -> new MbmProblems(zip));
        Collide4jBuilder robot = this.robot.builder();
        if (index < 1 || count < 1) {
            throw new CliException(ExitCode.USAGE, "--index and --count must be >= 1");
        }
        List<String> scenarios = scenario.equals("all") ? set.scenarios() : List.of(scenario);
        for (String s : scenarios) {
            if (!set.scenarios().contains(s)) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--scenario: " + zip + " has no scenario '" + s + "'; it has " + set.scenarios());
            }
        }
        Map<String, List<ProblemRunner.Run>> runs = new LinkedHashMap<>();
        Progress progress = Progress.of(this, "planning", (long) scenarios.size() * count);
        long done = 0;
        for (String s : scenarios) {
            List<ProblemRunner.Run> list = new ArrayList<>();
            for (MbmProblems.Problem p : set.load(s, index, count)) {
                Collide4j checker;
                try {
                    checker = ProblemRunner.checker(robot, p);
                } catch (IllegalArgumentException e) {
                    throw new CliException(
                            ExitCode.DATA_ERROR,
                            String.format(
                                    Locale.ROOT,
                                    "%s!problems/%s/request%04d.yaml: start state: %s",
                                    zip,
                                    s,
                                    p.index(),
                                    e.getMessage()),
                            e);
                }
                ProblemRunner.Run r;
                try {
                    r = ProblemRunner.run(checker, p, settings);
                } catch (IllegalArgumentException e) { // a continuous joint's start or goal beyond ±2π
                    throw new CliException(
                            ExitCode.DATA_ERROR,
                            String.format(
                                    Locale.ROOT,
                                    "%s!problems/%s/request%04d.yaml: %s",
                                    zip,
                                    s,
                                    p.index(),
                                    e.getMessage()),
                            e);
                }
                list.add(r);
                if (verbose || scenarios.size() * count == 1) {
                    out.println(describe(r));
                }
                progress.update(++done);
            }
            runs.put(s, list);
        }
        printTable(runs, out);
        boolean allSolved =
                runs.values().stream().flatMap(List::stream).allMatch(r -> r.outcome() == ProblemRunner.Outcome.SOLVED);
        if (allSolved) {
            return ExitCode.FREE.status();
        }
        boolean single = scenarios.size() * count == 1;
        ProblemRunner.Outcome only = runs.values().iterator().next().get(0).outcome();
        return single && only != ProblemRunner.Outcome.NOT_SOLVED
                ? ExitCode.VIOLATION.status()
                : ExitCode.INCONCLUSIVE.status();
    }

    static String describe(ProblemRunner.Run r) {
        String head = String.format(Locale.ROOT, "%s #%d: %s", r.scenario(), r.index(), r.outcome());
        if (r.plan() == null) {
            return head + " (the mesh-hull model cannot certify it free; MBM checked it against meshes)";
        }
        if (!r.plan().solved()) {
            return head + " (" + r.plan().failureReason() + ")";
        }
        return head
                + String.format(
                        Locale.ROOT,
                        " planning %.3f s + smoothing %.3f s, %d waypoints, %d/%d edges re-certified, path %s",
                        r.plan().planningSeconds(),
                        r.plan().smoothingSeconds(),
                        r.plan().path().size(),
                        r.certifiedEdges(),
                        r.edges(),
                        r.pathVerdict());
    }

    /** Per scenario: problems, invalid start/goal, solved, success over valid problems, median times. */
    static void printTable(Map<String, List<ProblemRunner.Run>> runs, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%-24s %8s %9s %8s %7s %8s %13s %13s%n",
                "scenario",
                "problems",
                "bad start",
                "bad goal",
                "solved",
                "success",
                "median plan s",
                "median total s");
        int[] total = new int[4];
        for (Map.Entry<String, List<ProblemRunner.Run>> e : runs.entrySet()) {
            int[] n = new int[4];
            List<Double> plan = new ArrayList<>();
            List<Double> all = new ArrayList<>();
            for (ProblemRunner.Run r : e.getValue()) {
                n[0]++;
                switch (r.outcome()) {
                    case INVALID_START -> n[1]++;
                    case INVALID_GOAL -> n[2]++;
                    case SOLVED -> {
                        n[3]++;
                        plan.add(r.plan().planningSeconds());
                        all.add(r.plan().planningSeconds() + r.plan().smoothingSeconds());
                    }
                    default -> {}
                }
            }
            for (int k = 0; k < 4; k++) {
                total[k] += n[k];
            }
            int valid = n[0] - n[1] - n[2];
            out.printf(
                    Locale.ROOT,
                    "%-24s %8d %9d %8d %7d %7.1f%% %13s %13s%n",
                    e.getKey(),
                    n[0],
                    n[1],
                    n[2],
                    n[3],
                    valid == 0 ? 0.0 : 100.0 * n[3] / valid,
                    median(plan),
                    median(all));
        }
        int valid = total[0] - total[1] - total[2];
        out.printf(
                Locale.ROOT,
                "%-24s %8d %9d %8d %7d %7.1f%%%n",
                "all",
                total[0],
                total[1],
                total[2],
                total[3],
                valid == 0 ? 0.0 : 100.0 * total[3] / valid);
    }

    private static String median(List<Double> xs) {
        if (xs.isEmpty()) {
            return "-";
        }
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double m = a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.3f", m);
    }

    private static void writePath(Path file, List<String> names, List<double[]> path) {
        StringBuilder sb =
                new StringBuilder("# collide4j plan: joint-space linear between rows, every edge certified free\n");
        sb.append(String.join(",", names)).append('\n');
        for (double[] q : path) {
            for (int i = 0; i < q.length; i++) {
                sb.append(i == 0 ? "" : ",").append(q[i]);
            }
            sb.append('\n');
        }
        try {
            Files.writeString(file, sb.toString());
        } catch (IOException e) {
            throw new CliException(ExitCode.CANNOT_CREATE, "--out: cannot write " + file + " (" + e.getMessage() + ")");
        }
    }
}
