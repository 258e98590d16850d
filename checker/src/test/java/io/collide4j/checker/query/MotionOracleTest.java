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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Continuous checks against the exact-triangle oracle sampled densely: no motion reported FREE may
 * have a sample where exact meshes come within d (d = 0 and 1 cm). Samples are at most 1 mm of
 * certified maximum robot-point travel apart wherever the robot's exact AABBs come near something;
 * farther away the oracle skips ahead by (AABB gap − d) / (2 · travel rate), which cannot jump over
 * a violation. Motions: MBM start→goal edges, random short motions, and grazing motions built to end
 * (or pass through) just at the first hull contact.
 */
class MotionOracleTest {
    static final double STEP = 0.001;
    /**
     * Fraction of the full motion counts (Panda 1000 motions, UR5e 300, each checked at d = 0 and 1 cm);
     * default 0.25 keeps the module's test time small, {@code -Dcollide4j.oracle.scale=1} runs them all.
     */
    static final double SCALE = Double.parseDouble(System.getProperty("collide4j.oracle.scale", "0.25"));

    record Motion(int scene, double[] q0, double[] q1, String kind) {
    }

    static final class Counts {
        int late, motions, reportedFree, reportedCollision, inconclusive, falseNegatives, falsePositives;
        long samples, evaluations;
    }

    /**
     * First sample s in [0, 1] where the oracle finds exact geometry within d, or −1 if none. Each checked
     * pair is sampled at most 1 mm of certified travel apart; a pair whose exact distance lower bound L
     * exceeds d is next sampled after (L − d) / (2 · travel rate) more, before which it cannot come within d.
     */
    static double oracleViolation(MeshOracle o, RobotCollisionModel model, RobotSegment seg, double[] q0, double[] q1,
                                  double d, Counts counts) {
        seg.set(q0, q1);
        double w = 0;
        for (int b = 0; b < model.bodyCount(); b++) {
            w = Math.max(w, seg.worldBound(model.bodyLink(b), 0, 1, model.bodySphere(b, 0), model.bodySphere(b, 1),
                    model.bodySphere(b, 2), model.bodySphere(b, 3)));
        }
        double minStep = w > 0 ? STEP / w : 1;
        double cap = d + 0.02;
        double[] due = new double[o.pairCount()];
        double[] q = new double[q0.length];
        double s = 0;
        while (true) {
            for (int i = 0; i < q.length; i++) {
                q[i] = s == 1 ? q1[i] : q0[i] + s * (q1[i] - q0[i]);
            }
            o.set(q);
            counts.samples++;
            double next = 1;
            for (int p = 0; p < due.length; p++) {
                if (due[p] <= s) {
                    double lb = o.pairBound(p, d, cap);
                    if (o.lastWithin) {
                        return s;
                    }
                    due[p] = s + Math.max(minStep, w > 0 ? (lb - d) / (2 * w) : 1);
                }
                next = Math.min(next, due[p]);
            }
            if (s == 1) {
                return -1;
            }
            s = Math.min(1, Math.max(next, s + minStep));
        }
    }

    private Counts run(String name, RobotCollisionModel model, RobotDescription description, List<Scene> scenes,
                       List<Motion> motions, double d) {
        List<CollisionChecker> checkers = new ArrayList<>();
        List<MeshOracle> oracles = new ArrayList<>();
        for (Scene s : scenes) {
            checkers.add(CollisionChecker.of(model, s));
            oracles.add(new MeshOracle(model, description, s));
        }
        RobotSegment seg = new RobotSegment(model.kinematics());
        Counts c = new Counts();
        for (Motion m : motions) {
            CollisionChecker ch = checkers.get(m.scene);
            MotionResult r = ch.checkMotion(m.q0, m.q1, d, CheckerContexts.of(ch));
            c.motions++;
            c.evaluations += r.evaluations();
            double v = oracleViolation(oracles.get(m.scene), model, seg, m.q0, m.q1, d, c);
            switch (r.status()) {
                case FREE -> {
                    c.reportedFree++;
                    if (v >= 0) {
                        c.falseNegatives++;
                        System.out.println("FALSE NEGATIVE " + m.kind + " d=" + d + " oracle hit at s=" + v
                                + " q0=" + java.util.Arrays.toString(m.q0) + " q1=" + java.util.Arrays.toString(m.q1));
                    }
                }
                case COLLISION -> {
                    c.reportedCollision++;
                    if (v < 0) {
                        c.falsePositives++;
                    } else if (r.time() > v + 1e-12) {
                        double[] qv = new double[m.q0.length];
                        for (int j = 0; j < qv.length; j++) {
                            qv[j] = m.q0[j] + v * (m.q1[j] - m.q0[j]);
                        }
                        QueryContext cx = ch.newContext();
                        System.out.println("[motion-oracle] LATE " + m.kind + " d=" + d + " ours " + r.time() + " " + r.contact() + " oracle " + v
                                + " isFree(qv)=" + ch.isFree(qv, d, cx) + " min " + ch.minimumDistance(qv, cx)
                                + " contacts " + ch.contacts(qv, d, 5, cx)
                                + " q0=" + java.util.Arrays.toString(m.q0) + " q1=" + java.util.Arrays.toString(m.q1));
                        c.late++;
                    }
                }
                default -> c.inconclusive++;
            }
        }
        System.out.printf("[motion-oracle] %s d=%.3f: %d motions, free %d, collision %d, inconclusive %d, "
                        + "false negatives %d, false positives %d (%.1f%% of collision reports), oracle samples %d, "
                        + "distance evaluations %d%n", name, d, c.motions, c.reportedFree, c.reportedCollision, c.inconclusive,
                c.falseNegatives, c.falsePositives, 100.0 * c.falsePositives / Math.max(1, c.reportedCollision), c.samples,
                c.evaluations);
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
        edges = edges.subList(0, (int) Math.round(SCALE * edges.size()));
        List<Motion> motions = buildMotions(model, scenes, edges, (int) (450 * SCALE), (int) (450 * SCALE), 11);
        int total = 0;
        for (double d : new double[]{0, 0.01}) {
            Counts c = run("panda", model, TestRobots.pandaDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertEquals(0, c.late, "collision reported after the oracle's first violation");
            assertTrue(c.reportedFree > 50 * SCALE, "too few free motions to mean anything: " + c.reportedFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertTrue(motions.size() >= 990 * SCALE, "motions: " + motions.size());
    }

    @Test
    void ur5eMotionsReportedFreeAreFreeForTheExactMeshes() {
        RobotCollisionModel model = TestRobots.ur5e();
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        List<Motion> motions = buildMotions(model, scenes, List.of(), (int) (150 * SCALE), (int) (150 * SCALE), 12);
        int total = 0;
        for (double d : new double[]{0, 0.01}) {
            Counts c = run("ur5e", model, TestRobots.ur5eDescription(), scenes, motions, d);
            assertEquals(0, c.falseNegatives, "motion reported free but the exact meshes come within " + d);
            assertTrue(c.reportedFree > 30 * SCALE, "too few free motions: " + c.reportedFree);
            total += c.motions;
        }
        assertEquals(2 * motions.size(), total);
        assertTrue(motions.size() >= 290 * SCALE, "motions: " + motions.size());
    }
}
