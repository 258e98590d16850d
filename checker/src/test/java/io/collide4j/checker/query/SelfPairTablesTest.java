package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.SeparatingJoints;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * {@link SelfPairTables} on the Panda (self pairs link5–link7 and link5–hand, separated by joints 6 and 7) against
 * GJK at the very state, and {@link SeparatingJoints#reach} against the motion it bounds.
 */
class SelfPairTablesTest {
    /**
     * On random states: where the table says FREE, GJK's estimate of the distance (an upper bound) exceeds the margin,
     * so the true distance may; where it says COLLIDING, GJK's certified lower bound does not exceed it. Both answers
     * must occur, or the test would not test the table.
     */
    @Test
    void tableVerdictsAgreeWithGjkAtTheState() {
        RobotCollisionModel model = TestRobots.panda();
        CollisionChecker checker = CollisionChecker.of(model, Scene.empty());
        QueryContext c = checker.newContext();
        SelfPairTables tables = SelfPairTables.of(model);
        KinematicModel k = model.kinematics();
        LinkPoses poses = new LinkPoses(k);
        Random rnd = new Random(29);
        int free = 0, colliding = 0, unknown = 0;
        for (int n = 0; n < 20_000; n++) {
            double[] q = DiscreteOracleTest.randomConfiguration(k, rnd);
            double d = new double[] {0, 0.002, 0.01}[rnd.nextInt(3)];
            k.forwardKinematics(q, poses);
            for (int i = 0; i < model.selfPairCount(); i++) {
                int a = model.pieceStart(model.selfPairA(i)), b = model.pieceStart(model.selfPairB(i));
                SelfPairTables.Verdict v = tables.verdict(checker.pairDistance(), c, q, a, b, d);
                if (v == SelfPairTables.Verdict.UNKNOWN) {
                    unknown++;
                    continue;
                }
                Matrix4d pa = new Matrix4d(poses.pose(model.bodyLink(model.selfPairA(i))));
                Matrix4d pb = new Matrix4d(poses.pose(model.bodyLink(model.selfPairB(i))));
                double lb = checker.pairDistance().lowerBound(c, PairKind.SELF, a, b, -1, pa, pb);
                double margins = model.pieceMargin(a) + model.pieceMargin(b);
                double estimate = c.result.intersecting ? -margins : c.result.distance - margins;
                if (v == SelfPairTables.Verdict.FREE) {
                    free++;
                    assertTrue(
                            estimate > d,
                            "FREE at q=" + java.util.Arrays.toString(q) + " pair " + i + " but GJK's"
                                    + " distance estimate is " + estimate + " <= " + d);
                } else {
                    colliding++;
                    assertTrue(
                            lb <= d,
                            "COLLIDING at q=" + java.util.Arrays.toString(q) + " pair " + i + " but GJK certifies " + lb
                                    + " > " + d);
                }
            }
        }
        System.out.printf("[self-pair tables] free %d, colliding %d, unknown %d%n", free, colliding, unknown);
        assertTrue(free > 1000 && colliding > 100, "free " + free + ", colliding " + colliding);
    }

    /** Outside a joint's limits the table has no cell: GJK decides. */
    @Test
    void statesBeyondTheLimitsAreLeftToGjk() {
        RobotCollisionModel model = TestRobots.panda();
        CollisionChecker checker = CollisionChecker.of(model, Scene.empty());
        QueryContext c = checker.newContext();
        SelfPairTables tables = SelfPairTables.of(model);
        KinematicModel k = model.kinematics();
        int l5 = k.linkIndex("panda_link5"), l7 = k.linkIndex("panda_link7");
        SeparatingJoints j = SeparatingJoints.of(k, l5, l7, 2);
        assertNotNull(j);
        assertEquals(2, j.count());
        int tabled = 0;
        for (int i = 0; i < model.selfPairCount(); i++) {
            int a = model.pieceStart(model.selfPairA(i)), b = model.pieceStart(model.selfPairB(i));
            if (model.bodyLink(model.selfPairA(i)) != l5 || model.bodyLink(model.selfPairB(i)) != l7) {
                continue;
            }
            double[] q = new double[k.variableCount()];
            q[j.variable(0)] = j.upperLimit(0) + 0.1;
            assertEquals(SelfPairTables.Verdict.UNKNOWN, tables.verdict(checker.pairDistance(), c, q, a, b, 0));
            q[j.variable(0)] = j.lowerLimit(0);
            q[j.variable(1)] = Double.NaN;
            assertEquals(SelfPairTables.Verdict.UNKNOWN, tables.verdict(checker.pairDistance(), c, q, a, b, 0));
            tabled++;
        }
        assertEquals(1, tabled);
        // joints 1..7 separate link0 and link7: more than two
        assertNull(SeparatingJoints.of(k, k.linkIndex("panda_link0"), l7, 2));
    }

    /**
     * Turning one separating joint by δ moves every point of the link's bounding sphere, seen from the other link's
     * frame, by at most reach · |δ| (a chord is no longer than its arc).
     */
    @Test
    void reachBoundsThePointsMotion() {
        RobotCollisionModel model = TestRobots.panda();
        KinematicModel k = model.kinematics();
        int l5 = k.linkIndex("panda_link5");
        Random rnd = new Random(7);
        LinkPoses p0 = new LinkPoses(k), p1 = new LinkPoses(k);
        int checked = 0;
        double tightest = 0;
        for (String other : new String[] {"panda_link7", "panda_hand"}) {
            int lo = k.linkIndex(other);
            SeparatingJoints j = SeparatingJoints.of(k, l5, lo, 2);
            assertNotNull(j, other);
            int body = -1;
            for (int b = 0; b < model.bodyCount(); b++) {
                body = model.bodyLink(b) == lo ? b : body;
            }
            int piece = model.pieceStart(body);
            double cx = model.pieceSphere(piece, 0), cy = model.pieceSphere(piece, 1), cz = model.pieceSphere(piece, 2);
            double r = model.pieceSphere(piece, 3);
            for (int n = 0; n < 2_000; n++) {
                double[] q = DiscreteOracleTest.randomConfiguration(k, rnd);
                int which = rnd.nextInt(2);
                double delta = (rnd.nextDouble() - 0.5) * 0.2;
                double[] q1 = q.clone();
                q1[j.variable(which)] += delta;
                k.forwardKinematics(q, p0);
                k.forwardKinematics(q1, p1);
                // a point on the sphere's surface, in link5's frame before and after
                Vector3d u = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize(r);
                Vector3d a = inFrameOf(p0, l5, lo, cx + u.x, cy + u.y, cz + u.z);
                Vector3d b = inFrameOf(p1, l5, lo, cx + u.x, cy + u.y, cz + u.z);
                double moved = a.distance(b), bound = j.reach(which, lo, cx, cy, cz, r) * Math.abs(delta);
                assertTrue(moved <= bound + 1e-12, other + ": moved " + moved + " > bound " + bound);
                tightest = Math.max(tightest, moved / bound);
                checked++;
            }
        }
        System.out.printf("[self-pair tables] reach: %d moves, largest move / bound %.3f%n", checked, tightest);
        assertTrue(tightest > 0.3, "the bound is never approached: " + tightest);
    }

    private static Vector3d inFrameOf(LinkPoses poses, int frameLink, int link, double x, double y, double z) {
        Vector3d w = poses.transformPoint(link, x, y, z, new Vector3d());
        Matrix4d inv = new Matrix4d(poses.pose(frameLink)).invertAffine();
        return inv.transformPosition(w);
    }
}
