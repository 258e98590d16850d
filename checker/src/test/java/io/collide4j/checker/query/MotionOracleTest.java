package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.RobotSegment;
import io.collide4j.urdf.RobotDescription;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Continuous checks against the exact-triangle oracle sampled densely: no motion reported FREE may
 * have a sample where exact meshes come within d (d = 0 and 1 cm). Samples are at most 1 mm of
 * certified maximum robot-point travel apart; between samples a pair whose exact distance lower bound L
 * exceeds d is skipped for (L − d) / (its certified relative travel rate), before which it cannot come
 * within d. Motions: MBM start→goal edges, random motions, and grazing motions built to end (or pass
 * through) just at the first hull contact. Motions are checked in parallel (one checker context and
 * oracle per thread and scene); results are gathered in motion order, so the run is deterministic.
 */
class MotionOracleTest {
    static final double STEP = 0.001;
    /** Pairs farther than d + CAP are not measured further: they are skipped for at least CAP of travel. */
    static final double CAP = 0.05;
    /** Multiplier on the default motion counts ({@code -Dcollide4j.oracle.scale=4} for a larger run). */
    /** Default random and grazing motions each: Panda 2 × 650 + MBM edges, UR5e 2 × 350, over 2000 in all. */
    static final int PANDA_EACH = 650, UR5E_EACH = 350;
    static final double SCALE = Double.parseDouble(System.getProperty("collide4j.oracle.scale", "1"));

    record Motion(int scene, double[] q0, double[] q1, String kind) {
    }

    static final class Counts {
        int late, motions, reportedFree, reportedCollision, inconclusive, falseNegatives, falsePositives;
        long samples, evaluations, pairQueries;

        void add(Counts o) {
            late += o.late;
            motions += o.motions;
            reportedFree += o.reportedFree;
            reportedCollision += o.reportedCollision;
            inconclusive += o.inconclusive;
            falseNegatives += o.falseNegatives;
            falsePositives += o.falsePositives;
            samples += o.samples;
            evaluations += o.evaluations;
            pairQueries += o.pairQueries;
        }
    }

    /**
     * First sample s in [0, 1] where the oracle finds exact geometry within d, or −1 if none. Samples are
     * at most 1 mm of certified maximum travel apart; a pair whose exact distance lower bound L exceeds d is
     * next measured after (L − d) / (its relative travel rate) more: an environment pair moves by its body's
     * world travel, a self pair by at most the sum of both bodies' travels.
     */
    static double oracleViolation(MeshOracle o, RobotCollisionModel model, RobotSegment seg, double[] q0, double[] q1,
                                  double d, Counts counts) {
        seg.set(q0, q1);
        double[] rate = new double[model.bodyCount()];
        double w = 0;
        for (int b = 0; b < model.bodyCount(); b++) {
            rate[b] = seg.worldBound(model.bodyLink(b), 0, 1, model.bodySphere(b, 0), model.bodySphere(b, 1),
                    model.bodySphere(b, 2), model.bodySphere(b, 3));
            w = Math.max(w, rate[b]);
        }
        double minStep = w > 0 ? STEP / w : 1;
        double cap = d + CAP;
        int pairs = o.pairCount();
        double[] pairRate = new double[pairs];
        for (int p = 0; p < pairs; p++) {
            int b = o.pairBodyB(p);
            pairRate[p] = rate[o.pairBodyA(p)] + (b >= 0 ? rate[b] : 0);
        }
        double[] due = new double[pairs];
        double[] q = new double[q0.length];
        double s = 0;
        while (true) {
            for (int i = 0; i < q.length; i++) {
                q[i] = s == 1 ? q1[i] : q0[i] + s * (q1[i] - q0[i]);
            }
            o.set(q);
            counts.samples++;
            double next = 1;
            for (int p = 0; p < pairs; p++) {
                if (due[p] <= s) {
                    double lb = o.pairBound(p, d, cap);
                    counts.pairQueries++;
                    if (o.lastWithin) {
                        return s;
                    }
                    due[p] = s + Math.max(minStep, pairRate[p] > 0 ? (lb - d) / pairRate[p] : 1);
                }
                next = Math.min(next, due[p]);
            }
            if (s == 1) {
                return -1;
            }
            s = Math.min(1, Math.max(next, s + minStep));
        }
    }

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

    private static Counts checkOne(Motion m, double d, CollisionChecker ch, Worker wk, RobotCollisionModel model,
                                   RobotDescription description, Scene scene) {
        if (wk.contexts[m.scene] == null) {
            wk.contexts[m.scene] = ch.newContext();
            wk.oracles[m.scene] = new MeshOracle(model, description, scene);
        }
        Counts c = new Counts();
        MotionResult r = ch.checkMotion(m.q0, m.q1, d, wk.contexts[m.scene]);
        c.motions++;
        c.evaluations += r.evaluations();
        double v = oracleViolation(wk.oracles[m.scene], model, wk.seg, m.q0, m.q1, d, c);
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

    private Counts run(String name, RobotCollisionModel model, RobotDescription description, List<Scene> scenes,
                       List<Motion> motions, double d) {
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
                futures.add(pool.submit(() -> checkOne(m, d, checkers.get(m.scene), workers.get(), model, description,
                        scenes.get(m.scene))));
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
        System.out.printf("[motion-oracle] %s d=%.3f: %d motions %s, free %d, collision %d, inconclusive %d, "
                        + "false negatives %d, false positives %d (%.1f%% of collision reports, %.1f%% of motions), "
                        + "oracle samples %d, pair queries %d, checker distance evaluations %d, %.1f s on %d threads%n",
                name, d, c.motions, kinds, c.reportedFree, c.reportedCollision, c.inconclusive, c.falseNegatives,
                c.falsePositives, 100.0 * c.falsePositives / Math.max(1, c.reportedCollision),
                100.0 * c.falsePositives / Math.max(1, c.motions), c.samples, c.pairQueries, c.evaluations,
                (System.nanoTime() - t0) / 1e9, threads);
        return c;
    }

    static List<Motion> buildMotions(RobotCollisionModel model, List<Scene> scenes, List<double[][]> mbmEdges,
                                     int randomCount, int grazingCount, long seed) {
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

    @Test
    void pandaMotionsReportedFreeAreFreeForTheExactMeshes() {
        RobotCollisionModel model = TestRobots.panda();
        List<Scene> scenes = new ArrayList<>();
        List<double[][]> edges = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, String> e : TestRobots.problems().entrySet()) {
            if (!e.getKey().contains("/scene") || i++ % 7 != 0) {
                continue;
            }
            scenes.add(MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene());
            MotionPlanRequest r = MotionPlanRequest.parse(e.getKey(), TestRobots.problems().get(e.getKey().replace("/scene", "/request")));
            edges.add(r.startAndGoal(model.kinematics().variableNames()));
        }
        edges = edges.subList(0, Math.min(edges.size(), (int) Math.round(SCALE * edges.size())));
        int each = (int) Math.round(PANDA_EACH * SCALE);
        List<Motion> motions = buildMotions(model, scenes, edges, each, each, 11);
        int total = 0;
        for (double d : new double[]{0, 0.01}) {
            Counts c = run("panda", model, TestRobots.pandaDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertEquals(0, c.late, "collision reported after the oracle's first violation");
            assertTrue(c.reportedFree > 0.1 * motions.size(), "too few free motions to mean anything: " + c.reportedFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertEquals(edges.size() + 2 * each, motions.size());
    }

    @Test
    void ur5eMotionsReportedFreeAreFreeForTheExactMeshes() {
        RobotCollisionModel model = TestRobots.ur5e();
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        int each = (int) Math.round(UR5E_EACH * SCALE);
        List<Motion> motions = buildMotions(model, scenes, List.of(), each, each, 12);
        int total = 0;
        for (double d : new double[]{0, 0.01}) {
            Counts c = run("ur5e", model, TestRobots.ur5eDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertEquals(0, c.late, "collision reported after the oracle's first violation");
            assertTrue(c.reportedFree > 0.1 * motions.size(), "too few free motions: " + c.reportedFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertEquals(2 * each, motions.size());
    }
}
