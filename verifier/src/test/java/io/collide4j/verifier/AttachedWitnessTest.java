package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attached objects and assumptions (SOUNDNESS.md A1, A2) on IndependentVerifierTest's hand-built arm certificate: a
 * ball of radius 0.01 fixed to link1 at (0.1, 0, 0), inside the arm box, so it must be allowed with the arm; its
 * centre is 0.1 m from the joint, so n·x ≤ 0.1·√2 + 0.01·√2 < 0.156 over it for n = (1, 1, 0) while the slab has
 * n·y ≥ 0.3535: the pair (ball, slab) is listed in both segments with the plane n·x = 0.25, gA = 0.09, gB = 0.1
 * (the verifier's own far-pair planes, axis-aligned or between centres, cannot separate a ball from a long slab
 * turned 45°). The ball is 0.065 m from the base cube, which the verifier proves itself. Every malformed entry is
 * refused naming its path.
 */
class AttachedWitnessTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static ObjectNode withBall(double radius, String allowedReason) {
        ObjectNode c = IndependentVerifierTest.certificate();
        ObjectNode w = (ObjectNode) c.get("witness");
        ObjectNode ball = w.putArray("attached").addObject();
        ball.put("name", "ball").put("link", "link1").put("shape", "sphere").put("radius", radius);
        double h = Math.sqrt(0.5); // a quarter turn about z: a ball does not care, the rotation is still enclosed
        ball.set("pose", JSON.valueToTree(new double[] {0.1, 0, 0, 0, 0, h, h}));
        ((ObjectNode) w.get("pieces"))
                .putArray("ball")
                .addObject()
                .put("element", 0)
                .put("kind", "ATTACHED")
                .put("padding", 0.0)
                .put("scale", 1.0);
        ((ArrayNode) w.get("allowed")).add(JSON.valueToTree(List.of("link1", "ball", allowedReason)));
        for (int segment = 0; segment < 2; segment++) {
            ObjectNode p = ((ArrayNode) c.get("segments").get(segment)).addObject();
            p.set(
                    "pair",
                    JSON.createArrayNode().add("ball").add(0).add("slab").add(0).add(true));
            p.set("ends", JSON.valueToTree(new double[] {1}));
            p.set("lb", JSON.valueToTree(new double[] {0}));
            p.set("planes", JSON.valueToTree(new double[][] {{1, 1, 0, 0.25, 0.09, 0.1}}));
        }
        return c;
    }

    static String firstProblem(ObjectNode c) {
        VerificationReport r = IndependentVerifierTest.verify(c);
        assertFalse(r.valid(), "refused");
        return r.problems().get(0);
    }

    @Test
    void anAttachedBallVerifiesAndItsContactIsReportedAsAnAssumption() {
        VerificationReport r = IndependentVerifierTest.verify(withBall(0.01, "Attached"));
        assertTrue(r.valid(), r.problems().toString());
        assertEquals(List.of(new Assumption(Assumption.Kind.ATTACHED_CONTACT, "link1", "ball")), r.assumptions());
        VerificationReport user = IndependentVerifierTest.verify(withBall(0.01, "User"));
        assertTrue(user.valid(), user.problems().toString());
        assertEquals(List.of(new Assumption(Assumption.Kind.CALLER_ALLOWED_PAIR, "link1", "ball")), user.assumptions());
        assertEquals(
                List.of(),
                IndependentVerifierTest.verify(IndependentVerifierTest.certificate())
                        .assumptions());
    }

    @Test
    void withoutTheAllowedEntryTheBallInsideTheArmIsRefused() {
        ObjectNode c = withBall(0.01, "Attached");
        ArrayNode allowed = (ArrayNode) c.get("witness").get("allowed");
        allowed.remove(allowed.size() - 1);
        String p = firstProblem(c);
        assertTrue(
                p.contains("pair [link1, 0, ball, 0, false] is not listed")
                        || p.contains("pair [ball, 0, link1, 0, false]" + " is not listed"),
                p);
    }

    @Test
    void aBallGrownToReachTheSlabIsRefused() {
        // radius 0.25: n·x reaches 0.1·√2 + 0.25·√2 ≈ 0.49 > c − gA = 0.16 (and the base cube, 0.075 m away)
        String p = firstProblem(withBall(0.25, "Attached"));
        assertTrue(
                p.startsWith("segment 0 pair [ball, 0, slab, 0, true] step 0 (s in [0.0, 1.0]): piece A reaches"), p);
    }

    @Test
    void malformedEntriesAreRefusedNamingThem() {
        ObjectNode clash = withBall(0.01, "Attached");
        ((ObjectNode) clash.get("witness").get("attached").get(0)).put("name", "base");
        assertTrue(
                firstProblem(clash).startsWith("witness.attached[0].name: 'base' must be a new"), firstProblem(clash));

        ObjectNode nowhere = withBall(0.01, "Attached");
        ((ObjectNode) nowhere.get("witness").get("attached").get(0)).put("link", "nowhere");
        assertTrue(
                firstProblem(nowhere).startsWith("witness.attached[0].link: 'nowhere' is not a link"),
                firstProblem(nowhere));

        ObjectNode kind = withBall(0.01, "Attached");
        ((ObjectNode) kind.get("witness").get("pieces").get("ball").get(0)).put("kind", "PRIMITIVE");
        assertTrue(
                firstProblem(kind).startsWith("witness.pieces.ball[0]: an attached object's piece is kind ATTACHED"),
                firstProblem(kind));

        ObjectNode zero = withBall(0.01, "Attached");
        ((ObjectNode) zero.get("witness").get("attached").get(0)).set("pose", JSON.valueToTree(new double[7]));
        assertTrue(
                firstProblem(zero)
                        .startsWith("witness.attached[0] ('ball'): needs positive sizes (or at least one vertex"
                                + " of 3 numbers) and a pose with a non-zero quaternion"),
                firstProblem(zero));

        ObjectNode six = withBall(0.01, "Attached");
        ((ObjectNode) six.get("witness").get("attached").get(0)).set("pose", JSON.valueToTree(new double[6]));
        assertTrue(
                firstProblem(six).contains("witness.attached[0].pose: expected [x, y, z, qx, qy, qz, qw]"),
                firstProblem(six));

        ObjectNode cone = withBall(0.01, "Attached");
        ((ObjectNode) cone.get("witness").get("attached").get(0)).put("shape", "cone");
        assertTrue(
                firstProblem(cone)
                        .contains("witness.attached[0].shape: expected box, sphere, cylinder, capsule, hull or"
                                + " mesh, found cone"),
                firstProblem(cone));
        // a mesh needs its vertices and triangles, not a radius
        ObjectNode mesh = withBall(0.01, "Attached");
        ((ObjectNode) mesh.get("witness").get("attached").get(0)).put("shape", "mesh");
        assertTrue(firstProblem(mesh).contains("witness.attached[0]"), firstProblem(mesh));

        // "Attached" between two links is no attachment; "User" naming no body is refused too
        ObjectNode links = withBall(0.01, "Attached");
        ((ArrayNode) links.get("witness").get("allowed")).add(JSON.valueToTree(List.of("base", "link1", "Attached")));
        assertTrue(
                firstProblem(links).contains("[base, link1, Attached] does not name two different bodies")
                        && firstProblem(links).contains("one of them an attached object"),
                firstProblem(links));
        ObjectNode ghost = withBall(0.01, "Attached");
        ((ArrayNode) ghost.get("witness").get("allowed")).add(JSON.valueToTree(List.of("base", "ghost", "User")));
        assertTrue(
                firstProblem(ghost).contains("[base, ghost, User] does not name two different bodies"),
                firstProblem(ghost));
    }
}
