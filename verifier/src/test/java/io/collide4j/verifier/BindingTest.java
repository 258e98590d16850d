package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The binding stage on the hand-built one-joint certificate of {@link IndependentVerifierTest}: bound to inputs that
 * state what it states, it binds; each field changed on one side only is refused with the field's path. And the
 * step bounds: lb is proven only up to what the step's plane shows, (gA + gB)/|n| = 0.0665/√2 = 0.0470226… for the
 * first step (n = (1, 1, 0), gA = 0.0365, gB = 0.03).
 */
class BindingTest {
    private static ObjectNode certificate() {
        ObjectNode c = IndependentVerifierTest.certificate();
        c.put("trajectoryHash", TrajectoryHash.of(new double[][] {{0}, {1}, {1}}, null, null, new double[] {0, 1, 2}));
        return c;
    }

    private static BoundInputs inputs(ObjectNode c) {
        return new BoundInputs(
                "r", "s", 0.001, List.of("j1"), Map.of(), c.get("witness").toString(), null);
    }

    private static List<String> bind(BoundInputs in, ObjectNode c) {
        return Binding.check(in, c.toString().getBytes(StandardCharsets.UTF_8), "test");
    }

    private static void refused(BoundInputs in, ObjectNode c, String fragment) {
        List<String> p = bind(in, c);
        assertTrue(p.stream().anyMatch(s -> s.contains(fragment)), "no problem says '" + fragment + "': " + p);
    }

    @Test
    void aCertificateBindsToTheInputsItStates() {
        ObjectNode c = certificate();
        assertEquals(List.of(), bind(inputs(c), c));
        VerificationReport r = IndependentVerifier.verify(
                IntervalKinematicsTest.resource("arm.urdf"),
                null,
                c.toString().getBytes(StandardCharsets.UTF_8),
                "test",
                inputs(c));
        assertTrue(r.valid(), r.problems().toString());
    }

    @Test
    void everyBoundFieldIsComparedWithTheInputs() {
        ObjectNode honest = certificate();
        BoundInputs in = inputs(honest);
        ObjectNode c = honest.deepCopy();
        c.put("robotHash", "other");
        refused(in, c, "robot hash differs");
        c = honest.deepCopy();
        c.put("tolerance", Math.nextUp(0.001));
        refused(in, c, "tolerance");
        c = honest.deepCopy();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("padding", 0.2);
        refused(in, c, "witness.pieces.link1[0].padding: the certificate states 0.2, the inputs give 0.0");
        c = honest.deepCopy();
        ((ObjectNode) c.get("witness").get("pieces").get("link1").get(0)).put("scale", Math.nextDown(1.0));
        refused(in, c, "witness.pieces.link1[0].scale");
        c = honest.deepCopy();
        ((ArrayNode) c.get("witness").get("joints")).add("j2");
        refused(in, c, "witness.joints: the certificate lists 2 entries, the inputs give 1");
        c = honest.deepCopy();
        ((ObjectNode) c.get("witness").get("obstacles").get(0)).put("padding", 0.01);
        refused(in, c, "witness.obstacles[0] (obstacle 'slab').padding");
        // the inputs hold j1 at 1: the certificate moves it from 0
        refused(
                new BoundInputs("r", "s", 0.001, List.of("j1"), Map.of("j1", 1.0), in.witnessJson(), null),
                honest,
                "waypoints[0][0]: joint j1 is outside the planning group and held at 1.0");
    }

    @Test
    void theTrajectoryIsHashedFromItsNumbersAndBoundToTheFileGiven() {
        ObjectNode honest = certificate();
        BoundInputs in = inputs(honest);
        ObjectNode c = honest.deepCopy();
        ((ArrayNode) c.get("waypoints").get(1)).set(0, Math.nextUp(1.0));
        refused(in, c, "trajectoryHash");
        c = honest.deepCopy();
        ((ArrayNode) c.get("times")).set(2, 3.0);
        refused(in, c, "trajectoryHash");
        // -0 is the same real as +0: same hash, same trajectory
        c = honest.deepCopy();
        ((ArrayNode) c.get("waypoints").get(0)).set(0, -0.0);
        assertEquals(List.of(), bind(in, c));
        refused(
                new BoundInputs("r", "s", 0.001, List.of("j1"), Map.of(), in.witnessJson(), "0".repeat(64)),
                honest,
                "not those of the --trajectory file");
        c = honest.deepCopy();
        c.put("interpolation", "CUBIC");
        refused(in, c, "interpolation");
    }

    @Test
    void claimsOutsideTheProofShapeAreRefused() {
        ObjectNode honest = certificate();
        BoundInputs in = inputs(honest);
        ObjectNode c = honest.deepCopy();
        c.put("verdict", "INCONCLUSIVE");
        refused(in, c, "pairClearance: clearances over the trajectory are claimed only with verdict CERTIFIED_FREE");
        c = honest.deepCopy();
        c.put("verdict", "VIOLATION");
        c.putObject("pairClearance");
        ObjectNode v = c.putObject("violation");
        v.put("segment", 1).put("fraction", 0.5).put("time", 1.25); // segment 1 runs from t = 1 to 2: 1.5
        v.set("pair", c.get("segments").get(0).get(0).get("pair").deepCopy());
        refused(in, c, "violation.time: the certificate states 1.25, its segment 1 and fraction 0.5 give 1.5");
        v.put("time", 1.5);
        assertEquals(List.of(), bind(in, c));
        c = honest.deepCopy();
        ((ArrayNode) c.get("segments").get(0).get(0).get("pair")).add(true);
        refused(in, c, "segments[0][0].pair: expected [first, firstPiece, second, secondPiece, environment]");
        String duplicated = honest.toString().replaceFirst("\"margin\":0.02", "\"margin\":0.02,\"margin\":0.01");
        assertTrue(Binding.check(in, duplicated.getBytes(StandardCharsets.UTF_8), "test")
                .get(0)
                .contains("not readable JSON"));
    }

    /**
     * Binding reads the segments keeping only each step list's pair: what it skips is still parsed strictly
     * (a duplicate key inside a step list, a truncated document and a token after the object are refused as
     * unreadable), and the tuples it keeps are still checked, in every segment and step list.
     */
    @Test
    void theSkippedStepsAreStillParsedStrictly() {
        ObjectNode honest = certificate();
        BoundInputs in = inputs(honest);
        String text = honest.toString();
        String lb = "\"lb\":[";
        assertTrue(text.contains(lb), text);
        for (String bad : new String[] {
            text.replaceFirst("\"lb\":\\[", "\"lb\":0,\"lb\":["), // duplicate key in segments[0][0]
            text.substring(0, text.indexOf(lb) + lb.length() + 3), // truncated inside the steps
            text + " {}"
        }) {
            List<String> p = Binding.check(in, bad.getBytes(StandardCharsets.UTF_8), "test");
            assertEquals(1, p.size(), bad + " gave " + p);
            assertTrue(p.get(0).contains("not readable JSON"), p.toString());
        }
        ObjectNode c = honest.deepCopy();
        ArrayNode segment = (ArrayNode) c.get("segments").get(0);
        ObjectNode second = segment.get(0).deepCopy();
        ((ArrayNode) second.get("pair")).remove(4);
        segment.add(second);
        refused(in, c, "segments[0][1].pair: expected [first, firstPiece, second, secondPiece, environment]");
    }

    @Test
    void stepLowerBoundsAreProvenByTheirPlanes() {
        ObjectNode c = certificate();
        ArrayNode lb = (ArrayNode) c.get("segments").get(0).get(0).get("lb");
        lb.set(0, 0.047);
        VerificationReport ok = IndependentVerifierTest.verify(c);
        assertTrue(ok.valid(), ok.problems().toString());
        lb.set(0, 0.0471);
        VerificationReport raised = IndependentVerifierTest.verify(c);
        assertTrue(
                !raised.valid()
                        && raised.problems()
                                .get(0)
                                .contains("claimed lower bound lb = 0.0471 exceeds what the"
                                        + " step's plane proves, 0.0470226"),
                raised.problems().toString());
    }
}
