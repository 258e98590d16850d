package io.collide4j.tests.tools;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.plan.BenchmarkEdges;
import io.collide4j.planner.plan.MbmProblems;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One jar's side of {@link JarAb}: the bench's free planner edges ({@code bench --edges}: 5 problems per
 * scenario, 5 free edges per problem end, seed 1, bundled Panda), and one pass over them per call, returning the
 * CPU time of the calling thread in ns. Modes: {@code free} (isMotionFree), {@code free-short} (isMotionFree on the
 * same edges cut into equal pieces at most {@link #SHORT} rad long in joint space, the length OMPL's RRTConnect
 * range gives the tree edges its plug-in proves), {@code check} (checkMotion), {@code valid} (isValid at 21 evenly
 * spaced states of each edge), {@code check-sg} (checkMotion on the problems' straight start→goal edges instead,
 * nearly all of them blocked: the earliest-contact search's own cost), {@code valid-sg} (isValid at 21 states of
 * each start→goal edge: colliding states among free ones, as a planner meets them).
 * {@link JarAb} defines this class anew in each jar's class loader, so it must use only API both jars have.
 * Not thread-safe.
 */
public final class JarAbWorkload implements LongSupplier {
    /** Longest piece of mode {@code free-short} (Euclidean joint-space length, rad). */
    static final double SHORT = 1.0;

    private final List<BenchmarkEdges.Edge> edges;
    private final List<Collide4j> checkers;
    private final String mode;
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final double[] q;
    /** Sum of the verdicts seen (each pass the same): the JIT cannot drop the calls, and both jars must agree. */
    private long verdicts;

    public JarAbWorkload(String problemZip, String mode) {
        if (!List.of("free", "free-short", "check", "valid", "check-sg", "valid-sg")
                .contains(mode)) {
            throw new IllegalArgumentException(
                    "mode must be free, free-short, check, valid, check-sg or valid-sg, got '" + mode + "'");
        }
        MbmProblems set = new MbmProblems(Path.of(problemZip));
        BenchmarkEdges w = BenchmarkEdges.generate(
                set,
                set.scenarios(),
                BenchmarkEdges.DEFAULT_PER_SCENARIO,
                Collide4j.builder().robot("panda"),
                BenchmarkEdges.DEFAULT_FREE_PER_END,
                BenchmarkEdges.DEFAULT_SEED);
        List<BenchmarkEdges.Edge> picked =
                w.edges(mode.endsWith("-sg") ? BenchmarkEdges.Kind.START_GOAL : BenchmarkEdges.Kind.FREE);
        this.edges = mode.equals("free-short") ? shortPieces(picked) : picked;
        this.checkers = w.checkers();
        this.mode = mode;
        this.q = new double[edges.get(0).q0().length];
    }

    @Override
    public long getAsLong() {
        long t0 = mx.getCurrentThreadCpuTime();
        long sum = 0;
        for (BenchmarkEdges.Edge e : edges) {
            Collide4j c = checkers.get(e.problem());
            switch (mode) {
                case "free", "free-short" ->
                    sum += c.isMotionFree(e.q0(), e.q1()).ordinal();
                case "check", "check-sg" ->
                    sum += c.checkMotion(e.q0(), e.q1()).status().ordinal();
                default -> {
                    double[] a = e.q0(), b = e.q1();
                    for (int k = 0; k <= 20; k++) {
                        for (int j = 0; j < q.length; j++) {
                            q[j] = a[j] + (b[j] - a[j]) * k / 20.0;
                        }
                        sum += c.isValid(q) ? 1 : 0;
                    }
                }
            }
        }
        verdicts += sum;
        return mx.getCurrentThreadCpuTime() - t0;
    }

    /** Each edge cut into the fewest equal pieces at most {@link #SHORT} long (a free edge's pieces are free). */
    private static List<BenchmarkEdges.Edge> shortPieces(List<BenchmarkEdges.Edge> edges) {
        List<BenchmarkEdges.Edge> out = new ArrayList<>();
        for (BenchmarkEdges.Edge e : edges) {
            double[] a = e.q0(), b = e.q1();
            double sq = 0;
            for (int j = 0; j < a.length; j++) {
                sq += (b[j] - a[j]) * (b[j] - a[j]);
            }
            int n = Math.max(1, (int) Math.ceil(Math.sqrt(sq) / SHORT));
            for (int k = 0; k < n; k++) {
                double[] p = new double[a.length], q = new double[a.length];
                for (int j = 0; j < a.length; j++) {
                    p[j] = k == 0 ? a[j] : a[j] + (b[j] - a[j]) * k / n;
                    q[j] = k + 1 == n ? b[j] : a[j] + (b[j] - a[j]) * (k + 1) / n;
                }
                out.add(new BenchmarkEdges.Edge(e.id() + "/" + k, e.kind(), e.problem(), e.scene(), p, q));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d edges, verdict sum %d", edges.size(), verdicts);
    }
}
