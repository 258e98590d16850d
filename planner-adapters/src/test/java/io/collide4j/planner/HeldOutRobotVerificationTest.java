package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Held-out robots (issue 31): certificates of a robot that is neither Panda nor UR5e — heldout.urdf, written for this
 * test with every joint kind (revolute, continuous, prismatic, a revolute and a prismatic mimic, a chain of fixed
 * joints; the revolute mimic follows a revolute joint: a mimic of a continuous joint, which the FK error bound
 * once padded by 0.196 m here, has its own test, MimicOfContinuousJointTest) and every collision kind (box, cylinder,
 * sphere, scaled mesh) — verify with the independent verifier,
 * bound to the loaded inputs; and a planted bug, a certifier whose planes for one pair are shifted past piece A, makes
 * a certificate the independent verifier rejects naming the segment, pair and step.
 */
class HeldOutRobotVerificationTest {
    static final String SCENE = """
            {"format": "collide4j-scene/1", "name": "heldout", "objects": [
              {"name": "wall", "type": "box", "size": [0.1, 0.6, 0.6], "pose": {"xyz": [0.75, 0, 0.7], "quaternion": [0, 0, 0, 1]}},
              {"name": "post", "type": "cylinder", "radius": 0.05, "length": 0.5, "pose": {"xyz": [-0.4, 0.3, 0.25], "quaternion": [0, 0, 0, 1]}}
            ]}""";
    /** Three motions through every joint's range: j2 crosses 0 both ways, the prismatic j3 runs its whole range. */
    static final List<String> TRAJECTORIES = List.of(
            "time,j1,j2,j3\n0,0,0,0\n1,1.2,0.5,0.1\n2,2.4,-0.4,0.2\n",
            "time,j1,j2,j3\n0,-2.4,0.6,0.2\n1.5,-1,-0.6,0\n3,0.5,0.2,0.15\n",
            "time,j1,j2,j3\n0,0.3,-0.2,0.05\n0.5,0.35,-0.1,0.06\n");

    static Collide4j robot;

    @BeforeAll
    static void load() throws URISyntaxException {
        Path urdf = Path.of(HeldOutRobotVerificationTest.class
                .getResource("heldout/heldout.urdf")
                .toURI());
        robot = Collide4j.builder()
                .urdf(urdf)
                .sceneJson(SCENE, "heldout-scene")
                .margin(0.01)
                .build();
    }

    static String certify(String csv) {
        JointTrajectory t = TrajectoryCsv.read(new StringReader(csv), "heldout");
        TrajectoryCertifier.Certification c =
                robot.trajectoryCertifier().certify(t, robot.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(
                Verdict.CERTIFIED_FREE, c.result().verdict(), csv + c.result().violation());
        return c.result().certificateJson();
    }

    static VerificationReport verify(String json) {
        return IndependentVerifier.verify(
                robot.model().kinematics().description(),
                robot.semantics(),
                json.getBytes(StandardCharsets.UTF_8),
                "heldout.json",
                CertificateInputs.of(robot, MeshMode.HULL, null));
    }

    @Test
    void everyJointAndShapeKindVerifiesIndependently() {
        assertEquals(List.of("j1", "j2", "j3"), robot.variableNames());
        long steps = 0;
        for (String csv : TRAJECTORIES) {
            String json = certify(csv);
            VerificationReport r = verify(json);
            assertTrue(r.valid(), csv + ": " + r.problems());
            steps += r.stepsChecked(); // a short motion may need no plane: every pair proven far by the verifier itself
            assertEquals(List.of(), r.assumptions());
            // the witness covers every link with geometry, the mesh as a HULL of its file's vertices
            for (String link : List.of("base", "link1", "link2", "link3", "tool", "finger_a", "finger_b")) {
                assertTrue(json.contains("\"" + link + "\":[{\"element\":0"), link);
            }
            assertTrue(json.contains("\"link2\":[{\"element\":0,\"kind\":\"HULL\""), "the mesh link");
        }
        assertTrue(steps > 0, "some pair needed planes");
    }

    @Test
    void aCertifierWithShiftedPlanesIsCaught() {
        String honest = certify(TRAJECTORIES.get(0));
        assertTrue(verify(honest).valid());
        String planted = shiftFirstPlane(honest);
        VerificationReport r = verify(planted);
        assertFalse(r.valid());
        assertTrue(
                r.problems()
                        .get(0)
                        .matches("segment 0 pair \\[.*] step 0 \\(s in \\[0\\.0, .*]\\): piece A reaches .*"),
                r.problems().toString());
    }

    /**
     * A vendor robot of tests/data that is neither Panda nor UR: MoveIt's Fanuc M-10iA (moveit_resources, BSD; six
     * revolute joints, STL collision meshes through package:// paths, its SRDF), over a table: a sweep of every joint
     * certified and verified independently.
     */
    @Test
    void theFanucOfTestsDataVerifiesIndependently() {
        Path data = Path.of("../tests/data/xacro/descriptions");
        Path res = data.resolve("moveit_resources");
        Collide4j fanuc = Collide4j.builder()
                .urdf(res.resolve("fanuc_description/urdf/fanuc.urdf"))
                .srdf(res.resolve("fanuc_moveit_config/config/fanuc.srdf"))
                .packageRoots(List.of(data))
                .sceneJson("""
                        {"format": "collide4j-scene/1", "name": "table", "objects": [
                          {"name": "table", "type": "box", "size": [0.6, 1.2, 0.04], "pose": {"xyz": [1.1, 0, 0.3], "quaternion": [0, 0, 0, 1]}}
                        ]}""", "table")
                .margin(0.01)
                .build();
        String csv = "time," + String.join(",", fanuc.variableNames())
                + "\n0,0,0,0,0,0,0\n2,0.8,0.3,-0.2,1.0,-0.6,1.5\n" + "4,-0.5,0.1,0.1,-1.0,0.4,-1.5\n";
        TrajectoryCertifier.Certification c = fanuc.trajectoryCertifier()
                .certify(
                        TrajectoryCsv.read(new StringReader(csv), "fanuc"),
                        fanuc.margin(),
                        TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(
                Verdict.CERTIFIED_FREE,
                c.result().verdict(),
                String.valueOf(c.result().violation()));
        VerificationReport r = IndependentVerifier.verify(
                fanuc.model().kinematics().description(),
                fanuc.semantics(),
                c.result().certificateJson().getBytes(StandardCharsets.UTF_8),
                "fanuc.json",
                CertificateInputs.of(fanuc, MeshMode.HULL, null));
        assertTrue(r.valid(), r.problems().toString());
        assertTrue(r.stepsChecked() > 0);
        assertEquals(List.of(), r.assumptions());
    }

    /**
     * The planted certifier's bug: the first plane of the first listed pair has its offset c moved by 1 m along −n
     * (so the half-space n·x ≤ c − gA excludes piece A, which stays where it is), gaps unchanged; it still claims
     * CERTIFIED_FREE.
     */
    static String shiftFirstPlane(String json) {
        Matcher m = Pattern.compile("\"planes\":\\[\\[([^,]+),([^,]+),([^,]+),([^,]+),")
                .matcher(json);
        assertTrue(m.find(), "a listed pair with a plane");
        double nx = Double.parseDouble(m.group(1)),
                ny = Double.parseDouble(m.group(2)),
                nz = Double.parseDouble(m.group(3));
        double c = Double.parseDouble(m.group(4)) - Math.sqrt(nx * nx + ny * ny + nz * nz);
        return json.substring(0, m.start(4)) + c + json.substring(m.end(4));
    }
}
