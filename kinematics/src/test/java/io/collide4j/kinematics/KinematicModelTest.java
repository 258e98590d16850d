package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointLimits;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Mimic;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class KinematicModelTest {

    /**
     * A branching tree: base -j1(rev z)- a -j2(prismatic x)- b ; a -fixed- c -j3(mimic j1, ×-2 +0.1, rev y)- d ;
     * base -j4(continuous x)- e. Variables: j1, j2, j4 (document order, j3 is a mimic).
     */
    static RobotDescription tree() {
        List<LinkDescription> links = new ArrayList<>();
        for (String n : List.of("base", "a", "b", "c", "d", "e")) {
            links.add(new LinkDescription(n, List.of(), List.of()));
        }
        JointLimits lim = new JointLimits(-2, 2, 1, 1);
        List<JointDescription> joints = List.of(
                new JointDescription(
                        "j1", JointType.REVOLUTE, "base", "a", Pose.fromXyzRpy(0, 0, 0.5, 0, 0, 0), 0, 0, 1, lim, null),
                new JointDescription(
                        "j2",
                        JointType.PRISMATIC,
                        "a",
                        "b",
                        Pose.fromXyzRpy(0.3, 0, 0, 0.2, 0, 0),
                        1,
                        0,
                        0,
                        new JointLimits(0, 0.4, 1, 1),
                        null),
                new JointDescription(
                        "jc", JointType.FIXED, "a", "c", Pose.fromXyzRpy(0, 0.2, 0.1, 0, 0.3, 0), 0, 0, 0, null, null),
                new JointDescription(
                        "j3",
                        JointType.REVOLUTE,
                        "c",
                        "d",
                        Pose.fromXyzRpy(0.1, 0, 0, 0, 0, 0.4),
                        0,
                        1,
                        0,
                        lim,
                        new Mimic("j1", -2, 0.1)),
                new JointDescription(
                        "j4",
                        JointType.CONTINUOUS,
                        "base",
                        "e",
                        Pose.fromXyzRpy(-0.2, 0, 0.1, 0, 0, 0),
                        1,
                        0,
                        0,
                        null,
                        null));
        return new RobotDescription("tree", null, "base", links, joints);
    }

    @Test
    void treeStructureVariablesAndMimic() {
        KinematicModel m = KinematicModel.of(tree());
        assertEquals(List.of("j1", "j2", "j4"), m.variableNames());
        assertEquals(List.of("base", "a", "b", "c", "d", "e"), m.linkNames());
        assertEquals(List.of("j1", "j3"), m.chainJointNames(m.linkIndex("d")));
        assertEquals(1, m.sharedChainLength(m.linkIndex("b"), m.linkIndex("d")));
        assertEquals(0, m.sharedChainLength(m.linkIndex("b"), m.linkIndex("e")));
        assertTrue(m.sameBody(m.linkIndex("a"), m.linkIndex("c")));
        // mimic: d's pose for j1 = 0.7 is base·T(j1 origin)·Rz(0.7)·T(jc)·T(j3 origin)·Ry(-2·0.7+0.1), by hand
        LinkPoses p = m.forwardKinematics(new double[] {0.7, 0.1, 0.3}, new LinkPoses(m));
        Matrix4d expected = new Matrix4d()
                .translate(0, 0, 0.5)
                .rotateZ(0.7)
                .mul(Pose.fromXyzRpy(0, 0.2, 0.1, 0, 0.3, 0).toMatrix(new Matrix4d()))
                .mul(Pose.fromXyzRpy(0.1, 0, 0, 0, 0, 0.4).toMatrix(new Matrix4d()))
                .rotateY(-2 * 0.7 + 0.1);
        ForwardKinematicsTest.assertPoseEquals(expected, p.pose(m.linkIndex("d")), 1e-12, "mimic link d");
        Matrix4d eb = new Matrix4d()
                .translate(0, 0, 0.5)
                .rotateZ(0.7)
                .translate(0.3, 0, 0)
                .rotateX(0.2)
                .translate(0.1, 0, 0);
        ForwardKinematicsTest.assertPoseEquals(eb, p.pose(m.linkIndex("b")), 1e-12, "prismatic link b");
        Matrix4d ee = new Matrix4d().translate(-0.2, 0, 0.1).rotateX(0.3);
        ForwardKinematicsTest.assertPoseEquals(ee, p.pose(m.linkIndex("e")), 1e-12, "continuous link e");
        // mimic limit is checked with the mimic's own value: j1 = 1 gives j3 = -1.9 (inside), j1 = -1.5 gives 3.1
        assertEquals(
                0, m.validate(new double[] {1, 0.1, 100}, LimitPolicy.REPORT).size());
        List<LimitViolation> v = m.validate(new double[] {-1.5, 0.5, 0}, LimitPolicy.REPORT);
        assertEquals(2, v.size());
        assertEquals("j2", v.get(0).jointName());
        assertEquals("j3", v.get(1).jointName());
        assertEquals(0, v.get(1).variableIndex());
    }

    @Test
    void realUrdfWithPrismaticMimicFingers() {
        KinematicModel m = KinematicModel.of(TestRobots.pandaWithFingers());
        assertEquals(8, m.variableCount());
        assertEquals("panda_finger_joint1", m.variableName(7));
        assertEquals(-1, m.variableIndex("panda_finger_joint2"));
        double[] q = new double[8];
        q[3] = -1.5; // joint 4 must be negative on this Panda
        q[7] = 0.03;
        LinkPoses p = m.forwardKinematics(q, new LinkPoses(m));
        Matrix4d hand = p.pose(m.linkIndex("panda_hand"), new Matrix4d()).invertAffine();
        Vector3d l =
                hand.transformPosition(p.pose(m.linkIndex("panda_leftfinger")).getTranslation(new Vector3d()));
        Vector3d r =
                hand.transformPosition(p.pose(m.linkIndex("panda_rightfinger")).getTranslation(new Vector3d()));
        // each finger slides 0.03 along its own axis (+y and -y of the hand), 0.0584 above the hand
        assertEquals(0.03, l.y, 1e-12);
        assertEquals(-0.03, r.y, 1e-12);
        assertEquals(0.0584, l.z, 1e-12);
        assertEquals(0.0584, r.z, 1e-12);
        q[7] = 0.05;
        assertEquals(2, m.validate(q, LimitPolicy.REPORT).size(), "both fingers exceed 0.04");
    }

    @Test
    void jacobianMatchesFiniteDifferences() {
        for (KinematicModel m : List.of(
                KinematicModel.of(TestRobots.panda()),
                KinematicModel.of(TestRobots.ur5e()),
                KinematicModel.of(TestRobots.pandaWithFingers()),
                KinematicModel.of(tree()))) {
            int n = m.variableCount();
            LinkPoses p = new LinkPoses(m);
            LinkPoses pp = new LinkPoses(m);
            LinkPoses pm = new LinkPoses(m);
            double[] jac = new double[6 * n];
            Random rnd = new Random(3);
            double h = 1e-6;
            for (int trial = 0; trial < 50; trial++) {
                double[] q = TestRobots.randomConfiguration(m, rnd);
                m.forwardKinematics(q, p);
                for (int link = 0; link < m.linkCount(); link++) {
                    double px = rnd.nextDouble() - 0.5;
                    double py = rnd.nextDouble() - 0.5;
                    double pz = rnd.nextDouble() - 0.5;
                    m.jacobian(p, link, px, py, pz, jac);
                    for (int i = 0; i < n; i++) {
                        double[] qp = q.clone();
                        double[] qm = q.clone();
                        qp[i] += h;
                        qm[i] -= h;
                        m.forwardKinematics(qp, pp);
                        m.forwardKinematics(qm, pm);
                        Vector3d a = pp.transformPoint(link, px, py, pz, new Vector3d());
                        Vector3d b = pm.transformPoint(link, px, py, pz, new Vector3d());
                        Vector3d v = a.sub(b).div(2 * h);
                        String what = m.name() + " link " + m.linkName(link) + " column " + i;
                        assertEquals(v.x, jac[i], 1e-7, what);
                        assertEquals(v.y, jac[n + i], 1e-7, what);
                        assertEquals(v.z, jac[2 * n + i], 1e-7, what);
                        // angular part: dR/dq · R^T = [w]x
                        Matrix4d dr = new Matrix4d(pp.pose(link))
                                .sub(new Matrix4d(pm.pose(link)))
                                .scale(1 / (2 * h));
                        Matrix4d r = new Matrix4d(p.pose(link));
                        // w_x = (dR R^T)_{21}, w_y = (dR R^T)_{02}, w_z = (dR R^T)_{10}; JOML get(col,row)
                        double wx = 0, wy = 0, wz = 0;
                        for (int k = 0; k < 3; k++) {
                            wx += dr.get(k, 2) * r.get(k, 1);
                            wy += dr.get(k, 0) * r.get(k, 2);
                            wz += dr.get(k, 1) * r.get(k, 0);
                        }
                        assertEquals(wx, jac[3 * n + i], 1e-7, what);
                        assertEquals(wy, jac[4 * n + i], 1e-7, what);
                        assertEquals(wz, jac[5 * n + i], 1e-7, what);
                    }
                }
            }
        }
    }

    @Test
    void badConfigurationsAreRejectedWithIndexAndJoint() {
        KinematicModel m = KinematicModel.of(TestRobots.panda());
        LinkPoses p = new LinkPoses(m);
        InvalidConfigurationException len =
                assertThrows(InvalidConfigurationException.class, () -> m.forwardKinematics(new double[6], p));
        assertTrue(len.getMessage().contains("6 entries, expected 7"), len.getMessage());
        double[] q = new double[7];
        q[3] = Double.NaN;
        InvalidConfigurationException nan =
                assertThrows(InvalidConfigurationException.class, () -> m.forwardKinematics(q, p));
        assertEquals(3, nan.index());
        assertEquals("panda_joint4", nan.jointName());
        q[3] = Double.POSITIVE_INFINITY;
        assertEquals(
                3,
                assertThrows(InvalidConfigurationException.class, () -> m.checkConfiguration(q))
                        .index());
        double[] out = new double[7];
        out[3] = 0.5; // panda_joint4 upper limit is 0.0873
        JointLimitException lim = assertThrows(JointLimitException.class, () -> m.validate(out, LimitPolicy.ERROR));
        assertEquals("panda_joint4", lim.jointName());
        assertTrue(lim.getMessage().contains("0.0873"), lim.getMessage());
        List<LimitViolation> rep = m.validate(out, LimitPolicy.REPORT);
        assertEquals(List.of(new LimitViolation("panda_joint4", 3, 0.5, -3.1416, 0.0873)), rep);
        // FK does not enforce limits
        m.forwardKinematics(out, p);
    }

    @Test
    void malformedTreesAreRejected() {
        RobotDescription t = tree();
        List<JointDescription> joints = new ArrayList<>(t.joints());
        joints.add(new JointDescription("dup", JointType.FIXED, "e", "d", Pose.IDENTITY, 0, 0, 0, null, null));
        IllegalArgumentException two = assertThrows(
                IllegalArgumentException.class,
                () -> KinematicModel.of(new RobotDescription("t", null, "base", t.links(), joints)));
        assertTrue(two.getMessage().contains("link d has two parent joints"), two.getMessage());
        List<JointDescription> mimicMissing = new ArrayList<>(t.joints());
        mimicMissing.set(
                3,
                new JointDescription(
                        "j3", JointType.REVOLUTE, "c", "d", Pose.IDENTITY, 0, 1, 0, null, new Mimic("nope", 1, 0)));
        IllegalArgumentException mm = assertThrows(
                IllegalArgumentException.class,
                () -> KinematicModel.of(new RobotDescription("t", null, "base", t.links(), mimicMissing)));
        assertTrue(mm.getMessage().contains("j3 mimics nope"), mm.getMessage());
        List<LinkDescription> extra = new ArrayList<>(t.links());
        extra.add(new LinkDescription("floating", List.of(), List.of()));
        IllegalArgumentException fl = assertThrows(
                IllegalArgumentException.class,
                () -> KinematicModel.of(new RobotDescription("t", null, "base", extra, t.joints())));
        assertTrue(fl.getMessage().contains("floating"), fl.getMessage());
    }

    @Test
    void planningGroupsResolveChainsLinksJointsAndSubgroups() {
        KinematicModel m = KinematicModel.of(TestRobots.panda());
        SemanticDescription srdf = new SemanticDescription(
                "panda",
                List.of(
                        new SemanticDescription.Group(
                                "panda_arm",
                                List.of(),
                                List.of(),
                                List.of(new SemanticDescription.Chain("panda_link0", "panda_link8")),
                                List.of()),
                        new SemanticDescription.Group(
                                "hand", List.of(), List.of("panda_hand", "panda_leftfinger"), List.of(), List.of()),
                        new SemanticDescription.Group(
                                "wrist", List.of("panda_joint7", "panda_joint5"), List.of(), List.of(), List.of()),
                        new SemanticDescription.Group(
                                "all", List.of(), List.of(), List.of(), List.of("hand", "panda_arm")),
                        new SemanticDescription.Group("bad", List.of(), List.of(), List.of(), List.of("bad"))),
                List.of(),
                List.of(),
                List.of());
        PlanningGroup arm = m.planningGroup(srdf, "panda_arm");
        assertEquals(
                List.of(
                        "panda_joint1",
                        "panda_joint2",
                        "panda_joint3",
                        "panda_joint4",
                        "panda_joint5",
                        "panda_joint6",
                        "panda_joint7"),
                arm.jointNames());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, arm.variableIndices());
        assertTrue(arm.linkNames().containsAll(List.of("panda_link0", "panda_link1", "panda_link8")));
        PlanningGroup wrist = m.planningGroup(srdf, "wrist");
        assertEquals(List.of("panda_joint5", "panda_joint7"), wrist.jointNames());
        assertArrayEquals(new int[] {4, 6}, wrist.variableIndices());
        PlanningGroup hand = m.planningGroup(srdf, "hand");
        assertEquals(0, hand.variableCount());
        assertTrue(hand.linkNames().contains("panda_leftfinger"));
        assertEquals(7, m.planningGroup(srdf, "all").variableCount());
        IllegalArgumentException cyc = assertThrows(IllegalArgumentException.class, () -> m.planningGroup(srdf, "bad"));
        assertTrue(cyc.getMessage().contains("contains itself"), cyc.getMessage());
        SemanticDescription reversed = new SemanticDescription(
                "panda",
                List.of(new SemanticDescription.Group(
                        "g",
                        List.of(),
                        List.of(),
                        List.of(new SemanticDescription.Chain("panda_link8", "panda_link0")),
                        List.of())),
                List.of(),
                List.of(),
                List.of());
        IllegalArgumentException rev =
                assertThrows(IllegalArgumentException.class, () -> m.planningGroup(reversed, "g"));
        assertTrue(rev.getMessage().contains("not an ancestor"), rev.getMessage());
    }
}
