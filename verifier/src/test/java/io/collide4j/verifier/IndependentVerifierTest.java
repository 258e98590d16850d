package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.urdf.RobotDescription;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-built /3 certificates for the one-joint arm (arm.urdf) and a thin slab obstacle turned 45° about z, with
 * planes derived analytically here: the correct certificate verifies, and each tampering is rejected with the
 * segment, pair and step named.
 *
 * <p>Geometry. The arm box spans x ∈ [0, 0.2], |y|, |z| ≤ 0.025 in its link frame, which turns by θ about z; the
 * trajectory is θ: 0 → 1 (segment 0, two steps) then stays at 1 (segment 1). All planes have n = (1, 1, 0). Over the
 * arm n·x = v_x(cos θ + sin θ) + v_y(cos θ − sin θ), largest at the corner (0.2, ±0.025): 0.28136 at θ = 0.5 and
 * at most 0.2016·√2 = 0.28509 overall. The slab (0.02 × 0.8 × 0.1) has its thin axis along n, its centre 0.26 m
 * out along n and 0.3 m aside, so n·y ≥ √2·0.26 − √2·0.01 = 0.35355 on it.
 */
class IndependentVerifierTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RobotDescription ARM = IntervalKinematicsTest.resource("arm.urdf");
    private static final double H = Math.sqrt(0.5); // cos 45° = sin 45° as the pose matrix holds it
    private static final double[] SLAB_CENTRE = {H * (0.26 - 0.3), H * (0.26 + 0.3), 0};
    /** n·y over the slab, least: n·centre − (cos + sin)·0.01 (the matrix has cos − sin = 0 exactly). */
    private static final double SLAB_INF = (SLAB_CENTRE[0] + SLAB_CENTRE[1]) - (H + H) * 0.01;
    /** n·x over the arm at θ = 1, largest: the corner (0.2, −0.025). */
    private static final double ARM_SUP_AT_1 = 0.2 * (Math.cos(1) + Math.sin(1)) + 0.025 * (Math.sin(1) - Math.cos(1));

    static ObjectNode certificate() {
        ObjectNode c = JSON.createObjectNode();
        c.put("format", "collide4j-certificate/3");
        c.put("margin", 0.02);
        c.put("tolerance", 0.001);
        c.put("meshMode", "HULL");
        c.put("robotHash", "r");
        c.put("sceneHash", "s");
        c.put("trajectoryHash", "t");
        c.put("interpolation", "LINEAR");
        c.set("waypoints", JSON.valueToTree(new double[][] {{0}, {1}, {1}}));
        c.set("times", JSON.valueToTree(new double[] {0, 1, 2}));
        ObjectNode w = c.putObject("witness");
        w.set("joints", JSON.valueToTree(List.of("j1")));
        w.putObject("held");
        w.set("allowed", JSON.valueToTree(List.of(List.of("base", "link1", "Adjacent"))));
        ObjectNode pieces = w.putObject("pieces");
        for (String link : List.of("base", "link1")) {
            pieces.putArray(link)
                    .addObject()
                    .put("element", 0)
                    .put("kind", "PRIMITIVE")
                    .put("padding", 0.0)
                    .put("scale", 1.0);
        }
        ObjectNode slab = w.putArray("obstacles").addObject();
        slab.put("name", "slab").put("shape", "box").put("padding", 0.0);
        slab.set("size", JSON.valueToTree(new double[] {0.02, 0.8, 0.1}));
        slab.set("pose", JSON.valueToTree(new double[] {
            H, -H, 0, SLAB_CENTRE[0], H, H, 0, SLAB_CENTRE[1], 0, 0, 1, 0, 0, 0, 0, 1
        }));
        ArrayNode segments = c.putArray("segments");
        // segment 0: step [0, 0.5] with n·x <= 0.2835 (the arm reaches 0.28136), step [0.5, 1] with n·x <= 0.29
        segments.add(JSON.createArrayNode()
                .add(pair(new double[] {0.5, 1}, plane(0.32, 0.0365, 0.03), plane(0.32, 0.03, 0.03))));
        // segment 1: the arm stands still at θ = 1; a plane 1e-10 from both sides
        double mid = (ARM_SUP_AT_1 + SLAB_INF) / 2;
        segments.add(JSON.createArrayNode()
                .add(pair(new double[] {1}, plane(mid, mid - ARM_SUP_AT_1 - 1e-10, SLAB_INF - mid - 1e-10))));
        c.put("verdict", "CERTIFIED_FREE");
        c.putNull("violation");
        c.putObject("pairClearance").put("link1#0|env:slab#0", 0.02);
        return c;
    }

    private static double[] plane(double c, double gA, double gB) {
        return new double[] {1, 1, 0, c, gA, gB};
    }

    private static ObjectNode pair(double[] ends, double[]... planes) {
        ObjectNode p = JSON.createObjectNode();
        p.set(
                "pair",
                JSON.createArrayNode().add("link1").add(0).add("slab").add(0).add(true));
        p.set("ends", JSON.valueToTree(ends));
        p.set("lb", JSON.valueToTree(new double[ends.length]));
        p.set("planes", JSON.valueToTree(planes));
        return p;
    }

    static VerificationReport verify(ObjectNode c) {
        byte[] bytes = c.toString().getBytes(StandardCharsets.UTF_8);
        return IndependentVerifier.verify(ARM, null, new ByteArrayInputStream(bytes), "test certificate");
    }

    static VerificationReport verify(ObjectNode c, double required) {
        byte[] bytes = c.toString().getBytes(StandardCharsets.UTF_8);
        return IndependentVerifier.verify(ARM, null, new ByteArrayInputStream(bytes), "test certificate", required);
    }

    private static ArrayNode planes(ObjectNode c, int segment) {
        return (ArrayNode) c.get("segments").get(segment).get(0).get("planes");
    }

    private static void assertRejected(VerificationReport r, String... fragments) {
        assertFalse(r.valid(), "accepted: " + r);
        for (String f : fragments) {
            assertTrue(
                    r.problems().stream().anyMatch(p -> p.contains(f)),
                    "no problem mentions '" + f + "': " + r.problems());
        }
    }

    @Test
    void analyticCertificateVerifies() {
        ObjectNode c = certificate();
        ((ArrayNode) c.get("witness").get("obstacles")).addNull(); // the slot of a removed obstacle
        VerificationReport r = verify(c);
        assertTrue(r.valid(), r.problems().toString());
        assertEquals("CERTIFIED_FREE", r.verdict());
        assertEquals(3, r.stepsChecked());
        assertTrue(r.subdivisions() > 0, "the 2 mm slack of step 0 needs subdivision");
    }

    @Test
    void planeMovedIntoEitherPieceByOneNanometreIsRejected() {
        ObjectNode c = certificate();
        ((ArrayNode) planes(c, 1).get(0))
                .set(4, JSON.valueToTree(planes(c, 1).get(0).get(4).doubleValue() + 1e-9));
        assertRejected(
                verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0 (s in [0.0, 1.0])", "piece A reaches");
        c = certificate();
        ((ArrayNode) planes(c, 1).get(0))
                .set(5, JSON.valueToTree(planes(c, 1).get(0).get(5).doubleValue() + 1e-9));
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0", "piece B reaches");
    }

    @Test
    void extendedStepEndIsRejected() {
        ObjectNode c = certificate();
        ((ArrayNode) c.get("segments").get(0).get(0).get("ends")).set(0, JSON.valueToTree(0.6));
        assertRejected(
                verify(c), "segment 0 pair [link1, 0, slab, 0, true] step 0 (s in [0.0, 0.6])", "piece A reaches");
    }

    @Test
    void changedWaypointIsRejected() {
        // θ: 0 → 1.2 puts θ = 0.6 inside step 0, where the arm reaches n·x = 0.28451 > 0.2835
        ObjectNode c = certificate();
        ((ArrayNode) c.get("waypoints").get(1)).set(0, JSON.valueToTree(1.2));
        assertRejected(
                verify(c), "segment 0 pair [link1, 0, slab, 0, true] step 0 (s in [0.0, 0.5])", "piece A reaches");
    }

    @Test
    void missingPairIsRejectedWhenTheVerifierCannotProveItFar() {
        ObjectNode c = certificate();
        ((ArrayNode) c.get("segments").get(0)).remove(0);
        c.putObject("pairClearance");
        assertRejected(verify(c), "segment 0: pair [link1, 0, slab, 0, true] is not listed");
    }

    @Test
    void unjustifiedAllowedPairIsRejected() {
        ObjectNode c = certificate();
        ((ArrayNode) c.get("witness").get("allowed").get(0)).set(2, JSON.valueToTree("SRDF"));
        assertRejected(verify(c), "witness.allowed[0]: allowed pair [base, link1, SRDF] is not justified");
    }

    @Test
    void shrinkingScaleDoesNotShrinkTheRobot() {
        // at half scale the arm would reach only about half as far along n: a plane 5 cm into the real arm
        ObjectNode c = certificate();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("scale", 0.5);
        ((ArrayNode) planes(c, 1).get(0))
                .set(4, JSON.valueToTree(planes(c, 1).get(0).get(4).doubleValue() + 0.05));
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0", "piece A reaches");
    }

    /**
     * One segment θ: 0 → 1 in one second past a ball of radius 0.05 at (0, 0.3, 0), with the plane y = 0.215
     * (gA = gB = 0.025): the arm reaches y = 0.2·sin θ + 0.025·cos θ, 0.1818 at θ = 1, below 0.19 for θ ≤ 1.
     */
    private static ObjectNode ballCertificate(double[][] velocities) {
        ObjectNode c = certificate();
        c.set("waypoints", JSON.valueToTree(new double[][] {{0}, {1}}));
        c.set("times", JSON.valueToTree(new double[] {0, 1}));
        if (velocities != null) {
            c.put("interpolation", "CUBIC");
            c.set("velocities", JSON.valueToTree(velocities));
        }
        ObjectNode ball =
                ((ArrayNode) c.get("witness").get("obstacles")).removeAll().addObject();
        ball.put("name", "ball").put("shape", "sphere").put("radius", 0.05).put("padding", 0.0);
        ball.set("pose", JSON.valueToTree(new double[] {1, 0, 0, 0, 0, 1, 0, 0.3, 0, 0, 1, 0, 0, 0, 0, 1}));
        ObjectNode p = pair(new double[] {1}, new double[] {0, 1, 0, 0.215, 0.025, 0.025});
        ((ArrayNode) p.get("pair")).set(2, JSON.valueToTree("ball"));
        ((ArrayNode) c.get("segments")).removeAll().addArray().add(p);
        c.putObject("pairClearance");
        return c;
    }

    @Test
    void splinesAreCheckedAlongTheCurveNotTheChord() {
        assertTrue(
                verify(ballCertificate(null)).valid(),
                verify(ballCertificate(null)).problems().toString());
        // zero end velocities: θ = 3s² − 2s³ stays in [0, 1]
        assertTrue(verify(ballCertificate(new double[][] {{0}, {0}})).valid());
        // arriving at −3 rad/s: θ = 6s² − 5s³ overshoots to 1.28 rad at s = 0.8, where y = 0.1988 > 0.19
        assertRejected(
                verify(ballCertificate(new double[][] {{0}, {-3}})),
                "segment 0 pair [link1, 0, ball, 0, true] step 0",
                "piece A reaches");
    }

    @Test
    void aUrdfTextThatDiffersFromTheDescriptionIsRefused() throws Exception {
        // the same records, claiming to come from another file: the verifier reads its numbers from the text
        RobotDescription elsewhere = new RobotDescription(
                ARM.name(),
                IndependentVerifierTest.class.getResource("features.urdf").toURI(),
                ARM.rootLink(),
                ARM.links(),
                ARM.joints());
        VerificationReport r = IndependentVerifier.verify(
                elsewhere,
                null,
                new ByteArrayInputStream(certificate().toString().getBytes(StandardCharsets.UTF_8)),
                "test certificate");
        assertRejected(r, "differs from the loaded description");
    }

    @Test
    void paddingGrowsThePieces() {
        // 1e-8 m of padding on either side overruns the stationary plane's 1e-10 slack
        ObjectNode c = certificate();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("padding", 1e-8);
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0", "piece A reaches");
        c = certificate();
        ((ObjectNode) c.get("witness").get("obstacles").get(0)).put("padding", 1e-8);
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0", "piece B reaches");
        c = certificate();
        ((ObjectNode) c.get("witness").get("obstacles").get(0)).put("padding", -0.01);
        assertRejected(verify(c), "witness.obstacles[0] ('slab'): needs");
    }

    /**
     * A required margin above the certificate's 0.02 m is checked on every step: the planes show (gA + gB)/|n| =
     * 0.0665/√2 = 0.0470, 0.06/√2 = 0.0424 and (SLAB_INF − ARM_SUP_AT_1)/√2 = 0.0493 m, so 0.042 m is proven and
     * 0.043 m fails at segment 0's second step; a required margin below the certificate's changes nothing.
     */
    @Test
    void requiredMarginAboveTheCertificatesIsProvenUpToWhatThePlanesShow() {
        assertTrue(
                verify(certificate(), 0.042).valid(),
                verify(certificate(), 0.042).problems().toString());
        assertRejected(verify(certificate(), 0.043), "segment 0 pair [link1, 0, slab, 0, true] step 1", "margin·|n|");
        assertTrue(verify(certificate(), 0.001).valid());
        assertRejected(verify(certificate(), Double.NaN), "margin must be >= 0");
    }

    @Test
    void overclaimedClearanceIsRejected() {
        ObjectNode c = certificate();
        ((ObjectNode) c.get("pairClearance")).put("link1#0|env:slab#0", 0.06);
        assertRejected(verify(c), "pairClearance link1#0|env:slab#0: claimed 0.06 exceeds");
    }

    @Test
    void violationProvesTheFreePartAndInconclusiveSkipsItsLastSegment() {
        ObjectNode c = certificate();
        c.put("verdict", "VIOLATION");
        ObjectNode v = c.putObject("violation");
        v.put("segment", 1).put("fraction", 0.5);
        v.set(
                "pair",
                JSON.createArrayNode().add("link1").add(0).add("slab").add(0).add(true));
        // clearances over the trajectory are claimed only by a free one
        assertRejected(verify(c), "pairClearance link1#0|env:slab#0", "only a CERTIFIED_FREE certificate claims");
        c.putObject("pairClearance");
        assertTrue(verify(c).valid(), verify(c).problems().toString());
        c = certificate();
        c.put("verdict", "INCONCLUSIVE");
        ((ArrayNode) planes(c, 1).get(0)).set(4, JSON.valueToTree(1.0)); // the partial segment proves nothing
        c.putObject("pairClearance");
        assertTrue(verify(c).valid(), verify(c).problems().toString());
        c.put("verdict", "CERTIFIED_FREE");
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0");
    }

    @Test
    void inputsTheVerifierCannotBindAreRefusedWithTheirPath() {
        ObjectNode c = certificate();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("kind", "OTHER");
        assertRejected(verify(c), "link 'link1' piece 0 is OTHER", "--verifier=recompute");
        c = certificate();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("colour", "red");
        assertRejected(verify(c), "witness.pieces.link1[0].colour: unknown key");
        c = certificate();
        c.put("margin", "0.02");
        assertRejected(verify(c), "margin: expected a finite number");
        c = certificate();
        planes(c, 1).set(0, JSON.nullNode());
        assertRejected(verify(c), "segment 1 pair [link1, 0, slab, 0, true] step 0", "Tight-Inclusion");
        c = certificate();
        ((ObjectNode) c.get("witness").get("held")).put("j1", 0.0);
        assertRejected(verify(c), "witness.held: 'j1' is also a trajectory column");
        c = certificate();
        ((ArrayNode) c.get("witness").get("obstacles"))
                .addObject()
                .put("name", "bowl")
                .put("shape", "other")
                .set("pose", JSON.valueToTree(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
        assertRejected(
                verify(c), "witness.obstacles[1].shape: obstacle \"bowl\" has shape other", "--verifier=recompute");
        c = certificate();
        c.put("format", "collide4j-certificate/2.1");
        assertRejected(verify(c), "--verifier=recompute");
    }
}
