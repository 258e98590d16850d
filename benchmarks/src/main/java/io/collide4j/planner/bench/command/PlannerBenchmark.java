package io.collide4j.planner.bench.command;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.PlanResult;
import io.collide4j.planner.plan.ProblemRunner;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code collide4j bench --planner}: RRT-Connect with certified edges ({@link ProblemRunner}) on MotionBenchMaker
 * problems, one thread, each with a time limit. A path counts as solved only when every edge re-checks free with
 * a fresh context and the whole path certifies {@code CERTIFIED_FREE} as a trajectory. Plan time is the planner's
 * own (sampling, extension, connection, the proofs of the returned edges; shortcutting reported apart), not the
 * checker's construction per problem (the set-up) nor the re-certification. Each problem is planned {@code repeat}
 * times on its checker (the planner is deterministic per seed: every repetition must return the same path, which is
 * re-certified once) and its times are the medians over the repetitions; an untimed warm-up plans the first problem
 * of each scenario before the timed pass, so that early problems do not pay for the JIT compiler. Per scenario and
 * overall: solved count, median and p90 over the solved problems, in µs as VAMP reports them.
 */
final class PlannerBenchmark {
    /** Per-problem CSV header ({@link #csvLine}). */
    static final String CSV_HEADER =
            "scenario,index,outcome,plan_s,shortcut_s,plan_cpu_s,shortcut_cpu_s,waypoints,edges,"
                    + "certified_edges,path_verdict,iterations,state_checks,motion_checks,problem_cpu_ms,repeats,"
                    + "motions_refused,nodes_scanned,samples_rejected,connects_skipped\n";

    /**
     * VAMP's RRT-Connect on the same 700 problems (issue 29: measured on a machine of this kind, 2 cores with AVX-512,
     * one thread, its evaluate_mbm.py settings), in µs: its planning timer (tree allocation excluded) and the CPU
     * time of the whole call, median and p90. A reference from another run: it places a result, a same-run
     * measurement proves one.
     */
    record VampReference(double planMedianUs, double planP90Us, double callCpuMedianUs, double callCpuP90Us) {
        static final VampReference ISSUE_29 = new VampReference(65, 340, 88, 337);
    }

    /**
     * One problem's run; its plan, plan CPU and call CPU (plan + shortcut) times in µs, each the median over the
     * repetitions (NaN without a plan); and this thread's CPU time over all of it (the repetitions, re-certification;
     * CSV only).
     */
    record Timed(
            ProblemRunner.Run run, double planUs, double planCpuUs, double callCpuUs, int repeats, double cpuMillis) {}

    private PlannerBenchmark() {}

    /**
     * Every run, by scenario: {@code repeat} ≥ 1 plans per problem, after {@code warmupSeconds} of untimed planning
     * (at least one plan of each scenario's first problem when positive). Throws when a repetition returns a path
     * other than the first's.
     */
    static Map<String, List<Timed>> run(
            MbmProblems set,
            List<String> scenarios,
            int firstCount,
            Collide4jBuilder robot,
            PlanRequest.Builder settings,
            int repeat,
            double warmupSeconds,
            Progress progress,
            StringBuilder csv) {
        warmUp(set, scenarios, robot, settings, warmupSeconds);
        Map<String, List<Timed>> runs = new LinkedHashMap<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported();
        long total = 0;
        for (String s : scenarios) {
            total += firstCount < 0 ? set.count(s) : firstCount;
        }
        long done = 0;
        for (String s : scenarios) {
            List<Timed> list = new ArrayList<>();
            int count = firstCount < 0 ? set.count(s) : firstCount;
            for (MbmProblems.Problem p : set.load(s, 1, count)) {
                Collide4j c = ProblemRunner.checker(robot, p);
                long c0 = cpu ? threads.getCurrentThreadCpuTime() : 0;
                ProblemRunner.Run r = ProblemRunner.run(c, p, settings);
                List<PlanResult> plans = new ArrayList<>();
                if (r.plan() != null) {
                    plans.add(r.plan());
                    for (int k = 1; k < repeat; k++) {
                        PlanResult again = ProblemRunner.plan(c, p, settings);
                        if (!samePath(again, r.plan())) {
                            throw new CliException(
                                    ExitCode.INTERNAL,
                                    s + " problem " + r.index() + ": repetition " + (k + 1)
                                            + " planned another path than the first (the planner must be deterministic per seed)");
                        }
                        plans.add(again);
                    }
                }
                Timed t = new Timed(
                        r,
                        median(plans, x -> 1e6 * x.planningSeconds()),
                        median(plans, x -> 1e6 * x.planningCpuSeconds()),
                        median(plans, x -> 1e6 * (x.planningCpuSeconds() + x.smoothingCpuSeconds())),
                        plans.size(),
                        cpu ? (threads.getCurrentThreadCpuTime() - c0) / 1e6 : Double.NaN);
                list.add(t);
                if (csv != null) {
                    csv.append(csvLine(t));
                }
                if (progress != null) {
                    progress.update(++done);
                }
            }
            runs.put(s, list);
        }
        if (progress != null && done < total) {
            progress.stop();
        }
        return runs;
    }

    /** Plans each scenario's first problem in turn, untimed and not re-certified, until the time is up. */
    private static void warmUp(
            MbmProblems set,
            List<String> scenarios,
            Collide4jBuilder robot,
            PlanRequest.Builder settings,
            double seconds) {
        if (!(seconds > 0)) {
            return;
        }
        List<Collide4j> checkers = new ArrayList<>();
        List<MbmProblems.Problem> problems = new ArrayList<>();
        for (String s : scenarios) {
            MbmProblems.Problem p = set.load(s, 1, 1).get(0);
            problems.add(p);
            checkers.add(ProblemRunner.checker(robot, p));
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
            for (int i = 0; i < problems.size(); i++) {
                ProblemRunner.plan(checkers.get(i), problems.get(i), settings);
            }
        } while (System.nanoTime() < end);
    }

    private static boolean samePath(PlanResult a, PlanResult b) {
        return a != null
                && a.solved() == b.solved()
                && Arrays.deepEquals(a.path().toArray(), b.path().toArray());
    }

    private static double median(List<PlanResult> plans, java.util.function.ToDoubleFunction<PlanResult> f) {
        return plans.isEmpty()
                ? Double.NaN
                : EdgeBenchmark.median(plans.stream().mapToDouble(f).toArray());
    }

    static String csvLine(Timed t) {
        ProblemRunner.Run r = t.run();
        PlanResult p = r.plan();
        if (p == null) {
            return String.format(
                    Locale.ROOT,
                    "%s,%d,%s,,,,,,,,,,,,%.3f,0,,,,%n",
                    r.scenario(),
                    r.index(),
                    r.outcome(),
                    t.cpuMillis());
        }
        return String.format(
                Locale.ROOT,
                "%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%d,%d,%d,%s,%d,%d,%d,%.3f,%d,%d,%d,%d,%d%n",
                r.scenario(),
                r.index(),
                r.outcome(),
                t.planUs() / 1e6,
                p.smoothingSeconds(),
                t.planCpuUs() / 1e6,
                (t.callCpuUs() - t.planCpuUs()) / 1e6,
                p.path().size(),
                r.edges(),
                r.certifiedEdges(),
                r.pathVerdict() == null ? "" : r.pathVerdict(),
                p.iterations(),
                p.stateChecks(),
                p.motionChecks(),
                t.cpuMillis(),
                t.repeats(),
                p.motionsRefused(),
                p.nodesScanned(),
                p.samplesRejected(),
                p.connectsSkipped());
    }

    /** Paths the planner returned that did not re-certify (a bug in the certified edges if ever non-zero). */
    static int uncertifiedPaths(Map<String, List<Timed>> runs) {
        int n = 0;
        for (List<Timed> list : runs.values()) {
            for (Timed t : list) {
                ProblemRunner.Run r = t.run();
                boolean planned = r.plan() != null && r.plan().solved();
                n += planned && r.outcome() != ProblemRunner.Outcome.SOLVED ? 1 : 0;
            }
        }
        return n;
    }

    /** The table: per scenario and overall, times in µs over the solved problems, then the ratios to VAMP. */
    static void print(Map<String, List<Timed>> runs, double timeLimit, int repeat, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%-24s %8s %9s %8s %7s %11s %10s %10s %11s %10s %11s %10s%n",
                "scenario",
                "problems",
                "bad start",
                "bad goal",
                "solved",
                "recertified",
                "plan us",
                "(p90)",
                "plan cpu us",
                "(p90)",
                "call cpu us",
                "(p90)");
        List<Timed> all = new ArrayList<>();
        for (Map.Entry<String, List<Timed>> e : runs.entrySet()) {
            row(e.getKey(), e.getValue(), out);
            all.addAll(e.getValue());
        }
        double[][] q = row("all", all, out);
        out.printf(
                Locale.ROOT,
                "plan us: RRT-Connect from the call until the path is connected and its edges proven,"
                        + " wall clock (set-up, the checker's construction, excluded; VAMP's planning timer); plan cpu us: the"
                        + " same in this thread's CPU time (no waiting for a core); call cpu us: the whole call, shortcutting"
                        + " included (VAMP's whole-call CPU); per problem the median of %d plans, then median and p90 over"
                        + " solved problems; time limit %.1f s per problem (wall clock); recertified: every edge free again and"
                        + " the path %s%n",
                repeat,
                timeLimit,
                Verdict.CERTIFIED_FREE);
        VampReference v = VampReference.ISSUE_29;
        out.printf(
                Locale.ROOT,
                "vs VAMP (issue 29 reference, another run, same machine kind): plan cpu median %s x"
                        + " VAMP's whole call (%.0f us; target <= 3 x), p90 %s x (%.0f us; target <= 5 x); call cpu"
                        + " median %s x, p90 %s x; plan median %s x VAMP's planning timer (%.0f us), p90 %s x (%.0f us)%n",
                ratio(q[1][0], v.callCpuMedianUs()),
                v.callCpuMedianUs(),
                ratio(q[1][1], v.callCpuP90Us()),
                v.callCpuP90Us(),
                ratio(q[2][0], v.callCpuMedianUs()),
                ratio(q[2][1], v.callCpuP90Us()),
                ratio(q[0][0], v.planMedianUs()),
                v.planMedianUs(),
                ratio(q[0][1], v.planP90Us()),
                v.planP90Us());
    }

    /** Prints one row; returns median and p90 of plan, plan cpu and call cpu µs. */
    private static double[][] row(String label, List<Timed> timed, PrintStream out) {
        int badStart = 0, badGoal = 0, solved = 0;
        List<Double> plan = new ArrayList<>();
        List<Double> planCpu = new ArrayList<>();
        List<Double> callCpu = new ArrayList<>();
        List<ProblemRunner.Run> runs = timed.stream().map(Timed::run).toList();
        for (Timed t : timed) {
            switch (t.run().outcome()) {
                case INVALID_START -> badStart++;
                case INVALID_GOAL -> badGoal++;
                case SOLVED -> {
                    solved++;
                    plan.add(t.planUs());
                    planCpu.add(t.planCpuUs());
                    callCpu.add(t.callCpuUs());
                }
                default -> {}
            }
        }
        long planned =
                runs.stream().filter(r -> r.plan() != null && r.plan().solved()).count();
        double[][] q = {
            {quantile(plan, 0.5), quantile(plan, 0.9)},
            {quantile(planCpu, 0.5), quantile(planCpu, 0.9)},
            {quantile(callCpu, 0.5), quantile(callCpu, 0.9)}
        };
        out.printf(
                Locale.ROOT,
                "%-24s %8d %9d %8d %7d %11s %10s %10s %11s %10s %11s %10s%n",
                label,
                runs.size(),
                badStart,
                badGoal,
                solved,
                solved + "/" + planned,
                fmt(q[0][0]),
                fmt(q[0][1]),
                fmt(q[1][0]),
                fmt(q[1][1]),
                fmt(q[2][0]),
                fmt(q[2][1]));
        return q;
    }

    private static String fmt(double us) {
        return Double.isNaN(us) ? "-" : String.format(Locale.ROOT, "%.0f", us);
    }

    private static String ratio(double us, double reference) {
        return Double.isNaN(us) ? "-" : String.format(Locale.ROOT, "%.1f", us / reference);
    }

    /** The median (q = 0.5, midpoint of the two middle values for an even count) or nearest-rank quantile; NaN if empty. */
    static double quantile(List<Double> xs, double q) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        if (q == 0.5) {
            return EdgeBenchmark.median(a);
        }
        Arrays.sort(a);
        return a[Math.max(0, (int) Math.ceil(q * a.length) - 1)];
    }
}
