package io.collide4j.checker.robot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Two six-joint arms on one stand, their first joints {@code gap} apart on the y axis. Each arm's links are 0.2 m
 * segments along x (joints alternately about z and y, limits ±π), its tip a ball of radius 0.05 centred 0.2 m past
 * the last joint: so every point of an arm lies within 6 × 0.2 + 0.05 = 1.25 m of its first joint, and the tips can
 * meet exactly when the gap is at most 2.5 m (both arms stretched towards each other). The pair's joint space has 12
 * variables over whole turns: the first-order subdivision alone cannot settle it within a feasible budget (it ran out
 * of 1,000,000 boxes on two Pandas 3 m apart), the anchored spheres settle it at the first box.
 */
class LinkPairProofTest {

    static RobotDescription twoArms(double gap) {
        StringBuilder sb = new StringBuilder("<robot name=\"two-arms\">\n  <link name=\"stand\"/>\n");
        for (String side : new String[] {"left", "right"}) {
            double y = side.equals("left") ? -gap / 2 : gap / 2;
            String parent = "stand";
            for (int j = 1; j <= 6; j++) {
                String link = side + "_" + j;
                String geometry = j == 6
                        ? "<collision><origin xyz=\"0.2 0 0\"/><geometry><sphere radius=\"0.05\"/></geometry></collision>"
                        : "<collision><origin xyz=\"0.1 0 0\"/><geometry><box size=\"0.2 0.02 0.02\"/></geometry>"
                                + "</collision>";
                sb.append("  <link name=\"")
                        .append(link)
                        .append("\">")
                        .append(geometry)
                        .append("</link>\n");
                String origin = j == 1 ? String.format(Locale.ROOT, "0 %.17g 0", y) : "0.2 0 0";
                sb.append(String.format(
                        Locale.ROOT,
                        "  <joint name=\"%s_j%d\" type=\"revolute\"><parent link=\"%s\"/><child link=\"%s\"/>"
                                + "<origin xyz=\"%s\"/><axis xyz=\"%s\"/>"
                                + "<limit lower=\"-3.14159\" upper=\"3.14159\" effort=\"1\" velocity=\"1\"/></joint>\n",
                        side,
                        j,
                        parent,
                        link,
                        origin,
                        j % 2 == 1 ? "0 0 1" : "0 1 0"));
                parent = link;
            }
        }
        String urdf = sb.append("</robot>\n").toString();
        return UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(urdf.getBytes(StandardCharsets.UTF_8)),
                        URI.create("file:///mem/two-arms.urdf"));
    }

    private static RobotCollisionModel model(RobotDescription robot) {
        return RobotCollisionModel.builder(robot, KinematicModel.of(robot))
                .allowAdjacentLinks(false)
                .build();
    }

    @Test
    void armsMountedApartAreProvenAtTheFirstBox() {
        LinkPairProof prover = new LinkPairProof(model(twoArms(2.6)), 20_000);
        for (String[] pair : new String[][] {{"left_6", "right_6"}, {"left_3", "right_6"}, {"left_1", "right_4"}}) {
            LinkPairProof.Result r = prover.prove(pair[0], pair[1]);
            assertEquals(LinkPairProof.Outcome.PROVEN, r.outcome(), pair[0] + "/" + pair[1]);
            assertEquals(1, r.boxes(), pair[0] + "/" + pair[1] + " should be settled by the anchored spheres");
        }
    }

    @Test
    void armsThatCanMeetAreNeverProven() {
        // gap 2.4: stretched towards each other (first joints at ±π/2, the others 0) the tips' balls overlap by 0.1 m
        RobotDescription robot = twoArms(2.4);
        RobotCollisionModel model = model(robot);
        KinematicModel km = model.kinematics();
        double[] q = new double[km.variableCount()];
        q[km.variableIndex("left_j1")] = Math.PI / 2;
        q[km.variableIndex("right_j1")] = -Math.PI / 2;
        CollisionChecker checker = CollisionChecker.of(model, Scene.empty());
        assertTrue(
                checker.contacts(q, 0, 10, checker.newContext()).stream()
                        .anyMatch(c -> c.pair().key().contains("left_6")
                                && c.pair().key().contains("right_6")),
                "the stretched tips must touch");
        LinkPairProof.Result r = new LinkPairProof(model, 20_000).prove("left_6", "right_6");
        assertNotEquals(LinkPairProof.Outcome.PROVEN, r.outcome());
    }
}
