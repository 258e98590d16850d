package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.planner.plan.BandProbe;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code "planning": true} on {@code isValid} / {@code isMotionFree}: the planted band of the planner's
 * PlanningMarginTest. A 0.1 m cube on prismatic joints x, y under a box whose lower face is y = 0.05 + 5e-5: at (0, 0)
 * the exact clearance is 5e-5 m, half the 1e-4 m tolerance, margin 0. At the margin that state is valid (the edge
 * straight up into it was proven too, today's boolean advancement, and {@code certify} refuses it); at the planning
 * margin both are refused, while a
 * motion well clear of the box stays free.
 */
class PlanningFlagServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode call(CollisionService s, String method, String params) throws Exception {
        return MAPPER.valueToTree(s.handle(method, (ObjectNode) MAPPER.readTree(params), RequestContext.unbounded()));
    }

    @Test
    void planningChecksAtMarginPlusTwoTolerances(@TempDir Path root) throws Exception {
        BandProbe.writeUrdf(root);
        try (CollisionService s = new CollisionService(FileRoots.of(List.of(root)), ServerLimits.defaults())) {
            call(s, "load", """
                    {"urdf": "%s", "margin": 0, "sceneJson": %s}""".formatted(
                            root.resolve("band_probe.urdf").toString().replace("\\", "\\\\"), BandProbe.SCENE));
            assertTrue(call(s, "isValid", "{\"q\": [0, 0]}").get("valid").booleanValue());
            assertTrue(call(s, "isValid", "{\"q\": [0, 0], \"planning\": false}")
                    .get("valid")
                    .booleanValue());
            assertFalse(call(s, "isValid", "{\"q\": [0, 0], \"planning\": true}")
                    .get("valid")
                    .booleanValue());
            assertFalse(call(s, "isMotionFree", "{\"q0\": [0, -0.3], \"q1\": [0, 0], \"planning\": true}")
                    .get("free")
                    .booleanValue());
            assertTrue(call(s, "isMotionFree", "{\"q0\": [-0.5, -0.3], \"q1\": [0.5, -0.3], \"planning\": true}")
                    .get("free")
                    .booleanValue());
            // the flag is a JSON boolean, nothing else (a string or number is refused, naming the field)
            for (String bad : List.of("\"yes\"", "1", "null")) {
                RequestException e = assertThrows(
                        RequestException.class, () -> call(s, "isValid", "{\"q\": [0, 0], \"planning\": " + bad + "}"));
                assertEquals(RequestException.INVALID_PARAMS, e.code(), e.getMessage());
                assertTrue(e.getMessage().contains("'planning' must be a boolean"), e.getMessage());
            }
        }
    }
}
