package io.collide4j.tests.bench;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * Planner edges on the Panda (VAMP/MBM mesh model, hulls) in MotionBenchMaker scenes, the first 5 problems of each
 * of the 7 scenarios (issue 17): the earliest-contact query {@code checkMotion} against the boolean
 * {@code isMotionFree}, on
 * <ul>
 * <li>free edges: from each problem's start and goal to seeded random nearby configurations, 0.8–4 rad
 *     (Euclidean joint distance), kept when the endpoint lies within the joint limits and checkMotion certifies
 *     the edge free: {@value #FREE_PER_END} per end, 350 in all;</li>
 * <li>the 35 start→goal edges (nearly all blocked).</li>
 * </ul>
 * Sample mode: the p0.50 of the per-call times is the median over edges (each call takes the next edge).
 * {@code -Dcollide4j.edges.out=FILE} writes the edge list in the FCL harness's {@code --edge-list} format
 * ({@code shared/peers/arm-bench}). Test data from {@code -Dcollide4j.testdata} (default {@code tests/data}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EdgeBench {
    static final String[] SCENARIOS = {"bookshelf_small", "bookshelf_tall", "bookshelf_thin", "box", "cage",
            "table_pick", "table_under_pick"};
    static final int PROBLEMS = 5, FREE_PER_END = 5;

    /** isMotionFree's discrete sample spacing (joint-space, rad). */
    @Param({"0.25"})
    public double sampleStep;

    /** One edge: its problem's checker and context, the ends, and the harness's scene name. */
    record Edge(int problem, String scene, double[] q0, double[] q1) {
    }

    private final List<CollisionChecker> checkers = new ArrayList<>();
    private final List<QueryContext> contexts = new ArrayList<>();
    private final List<Edge> freeEdges = new ArrayList<>();
    private final List<Edge> startGoalEdges = new ArrayList<>();
    private int nextFree, nextStartGoal;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        Path dir = data.resolve("vamp/resources/panda");
        RobotDescription d = UrdfParser.create().withPackageRoots(List.of(dir)).parse(dir.resolve("panda.urdf"));
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(d, KinematicModel.of(d));
        RobotCollisionModel model;
        Random rnd = new Random(17);
        try (ZipFile z = new ZipFile(dir.resolve("problems.zip").toFile())) {
            String first = read(z, "problems/table_pick_panda/scene0001.yaml");
            MoveItSceneLoader.parse("scene", first).allowedCollisions().forEach(p -> b.allow(p.first(), p.second()));
            model = b.build();
            KinematicModel k = model.kinematics();
            for (String f : SCENARIOS) {
                for (int i = 1; i <= PROBLEMS; i++) {
                    String n = String.format("problems/%s_panda/%%s%04d.yaml", f, i);
                    String sceneName = String.format("%s_panda/%04d", f, i);
                    var scene = MoveItSceneLoader.parse(n, read(z, String.format(n, "scene"))).scene();
                    var req = MotionPlanRequest.parse(n, read(z, String.format(n, "request")));
                    CollisionChecker c = CollisionChecker.of(model, scene);
                    QueryContext ctx = c.newContext();
                    int problem = checkers.size();
                    checkers.add(c);
                    contexts.add(ctx);
                    double[][] sg = req.startAndGoal(k.variableNames());
                    startGoalEdges.add(new Edge(problem, sceneName, sg[0], sg[1]));
                    for (double[] end : sg) {
                        for (int made = 0, tries = 0; made < FREE_PER_END; tries++) {
                            if (tries > 100_000) {
                                throw new IllegalStateException("no free edges near " + sceneName);
                            }
                            double[] q1 = nearby(k, end, rnd);
                            if (q1 != null && c.checkMotion(end, q1, 0, ctx).isFree()) {
                                freeEdges.add(new Edge(problem, sceneName, end, q1));
                                made++;
                            }
                        }
                    }
                }
            }
        }
        String out = System.getProperty("collide4j.edges.out");
        if (out != null) {
            writeEdgeList(Path.of(out));
        }
        // both queries must give the same verdicts on these edges, or the comparison means nothing
        for (List<Edge> list : List.of(freeEdges, startGoalEdges)) {
            for (Edge e : list) {
                MotionResult full = checkers.get(e.problem).checkMotion(e.q0, e.q1, 0, contexts.get(e.problem));
                MotionStatus fast = isMotionFree(e);
                if (full.isFree() != (fast == MotionStatus.FREE)) {
                    throw new IllegalStateException("verdicts differ on " + e.scene + ": " + full.status() + " vs " + fast);
                }
            }
        }
    }

    /** A configuration 0.8–4 rad (Euclidean) from q in a uniformly random direction, or null outside the limits. */
    private static double[] nearby(KinematicModel k, double[] q, Random rnd) {
        double[] dir = new double[q.length];
        double n = 0;
        for (int j = 0; j < q.length; j++) {
            dir[j] = rnd.nextGaussian();
            n += dir[j] * dir[j];
        }
        double len = 0.8 + 3.2 * rnd.nextDouble();
        double[] out = new double[q.length];
        for (int j = 0; j < q.length; j++) {
            out[j] = q[j] + dir[j] * len / Math.sqrt(n);
            if (!(out[j] >= k.lowerLimit(j) && out[j] <= k.upperLimit(j))) {
                return null;
            }
        }
        return out;
    }

    private void writeEdgeList(Path file) throws IOException {
        StringBuilder sb = new StringBuilder("id,scene");
        for (String end : new String[]{"q0", "q1"}) {
            for (int j = 1; j <= 7; j++) {
                sb.append(',').append(end).append('_').append(j);
            }
        }
        sb.append('\n');
        int id = 0;
        for (List<Edge> list : List.of(freeEdges, startGoalEdges)) {
            for (Edge e : list) {
                sb.append(list == freeEdges ? "free" : "startgoal").append(id++).append(',').append(e.scene);
                for (double[] q : new double[][]{e.q0, e.q1}) {
                    for (double v : q) {
                        sb.append(',').append(String.format(Locale.ROOT, "%.17g", v));
                    }
                }
                sb.append('\n');
            }
        }
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    }

    private static String read(ZipFile z, String name) throws IOException {
        return new String(z.getInputStream(z.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
    }

    private MotionStatus isMotionFree(Edge e) {
        return checkers.get(e.problem).isMotionFree(e.q0, e.q1, 0, CollisionChecker.DEFAULT_TOLERANCE,
                CollisionChecker.DEFAULT_BUDGET, sampleStep, contexts.get(e.problem));
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
