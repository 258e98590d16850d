package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A robot given as xacro through the library: {@code Collide4jBuilder.urdf(robot.urdf.xacro).xacroArgs(...)} loads
 * Universal Robots' description as ROS ships it, and a certificate made with it passes the independent verifier,
 * which re-reads the numbers from the expanded URDF text (the xacro source has none).
 */
class XacroRobotTest {
    static final Path DATA = Path.of("../tests/data/xacro/descriptions");
    static final Path UR = DATA.resolve("Universal_Robots_ROS2_Description/urdf/ur.urdf.xacro");
    static final Map<String, String> UR5E = Map.of("ur_type", "ur5e", "name", "ur");

    @Test
    void builderLoadsAXacroRobotAndItsCertificateVerifiesIndependently() {
        Collide4j c = Collide4j.builder()
                .urdf(UR)
                .xacroArgs(UR5E)
                .packageRoots(List.of(DATA))
                .build();
        assertEquals(
                List.of(
                        "shoulder_pan_joint",
                        "shoulder_lift_joint",
                        "elbow_joint",
                        "wrist_1_joint",
                        "wrist_2_joint",
                        "wrist_3_joint"),
                c.variableNames());
        JointTrajectory t = TrajectoryCsv.read(new StringReader("""
                time,shoulder_pan_joint,shoulder_lift_joint,elbow_joint,wrist_1_joint,wrist_2_joint,wrist_3_joint
                0,0,-1.57,0,-1.57,0,0
                1,0.5,-1.57,0,-1.57,0,0
                """), "ur5e");
        TrajectoryCertifier.Certification cert =
                c.trajectoryCertifier().certify(t, c.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(Verdict.CERTIFIED_FREE, cert.result().verdict());
        RobotDescription desc = UrdfParser.create()
                .withPackageRoots(List.of(DATA))
                .withXacroArgs(UR5E)
                .parse(UR);
        assertTrue(desc.urdfText().contains("<robot name=\"ur\">"));
        VerificationReport r = IndependentVerifier.verify(
                desc,
                null,
                new ByteArrayInputStream(cert.result().certificateJson().getBytes(StandardCharsets.UTF_8)),
                "ur5e certificate");
        assertTrue(r.valid(), r.problems().toString());
        assertTrue(r.stepsChecked() > 0);
    }

    /** MoveIt's Panda: URDF and SRDF both as xacro (the SRDF's groups and disabled pairs come through). */
    @Test
    void urdfAndSrdfAsXacro() {
        Path panda = DATA.resolve("moveit_resources/panda_description/urdf/panda.urdf.xacro");
        Path srdf = DATA.resolve("moveit_resources/panda_moveit_config/config/panda_arm_hand.srdf.xacro");
        Collide4j c = Collide4j.builder()
                .urdf(panda)
                .srdf(srdf)
                .group("panda_arm")
                .packageRoots(List.of(DATA))
                .build();
        assertEquals("panda_arm", c.groupName());
        assertEquals(7, c.variableNames().size());
        assertTrue(
                c.warnings().stream().noneMatch(w -> w.contains("no SRDF")),
                c.warnings().toString());
    }

    @Test
    void xacroArgumentsForAPlainUrdfAreRefused() {
        Path urdf = Path.of("../tests/data/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Collide4j.builder().urdf(urdf).xacroArgs(UR5E).build());
        assertTrue(e.getMessage().contains("neither the URDF"), e.getMessage());
    }
}
