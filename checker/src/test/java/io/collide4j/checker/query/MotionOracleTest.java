package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.RobotSegment;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Continuous checks against the exact-triangle oracle sampled densely: no motion reported FREE may
 * have a sample where exact meshes come within d (d = 0 and 1 cm). Samples are at most 1 mm of
 * certified maximum robot-point travel apart; between samples a pair whose exact distance lower bound L
 * exceeds d is skipped while its certified relative travel stays below L − d, before which it cannot come
 * within d. Motions: MBM start→goal edges, random motions, and grazing motions built to end (or pass
 * through) just at the first hull contact. Motions are checked in parallel (one checker context and
 * oracle per thread and scene); results are gathered in motion order, so the run is deterministic.
 */
class MotionOracleTest {
    static final double STEP = 0.001;
    /** Pairs farther than d + CAP are not measured further: they are skipped for at least CAP of travel. */
    static final double CAP = Double.parseDouble(System.getProperty("collide4j.oracle.cap", "0.05"));
    /** Distance bounds above d may be loose by this factor: they only schedule the next measurement of the pair. */
    static final double TOL = Double.parseDouble(System.getProperty("collide4j.oracle.tol", "0.5"));
    /**
     * Default random and grazing motions each: Panda 100 MBM edges + 2 × 800, UR5e 2 × 150: 2000 distinct motions
     * in all, each checked at d = 0 and 1 cm.
     */
    static final int PANDA_EACH = 800, UR5E_EACH = 150;
    /** Multiplier on the default motion counts in the full run ({@code -Pslow}), here and in the agreement tests. */
    static final int FULL_SCALE = 4;

    record Motion(int scene, double[] q0, double[] q1, String kind) {}

    static final class Counts {
        int late, motions, reportedFree, reportedCollision, inconclusive, falseNegatives, falsePositives;
        /** Motions the boolean query ({@link CollisionChecker#isMotionFree}) calls free, and of them the oracle's hits. */
        int booleanFree, booleanFalseNegatives;

        long samples, evaluations, pairQueries, cpuNanos;

        void add(Counts o) {
            late += o.late;
            motions += o.motions;
            reportedFree += o.reportedFree;
            reportedCollision += o.reportedCollision;
            inconclusive += o.inconclusive;
            falseNegatives += o.falseNegatives;
            falsePositives += o.falsePositives;
            booleanFree += o.booleanFree;
            booleanFalseNegatives += o.booleanFalseNegatives;
            samples += o.samples;
            evaluations += o.evaluations;
            pairQueries += o.pairQueries;
            cpuNanos += o.cpuNanos;
        }
    }

    /**
     * First sample s in [0, 1] where the oracle finds exact geometry within d, or −1 if none. Consecutive
     * samples are at most 1 mm of certified travel apart (every body's path-length bound over the step, from
     * {@link RobotSegment#worldBound}, is ≤ 1 mm); a pair whose exact distance lower bound L exceeds d is next
     * measured at the latest t whose certified travel bound over [s, t] (world travel for an environment pair,
     * {@link RobotSegment#pairBound} for a self pair) is ≤ L − d, before which it cannot come within d.
     */
    static double oracleViolation(
            MeshOracle o,
            RobotCollisionModel model,
            RobotSegment seg,
            double[] q0,
            double[] q1,
            double d,
            Counts counts) {
        seg.set(q0, q1);
        int bodies = model.bodyCount();
        double[] avg = new double[bodies]; // path-length bound over [0, 1]: only a first guess of the rate
        double w = 0;
        for (int b = 0; b < bodies; b++) {
            avg[b] = travel(model, seg, b, -1, 0, 1);
            w = Math.max(w, avg[b]);
        }
        double cap = d + CAP;
        int pairs = o.pairCount();
        double[] due = new double[pairs];
        double[] q = new double[q0.length];
        double s = 0;
        while (true) {
            for (int i = 0; i < q.length; i++) {
                q[i] = s == 1 ? q1[i] : q0[i] + s * (q1[i] - q0[i]);
            }
            o.set(q);
            counts.samples++;
            if (s == 1) {
                for (int p = 0; p < pairs; p++) {
                    if (due[p] <= 1) {
                        o.pairBound(p, d, cap, TOL);
                        counts.pairQueries++;
                        if (o.lastWithin) {
                            return 1;
                        }
                    }
                }
                return -1;
            }
            // the sampling step: every body travels at most STEP
            double step = w > 0 ? STEP / w : 1;
            while (step > 1e-12 && !withinTravel(model, seg, s, Math.min(1, s + step), STEP)) {
                step /= 2;
            }
            double next = 1;
            for (int p = 0; p < pairs; p++) {
                if (due[p] <= s) {
                    double lb = o.pairBound(p, d, cap, TOL);
                    counts.pairQueries++;
                    if (o.lastWithin) {
                        return s;
                    }
                    int a = o.pairBodyA(p), b = o.pairBodyB(p);
                    double rate = avg[a] + (b >= 0 ? avg[b] : 0);
                    double skip = rate > 0 ? (lb - d) / rate : 1;
                    while (skip > step && travel(model, seg, a, b, s, Math.min(1, s + skip)) > lb - d) {
                        skip /= 2;
                    }
                    due[p] = s + Math.max(step, skip);
                }
                next = Math.min(next, due[p]);
            }
            s = Math.min(1, Math.max(next, s + step));
        }
    }

    /** Certified travel bound over [s0, s1]: body a's world path length, or how much its distance to body b can change. */
    private static double travel(RobotCollisionModel m, RobotSegment seg, int a, int b, double s0, double s1) {
        if (b < 0) {
            return seg.worldBound(
                    m.bodyLink(a),
                    s0,
                    s1,
                    m.bodySphere(a, 0),
                    m.bodySphere(a, 1),
                    m.bodySphere(a, 2),
                    m.bodySphere(a, 3));
        }
        return seg.pairBound(
                m.bodyLink(a),
                m.bodySphere(a, 0),
                m.bodySphere(a, 1),
                m.bodySphere(a, 2),
                m.bodySphere(a, 3),
                m.bodyLink(b),
                m.bodySphere(b, 0),
                m.bodySphere(b, 1),
                m.bodySphere(b, 2),
                m.bodySphere(b, 3),
                s0,
                s1);
    }

    private static boolean withinTravel(RobotCollisionModel m, RobotSegment seg, double s0, double s1, double limit) {
        for (int b = 0; b < m.bodyCount(); b++) {
            if (travel(m, seg, b, -1, s0, s1) > limit) {
                return false;
            }
        }
        return true;
    }

    private static final java.lang.management.ThreadMXBean CPU =
            java.lang.management.ManagementFactory.getThreadMXBean();

    /** Per-thread state: a checker context and an oracle for each scene, made on first use. */
    private static final class Worker {
        final QueryContext[] contexts;
        final MeshOracle[] oracles;
        final RobotSegment seg;

        Worker(int scenes, RobotCollisionModel model) {
            contexts = new QueryContext[scenes];
            oracles = new MeshOracle[scenes];
            seg = new RobotSegment(model.kinematics());
        }
    }

    private static Counts checkOne(
            Motion m,
            double d,
            CollisionChecker ch,
            Worker wk,
            RobotCollisionModel model,
            RobotDescription description,
            Scene scene) {
        if (wk.contexts[m.scene] == null) {
            wk.contexts[m.scene] = ch.newContext();
            wk.oracles[m.scene] = new MeshOracle(model, description, scene);
        }
        Counts c = new Counts();
        long cpu0 = CPU.getCurrentThreadCpuTime();
        MotionResult r = ch.checkMotion(m.q0, m.q1, d, wk.contexts[m.scene]);
        c.motions++;
        c.evaluations += r.evaluations();
        double v = oracleViolation(wk.oracles[m.scene], model, wk.seg, m.q0, m.q1, d, c);
        c.cpuNanos = CPU.getCurrentThreadCpuTime() - cpu0;
        if (ch.isMotionFree(m.q0, m.q1, d, wk.contexts[m.scene]) == MotionStatus.FREE) {
            c.booleanFree++;
            if (v >= 0) {
                c.booleanFalseNegatives++;
                System.out.println(
                        "[motion-oracle] FALSE NEGATIVE of isMotionFree " + m.kind + " d=" + d + " oracle hit at s=" + v
                                + " q0=" + java.util.Arrays.toString(m.q0) + " q1=" + java.util.Arrays.toString(m.q1));
            }
        }
        switch (r.status()) {
            case FREE -> {
                c.reportedFree++;
                if (v >= 0) {
                    c.falseNegatives++;
                    System.out.println("[motion-oracle] FALSE NEGATIVE " + m.kind + " d=" + d + " oracle hit at s=" + v
                            + " q0=" + java.util.Arrays.toString(m.q0) + " q1=" + java.util.Arrays.toString(m.q1));
                }
            }
            case COLLISION -> {
                c.reportedCollision++;
                if (v < 0) {
                    c.falsePositives++;
                } else if (r.time() > v + 1e-12) {
                    System.out.println("[motion-oracle] LATE " + m.kind + " d=" + d + " ours " + r.time() + " "
                            + r.contact() + " oracle " + v
                            + " q0=" + java.util.Arrays.toString(m.q0) + " q1=" + java.util.Arrays.toString(m.q1));
                    c.late++;
                }
            }
            default -> c.inconclusive++;
        }
        return c;
    }

    private Counts run(
            String name,
            RobotCollisionModel model,
            RobotDescription description,
            List<Scene> scenes,
            List<Motion> motions,
            double d) {
        List<CollisionChecker> checkers = new ArrayList<>();
        for (Scene s : scenes) {
            checkers.add(CollisionChecker.of(model, s));
        }
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ThreadLocal<Worker> workers = ThreadLocal.withInitial(() -> new Worker(scenes.size(), model));
        long t0 = System.nanoTime();
        Counts c = new Counts();
        try {
            List<Future<Counts>> futures = new ArrayList<>();
            for (Motion m : motions) {
                futures.add(pool.submit(() ->
                        checkOne(m, d, checkers.get(m.scene), workers.get(), model, description, scenes.get(m.scene))));
            }
            for (Future<Counts> f : futures) {
                c.add(f.get());
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException("motion oracle run failed", e);
        } finally {
            pool.shutdownNow();
        }
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        motions.forEach(m -> kinds.merge(m.kind, 1, Integer::sum));
        System.out.printf(
                "[motion-oracle] %s d=%.3f: %d motions %s, free %d, collision %d, inconclusive %d, "
                        + "false negatives %d, false positives %d (%.1f%% of collision reports, %.1f%% of motions), "
                        + "isMotionFree free %d with %d false negatives, "
                        + "oracle samples %d, pair queries %d, checker distance evaluations %d, %.1f s on %d threads, %.1f s CPU%n",
                name,
                d,
                c.motions,
                kinds,
                c.reportedFree,
                c.reportedCollision,
                c.inconclusive,
                c.falseNegatives,
                c.falsePositives,
                100.0 * c.falsePositives / Math.max(1, c.reportedCollision),
                100.0 * c.falsePositives / Math.max(1, c.motions),
                c.booleanFree,
                c.booleanFalseNegatives,
                c.samples,
                c.pairQueries,
                c.evaluations,
                (System.nanoTime() - t0) / 1e9,
                threads,
                c.cpuNanos / 1e9);
        return c;
    }

    static List<Motion> buildMotions(
            RobotCollisionModel model,
            List<Scene> scenes,
            List<double[][]> mbmEdges,
            int randomCount,
            int grazingCount,
            long seed) {
        KinematicModel k = model.kinematics();
        List<Motion> out = new ArrayList<>();
        for (int i = 0; i < mbmEdges.size(); i++) {
            out.add(new Motion(i % scenes.size(), mbmEdges.get(i)[0], mbmEdges.get(i)[1], "mbm"));
        }
        Random rnd = new Random(seed);
        List<CollisionChecker> checkers = new ArrayList<>();
        scenes.forEach(s -> checkers.add(CollisionChecker.of(model, s)));
        int made = 0, grazing = 0, guard = 0;
        while ((made < randomCount || grazing < grazingCount) && guard++ < 100 * (randomCount + grazingCount)) {
            int si = rnd.nextInt(scenes.size());
            CollisionChecker ch = checkers.get(si);
            QueryContext ctx = CheckerContexts.of(ch);
            double[] q0 = DiscreteOracleTest.randomConfiguration(k, rnd);
            if (!ch.isFree(q0, 0.01, ctx)) {
                continue;
            }
            double[] dir = new double[q0.length];
            double len = 0.3 + 0.7 * rnd.nextDouble();
            double n = 0;
            for (int j = 0; j < dir.length; j++) {
                dir[j] = rnd.nextGaussian();
                n += dir[j] * dir[j];
            }
            double[] q1 = new double[q0.length];
            for (int j = 0; j < dir.length; j++) {
                q1[j] = clamp(k, j, q0[j] + dir[j] * len / Math.sqrt(n));
            }
            if (made < randomCount) {
                out.add(new Motion(si, q0, q1, "random"));
                made++;
                continue;
            }
            // Grazing: stop just before (or just after) the first time the hull model touches.
            MotionResult r = ch.checkMotion(q0, q1, 0, 1e-6, CollisionChecker.DEFAULT_BUDGET, ctx);
            if (r.status() != MotionStatus.COLLISION || r.time() < 0.05) {
                continue;
            }
            double t = r.time() * (grazing % 3 == 0 ? 1.0 + 0.02 * rnd.nextDouble() : 1.0 - 0.02 * rnd.nextDouble());
            double[] qe = new double[q0.length];
            for (int j = 0; j < qe.length; j++) {
                qe[j] = clamp(k, j, q0[j] + Math.min(1, t) * (q1[j] - q0[j]));
            }
            out.add(new Motion(si, q0, qe, "grazing"));
            grazing++;
        }
        assertEquals(randomCount, made);
        assertEquals(grazingCount, grazing);
        return out;
    }

    private static double clamp(KinematicModel k, int j, double v) {
        return Math.max(k.lowerLimit(j), Math.min(k.upperLimit(j), v));
    }

    /**
     * Every 7th MotionBenchMaker Panda problem: its scene into {@code scenes} and its start→goal edge into
     * {@code edges} (the motion oracle's and the motion-query agreement test's common sample).
     */
    static void pandaProblemSample(RobotCollisionModel model, List<Scene> scenes, List<double[][]> edges) {
        int i = 0;
        for (Map.Entry<String, String> e : TestRobots.problems().entrySet()) {
            if (!e.getKey().contains("/scene") || i++ % 7 != 0) {
                continue;
            }
            scenes.add(MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene());
            MotionPlanRequest r = MotionPlanRequest.parse(
                    e.getKey(), TestRobots.problems().get(e.getKey().replace("/scene", "/request")));
            edges.add(r.startAndGoal(model.kinematics().variableNames()));
        }
    }

    @Test
    void pandaMotionsReportedFreeAreFreeForTheExactMeshes() {
        panda(1);
    }

    @Test
    @Tag("slow")
    void pandaMotionsReportedFreeAreFreeForTheExactMeshesInFull() {
        panda(FULL_SCALE);
    }

    private void panda(int scale) {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        pandaProblemSample(model, scenes, edges);
        edges = edges.subList(0, Math.min(edges.size(), scale * edges.size()));
        int each = PANDA_EACH * scale;
        List<Motion> motions = buildMotions(model, scenes, edges, each, each, 11);
        int total = 0;
        for (double d : new double[] {0, 0.01}) {
            Counts c = run("panda", model, TestRobots.pandaDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertEquals(0, c.booleanFalseNegatives, "isMotionFree said free but the exact meshes come within " + d);
            assertEquals(0, c.late, "collision reported after the oracle's first violation");
            assertTrue(
                    c.reportedFree > 0.1 * motions.size(), "too few free motions to mean anything: " + c.reportedFree);
            assertTrue(
                    c.booleanFree > 0.1 * motions.size(), "too few motions isMotionFree calls free: " + c.booleanFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertEquals(edges.size() + 2 * each, motions.size());
        assertTrue(motions.size() >= 2000 - 2 * UR5E_EACH, "panda motions " + motions.size());
    }

    @Test
    void ur5eMotionsReportedFreeAreFreeForTheExactMeshes() {
        ur5e(1);
    }

    @Test
    @Tag("slow")
    void ur5eMotionsReportedFreeAreFreeForTheExactMeshesInFull() {
        ur5e(FULL_SCALE);
    }

    private void ur5e(int scale) {
        RobotCollisionModel model = TestRobots.ur5e();
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        int each = UR5E_EACH * scale;
        List<Motion> motions = buildMotions(model, scenes, List.of(), each, each, 12);
        int total = 0;
        for (double d : new double[] {0, 0.01}) {
            Counts c = run("ur5e", model, TestRobots.ur5eDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertEquals(0, c.booleanFalseNegatives, "isMotionFree said free but the exact meshes come within " + d);
            assertEquals(0, c.late, "collision reported after the oracle's first violation");
            assertTrue(c.reportedFree > 0.1 * motions.size(), "too few free motions: " + c.reportedFree);
            assertTrue(
                    c.booleanFree > 0.1 * motions.size(), "too few motions isMotionFree calls free: " + c.booleanFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertEquals(2 * each, motions.size());
    }
}
