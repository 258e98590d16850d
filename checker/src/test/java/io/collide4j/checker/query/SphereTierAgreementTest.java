package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The discrete check with the sphere tier in front of GJK ({@link CollisionChecker#isFree}) against the GJK-only
 * path on large sets of seeded random states (Panda and UR5e, MotionBenchMaker scenes, margins 0, 2 mm and 1 cm):
 * the same verdict on every state. The tier can only add free verdicts (it skips pairs whose covering spheres are
 * certified farther apart than the margin); a state it calls free that GJK does not would be a covering or rounding error of the tier (GJK's
 * certified bound is within ~1e-9 m of the distance, far tighter than the spheres). The full
 * run ({@code -Pslow}) has {@link MotionOracleTest#FULL_SCALE} times the states.
 */
class SphereTierAgreementTest {
    static final int PANDA_STATES = 20_000, UR5E_STATES = 10_000;

    private static void agree(String name, RobotCollisionModel model, int states, long seed) {
        List<Scene> scenes = DiscreteOracleTest.mbmScenes(50);
        List<CollisionChecker> checkers = new ArrayList<>();
        List<QueryContext> contexts = new ArrayList<>();
        for (Scene s : scenes) {
            CollisionChecker ch = CollisionChecker.of(model, s);
            checkers.add(ch);
            contexts.add(ch.newContext());
        }
        Random rnd = new Random(seed);
        int n = states;
        for (double d : new double[] {0, 0.002, 0.01}) {
            int free = 0, notFree = 0, tierFreeOnly = 0;
            for (int i = 0; i < n; i++) {
                int sc = rnd.nextInt(scenes.size());
                double[] q = DiscreteOracleTest.randomConfiguration(model.kinematics(), rnd);
                boolean tier = checkers.get(sc).isFree(q, d, contexts.get(sc), true);
                boolean gjk = checkers.get(sc).isFree(q, d, contexts.get(sc), false);
                if (tier && !gjk) {
                    tierFreeOnly++;
                    System.out.println("[sphere-tier] FREE only with the tier: " + name + " d=" + d + " scene " + sc
                            + " q=" + java.util.Arrays.toString(q));
                }
                free += gjk ? 1 : 0;
                notFree += gjk ? 0 : 1;
            }
            System.out.printf(
                    "[sphere-tier] %s d=%.3f: %d states, free %d, not free %d, free only with the tier %d%n",
                    name, d, n, free, notFree, tierFreeOnly);
            assertEquals(0, tierFreeOnly, name + ": the sphere tier called states free that GJK does not, d=" + d);
            assertTrue(free > 0.05 * n && notFree > 0.05 * n, name + ": free " + free + ", not free " + notFree);
        }
    }

    /**
     * {@link SphereTier#selfBeyond} (squared comparisons) gives the verdict {@code self(...) > stop} of the bound it
     * replaces on every self pair of random Panda states, wherever that bound is more than 1e-9 m from the stop.
     */
    @Test
    void selfBeyondIsTheSelfBoundsVerdict() {
        RobotCollisionModel model = TestRobots.panda();
        SphereTier tier = new SphereTier(model, PreparedScene.of(Scene.empty()));
        SphereTier.Scratch t = new SphereTier.Scratch(model);
        var poses = new io.collide4j.kinematics.LinkPoses(model.kinematics());
        Random rnd = new Random(33);
        int compared = 0, beyond = 0, differ = 0;
        for (int n = 0; n < 2_000; n++) {
            model.kinematics()
                    .forwardKinematics(DiscreteOracleTest.randomConfiguration(model.kinematics(), rnd), poses);
            t.posesChanged();
            for (int a = 0; a < model.pieceCount(); a++) {
                for (int b = a + 1; b < model.pieceCount(); b++) {
                    double stop = new double[] {0, 0.002, 0.01, 0.05}[rnd.nextInt(4)];
                    double bound = tier.self(t, poses, a, b, Double.NEGATIVE_INFINITY);
                    boolean fast = tier.selfBeyond(t, poses, a, b, stop);
                    if (Math.abs(bound - stop) > 1e-9) {
                        compared++;
                        beyond += fast ? 1 : 0;
                        differ += fast != bound > stop ? 1 : 0;
                    }
                }
            }
        }
        assertEquals(0, differ, differ + " of " + compared + " pairs");
        assertTrue(beyond > compared / 10 && beyond < compared * 9 / 10, beyond + " of " + compared + " beyond");
    }

    /**
     * {@link SphereTier#envBounding} (a piece's bounding sphere against an obstacle's own shape) is a lower bound:
     * at random Panda states in MotionBenchMaker scenes, for every robot piece and primitive obstacle, it is at most
     * the exact distance (analytic, {@link ExactDistance#primitive}, 0 inside) from any of the piece's points (its support points
     * in 26 directions, placed by the link pose) to the obstacle, less both margins; and it is above 0 for a good share
     * of the pairs (the bound is useful). A bounding sphere that did not contain the piece grown by its margin, or a
     * radius or margin left out, fails the first.
     */
    @Test
    void boundingSphereBoundIsBelowTheExactDistance() {
        RobotCollisionModel model = TestRobots.panda();
        var poses = new io.collide4j.kinematics.LinkPoses(model.kinematics());
        Random rnd = new Random(34);
        Vector3d c = new Vector3d(), v = new Vector3d(), w = new Vector3d();
        int compared = 0, positive = 0;
        double worst = Double.NEGATIVE_INFINITY;
        for (Scene s : DiscreteOracleTest.mbmScenes(50)) {
            PreparedScene prepared = PreparedScene.of(s);
            SphereTier tier = new SphereTier(model, prepared);
            for (int n = 0; n < 40; n++) {
                model.kinematics()
                        .forwardKinematics(DiscreteOracleTest.randomConfiguration(model.kinematics(), rnd), poses);
                for (int slot = 0; slot < s.slotCount(); slot++) {
                    Obstacle o = s.slot(slot);
                    if (o == null
                            || !(o.shape() instanceof ObstacleShape.Box
                                    || o.shape() instanceof ObstacleShape.Cylinder
                                    || o.shape() instanceof ObstacleShape.Sphere)
                            || prepared.pieceEnd(slot) != prepared.pieceStart(slot) + 1) {
                        continue;
                    }
                    int k = prepared.pieceStart(slot);
                    Matrix4d toObstacle = o.pose().toMatrix(new Matrix4d()).invert();
                    for (int p = 0; p < model.pieceCount(); p++) {
                        int link = model.bodyLink(model.pieceBody(p));
                        poses.transformPoint(
                                link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c);
                        double bound = tier.envBounding(p, c.x, c.y, c.z, k);
                        double least = Double.POSITIVE_INFINITY;
                        for (int dx = -1; dx <= 1; dx++) {
                            for (int dy = -1; dy <= 1; dy++) {
                                for (int dz = -1; dz <= 1; dz++) {
                                    if (dx == 0 && dy == 0 && dz == 0) {
                                        continue;
                                    }
                                    model.pieceShape(p).support(dx, dy, dz, v);
                                    poses.transformPoint(link, v.x, v.y, v.z, w);
                                    toObstacle.transformPosition(w);
                                    least = Math.min(least, ExactDistance.primitive(o.shape(), w.x, w.y, w.z));
                                }
                            }
                        }
                        double exact = Math.max(0, least)
                                - model.pieceMargin(p)
                                - prepared.margin(k); // distance: 0 when they overlap
                        worst = Math.max(worst, bound - exact);
                        compared++;
                        positive += bound > 0 ? 1 : 0;
                    }
                }
            }
        }
        System.out.printf(
                "[sphere-tier] bounding-sphere bound: %d pairs, %d above 0, worst bound - exact %.3g m%n",
                compared, positive, worst);
        assertTrue(worst <= 1e-9, "a bounding-sphere bound above the exact distance by " + worst + " m");
        assertTrue(positive > compared / 4, positive + " of " + compared + " above 0");
    }

    @Test
    void pandaDiscreteCheckAgreesWithGjkOnly() {
        agree("panda", TestRobots.panda(), PANDA_STATES, 31);
    }

    @Test
    @Tag("slow")
    void pandaDiscreteCheckAgreesWithGjkOnlyInFull() {
        agree("panda", TestRobots.panda(), MotionOracleTest.FULL_SCALE * PANDA_STATES, 31);
    }

    @Test
    void ur5eDiscreteCheckAgreesWithGjkOnly() {
        agree("ur5e", TestRobots.ur5e(), UR5E_STATES, 32);
    }

    @Test
    @Tag("slow")
    void ur5eDiscreteCheckAgreesWithGjkOnlyInFull() {
        agree("ur5e", TestRobots.ur5e(), MotionOracleTest.FULL_SCALE * UR5E_STATES, 32);
    }
}
