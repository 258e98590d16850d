package io.collide4j.tests.bench;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.plan.BenchmarkEdges;
import io.collide4j.planner.plan.MbmProblems;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Planner edges on the Panda (the bundled {@code panda}: VAMP's copy of the MBM model, one hull per link) in
 * MotionBenchMaker scenes, the first 5 problems of each of the 7 scenarios (issue 17): the earliest-contact query
 * {@code checkMotion} against the boolean {@code isMotionFree}, on the workload of {@link BenchmarkEdges} (the one
 * generator {@code collide4j bench --edges} uses too, same default seed):
 * <ul>
 * <li>free edges: from each problem's start and goal, and between nearby free configurations reached from them,
 *     0.8–4 rad, certified free: 5 per end, 350 in all;</li>
 * <li>the 35 start→goal edges (nearly all blocked).</li>
 * </ul>
 * Sample mode: the p0.50 of the per-call times is the median over edges (each call takes the next edge).
 * {@code -Dcollide4j.edges.out=FILE} writes the edge list in the FCL harness's {@code --edge-list} format
 * ({@code shared/peers/arm-bench}; {@code tests/peers/run-arm-bench.sh} runs both sides). Test data from
 * {@code -Dcollide4j.testdata} (default {@code tests/data}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EdgeBench {
    /** isMotionFree's discrete sample spacing (joint-space, rad); 1.0 is {@link CollisionChecker#DEFAULT_SAMPLE_STEP}. */
    @Param({"1.0"})
    public double sampleStep;

    /** One edge: its problem's checker and context, the ends (full configurations), and the harness's scene name. */
    record Edge(int problem, String scene, double[] q0, double[] q1) {}

    private final List<CollisionChecker> checkers = new ArrayList<>();
    private final List<QueryContext> contexts = new ArrayList<>();
    private final List<Edge> freeEdges = new ArrayList<>();
    private final List<Edge> startGoalEdges = new ArrayList<>();
    private int nextFree, nextStartGoal;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        MbmProblems set = new MbmProblems(data.resolve("vamp/resources/panda/problems.zip"));
        BenchmarkEdges w = BenchmarkEdges.generate(
                set,
                set.scenarios(),
                BenchmarkEdges.DEFAULT_PER_SCENARIO,
                Collide4j.builder().robot("panda"),
                BenchmarkEdges.DEFAULT_FREE_PER_END,
                BenchmarkEdges.DEFAULT_SEED);
        for (Collide4j c : w.checkers()) {
            checkers.add(c.checker());
            contexts.add(c.checker().newContext());
        }
        for (BenchmarkEdges.Edge e : w.edges()) {
            Collide4j c = w.checkers().get(e.problem());
            Edge full = new Edge(e.problem(), e.scene(), c.fullConfiguration(e.q0()), c.fullConfiguration(e.q1()));
            (e.kind() == BenchmarkEdges.Kind.FREE ? freeEdges : startGoalEdges).add(full);
        }
        String out = System.getProperty("collide4j.edges.out");
        if (out != null) {
            try (Writer writer = Files.newBufferedWriter(Path.of(out), StandardCharsets.UTF_8)) {
                w.writeFclEdgeList(writer);
            }
        }
        // the two queries agree except within the tolerance band; more than a few differences would make the
        // comparison meaningless
        int differ = 0;
        for (List<Edge> list : List.of(freeEdges, startGoalEdges)) {
            for (Edge e : list) {
                MotionResult full = checkers.get(e.problem).checkMotion(e.q0, e.q1, 0, contexts.get(e.problem));
                differ += full.isFree() != (isMotionFree(e) == MotionStatus.FREE) ? 1 : 0;
            }
        }
        if (differ > 0) {
            System.err.println(
                    "EdgeBench: " + differ + " edges where isMotionFree and checkMotion give different verdicts");
        }
    }

    private MotionStatus isMotionFree(Edge e) {
        return checkers.get(e.problem)
                .isMotionFree(
                        e.q0,
                        e.q1,
                        0,
                        CollisionChecker.DEFAULT_TOLERANCE,
                        CollisionChecker.DEFAULT_BUDGET,
                        sampleStep,
                        contexts.get(e.problem));
    }

    private Edge nextFreeEdge() {
        return freeEdges.get(nextFree++ % freeEdges.size());
    }

    private Edge nextStartGoalEdge() {
        return startGoalEdges.get(nextStartGoal++ % startGoalEdges.size());
    }

    @Benchmark
    public MotionResult freeEdgeCheckMotion() {
        Edge e = nextFreeEdge();
        return checkers.get(e.problem).checkMotion(e.q0, e.q1, 0, contexts.get(e.problem));
    }

    @Benchmark
    public MotionStatus freeEdgeIsMotionFree() {
        return isMotionFree(nextFreeEdge());
    }

    @Benchmark
    public MotionResult startGoalCheckMotion() {
        Edge e = nextStartGoalEdge();
        return checkers.get(e.problem).checkMotion(e.q0, e.q1, 0, contexts.get(e.problem));
    }

    @Benchmark
    public MotionStatus startGoalIsMotionFree() {
        return isMotionFree(nextStartGoalEdge());
    }
}
