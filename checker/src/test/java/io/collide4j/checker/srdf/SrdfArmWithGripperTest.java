package io.collide4j.checker.srdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The composite arm with a gripper of tests/data/ur5-gripper: the example-robot-data UR5 (meshes) with, at tool0, a
 * parallel-linkage gripper of primitives modelled on the Robotiq 2F-85 (17 links with geometry, 136 pairs). Its
 * linkage, as the folder's README states it: both knuckles of a side turn by the driver's value θ about parallel
 * axes from pivots at x = ±0.030, z = 0.055 (outer) and x = ±0.013, z = 0.061 (inner), tilted outward by 0.78 rad at
 * θ = 0, cranks 0.06043 m long; the pad rides on the inner crank's end and turns back by −θ. So the pad keeps the
 * base's orientation (a parallelogram) and its gripping face, 0.013 m inward of the crank end, lies at
 * x = ±0.06043 sin(0.78 − θ): 85 mm apart open (the datasheet's stroke), touching at θ = 0.78, pressed 2.4 mm into
 * each other at the limit 0.8.
 */
class SrdfArmWithGripperTest {
    static final Path DATA = Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    static final double CRANK = 0.06043;
    static final double TILT = 0.78;

    static RobotDescription robot() {
        return UrdfParser.create()
                .withPackageRoots(List.of(DATA))
                .parse(DATA.resolve("ur5-gripper/ur5_gripper85.urdf"));
    }

    @Test
    void mimicJointsMoveThePadsAsTheParallelLinkageDoes() {
        KinematicModel km = KinematicModel.of(robot());
        assertEquals(7, km.variableCount(), "six arm joints and the one driver; the mimic joints are no variables");
        int driver = km.variableIndex("finger_joint");
        int base = km.linkIndex("gripper_base");
        LinkPoses poses = new LinkPoses(km);
        for (double theta : new double[] {0, 0.3, TILT, 0.8}) {
            // an arbitrary arm pose: the pads' place relative to the gripper base must not depend on it
            double[] q = {0.4, -1.1, 0.9, -0.3, 1.2, 2.0, 0};
            q[driver] = theta;
            km.forwardKinematics(q, poses);
            Matrix4d toBase = poses.pose(base, new Matrix4d()).invert();
            double[] faceX = new double[2];
            int k = 0;
            for (String side : new String[] {"left", "right"}) {
                double s = side.equals("left") ? 1 : -1;
                Matrix4d rel =
                        toBase.mul(poses.pose(km.linkIndex(side + "_finger_pad"), new Matrix4d()), new Matrix4d());
                // the pad's frame sits on the inner crank's end and stays parallel to the base
                Vector3d at = rel.getTranslation(new Vector3d());
                assertEquals(s * (0.013 + CRANK * Math.sin(TILT - theta)), at.x, 1e-9, side + " x at " + theta);
                assertEquals(0, at.y, 1e-9);
                assertEquals(0.061 + CRANK * Math.cos(TILT - theta), at.z, 1e-9, side + " z at " + theta);
                assertTrue(rel.normalizedPositiveX(new Vector3d()).sub(1, 0, 0).length() < 1e-9, side + " turned");
                assertTrue(rel.normalizedPositiveZ(new Vector3d()).sub(0, 0, 1).length() < 1e-9, side + " turned");
                faceX[k++] = at.x - s * 0.013;
            }
            assertEquals(2 * CRANK * Math.sin(TILT - theta), faceX[0] - faceX[1], 1e-9, "opening at " + theta);
        }
        q0Opening(km, driver, poses);
    }

    private static void q0Opening(KinematicModel km, int driver, LinkPoses poses) {
        double[] q = new double[km.variableCount()];
        q[driver] = 0;
        km.forwardKinematics(q, poses);
        Vector3d l = poses.transformPoint(km.linkIndex("left_finger_pad"), -0.013, 0, 0, new Vector3d());
        Vector3d r = poses.transformPoint(km.linkIndex("right_finger_pad"), 0.013, 0, 0, new Vector3d());
        // the 2F-85's stroke, 85 mm, between the pads' faces when open (to 0.1 mm: the crank length is rounded)
        assertEquals(0.085, l.distance(r), 1e-4, "open stroke");
    }

    @Test
    void closingPadsStayCheckedAndEveryPairIsAccountedFor() {
        SrdfGenerator.Result r = SrdfGenerator.generate(
                robot(), SrdfGenerator.Parameters.defaults().withSamples(1_000));
        Set<String> disabled = new HashSet<>();
        r.disabled().forEach(p -> disabled.add(p.link1() + " " + p.link2()));
        // the pads press into each other for θ in (0.78, 0.8] (2.5 % of the driver's range) and are 85 mm apart
        // open: neither Never nor Always nor Default, so the pair must stay checked
        assertFalse(disabled.contains("left_finger_pad right_finger_pad"), "pads disabled: " + r.disabled());
        assertFalse(disabled.contains("right_finger_pad left_finger_pad"), "pads disabled: " + r.disabled());
        Integer pads = r.checkedPairCollisions().get("left_finger_pad right_finger_pad");
        assertTrue(pads != null && pads > 0 && pads < 1_000, "pads in collision in some samples: " + pads);
        assertEquals(
                17 * 16 / 2, r.disabled().size() + r.checkedPairCollisions().size());
        assertTrue(r.sampledOnly().isEmpty(), "apart in every sample but not proven: " + r.sampledOnly());
    }
}
