package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.Collide4j;
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
 * own (sampling, extension, connection; shortcutting reported apart), not the checker's construction per problem
 * nor the re-certification. Per scenario and overall: solved count, median and p90 over the solved problems.
 */
final class PlannerBenchmark {
    /** Per-problem CSV header ({@link #csvLine}). */
    static final String CSV_HEADER = "scenario,index,outcome,plan_s,shortcut_s,plan_cpu_s,shortcut_cpu_s,waypoints,edges,"
            + "certified_edges,path_verdict,iterations,state_checks,motion_checks,problem_cpu_ms\n";

    /** One problem's run and this thread's CPU time over all of it (planning, shortcutting, re-certification; CSV only). */
    record Timed(ProblemRunner.Run run, double cpuMillis) {
    }

    private PlannerBenchmark() {
    }

    /** Every run, by scenario. */
    static Map<String, List<Timed>> run(MbmProblems set, List<String> scenarios, int firstCount,
                                                    Collide4j.Builder robot, PlanRequest.Builder settings,
                                                    Progress progress, StringBuilder csv) {
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
                Timed t = new Timed(r, cpu ? (threads.getCurrentThreadCpuTime() - c0) / 1e6 : Double.NaN);
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

    static String csvLine(Timed t) {
        ProblemRunner.Run r = t.run();
        PlanResult p = r.plan();
        if (p == null) {
            return String.format(Locale.ROOT, "%s,%d,%s,,,,,,,,,,,,%.3f%n", r.scenario(), r.index(), r.outcome(), t.cpuMillis());
        }
        return String.format(Locale.ROOT, "%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%d,%d,%d,%s,%d,%d,%d,%.3f%n", r.scenario(), r.index(),
                r.outcome(), p.planningSeconds(), p.smoothingSeconds(), p.planningCpuSeconds(), p.smoothingCpuSeconds(),
                p.path().size(), r.edges(), r.certifiedEdges(),
                r.pathVerdict() == null ? "" : r.pathVerdict(), p.iterations(), p.stateChecks(), p.motionChecks(),
                t.cpuMillis());
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

    /** The table: per scenario and overall. Times in ms over the solved problems. */
    static void print(Map<String, List<Timed>> runs, double timeLimit, PrintStream out) {
        out.printf(Locale.ROOT, "%-24s %8s %9s %8s %7s %11s %10s %10s %10s %10s %10s %10s%n", "scenario", "problems",
                "bad start", "bad goal", "solved", "recertified", "plan ms", "(p90)", "plan cpu ms", "(p90)", "+shortcut",
                "(p90)");
        List<Timed> all = new ArrayList<>();
        for (Map.Entry<String, List<Timed>> e : runs.entrySet()) {
            row(e.getKey(), e.getValue(), out);
            all.addAll(e.getValue());
        }
        row("all", all, out);
        out.printf(Locale.ROOT, "plan ms: RRT-Connect until connected, wall clock; plan cpu ms: the same in this thread's CPU"
                + " time (no waiting for a core); +shortcut: CPU time with shortcutting; median and p90 over solved problems;"
                + " time limit %.1f s per problem (wall clock); recertified: every edge free again and the path %s%n",
                timeLimit, Verdict.CERTIFIED_FREE);
    }

    private static void row(String label, List<Timed> timed, PrintStream out) {
        int badStart = 0, badGoal = 0, solved = 0;
        List<Double> plan = new ArrayList<>();
        List<Double> planCpu = new ArrayList<>();
        List<Double> totalCpu = new ArrayList<>();
        List<ProblemRunner.Run> runs = timed.stream().map(Timed::run).toList();
        for (Timed t : timed) {
            ProblemRunner.Run r = t.run();
            switch (r.outcome()) {
                case INVALID_START -> badStart++;
                case INVALID_GOAL -> badGoal++;
                case SOLVED -> {
                    solved++;
                    plan.add(1e3 * r.plan().planningSeconds());
                    planCpu.add(1e3 * r.plan().planningCpuSeconds());
                    totalCpu.add(1e3 * (r.plan().planningCpuSeconds() + r.plan().smoothingCpuSeconds()));
                }
                default -> { }
            }
        }
        long planned = runs.stream().filter(r -> r.plan() != null && r.plan().solved()).count();
        out.printf(Locale.ROOT, "%-24s %8d %9d %8d %7d %11s %10s %10s %10s %10s %10s %10s%n", label, runs.size(), badStart,
                badGoal, solved, solved + "/" + planned, fmt(quantile(plan, 0.5)), fmt(quantile(plan, 0.9)),
                fmt(quantile(planCpu, 0.5)), fmt(quantile(planCpu, 0.9)), fmt(quantile(totalCpu, 0.5)),
                fmt(quantile(totalCpu, 0.9)));
    }

    private static String fmt(double ms) {
        return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.2f", ms);
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
