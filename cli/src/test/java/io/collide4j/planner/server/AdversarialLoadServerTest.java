package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loads found wrong in the adversarial pass over the server: an empty {@code group} silently meant "every variable",
 * and an inline scene whose obstacle has an rpy of 1e308 rad (finite, but its rotation is known only to ~1e292 rad)
 * loaded, and an allow pair with a null name was only "got an array". All are now −32602 naming the field (and
 * element), and the session stays usable.
 */
class AdversarialLoadServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void emptyGroupAndHugeObstacleAnglesAreInvalidParams() throws Exception {
        Map<String, Object> box = Map.of(
                "name",
                "b",
                "type",
                "box",
                "size",
                List.of(0.1, 0.1, 0.1),
                "pose",
                Map.of("xyz", List.of(2.0, 2.0, 2.0), "rpy", List.of(1e308, 0.0, 0.0)));
        List<String> requests = List.of(
                request(1, "load", Map.of("robot", "panda", "group", "")),
                request(2, "load", Map.of("robot", "panda", "sceneJson", Map.of("objects", List.of(box)))),
                request(
                        3,
                        "load",
                        Map.of("robot", "panda", "allow", List.of(java.util.Arrays.asList("panda_link1", null)))),
                request(4, "load", Map.of("robot", "panda", "allow", List.of(List.of("panda_link1")))),
                request(5, "load", Map.of("robot", "panda", "group", "panda_arm")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonLinesServer server = new JsonLinesServer(
                () -> new CollisionService(FileRoots.of(List.of()), ServerLimits.defaults()), 1 << 16)) {
            server.serve(
                    new ByteArrayInputStream(
                            String.join("\n", requests).concat("\n").getBytes(StandardCharsets.UTF_8)),
                    out);
        }
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, lines.size(), String.join("\n", lines));
        String[] mustContain = {
            "group: expected an SRDF group name, got ''",
            "orientation angles out of range",
            "allow[0][1]: expected a non-empty link or obstacle name, got null",
            "allow[0]: expected a [name, name] pair, got an array of 1"
        };
        for (int i = 0; i < mustContain.length; i++) {
            Map<?, ?> error =
                    (Map<?, ?>) MAPPER.readValue(lines.get(i), Map.class).get("error");
            assertTrue(error != null, lines.get(i));
            assertEquals(RequestException.INVALID_PARAMS, ((Number) error.get("code")).intValue(), lines.get(i));
            assertTrue(((String) error.get("message")).contains(mustContain[i]), lines.get(i));
        }
        Map<?, ?> loaded = (Map<?, ?>) MAPPER.readValue(lines.get(4), Map.class).get("result");
        assertTrue(loaded != null && "panda_arm".equals(loaded.get("group")), lines.get(4));
    }

    private static String request(int id, String method, Map<String, Object> params) throws Exception {
        return MAPPER.writeValueAsString(Map.of("id", (long) id, "method", method, "params", params));
    }
}
