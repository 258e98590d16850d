package io.collide4j.planner.bench.command;

import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.plan.BenchmarkEdges;
import io.collide4j.planner.plan.BenchmarkEdges.Edge;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code collide4j bench --edges}: the two motion queries on the {@link BenchmarkEdges} workload, one thread,
 * wall clock per call ({@code System.nanoTime}): the boolean {@code isMotionFree} (what a planner asks) and the
 * earliest-contact {@code checkMotion} (lastValid, certificates). One untimed pass first, which also counts the
 * edges where the two queries give different verdicts (allowed only within the tolerance band); then
 * {@code repeat} timed runs with the order of the two queries alternating; a call during which the thread was
 * switched out is timed again ({@link CleanTimer}). Per group of edges the table gives
 * the median over runs of each run's median and mean (the FCL harness's convention). Groups: the free edges,
 * and the start→goal edges by their verdict.
 */
final class EdgeBenchmark {
    /** Row labels of the table (one word each, for scripts). */
    enum Group {
        FREE("free"),
        START_GOAL_BLOCKED("startgoal-blocked"),
        START_GOAL_FREE("startgoal-free"),
        START_GOAL_INCONCLUSIVE("startgoal-inconclusive");

        final String label;

        Group(String label) {
            this.label = label;
        }
    }

    /** One edge's verdict and its median times over the runs (µs). */
    record EdgeTiming(
            Edge edge, MotionStatus verdict, Group group, double isMotionFreeMicros, double checkMotionMicros) {}

    /** The result: per-edge timings and, per group, [isMotionFree median, mean, checkMotion median, mean] in µs. */
    record Result(List<EdgeTiming> edges, Map<Group, double[]> summary, int disagreements, String timing) {}

    private EdgeBenchmark() {}

    /**
     * Times every edge {@code repeat} times after an untimed warm-up of at least {@code warmupSeconds} (whole passes
     * over the edges; the first also gives the verdicts). One pass is not enough on one core: the JIT compiles the
     * query's hot methods on the same core while the first timed runs would be going, so timing starts once it has
     * had time to finish (a planner's steady state, not its start-up).
     */
    static Result measure(BenchmarkEdges w, int repeat, double warmupSeconds, Progress progress) {
        List<Edge> edges = w.edges();
        List<Collide4j> checkers = w.checkers();
        int n = edges.size();
        MotionStatus[] verdicts = new MotionStatus[n];
        int disagreements = 0;
        for (int i = 0; i < n; i++) { // untimed warm-up pass, and the verdicts
            Edge e = edges.get(i);
            Collide4j c = checkers.get(e.problem());
            MotionResult full = c.checkMotion(e.q0(), e.q1());
            MotionStatus fast = c.isMotionFree(e.q0(), e.q1());
            verdicts[i] = full.status();
            if (full.status() != fast) {
                disagreements++;
            }
        }
        long warmEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
        while (System.nanoTime() - warmEnd < 0) {
            for (Edge e : edges) {
                Collide4j c = checkers.get(e.problem());
                c.checkMotion(e.q0(), e.q1());
                c.isMotionFree(e.q0(), e.q1());
            }
        }
        double[][] fastNs = new double[repeat][n];
        double[][] fullNs = new double[repeat][n];
        double[][] q0 = new double[n][];
        double[][] q1 = new double[n][];
        for (int i = 0; i < n; i++) {
            q0[i] = edges.get(i).q0();
            q1[i] = edges.get(i).q1();
        }
        CleanTimer timer = new CleanTimer();
        for (int r = 0; r < repeat; r++) {
            for (int i = 0; i < n; i++) {
                Collide4j c = checkers.get(edges.get(i).problem());
                double[] a = q0[i];
                double[] b = q1[i];
                for (int k = 0; k < 2; k++) {
                    boolean fast = (k + r + i) % 2 == 0;
                    (fast ? fastNs : fullNs)[r][i] =
                            fast ? timer.nanos(() -> c.isMotionFree(a, b)) : timer.nanos(() -> c.checkMotion(a, b));
                }
            }
            progress.update(r + 1);
        }
        List<EdgeTiming> timings = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] f = new double[repeat];
            double[] g = new double[repeat];
            for (int r = 0; r < repeat; r++) {
                f[r] = fastNs[r][i] / 1e3;
                g[r] = fullNs[r][i] / 1e3;
            }
            timings.add(
                    new EdgeTiming(edges.get(i), verdicts[i], group(edges.get(i), verdicts[i]), median(f), median(g)));
        }
        Map<Group, double[]> summary = new EnumMap<>(Group.class);
        for (Group g : Group.values()) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (timings.get(i).group() == g) {
                    members.add(i);
                }
            }
            if (members.isEmpty()) {
                continue;
            }
            double[][] perRun = new double[4][repeat]; // fast median, fast mean, full median, full mean
            for (int r = 0; r < repeat; r++) {
                double[] f = new double[members.size()];
                double[] h = new double[members.size()];
                for (int m = 0; m < f.length; m++) {
                    f[m] = fastNs[r][members.get(m)] / 1e3;
                    h[m] = fullNs[r][members.get(m)] / 1e3;
                }
                perRun[0][r] = median(f);
                perRun[1][r] = mean(f);
                perRun[2][r] = median(h);
                perRun[3][r] = mean(h);
            }
            summary.put(g, new double[] {median(perRun[0]), median(perRun[1]), median(perRun[2]), median(perRun[3])});
        }
        return new Result(timings, summary, disagreements, timer.summary());
    }

    private static Group group(Edge e, MotionStatus verdict) {
        if (e.kind() == BenchmarkEdges.Kind.FREE) {
            return Group.FREE;
        }
        return switch (verdict) {
            case FREE -> Group.START_GOAL_FREE;
            case COLLISION -> Group.START_GOAL_BLOCKED;
            case INCONCLUSIVE -> Group.START_GOAL_INCONCLUSIVE;
        };
    }

    /** The table: one row per group of edges. */
    static void print(Result r, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%-24s %6s %13s %12s %12s %12s %12s  %s%n",
                "edges",
                "count",
                "length rad",
                "isMotionFree",
                "(mean)",
                "checkMotion",
                "(mean)",
                "verdicts");
        for (Group g : Group.values()) {
            double[] s = r.summary().get(g);
            if (s == null) {
                continue;
            }
            List<EdgeTiming> members =
                    r.edges().stream().filter(t -> t.group() == g).toList();
            double lo =
                    members.stream().mapToDouble(t -> t.edge().length()).min().orElse(0);
            double hi =
                    members.stream().mapToDouble(t -> t.edge().length()).max().orElse(0);
            Map<MotionStatus, Integer> counts = new EnumMap<>(MotionStatus.class);
            members.forEach(t -> counts.merge(t.verdict(), 1, Integer::sum));
            out.printf(
                    Locale.ROOT,
                    "%-24s %6d %6.2f-%-6.2f %9.1f us %9.1f us %9.1f us %9.1f us  %s%n",
                    g.label,
                    members.size(),
                    lo,
                    hi,
                    s[0],
                    s[1],
                    s[2],
                    s[3],
                    counts);
        }
    }

    /** Per edge: id, scene, kind, verdict, length and median µs of both queries (CSV, for the ratio script). */
    static String timingsCsv(Result r) {
        StringBuilder sb = new StringBuilder("id,scene,group,verdict,length_rad,is_motion_free_us,check_motion_us\n");
        for (EdgeTiming t : r.edges()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%s,%s,%s,%s,%.6f,%.3f,%.3f%n",
                    t.edge().id(),
                    t.edge().scene(),
                    t.group().label,
                    t.verdict(),
                    t.edge().length(),
                    t.isMotionFreeMicros(),
                    t.checkMotionMicros()));
        }
        return sb.toString();
    }

    static double median(double[] xs) {
        double[] a = xs.clone();
        Arrays.sort(a);
        int m = a.length / 2;
        return a.length % 2 == 1 ? a[m] : (a[m - 1] + a[m]) / 2;
    }

    static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s / xs.length;
    }
}
