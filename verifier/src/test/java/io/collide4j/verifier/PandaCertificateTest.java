package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A quintic Panda trajectory near the ready pose (mesh hulls of every link, the bundled SRDF) with a wall 1.45 m in
 * front: every link stays below x = 1.2 m (the arm's reach), so the plane x = 1.3 with gA = gB = 0.1 separates
 * each link from the wall; the verifier must also prove all other self and environment pairs far on its own.
 */
class PandaCertificateTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SRDF = "../models/src/main/resources/io/collide4j/models/panda/panda.srdf";

    private static ObjectNode certificate(RobotDescription robot, SemanticDescription srdf) {
        ObjectNode c = JSON.createObjectNode();
        c.put("format", "collide4j-certificate/3")
                .put("margin", 0.01)
                .put("tolerance", 0.001)
                .put("robotHash", "r")
                .put("sceneHash", "s")
                .put("trajectoryHash", "t")
                .put("interpolation", "QUINTIC");
        c.set("waypoints", JSON.valueToTree(new double[][] {
            {0, -0.785, 0, -2.356, 0, 1.571, 0.785},
            {0.5, -0.5, 0.3, -2.0, 0.2, 1.8, 0.5},
            {0, -0.785, 0, -2.356, 0, 1.571, 0.785}
        }));
        c.set("velocities", JSON.valueToTree(new double[][] {
            new double[7], {0.1, 0.1, 0, 0.1, 0, 0.1, -0.1}, new double[7]
        }));
        c.set("accelerations", JSON.valueToTree(new double[3][7]));
        c.set("times", JSON.valueToTree(new double[] {0, 2, 4}));
        ObjectNode w = c.putObject("witness");
        ArrayNode joints = w.putArray("joints");
        for (int j = 1; j <= 7; j++) {
            joints.add("panda_joint" + j);
        }
        w.putObject("held"); // the fingers are fixed joints in this URDF
        ArrayNode allowed = w.putArray("allowed");
        srdf.disabledCollisions()
                .forEach(d -> allowed.add(
                        JSON.createArrayNode().add(d.link1()).add(d.link2()).add("SRDF")));
        ObjectNode pieces = w.putObject("pieces");
        List<String> links = new ArrayList<>();
        for (LinkDescription l : robot.links()) {
            if (!l.collisions().isEmpty()) {
                links.add(l.name());
                ArrayNode list = pieces.putArray(l.name());
                for (int e = 0; e < l.collisions().size(); e++) {
                    list.addObject()
                            .put("element", e)
                            .put("kind", "HULL")
                            .put("padding", 0.0)
                            .put("scale", 1.0);
                }
            }
        }
        ObjectNode wall = w.putArray("obstacles").addObject();
        wall.put("name", "wall").put("shape", "box").put("padding", 0.0);
        wall.set("size", JSON.valueToTree(new double[] {0.1, 2, 2}));
        wall.set("pose", JSON.valueToTree(new double[] {1, 0, 0, 1.5, 0, 1, 0, 0, 0, 0, 1, 0.5, 0, 0, 0, 1}));
        ArrayNode segments = c.putArray("segments");
        for (int s = 0; s < 2; s++) {
            ArrayNode seg = segments.addArray();
            for (String link : links) {
                ObjectNode p = seg.addObject();
                p.set(
                        "pair",
                        JSON.createArrayNode()
                                .add(link)
                                .add(0)
                                .add("wall")
                                .add(0)
                                .add(true));
                p.set("ends", JSON.valueToTree(new double[] {0.25, 0.5, 0.75, 1}));
                p.set("lb", JSON.valueToTree(new double[4]));
                double[] plane = {1, 0, 0, 1.3, 0.1, 0.1};
                p.set("planes", JSON.valueToTree(new double[][] {plane, plane, plane, plane}));
            }
        }
        c.put("verdict", "CERTIFIED_FREE");
        c.putNull("violation");
        c.putObject("pairClearance").put("panda_hand#0|env:wall#0", 0.19);
        return c;
    }

    private static VerificationReport verify(RobotDescription robot, SemanticDescription srdf, ObjectNode c) {
        return IndependentVerifier.verify(
                robot,
                srdf,
                new ByteArrayInputStream(c.toString().getBytes(StandardCharsets.UTF_8)),
                "panda certificate");
    }

    @Test
    void pandaCertificateWithMeshHullsVerifiesAndAPlaneIntoTheHandDoesNot() throws IOException {
        RobotDescription robot = IntervalKinematicsTest.panda();
        // the wrist links 5 and 7 come within centimetres; a certifier would list them with planes, which this
        // test cannot derive by hand, so its SRDF also disables that pair
        String text = Files.readString(Path.of(SRDF))
                .replace(
                        "</robot>",
                        "<disable_collisions link1=\"panda_link5\" link2=\"panda_link7\" reason=\"Test\"/></robot>");
        SemanticDescription srdf = SrdfParser.parse(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "panda.srdf + link5/link7", robot);
        ObjectNode c = certificate(robot, srdf);
        long t0 = System.nanoTime();
        VerificationReport r = verify(robot, srdf, c);
        long t1 = System.nanoTime();
        System.out.printf(
                "panda certificate: %s, %d steps, %d subdivisions, %.1f ms%n",
                r.valid(), r.stepsChecked(), r.subdivisions(), (t1 - t0) / 1e6);
        assertTrue(r.valid(), r.problems().toString());
        // the hand stands about 0.3 m in front of the base at the ready pose: a plane at x = 0.1 cuts it
        ArrayNode hand = null;
        for (var p : c.get("segments").get(0)) {
            if (p.get("pair").get(0).asText().equals("panda_hand")) {
                hand = (ArrayNode) p.get("planes");
            }
        }
        hand.set(0, JSON.valueToTree(new double[] {1, 0, 0, 0.2, 0.1, 1.0}));
        VerificationReport bad = verify(robot, srdf, c);
        assertFalse(bad.valid());
        assertTrue(
                bad.problems().stream()
                        .anyMatch(p -> p.startsWith("segment 0 pair [panda_hand, 0, wall, 0, true] step 0")
                                && p.contains("piece A reaches")),
                bad.problems().toString());
        // without the SRDF its pairs are unjustified
        assertFalse(verify(robot, null, certificate(robot, srdf)).valid());
    }
}
