package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link CollisionChecker#selfPairsNotSeparated} names the same body pairs as the robot pairs among
 * {@link CollisionChecker#contacts} (the full query, with depth, as the oracle), each once, on uniform states of the
 * bundled Panda with adjacency off (so neighbouring links, often touching, are checked too).
 */
class SelfPairsNotSeparatedTest {

    @Test
    void sameBodyPairsAsContactsEachOnce() {
        RobotDescription robot = SrdfGeneratorTest.bundled("panda");
        KinematicModel km = KinematicModel.of(robot);
        CollisionChecker checker = CollisionChecker.of(
                RobotCollisionModel.builder(robot, km).allowAdjacentLinks(false).build(), Scene.empty());
        QueryContext ctx = checker.newContext();
        SplittableRandom random = new SplittableRandom(7);
        double[] q = new double[km.variableCount()];
        int colliding = 0;
        for (int s = 0; s < 400; s++) {
            for (int i = 0; i < q.length; i++) {
                q[i] = km.lowerLimit(i) + (km.upperLimit(i) - km.lowerLimit(i)) * random.nextDouble();
            }
            double margin = s % 2 == 0 ? 0 : 0.02;
            TreeSet<String> expected = new TreeSet<>();
            for (Contact c : checker.contacts(q, margin, Integer.MAX_VALUE, ctx)) {
                if (!c.pair().environment()) {
                    expected.add(key(c.pair()));
                }
            }
            List<LinkPair> found = checker.selfPairsNotSeparated(q, margin, ctx);
            TreeSet<String> got = new TreeSet<>();
            for (LinkPair p : found) {
                got.add(key(p));
            }
            assertEquals(found.size(), got.size(), "each body pair once at sample " + s);
            assertEquals(expected, got, "sample " + s);
            colliding += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(colliding > 50, "the states exercise colliding pairs: " + colliding);
    }

    private static String key(LinkPair p) {
        return p.first().compareTo(p.second()) < 0 ? p.first() + "|" + p.second() : p.second() + "|" + p.first();
    }
}
