package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** FK against the manufacturers' published DH tables, computed independently of the URDF. */
class ForwardKinematicsTest {

    /** Franka Emika Panda, modified (Craig) DH as published by Franka: rows {a, d, alpha}; last row is the flange. */
    private static final double[][] PANDA_MDH = {
        {0, 0.333, 0}, {0, 0, -Math.PI / 2}, {0, 0.316, Math.PI / 2}, {0.0825, 0, Math.PI / 2},
        {-0.0825, 0.384, -Math.PI / 2}, {0, 0, Math.PI / 2}, {0.088, 0, Math.PI / 2}, {0, 0.107, 0}
    };

    @Test
    void pandaMatchesFrankaModifiedDh() {
        KinematicModel m = KinematicModel.of(TestRobots.panda());
        assertEquals(
                List.of(
                        "panda_joint1",
                        "panda_joint2",
                        "panda_joint3",
                        "panda_joint4",
                        "panda_joint5",
                        "panda_joint6",
                        "panda_joint7"),
                m.variableNames());
        LinkPoses poses = new LinkPoses(m);
        Random rnd = new Random(1);
        Matrix4d dh = new Matrix4d();
        for (int trial = 0; trial < 300; trial++) {
            double[] q = TestRobots.randomConfiguration(m, rnd);
            m.forwardKinematics(q, poses);
            dh.identity();
            for (int i = 0; i < 8; i++) {
                double theta = i < 7 ? q[i] : 0;
                dh.rotateX(PANDA_MDH[i][2])
                        .translate(PANDA_MDH[i][0], 0, 0)
                        .rotateZ(theta)
                        .translate(0, 0, PANDA_MDH[i][1]);
                String link = "panda_link" + (i + 1);
                assertPoseEquals(dh, poses.pose(m.linkIndex(link)), 1e-9, link + " trial " + trial);
            }
        }
    }

    /** UR5e, standard DH from Universal Robots: d1 .1625, a2 -.425, a3 -.3922, d4 .1333, d5 .0997, d6 .0996. */
    @Test
    void ur5eMatchesUniversalRobotsDh() {
        double[] a = {0, -0.425, -0.3922, 0, 0, 0};
        double[] d = {0.1625, 0, 0, 0.1333, 0.0997, 0.0996};
        double[] alpha = {Math.PI / 2, 0, 0, Math.PI / 2, -Math.PI / 2, 0};
        KinematicModel m = KinematicModel.of(TestRobots.ur5e());
        assertEquals(6, m.variableCount());
        LinkPoses poses = new LinkPoses(m);
        Random rnd = new Random(2);
        Matrix4d dh = new Matrix4d();
        Matrix4d baseInv = new Matrix4d();
        Matrix4d tool = new Matrix4d();
        String[] jointChild = {
            "shoulder_link", "upper_arm_link", "forearm_link", "wrist_1_link", "wrist_2_link", "wrist_3_link"
        };
        for (int trial = 0; trial < 300; trial++) {
            double[] q = TestRobots.randomConfiguration(m, rnd);
            m.forwardKinematics(q, poses);
            // the DH base frame is the URDF "base" link, the DH end frame is "tool0"
            poses.pose(m.linkIndex("base"), baseInv).invertAffine();
            dh.identity();
            for (int i = 0; i < 6; i++) {
                // joint i+1 turns about z of DH frame i: URDF joint origin must lie on that line, axes parallel
                Matrix4d jointFrame = new Matrix4d(baseInv).mul(poses.pose(m.linkIndex(jointChild[i])));
                Vector3d o = jointFrame.getTranslation(new Vector3d());
                Vector3d rel = o.sub(dh.getTranslation(new Vector3d()), new Vector3d());
                Vector3d z = new Vector3d(dh.m20(), dh.m21(), dh.m22());
                Vector3d off = rel.sub(new Vector3d(z).mul(rel.dot(z)), new Vector3d());
                assertEquals(0, off.length(), 1e-9, "joint " + (i + 1) + " origin off the DH axis, trial " + trial);
                Vector3d urdfAxis = new Vector3d(jointFrame.m20(), jointFrame.m21(), jointFrame.m22());
                assertEquals(1, Math.abs(urdfAxis.dot(z)), 1e-9, "joint " + (i + 1) + " axis");
                dh.rotateZ(q[i]).translate(0, 0, d[i]).translate(a[i], 0, 0).rotateX(alpha[i]);
            }
            tool.set(baseInv).mul(poses.pose(m.linkIndex("tool0")));
            assertPoseEquals(dh, tool, 1e-8, "tool0 trial " + trial);
        }
    }

    @Test
    void handComputedPandaZeroPose() {
        KinematicModel m = KinematicModel.of(TestRobots.panda());
        LinkPoses poses = m.forwardKinematics(new double[7], new LinkPoses(m));
        // at zero the arm is upright: flange at x = 0.0825 - 0.0825 + 0.088, z = 0.333 + 0.316 + 0.384 - 0.107
        Vector3d p = poses.pose(m.linkIndex("panda_link8")).getTranslation(new Vector3d());
        assertEquals(0.088, p.x, 1e-12);
        assertEquals(0, p.y, 1e-12);
        assertEquals(0.333 + 0.316 + 0.384 - 0.107, p.z, 1e-12);
        // the hand is rotated -45° about the flange z axis, which points down
        Matrix4d hand = poses.pose(m.linkIndex("panda_hand"), new Matrix4d());
        assertEquals(-1, hand.m22(), 1e-12);
        assertTrue(m.sameBody(m.linkIndex("panda_hand"), m.linkIndex("panda_link8")));
        assertTrue(m.sameBody(m.linkIndex("panda_leftfinger"), m.linkIndex("panda_link7")));
    }

    static void assertPoseEquals(Matrix4d expected, org.joml.Matrix4dc actual, double tol, String what) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++) {
                assertEquals(expected.get(c, r), actual.get(c, r), tol, what + " element (" + r + "," + c + ")");
            }
        }
    }
}
