package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * {@link JointBoxMotion}'s two bounds (reach only; with the kinematics at the box centre) against forward kinematics
 * (up to 1e-12 m of the test's own rounding): for random boxes of joint values, random links, balls and
 * shared-chain prefixes, no point of the ball at any sampled configuration of the box (corners included) is farther
 * from its place at the box centre, in the frame after the skipped joints, than the bound. Real arms (Panda, UR5e)
 * and example-robot-data's Panda with prismatic, mimicking fingers.
 */
class JointBoxMotionTest {

    @Test
    void noPointOfABoxLeavesEitherBound() {
        int checked = 0;
        int tighter = 0;
        double worst = 0;
        for (KinematicModel m : List.of(
                KinematicModel.of(TestRobots.panda()),
                KinematicModel.of(TestRobots.ur5e()),
                KinematicModel.of(TestRobots.pandaWithFingers()))) {
            Random rnd = new Random(17);
            LinkPoses atCentre = new LinkPoses(m);
            LinkPoses atQ = new LinkPoses(m);
            for (int box = 0; box < 300; box++) {
                double[] centre = TestRobots.randomConfiguration(m, rnd);
                double[] half = new double[centre.length];
                for (int v = 0; v < half.length; v++) {
                    if (rnd.nextBoolean()) { // some variables fixed, the others up to ±0.6 (rad or m), within limits
                        double room = Math.min(centre[v] - m.lowerLimit(v), m.upperLimit(v) - centre[v]);
                        half[v] = Math.min(room, rnd.nextDouble() * 0.6);
                    }
                }
                int link = rnd.nextInt(m.linkCount());
                int skip = m.chainLength(link) == 0 ? 0 : rnd.nextInt(m.chainLength(link) + 1);
                double cx = rnd.nextGaussian() * 0.1, cy = rnd.nextGaussian() * 0.1, cz = rnd.nextGaussian() * 0.1;
                double r = rnd.nextDouble() * 0.05;
                double reachOnly = JointBoxMotion.displacement(m, link, skip, centre, half, cx, cy, cz, r);
                m.forwardKinematics(centre, atCentre);
                double bound = JointBoxMotion.displacement(m, atCentre, link, skip, centre, half, cx, cy, cz, r);
                assertTrue(bound <= reachOnly, "the centre's kinematics only tighten: " + bound + " > " + reachOnly);
                tighter += bound < reachOnly ? 1 : 0;
                for (int s = 0; s < 40; s++) {
                    double[] q = centre.clone();
                    for (int v = 0; v < q.length; v++) {
                        double u = s < 8 ? (rnd.nextBoolean() ? -1 : 1) : 2 * rnd.nextDouble() - 1; // corners first
                        q[v] = centre[v] + u * half[v];
                    }
                    m.forwardKinematics(q, atQ);
                    for (double[] d : new double[][] {
                        {0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}
                    }) {
                        Vector3d a = relative(m, atCentre, link, skip, cx + r * d[0], cy + r * d[1], cz + r * d[2]);
                        Vector3d b = relative(m, atQ, link, skip, cx + r * d[0], cy + r * d[1], cz + r * d[2]);
                        double moved = a.distance(b);
                        // the bound is for the exact motion; 1e-12 m leaves room for the test's own FK rounding
                        assertTrue(moved <= reachOnly + 1e-12, m.name() + " reach-only bound " + reachOnly);
                        assertTrue(
                                moved <= bound + 1e-12,
                                m.name() + " link " + m.linkName(link) + " skip " + skip + ": moved " + moved
                                        + " > bound " + bound);
                        worst = Math.max(worst, bound > 0 ? moved / bound : 0);
                        checked++;
                    }
                }
            }
        }
        System.out.printf(
                "[box-motion] %d point displacements within both bounds; largest fraction of the tighter %.3f;"
                        + " it was tighter in %d of 900 boxes%n",
                checked, worst, tighter);
        assertTrue(tighter > 300, "the centre's kinematics should tighten most boxes, did " + tighter);
        assertTrue(worst > 0.2, "the bound should not be vacuous: largest fraction " + worst);
    }

    @Test
    void fixedVariablesMoveNothingAndUnboundedInputsProveNothing() {
        KinematicModel m = KinematicModel.of(TestRobots.ur5e());
        double[] centre = new double[m.variableCount()];
        int link = m.linkIndex("wrist_3_link");
        assertEquals(6, m.chainLength(link));
        assertEquals(0.0, JointBoxMotion.displacement(m, link, 0, centre, new double[centre.length], 0, 0, 0, 0.1));
        double[] half = new double[centre.length];
        half[0] = Double.NaN;
        assertEquals(Double.POSITIVE_INFINITY, JointBoxMotion.displacement(m, link, 0, centre, half, 0, 0, 0, 0.1));
        // the joints of a skipped prefix move the link and the frame alike: nothing relative to that frame
        half[0] = 1;
        assertEquals(0.0, JointBoxMotion.displacement(m, link, 1, centre, half, 0, 0, 0, 0.1));
    }

    /**
     * {@link JointBoxMotion#anchoredReach}: for boxes up to whole joint ranges, every point of the ball at every
     * sampled configuration (corners first) lies within the bound of the anchor, both taken in the frame after the
     * skipped joints (the anchor placed at the box centre: it must not move in that frame); and the bound is not
     * vacuous (on a moving link some point comes within 20 % of it).
     */
    @Test
    void theBallStaysInItsAnchoredSphereOverWholeRanges() {
        double worst = 0;
        int checked = 0;
        for (KinematicModel m : List.of(
                KinematicModel.of(TestRobots.panda()),
                KinematicModel.of(TestRobots.ur5e()),
                KinematicModel.of(TestRobots.pandaWithFingers()))) {
            Random rnd = new Random(5);
            LinkPoses atCentre = new LinkPoses(m);
            LinkPoses atQ = new LinkPoses(m);
            for (int box = 0; box < 200; box++) {
                double[] centre = new double[m.variableCount()];
                double[] half = new double[centre.length];
                boolean whole = box % 2 == 0;
                double[] random = TestRobots.randomConfiguration(m, rnd);
                for (int v = 0; v < centre.length; v++) {
                    double lo = m.lowerLimit(v), hi = m.upperLimit(v);
                    if (whole) { // the proof's first box: every variable over its whole range
                        centre[v] = 0.5 * (lo + hi);
                        half[v] = 0.5 * (hi - lo);
                    } else {
                        centre[v] = random[v];
                        half[v] = Math.min(Math.min(centre[v] - lo, hi - centre[v]), rnd.nextDouble() * 0.6);
                    }
                }
                int link = rnd.nextInt(m.linkCount());
                int skip = m.chainLength(link) == 0 ? 0 : rnd.nextInt(m.chainLength(link) + 1);
                double cx = rnd.nextGaussian() * 0.1, cy = rnd.nextGaussian() * 0.1, cz = rnd.nextGaussian() * 0.1;
                double r = rnd.nextDouble() * 0.05;
                m.forwardKinematics(centre, atCentre);
                double[] anchor = new double[3];
                double bound =
                        JointBoxMotion.anchoredReach(m, atCentre, link, skip, centre, half, cx, cy, cz, r, anchor);
                Vector3d a = toFrame(m, atCentre, link, skip, new Vector3d(anchor[0], anchor[1], anchor[2]));
                for (int s = 0; s < 40; s++) {
                    double[] q = centre.clone();
                    for (int v = 0; v < q.length; v++) {
                        double u = s < 8 ? (rnd.nextBoolean() ? -1 : 1) : 2 * rnd.nextDouble() - 1;
                        q[v] = centre[v] + u * half[v];
                    }
                    m.forwardKinematics(q, atQ);
                    for (double[] d : new double[][] {
                        {0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}
                    }) {
                        Vector3d p = relative(m, atQ, link, skip, cx + r * d[0], cy + r * d[1], cz + r * d[2]);
                        double far = p.distance(a);
                        assertTrue(
                                far <= bound + 1e-12,
                                m.name() + " link " + m.linkName(link) + " skip " + skip + ": " + far + " from the"
                                        + " anchor > bound " + bound);
                        if (m.chainLength(link) > skip) { // a link riding on the frame is exactly its ball
                            worst = Math.max(worst, far / bound);
                        }
                        checked++;
                    }
                }
            }
        }
        System.out.printf("[anchored-reach] %d points within the bound; largest fraction %.3f%n", checked, worst);
        assertTrue(worst > 0.2, "the bound should not be vacuous: largest fraction " + worst);
    }

    /** A world point in the frame after the chain's first {@code skip} movable joints (the world for 0). */
    private static Vector3d toFrame(KinematicModel m, LinkPoses poses, int link, int skip, Vector3d world) {
        if (skip == 0) {
            return world;
        }
        Matrix4d frame = new Matrix4d(poses.bodies[m.linkChain[link][skip - 1]]);
        return frame.invert().transformPosition(world);
    }

    /** The link-frame point in the frame after the chain's first {@code skip} movable joints (the world for 0). */
    private static Vector3d relative(
            KinematicModel m, LinkPoses poses, int link, int skip, double x, double y, double z) {
        Vector3d p = poses.transformPoint(link, x, y, z, new Vector3d());
        if (skip == 0) {
            return p;
        }
        Matrix4d frame = new Matrix4d(poses.bodies[m.linkChain[link][skip - 1]]);
        return frame.invert().transformPosition(p);
    }
}
