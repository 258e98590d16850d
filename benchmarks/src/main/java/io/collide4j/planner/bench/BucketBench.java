package io.collide4j.planner.bench;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Epa;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.narrowphase.Mpr;
import io.collide4j.checker.narrowphase.PenetrationResult;
import io.collide4j.planner.Collide4j;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import org.joml.Matrix4d;

/**
 * Times the stored configuration sets per bucket, as seed 003 §5.7.4 runs its performance benchmark: for each
 * bucket, one query per configuration, the maximum and the mean time per query. Each configuration is timed
 * {@code passes} times after a warm-up pass and its fastest pass kept (the seed timed once; the minimum removes
 * scheduler and GC noise from the maximum). Pair algorithms: GJK boolean, GJK distance, MPR boolean, EPA (GJK
 * then EPA) on the bodies' hulls, and the exact mesh oracle's boolean query on the same hulls' triangulations.
 * Each answer is also checked against the stored exact target ({@code wrong}: a verdict or bound that contradicts
 * it; the touching bucket 0 has no expected verdict). Robot sets: single-thread {@code isValid} per configuration
 * (margin 0), and the batch engines' time per configuration on the bucket's configurations repeated to a batch of
 * {@value #BATCH} (fastest of the passes).
 */
public final class BucketBench {
    /** The pair algorithms timed. */
    public enum Algorithm {
        GJK_BOOLEAN("GJK boolean"),
        GJK_DISTANCE("GJK distance"),
        MPR("MPR boolean"),
        EPA("EPA"),
        MESH_ORACLE("mesh oracle");

        private final String label;

        Algorithm(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Time per query over one bucket (nanoseconds; max is NaN where only a batch total was measured). */
    public record Timing(double meanNs, double maxNs, int count, int wrong) {}

    /** Pair results keyed by scenario, bucket and algorithm; robot results by robot, bucket and engine label. */
    public record Result(
            Map<Scenario, Map<Integer, Map<Algorithm, Timing>>> pairs,
            Map<String, Map<Integer, Map<String, Timing>>> robots,
            List<String> notes) {}

    /** Smallest batch timed on the batch engines (a bucket's configurations, repeated). */
    public static final int BATCH = 256;

    private BucketBench() {}

    public static int steps(ConfigurationSets sets) {
        return Algorithm.values().length
                + (int) sets.robots().stream()
                        .map(RobotConfiguration::robot)
                        .distinct()
                        .count();
    }

    public static Result run(ConfigurationSets sets, int passes, int threads, boolean batch, IntConsumer progress) {
        List<BenchBody[]> bodies = new ArrayList<>();
        for (String[] p : sets.bodyPairs()) {
            bodies.add(new BenchBody[] {BenchBody.named(p[0]), BenchBody.named(p[1])});
        }
        int n = sets.pairs().size();
        Matrix4d[] poses = new Matrix4d[n];
        for (int i = 0; i < n; i++) {
            PairConfiguration c = sets.pairs().get(i);
            BenchBody[] ab = bodies.get(c.pair());
            poses[i] = c.pose(ab[0], ab[1], new Matrix4d());
        }
        Gjk gjk = new Gjk();
        Mpr mpr = new Mpr();
        Epa epa = new Epa();
        MeshQuery mesh = new MeshQuery();
        DistanceResult dr = new DistanceResult();
        PenetrationResult pr = new PenetrationResult();
        Map<Scenario, Map<Integer, Map<Algorithm, Timing>>> out = new TreeMap<>();
        int step = 0;
        for (Algorithm alg : Algorithm.values()) {
            long[] best = new long[n];
            java.util.Arrays.fill(best, Long.MAX_VALUE);
            boolean[] wrong = new boolean[n];
            for (int pass = 0; pass <= passes; pass++) {
                for (int i = 0; i < n; i++) {
                    PairConfiguration c = sets.pairs().get(i);
                    BenchBody[] ab = bodies.get(c.pair());
                    Matrix4d pose = poses[i];
                    boolean hit;
                    long t0 = System.nanoTime();
                    switch (alg) {
                        case GJK_BOOLEAN -> hit = gjk.intersects(ab[0].shape(), null, ab[1].shape(), pose);
                        case GJK_DISTANCE ->
                            hit = gjk.distance(ab[0].shape(), null, ab[1].shape(), pose, dr).intersecting;
                        case MPR -> hit = mpr.intersects(ab[0].shape(), null, ab[1].shape(), pose);
                        case EPA -> hit = epa.penetration(ab[0].shape(), null, ab[1].shape(), pose, pr).intersecting;
                        case MESH_ORACLE -> hit = mesh.intersects(ab[0].hullBvh(), null, ab[1].hullBvh(), pose);
                        default -> throw new IllegalStateException();
                    }
                    long t = System.nanoTime() - t0;
                    if (pass > 0) {
                        best[i] = Math.min(best[i], t);
                    } else {
                        wrong[i] = contradicts(alg, c, hit, dr, pr);
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                PairConfiguration c = sets.pairs().get(i);
                out.computeIfAbsent(c.scenario(), k -> new TreeMap<>())
                        .computeIfAbsent(c.bucket(), k -> new TreeMap<>())
                        .merge(alg, new Timing(best[i], best[i], 1, wrong[i] ? 1 : 0), BucketBench::combine);
            }
            progress.accept(++step);
        }
        List<String> notes = new ArrayList<>();
        Map<String, Map<Integer, Map<String, Timing>>> robots = new TreeMap<>();
        for (String robot :
                sets.robots().stream().map(RobotConfiguration::robot).distinct().toList()) {
            List<RobotConfiguration> rs =
                    sets.robots().stream().filter(r -> r.robot().equals(robot)).toList();
            Collide4j c =
                    ConfigurationSetGenerator.robotChecker(robot, rs.get(0).scene());
            Map<Integer, List<double[]>> byBucket = new TreeMap<>();
            for (RobotConfiguration r : rs) {
                byBucket.computeIfAbsent(r.bucketMm(), k -> new ArrayList<>()).add(r.q());
            }
            Map<Integer, Map<String, Timing>> rb = new TreeMap<>();
            for (var e : byBucket.entrySet()) {
                long[] bestQ = new long[e.getValue().size()];
                java.util.Arrays.fill(bestQ, Long.MAX_VALUE);
                int wrongQ = 0;
                for (int pass = 0; pass <= passes; pass++) {
                    for (int k = 0; k < bestQ.length; k++) {
                        long t0 = System.nanoTime();
                        boolean valid = c.isValid(e.getValue().get(k));
                        long t = System.nanoTime() - t0;
                        if (pass > 0) {
                            bestQ[k] = Math.min(bestQ[k], t);
                        }
                        // every stored configuration has clearance >= its bucket >= 0: "not valid" is a false positive,
                        // counted only where the clearance is clearly positive (the certified bound subtracts FK error)
                        if (pass == 0 && !valid && e.getKey() >= 1) {
                            wrongQ++;
                        }
                    }
                }
                Timing t = null;
                for (long b : bestQ) {
                    t = t == null ? new Timing(b, b, 1, 0) : combine(t, new Timing(b, b, 1, 0));
                }
                rb.computeIfAbsent(e.getKey(), k -> new TreeMap<>())
                        .put("isValid", new Timing(t.meanNs, t.maxNs, t.count, wrongQ));
            }
            if (batch) {
                for (EngineChoice engine : List.of(EngineChoice.CPU, EngineChoice.fromSystemProperty())) {
                    try (BatchChecker bc = c.newBatchChecker(engine, threads)) {
                        String label = "batch " + bc.engine().kind();
                        if (rb.values().iterator().next().containsKey(label)) {
                            continue; // the property chose the same engine as CPU
                        }
                        notes.add(robot + ": " + label + " = " + bc.engine());
                        if (!bc.fallbackReason().isEmpty()) {
                            notes.add(robot + ": " + engine + " engine fell back: " + bc.fallbackReason());
                        }
                        for (var e : byBucket.entrySet()) {
                            // the bucket's configurations repeated to a batch of at least BATCH, so the launch is
                            // amortised
                            List<double[]> batchQs = new ArrayList<>();
                            while (batchQs.size() < BATCH) {
                                batchQs.addAll(e.getValue());
                            }
                            c.areValid(batchQs, bc); // warm-up
                            long bestT = Long.MAX_VALUE;
                            for (int pass = 0; pass < Math.max(1, passes); pass++) {
                                long t0 = System.nanoTime();
                                c.areValid(batchQs, bc);
                                bestT = Math.min(bestT, System.nanoTime() - t0);
                            }
                            rb.get(e.getKey())
                                    .putIfAbsent(
                                            label,
                                            new Timing((double) bestT / batchQs.size(), Double.NaN, batchQs.size(), 0));
                        }
                    }
                }
            }
            robots.put(robot, rb);
            progress.accept(++step);
        }
        return new Result(out, robots, notes);
    }

    private static Timing combine(Timing a, Timing b) {
        int n = a.count + b.count;
        return new Timing(
                (a.meanNs * a.count + b.meanNs * b.count) / n, Math.max(a.maxNs, b.maxNs), n, a.wrong + b.wrong);
    }

    /** Whether an answer contradicts the exact target (bucket 0, touching, has no expected verdict). */
    static boolean contradicts(
            Algorithm alg, PairConfiguration c, boolean hit, DistanceResult dr, PenetrationResult pr) {
        if (c.bucket() == 0) {
            return false;
        }
        boolean expectHit = c.scenario() == Scenario.II;
        if (hit != expectHit) {
            return true;
        }
        if (alg == Algorithm.GJK_DISTANCE && !hit) {
            // the certified lower bound may not exceed the exact distance; the estimate must be close to it
            return dr.lowerBound > c.target() + 1e-9
                    || Math.abs(dr.distance - c.target()) > 1e-6 * Math.max(1, c.target());
        }
        if (alg == Algorithm.EPA && hit) {
            // the minimal penetration depth is at most the penetration along any one direction (the approach ray)
            return pr.depthLower > c.target() + 1e-9;
        }
        return false;
    }

    /** The per-bucket table: one row per (scenario, bucket), mean and max µs per algorithm. */
    public static void printPairs(Result r, java.io.PrintWriter out) {
        StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%-3s %6s %5s", "sc", "bucket", "n"));
        for (Algorithm a : Algorithm.values()) {
            h.append(String.format(Locale.ROOT, " %21s", a.label() + " mean/max"));
        }
        out.println(h.append("  (µs per query)"));
        int[] wrong = new int[Algorithm.values().length];
        for (var s : r.pairs().entrySet()) {
            for (var b : s.getValue().entrySet()) {
                StringBuilder line = new StringBuilder(String.format(
                        Locale.ROOT,
                        "%-3s %5d%% %5d",
                        s.getKey(),
                        b.getKey(),
                        b.getValue().values().iterator().next().count()));
                for (Algorithm a : Algorithm.values()) {
                    Timing t = b.getValue().get(a);
                    line.append(String.format(Locale.ROOT, " %10.2f/%10.2f", t.meanNs / 1e3, t.maxNs / 1e3));
                    wrong[a.ordinal()] += t.wrong();
                }
                out.println(line);
            }
        }
        StringBuilder w = new StringBuilder("answers contradicting the exact target:");
        for (Algorithm a : Algorithm.values()) {
            w.append(' ')
                    .append(a.label())
                    .append(' ')
                    .append(wrong[a.ordinal()])
                    .append(a.ordinal() + 1 < wrong.length ? "," : "");
        }
        out.println(w);
    }

    public static void printRobots(Result r, java.io.PrintWriter out) {
        for (var robot : r.robots().entrySet()) {
            out.printf(Locale.ROOT, "robot %s: time per configuration (µs), by clearance bucket%n", robot.getKey());
            List<String> labels =
                    new ArrayList<>(robot.getValue().values().iterator().next().keySet());
            StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%8s %4s", "bucket", "n"));
            for (String l : labels) {
                h.append(String.format(Locale.ROOT, " %22s", l + (l.equals("isValid") ? " mean/max" : " mean")));
            }
            out.println(h);
            int falsePositives = 0;
            for (var b : robot.getValue().entrySet()) {
                StringBuilder line = new StringBuilder(String.format(
                        Locale.ROOT,
                        "%5d mm %4d",
                        b.getKey(),
                        b.getValue().get("isValid").count()));
                for (String l : labels) {
                    Timing t = b.getValue().get(l);
                    line.append(
                            Double.isNaN(t.maxNs)
                                    ? String.format(Locale.ROOT, " %22.2f", t.meanNs / 1e3)
                                    : String.format(Locale.ROOT, " %11.2f/%10.2f", t.meanNs / 1e3, t.maxNs / 1e3));
                }
                falsePositives += b.getValue().get("isValid").wrong();
                out.println(line);
            }
            out.printf(
                    Locale.ROOT,
                    "%s: isValid said 'collision' for %d stored configurations with clearance >= 1 mm%n",
                    robot.getKey(),
                    falsePositives);
        }
        for (String n : r.notes()) {
            out.println("note: " + n);
        }
    }
}
