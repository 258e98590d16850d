package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.joml.Matrix4d;
import org.junit.jupiter.api.Test;

class RobotSegmentTest {
    private final KinematicModel panda = KinematicModel.of(TestRobots.panda());

    @Test
    void posesFollowTheInterpolatedConfiguration() {
        Random rnd = new Random(8);
        RobotSegment seg = new RobotSegment(panda);
        LinkPoses ref = new LinkPoses(panda);
        Matrix4d m = new Matrix4d();
        for (int trial = 0; trial < 50; trial++) {
            double[] q0 = TestRobots.randomConfiguration(panda, rnd);
            double[] q1 = TestRobots.randomConfiguration(panda, rnd);
            seg.set(q0, q1);
            JointPath path = JointPath.linear(q0, q1);
            for (double s : new double[] {0, rnd.nextDouble(), 1}) {
                double[] q = new double[7];
                for (int j = 0; j < 7; j++) {
                    q[j] = s == 1 ? q1[j] : q0[j] + s * (q1[j] - q0[j]);
                }
                panda.forwardKinematics(q, ref);
                for (int l = 0; l < panda.linkCount(); l++) {
                    ForwardKinematicsTest.assertPoseEquals(
                            new Matrix4d(ref.pose(l)), seg.linkPose(l, s, m), 1e-12, "segment");
                    ForwardKinematicsTest.assertPoseEquals(
                            new Matrix4d(ref.pose(l)),
                            new JointInterpolatedMotion(panda, l, path).pose(s, m),
                            1e-12,
                            "chain pose");
                }
            }
        }
    }

    /** One revolute joint moving: the farthest ball point travels exactly Δ·(distance to axis + r). */
    @Test
    void singleJointBoundIsTheExactArc() {
        int link7 = panda.linkIndex("panda_link7");
        double[] q0 = {0.1, -0.3, 0.2, -1.8, 0.4, 1.6, -0.2};
        double[] q1 = q0.clone();
        q1[6] += 0.9;
        RobotSegment seg = new RobotSegment(panda).set(q0, q1);
        // joint 7 turns about link7's own z axis
        double cx = 0.05, cy = -0.02, cz = 0.1, r = 0.03;
        double dist = Math.hypot(cx, cy);
        for (double[] iv : new double[][] {{0, 1}, {0.2, 0.3}, {0.5, 0.5001}}) {
            double exact = 0.9 * (iv[1] - iv[0]) * (dist + r);
            double bound = seg.worldBound(link7, iv[0], iv[1], cx, cy, cz, r);
            assertTrue(bound >= exact && bound <= exact * (1 + 1e-9) + 1e-11, bound + " vs exact " + exact);
            // chord of an arc of angle φ and radius ρ: ρ(1 − cos(φ/2)) ≤ bound, and the bound is ρφ²/8
            double phi = 0.9 * (iv[1] - iv[0]);
            double chord = seg.chordBound(link7, iv[0], iv[1], cx, cy, cz, r);
            assertTrue(chord >= (dist + r) * (1 - Math.cos(phi / 2)));
            assertTrue(chord <= (dist + r) * phi * phi / 8 * (1 + 1e-9) + 1e-11);
        }
        // a link before joint 7 does not move at all; the hand shares every joint with link7
        assertEquals(0, seg.worldBound(panda.linkIndex("panda_link6"), 0, 1, cx, cy, cz, r), 1e-11);
        assertEquals(
                0,
                seg.pairBound(link7, cx, cy, cz, r, panda.linkIndex("panda_hand"), 0, 0, 0.1, 0.05, 0, 1),
                1e-11,
                "only the rounding slack remains");
    }

    @Test
    void pairBoundLeavesOutSharedJoints() {
        Random rnd = new Random(9);
        RobotSegment seg = new RobotSegment(panda);
        int l4 = panda.linkIndex("panda_link4");
        int l5 = panda.linkIndex("panda_link5");
        for (int trial = 0; trial < 100; trial++) {
            double[] q0 = TestRobots.randomConfiguration(panda, rnd);
            double[] q1 = q0.clone();
            // only the four shared joints move: link4 and link5 move rigidly together
            for (int j = 0; j < 4; j++) {
                q1[j] += rnd.nextDouble() - 0.5;
            }
            seg.set(q0, q1);
            assertEquals(
                    0,
                    seg.pairBound(l4, 0, 0, 0, 0.1, l5, 0.1, 0, 0, 0.1, 0, 1),
                    1e-11,
                    "only the rounding slack remains");
            assertTrue(seg.worldBound(l4, 0, 1, 0, 0, 0, 0.1) > 1e-3);
        }
    }

    /**
     * chainSpeed bounds every difference quotient of sampled sphere points (world, skip = 0), and for two links
     * the change of the distance between their points is at most the sum of both speeds relative to the frame
     * after the shared joints, times Δs. On short intervals the bound is close to the sampled speed.
     */
    @Test
    void chainSpeedBoundsSampledSpeeds() {
        Random rnd = new Random(10);
        RobotSegment seg = new RobotSegment(panda);
        Matrix4d m = new Matrix4d();
        int[] links = {
            panda.linkIndex("panda_link3"),
            panda.linkIndex("panda_link5"),
            panda.linkIndex("panda_link7"),
            panda.linkIndex("panda_hand")
        };
        for (int trial = 0; trial < 60; trial++) {
            double[] q0 = TestRobots.randomConfiguration(panda, rnd);
            double[] q1 = TestRobots.randomConfiguration(panda, rnd);
            seg.set(q0, q1);
            int la = links[rnd.nextInt(links.length)], lb = links[rnd.nextInt(links.length)];
            double[] a = {
                0.1 * rnd.nextGaussian(), 0.1 * rnd.nextGaussian(), 0.1 * rnd.nextGaussian(), 0.08 * rnd.nextDouble()
            };
            double[] b = {
                0.1 * rnd.nextGaussian(), 0.1 * rnd.nextGaussian(), 0.1 * rnd.nextGaussian(), 0.08 * rnd.nextDouble()
            };
            double len = trial % 3 == 0 ? 0.5 : trial % 3 == 1 ? 0.05 : 0.005;
            double s0 = rnd.nextDouble() * (1 - len), s1 = s0 + len;
            double va = seg.chainSpeed(la, 0, s0, s1, a[0], a[1], a[2], a[3]);
            int skip = panda.sharedChainLength(la, lb);
            double ra = seg.chainSpeed(la, skip, s0, s1, a[0], a[1], a[2], a[3]);
            double rb = seg.chainSpeed(lb, skip, s0, s1, b[0], b[1], b[2], b[3]);
            // sphere points: the centre and six points on the surface
            double[][] dirs = {{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
            int n = 400;
            double[][] pa = new double[n + 1][], pb = new double[n + 1][];
            for (double[] dir : dirs) {
                double maxQuotient = 0;
                for (int k = 0; k <= n; k++) {
                    double s = s0 + (s1 - s0) * k / n;
                    pa[k] = point(seg.linkPose(la, s, m), a, dir);
                    pb[k] = point(seg.linkPose(lb, s, m), b, dir);
                }
                for (int k = 0; k < n; k++) {
                    double ds = (s1 - s0) / n;
                    double quotient = dist(pa[k + 1], pa[k]) / ds;
                    maxQuotient = Math.max(maxQuotient, quotient);
                    assertTrue(quotient <= va * (1 + 1e-9) + 1e-9, "world speed " + quotient + " > bound " + va);
                    double change = Math.abs(dist(pa[k + 1], pb[k + 1]) - dist(pa[k], pb[k]));
                    assertTrue(
                            change <= (ra + rb) * ds * (1 + 1e-9) + 1e-12,
                            "distance change " + change + " > " + (ra + rb) * ds);
                }
                if (len == 0.005 && dir == dirs[0] && maxQuotient > 1e-3) {
                    // the centre alone (radius 0): on a short interval the bound is near the sampled speed
                    double centre = seg.chainSpeed(la, 0, s0, s1, a[0], a[1], a[2], 0);
                    assertTrue(
                            centre <= 1.2 * maxQuotient,
                            "short-interval speed bound " + centre + " vs sampled " + maxQuotient);
                }
            }
        }
    }

    /**
     * cellSpeeds (the speed grid's shared-frame bounds) bound every difference quotient of sampled sphere points, world
     * and relative to the frame after the shared joints, on straight and polynomial paths of a revolute arm, an arm
     * with prismatic mimic fingers and one with non-axis-aligned frames; on short cells it is within a few percent
     * of chainSpeed (an independent derivation in the chain's local frames) and of the sampled speed. A cell index
     * asked again with other ends is recomputed, not served stale.
     */
    @Test
    void cellSpeedBoundsSampledSpeeds() {
        Random rnd = new Random(11);
        for (KinematicModel km : new KinematicModel[] {
            panda, KinematicModel.of(TestRobots.pandaWithFingers()), KinematicModel.of(TestRobots.ur5e())
        }) {
            RobotSegment seg = new RobotSegment(km);
            int n = km.variableCount();
            for (int trial = 0; trial < 60; trial++) {
                double[] q0 = TestRobots.randomConfiguration(km, rnd);
                double[] q1 = q0.clone();
                for (int i = 0; i < n; i++) {
                    q1[i] += 0.8 * (rnd.nextDouble() - 0.5);
                }
                JointPath path = null;
                if (trial % 2 == 0) {
                    seg.set(q0, q1);
                } else {
                    double[] d0 = new double[n], d1 = new double[n];
                    for (int i = 0; i < n; i++) {
                        d0[i] = rnd.nextDouble() - 0.5;
                        d1[i] = rnd.nextDouble() - 0.5;
                    }
                    path = PolynomialJointPath.cubicHermite(q0, d0, q1, d1);
                    seg.set(path);
                }
                int la = 1 + rnd.nextInt(km.linkCount() - 1), lb = 1 + rnd.nextInt(km.linkCount() - 1);
                int skip = km.sharedChainLength(la, lb);
                double[] a = {
                    0.1 * rnd.nextGaussian(),
                    0.1 * rnd.nextGaussian(),
                    0.1 * rnd.nextGaussian(),
                    0.08 * rnd.nextDouble()
                };
                double[] b = {
                    0.1 * rnd.nextGaussian(),
                    0.1 * rnd.nextGaussian(),
                    0.1 * rnd.nextGaussian(),
                    0.08 * rnd.nextDouble()
                };
                double len = trial % 3 == 0 ? 0.3 : trial % 3 == 1 ? 0.05 : 0.005;
                double s0 = rnd.nextDouble() * (1 - len), s1 = s0 + len;
                int cell = rnd.nextInt(4);
                double[] sa = new double[km.chainLength(la) + 1], sb = new double[km.chainLength(lb) + 1];
                seg.cellSpeeds(cell, 0, 1, la, a[0], a[1], a[2], a[3], sa); // the cell with other ends first
                seg.cellSpeeds(cell, s0, s1, la, a[0], a[1], a[2], a[3], sa);
                seg.cellSpeeds(cell, s0, s1, lb, b[0], b[1], b[2], b[3], sb);
                double va = sa[0], ra = sa[skip], rb = sb[skip];
                // the cell's centre is the sphere centre at the cell's midpoint
                double[] mid = point(seg.linkPose(la, 0.5 * (s0 + s1), new Matrix4d()), a, new double[3]);
                org.joml.Vector3d cellMid = seg.cellCentre(cell, s0, s1, la, a[0], a[1], a[2], new org.joml.Vector3d());
                assertEquals(0, dist(mid, new double[] {cellMid.x, cellMid.y, cellMid.z}), 1e-12, "cell centre");
                double[][] dirs = {{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
                int steps = 300;
                Matrix4d[] poseA = new Matrix4d[steps + 1], poseB = new Matrix4d[steps + 1];
                for (int k = 0; k <= steps; k++) {
                    double s = s0 + (s1 - s0) * k / steps;
                    poseA[k] = seg.linkPose(la, s, new Matrix4d());
                    poseB[k] = seg.linkPose(lb, s, new Matrix4d());
                }
                double[][] pa = new double[steps + 1][], pb = new double[steps + 1][];
                for (double[] dir : dirs) {
                    double maxQuotient = 0;
                    for (int k = 0; k <= steps; k++) {
                        pa[k] = point(poseA[k], a, dir);
                        pb[k] = point(poseB[k], b, dir);
                    }
                    double ds = (s1 - s0) / steps;
                    for (int k = 0; k < steps; k++) {
                        double quotient = dist(pa[k + 1], pa[k]) / ds;
                        maxQuotient = Math.max(maxQuotient, quotient);
                        assertTrue(
                                quotient <= va * (1 + 1e-9) + 1e-9,
                                km.name() + ": world speed " + quotient + " > bound " + va);
                        double change = Math.abs(dist(pa[k + 1], pb[k + 1]) - dist(pa[k], pb[k]));
                        assertTrue(
                                change <= (ra + rb) * ds * (1 + 1e-9) + 1e-12,
                                km.name() + ": distance change " + change + " > " + (ra + rb) * ds);
                    }
                    if (len == 0.005 && dir == dirs[0] && maxQuotient > 1e-3) {
                        seg.cellSpeeds(cell, s0, s1, la, a[0], a[1], a[2], 0, sa);
                        double centre = sa[0];
                        double chain = seg.chainSpeed(la, 0, s0, s1, a[0], a[1], a[2], 0);
                        assertTrue(
                                centre <= 1.2 * maxQuotient,
                                "short-cell speed bound " + centre + " vs sampled " + maxQuotient);
                        assertEquals(chain, centre, 0.02 * chain, "short-cell bound vs chainSpeed");
                    }
                }
            }
        }
    }

    /**
     * The acceleration bound behind cellSpeeds (its world-frame P''(s_m) and jerk terms) bounds sampled second
     * differences of sphere points, and on short cells is within a few percent of ChainBounds' acceleration bound,
     * which computes P''(s_m) by a different recursion (the chain's local frames).
     */
    @Test
    void cellAccelerationMatchesChainBounds() {
        Random rnd = new Random(12);
        for (KinematicModel km : new KinematicModel[] {
            panda, KinematicModel.of(TestRobots.pandaWithFingers()), KinematicModel.of(TestRobots.ur5e())
        }) {
            CellFrames cells = new CellFrames(km);
            int n = km.variableCount();
            for (int trial = 0; trial < 60; trial++) {
                double[] q0 = TestRobots.randomConfiguration(km, rnd);
                double[] q1 = q0.clone();
                double[] d0 = new double[n], d1 = new double[n];
                for (int i = 0; i < n; i++) {
                    q1[i] += 0.8 * (rnd.nextDouble() - 0.5);
                    d0[i] = rnd.nextDouble() - 0.5;
                    d1[i] = rnd.nextDouble() - 0.5;
                }
                JointPath path =
                        trial % 2 == 0 ? JointPath.linear(q0, q1) : PolynomialJointPath.cubicHermite(q0, d0, q1, d1);
                cells.reset();
                int link = 1 + rnd.nextInt(km.linkCount() - 1);
                int skip = rnd.nextInt(km.chainLength(link) + 1);
                double cx = 0.1 * rnd.nextGaussian(), cy = 0.1 * rnd.nextGaussian(), cz = 0.1 * rnd.nextGaussian();
                double r = trial % 4 == 0 ? 0 : 0.08 * rnd.nextDouble();
                double len = trial % 3 == 0 ? 0.05 : 0.002;
                double s0 = rnd.nextDouble() * (1 - len), s1 = s0 + len;
                double[] accs = new double[km.chainLength(link) + 1];
                cells.accelerations(path, 0, s0, s1, link, cx, cy, cz, r, accs);
                double acc = accs[skip];
                double chain =
                        ChainBounds.compute(km, link, skip, path, s0, s1, cx, cy, cz, r, ChainBounds.ACCELERATION);
                if (len < 0.01) {
                    assertEquals(
                            chain,
                            acc,
                            0.02 * chain + 1e-9,
                            km.name() + ": short-cell acceleration bound vs ChainBounds");
                }
                // second differences of the centre relative to the frame after skip joints, over the cell
                double[] q = new double[n];
                LinkPoses poses = new LinkPoses(km);
                int steps = 40;
                double h = len / steps;
                double[][] p = new double[steps + 1][];
                for (int k = 0; k <= steps; k++) {
                    path.positions(s0 + h * k, q);
                    km.forwardKinematics(q, poses);
                    p[k] = relativePoint(km, poses, link, skip, cx, cy, cz);
                }
                for (int k = 1; k < steps; k++) {
                    double sd = Math.sqrt(sq(p[k + 1][0] - 2 * p[k][0] + p[k - 1][0])
                                    + sq(p[k + 1][1] - 2 * p[k][1] + p[k - 1][1])
                                    + sq(p[k + 1][2] - 2 * p[k][2] + p[k - 1][2]))
                            / (h * h);
                    assertTrue(
                            sd <= acc * (1 + 1e-6) + 1e-6, km.name() + ": second difference " + sd + " > bound " + acc);
                }
            }
        }
    }

    /** The link point (cx, cy, cz) in the frame of body chain[skip - 1] (the world for skip = 0). */
    private static double[] relativePoint(
            KinematicModel km, LinkPoses poses, int link, int skip, double cx, double cy, double cz) {
        Matrix4d w = poses.pose(link, new Matrix4d());
        double x = w.m00() * cx + w.m10() * cy + w.m20() * cz + w.m30();
        double y = w.m01() * cx + w.m11() * cy + w.m21() * cz + w.m31();
        double z = w.m02() * cx + w.m12() * cy + w.m22() * cz + w.m32();
        if (skip == 0) {
            return new double[] {x, y, z};
        }
        Matrix4d f = new Matrix4d(poses.bodies[km.linkChain[link][skip - 1]]).invertAffine();
        return new double[] {
            f.m00() * x + f.m10() * y + f.m20() * z + f.m30(),
            f.m01() * x + f.m11() * y + f.m21() * z + f.m31(),
            f.m02() * x + f.m12() * y + f.m22() * z + f.m32()
        };
    }

    private static double sq(double x) {
        return x * x;
    }

    private static double[] point(Matrix4d pose, double[] sphere, double[] dir) {
        double x = sphere[0] + sphere[3] * dir[0],
                y = sphere[1] + sphere[3] * dir[1],
                z = sphere[2] + sphere[3] * dir[2];
        return new double[] {
            pose.m00() * x + pose.m10() * y + pose.m20() * z + pose.m30(),
            pose.m01() * x + pose.m11() * y + pose.m21() * z + pose.m31(),
            pose.m02() * x + pose.m12() * y + pose.m22() * z + pose.m32()
        };
    }

    private static double dist(double[] p, double[] q) {
        return Math.sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
    }

    @Test
    void badArgumentsAreRejected() {
        RobotSegment seg = new RobotSegment(panda);
        assertThrows(IllegalStateException.class, () -> seg.worldBound(1, 0, 1, 0, 0, 0, 0));
        double[] q = {0, 0, 0, -1, 0, 1, 0};
        seg.set(q, q);
        assertThrows(IllegalArgumentException.class, () -> seg.worldBound(1, 0.6, 0.5, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> seg.worldBound(1, 0, 1.5, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> seg.worldBound(1, Double.NaN, 1, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> seg.worldBound(1, 0, 1, 0, 0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> seg.worldBound(1, 0, 1, Double.NaN, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> seg.linkPose(1, 1.5, new Matrix4d()));
        assertThrows(InvalidConfigurationException.class, () -> seg.set(q, new double[3]));
        assertThrows(IllegalArgumentException.class, () -> seg.set(JointPath.linear(new double[2], new double[2])));
        // a motionless segment has (essentially) zero bounds
        assertTrue(seg.worldBound(5, 0, 1, 0.1, 0.1, 0.1, 0.2) < 1e-11);
    }
}
