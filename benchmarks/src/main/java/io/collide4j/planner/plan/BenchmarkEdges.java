package io.collide4j.planner.plan;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.urdf.DecimalText;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The planner-edge workload of issue 17, one generator for {@code collide4j bench --edges} and the JMH
 * {@code EdgeBench}: on MotionBenchMaker problems (each with its own certified checker),
 * <ul>
 * <li><b>free edges</b>, {@code freePerEnd} per end of each problem (start and goal): alternately from the end to a
 *     seeded random nearby configuration and from a nearby configuration already reached to another one; each is
 *     {@value #MIN_LENGTH}–{@value #MAX_LENGTH} rad long (Euclidean joint distance, length uniform, direction
 *     uniform), its far end inside the joint limits, and kept only when {@code checkMotion} certifies it free —
 *     the kind of edge an RRT extension asks about;</li>
 * <li>the problems' <b>start→goal edges</b> (nearly all blocked: the goals are grasps inside shelves and boxes).</li>
 * </ul>
 * An end the checker cannot certify valid (a model that differs from the one MBM generated the problems with) gets
 * no free edges; {@link #skippedEnds} names it. Configurations are planning-group values. Deterministic for a seed.
 * {@link #writeFclEdgeList} writes the edges in the {@code --edge-list} format of the FCL harness
 * ({@code shared/peers/arm-bench}): {@code id,scene,q0_1..q0_n,q1_1..q1_n}, scene as {@code box_panda/0003}.
 */
public final class BenchmarkEdges {
    /** Shortest free edge (rad, Euclidean in joint space). */
    public static final double MIN_LENGTH = 0.8;
    /** Longest free edge (rad). */
    public static final double MAX_LENGTH = 4.0;
    /** Free edges per problem end (start, goal) by default: 350 over the 35 problems of 5 per scenario. */
    public static final int DEFAULT_FREE_PER_END = 5;
    /** Problems per scenario by default (the first ones). */
    public static final int DEFAULT_PER_SCENARIO = 5;
    /** The seed the CLI and the JMH benchmark use unless told otherwise (the CLI's {@code --seed} default). */
    public static final long DEFAULT_SEED = 1;
    /** Candidate configurations tried per free edge before giving up on that end. */
    public static final int MAX_TRIES_PER_EDGE = 20_000;

    /** Which part of the workload an edge belongs to. */
    public enum Kind {
        /** Certified free by construction. */
        FREE,
        /** The problem's straight start→goal edge, whatever its verdict. */
        START_GOAL
    }

    /**
     * One edge: its id in the edge list, kind, index of its problem in {@link #problems}, the harness's scene label,
     * and its ends (planning-group configurations).
     */
    public record Edge(String id, Kind kind, int problem, String scene, double[] q0, double[] q1) {
        public Edge {
            q0 = q0.clone();
            q1 = q1.clone();
        }

        @Override
        public double[] q0() {
            return q0.clone();
        }

        @Override
        public double[] q1() {
            return q1.clone();
        }

        /** Euclidean joint-space length. */
        public double length() {
            return RrtConnect.distance(q0, q1);
        }
    }

    private final List<MbmProblems.Problem> problems;
    private final List<Collide4j> checkers;
    private final List<Edge> edges;
    private final List<String> skippedEnds;

    private BenchmarkEdges(
            List<MbmProblems.Problem> problems, List<Collide4j> checkers, List<Edge> edges, List<String> skippedEnds) {
        this.problems = List.copyOf(problems);
        this.checkers = List.copyOf(checkers);
        this.edges = List.copyOf(edges);
        this.skippedEnds = List.copyOf(skippedEnds);
    }

    /**
     * The workload on the first {@code perScenario} problems of each of {@code scenarios}: each problem's checker
     * is {@link ProblemRunner#checker} of {@code robot} (scene and allowed collisions of the problem, other joints
     * held at its start state).
     *
     * @throws IllegalArgumentException a scenario the set lacks, fewer problems than asked, or an end that is valid
     *                                  but has no certified free edge within {@value #MAX_TRIES_PER_EDGE} tries
     */
    public static BenchmarkEdges generate(
            MbmProblems set,
            List<String> scenarios,
            int perScenario,
            Collide4jBuilder robot,
            int freePerEnd,
            long seed) {
        if (perScenario < 1 || freePerEnd < 0) {
            throw new IllegalArgumentException(
                    "perScenario must be >= 1 and freePerEnd >= 0, got " + perScenario + ", " + freePerEnd);
        }
        List<MbmProblems.Problem> problems = new ArrayList<>();
        List<Collide4j> checkers = new ArrayList<>();
        for (String s : scenarios) {
            for (MbmProblems.Problem p : set.load(s, 1, perScenario)) {
                problems.add(p);
                checkers.add(ProblemRunner.checker(robot, p));
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Edge> free = new ArrayList<>();
        List<Edge> startGoal = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int i = 0; i < problems.size(); i++) {
            Collide4j c = checkers.get(i);
            String scene = label(problems.get(i));
            double[][] sg = problems.get(i).request().startAndGoal(c.variableNames());
            startGoal.add(new Edge(null, Kind.START_GOAL, i, scene, sg[0], sg[1]));
            for (int end = 0; end < 2; end++) {
                double[] q = sg[end];
                if (!c.withinLimits(q) || !c.isValid(q)) {
                    skipped.add(scene + (end == 0 ? " start" : " goal"));
                    continue;
                }
                List<double[]> reached = new ArrayList<>();
                for (int made = 0; made < freePerEnd; made++) {
                    // even edges leave the end itself, odd ones a nearby configuration already reached
                    double[] from = made % 2 == 0 ? q : reached.get(random.nextInt(reached.size()));
                    double[] to = freeNeighbour(c, from, random, scene);
                    free.add(new Edge(null, Kind.FREE, i, scene, from, to));
                    reached.add(to);
                }
            }
        }
        List<Edge> all = new ArrayList<>();
        for (List<Edge> list : List.of(free, startGoal)) {
            for (Edge e : list) {
                String id = (e.kind() == Kind.FREE ? "free" : "startgoal") + all.size();
                all.add(new Edge(id, e.kind(), e.problem(), e.scene(), e.q0, e.q1));
            }
        }
        return new BenchmarkEdges(problems, checkers, all, skipped);
    }

    /**
     * The edges of a list in the {@link #writeFclEdgeList} format (an earlier run's, so that a changed checker is
     * timed on the same edges): ids {@code free...} are {@link Kind#FREE}, {@code startgoal...} {@link Kind#START_GOAL};
     * each scene label names a problem of {@code set}, whose checker is built as in {@link #generate}. Malformed
     * content is an {@link IllegalArgumentException} naming the file and line.
     */
    public static BenchmarkEdges read(Path file, MbmProblems set, Collide4jBuilder robot) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).startsWith("id,scene,q0_1,")) {
            throw new IllegalArgumentException(file + ":1: expected the header id,scene,q0_1..q0_n,q1_1..q1_n");
        }
        String[] header = lines.get(0).split(",", -1);
        int n = (header.length - 2) / 2;
        for (int j = 0; j < 2 * n; j++) {
            String want = (j < n ? "q0_" : "q1_") + (j % n + 1);
            if (header.length != 2 + 2 * n || !header[2 + j].equals(want)) {
                throw new IllegalArgumentException(file + ":1: column " + (3 + j) + " should be " + want);
            }
        }
        List<MbmProblems.Problem> problems = new ArrayList<>();
        List<Collide4j> checkers = new ArrayList<>();
        java.util.Map<String, Integer> index = new java.util.HashMap<>();
        List<Edge> edges = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String where = file + ":" + (i + 1);
            if (lines.get(i).isEmpty() && i == lines.size() - 1) {
                break;
            }
            String[] f = lines.get(i).split(",", -1);
            if (f.length != header.length) {
                throw new IllegalArgumentException(
                        where + ": " + f.length + " fields, the header has " + header.length);
            }
            Kind kind = f[0].startsWith("free") ? Kind.FREE : f[0].startsWith("startgoal") ? Kind.START_GOAL : null;
            if (kind == null) {
                throw new IllegalArgumentException(where + ": id '" + f[0] + "' should start with free or startgoal");
            }
            Integer p = index.get(f[1]);
            if (p == null) {
                int slash = f[1].lastIndexOf('/');
                String scenario = slash < 0 ? "" : f[1].substring(0, slash);
                int k;
                try {
                    k = Integer.parseInt(f[1].substring(slash + 1));
                } catch (NumberFormatException e) {
                    k = -1;
                }
                if (k < 1 || !set.scenarios().contains(scenario) || k > set.count(scenario)) {
                    throw new IllegalArgumentException(where + ": scene '" + f[1] + "' is not <scenario>/<NNNN> of a"
                            + " problem in the set (scenarios " + set.scenarios() + ")");
                }
                MbmProblems.Problem problem = set.load(scenario, k, 1).get(0);
                p = problems.size();
                index.put(f[1], p);
                problems.add(problem);
                checkers.add(ProblemRunner.checker(robot, problem));
                if (checkers.get(p).dimension() != n) {
                    throw new IllegalArgumentException(
                            file + ":1: " + n + " joints per end, the robot's planning group has "
                                    + checkers.get(p).dimension());
                }
            }
            double[][] q = new double[2][n];
            for (int j = 0; j < 2 * n; j++) {
                double v;
                try {
                    v = DecimalText.parse(f[2 + j]);
                } catch (NumberFormatException e) {
                    v = Double.NaN;
                }
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(
                            where + ": " + header[2 + j] + " '" + f[2 + j] + "' is not a finite number");
                }
                q[j / n][j % n] = v;
            }
            edges.add(new Edge(f[0], kind, p, f[1], q[0], q[1]));
        }
        return new BenchmarkEdges(problems, checkers, edges, List.of());
    }

    /** The harness's scene label of a problem: {@code <scenario>/<NNNN>}. */
    public static String label(MbmProblems.Problem p) {
        return String.format(Locale.ROOT, "%s/%04d", p.scenario(), p.index());
    }

    private static double[] freeNeighbour(Collide4j c, double[] from, SplittableRandom random, String scene) {
        for (int tries = 0; tries < MAX_TRIES_PER_EDGE; tries++) {
            double[] to = nearby(c, from, random);
            if (to != null && c.checkMotion(from, to).isFree()) {
                return to;
            }
        }
        throw new IllegalArgumentException(scene + ": no certified free edge of " + MIN_LENGTH + "–" + MAX_LENGTH
                + " rad from " + Arrays.toString(from) + " in " + MAX_TRIES_PER_EDGE + " tries");
    }

    /** A configuration MIN_LENGTH–MAX_LENGTH rad from q in a uniformly random direction, or null outside the limits. */
    private static double[] nearby(Collide4j c, double[] q, SplittableRandom random) {
        double[] out = new double[q.length];
        double n = 0;
        for (int j = 0; j < q.length; j++) {
            out[j] = random.nextGaussian();
            n += out[j] * out[j];
        }
        double scale = (MIN_LENGTH + (MAX_LENGTH - MIN_LENGTH) * random.nextDouble()) / Math.sqrt(n);
        for (int j = 0; j < q.length; j++) {
            out[j] = q[j] + out[j] * scale;
        }
        return c.withinLimits(out) ? out : null;
    }

    /** The problems, in order (an edge's {@link Edge#problem} indexes this list). */
    public List<MbmProblems.Problem> problems() {
        return problems;
    }

    /** Each problem's certified checker, parallel to {@link #problems}. */
    public List<Collide4j> checkers() {
        return checkers;
    }

    /** The free edges, then the start→goal edges. */
    public List<Edge> edges() {
        return edges;
    }

    /** The edges of one kind, in order. */
    public List<Edge> edges(Kind kind) {
        return edges.stream().filter(e -> e.kind() == kind).toList();
    }

    /** Problem ends (e.g. {@code cage_panda/0001 goal}) the checker could not certify valid: no free edges from them. */
    public List<String> skippedEnds() {
        return skippedEnds;
    }

    /**
     * Writes every edge in the FCL harness's {@code --edge-list} format: a header
     * {@code id,scene,q0_1..q0_n,q1_1..q1_n}, then one line per edge with values that parse back to the same doubles.
     */
    public void writeFclEdgeList(Writer out) throws IOException {
        int n = checkers.isEmpty() ? 0 : checkers.get(0).dimension();
        StringBuilder sb = new StringBuilder("id,scene");
        for (String end : new String[] {"q0", "q1"}) {
            for (int j = 1; j <= n; j++) {
                sb.append(',').append(end).append('_').append(j);
            }
        }
        sb.append('\n');
        for (Edge e : edges) {
            sb.append(e.id()).append(',').append(e.scene());
            for (double[] q : new double[][] {e.q0, e.q1}) {
                for (double v : q) {
                    sb.append(',').append(v); // Double.toString: the shortest decimal that reads back exactly
                }
            }
            sb.append('\n');
        }
        out.write(sb.toString());
    }
}
