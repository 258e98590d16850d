package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.collide4j.planner.cli.ExtremeInputCliTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 through the JSON-lines server: a robot with continuous joints loads (its infinite limits used to make
 * the reply unwritable), and the batch motion to 1e300 (which came back FREE with a null clearance) and huge
 * checkMotion / certify requests are refused as invalid parameters naming the joint.
 */
class ExtremeInputServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void unboundedMotionsAreInvalidParamsNamingTheJoint(@TempDir Path dir) throws Exception {
        Path urdf = Files.writeString(dir.resolve("spin.urdf"), ExtremeInputCliTest.URDF);
        List<String> requests = List.of(
                request(1, "load", Map.of("urdf", urdf.toString(), "sceneJson", Map.of("objects", List.of()))),
                request(2, "batch", Map.of("motions", List.of(List.of(List.of(0.0, 0.0), List.of(1e300, 0.0))))),
                request(3, "checkMotion", Map.of("q0", List.of(0.0, 0.0), "q1", List.of(1e154, 0.0))),
                request(
                        4,
                        "certify",
                        Map.of(
                                "waypoints",
                                List.of(List.of(0.0, 0.0), List.of(0.0, 1e200)),
                                "times",
                                List.of(0.0, 1.0))),
                // within the caps the same session answers: a full turn of j1 sweeps through the base sphere
                request(5, "checkMotion", Map.of("q0", List.of(0.0, 0.0), "q1", List.of(6.2831853, 0.0))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonLinesServer server = new JsonLinesServer(
                () -> new CollisionService(FileRoots.of(List.of(dir)), ServerLimits.defaults()), 1 << 16)) {
            server.serve(
                    new ByteArrayInputStream(
                            String.join("\n", requests).concat("\n").getBytes(StandardCharsets.UTF_8)),
                    out);
        }
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, lines.size(), String.join("\n", lines));
        // continuous joints load: their infinite limits are sent as null (JSON has no infinity)
        Map<?, ?> loaded = (Map<?, ?>) ((Map<?, ?>) parse(lines.get(0))).get("result");
        assertTrue(loaded != null && java.util.Arrays.asList(null, null).equals(loaded.get("lower")), lines.get(0));
        String[] joint = {null, "j1", "j1", "j2"};
        for (int i = 1; i <= 3; i++) {
            Map<?, ?> error = (Map<?, ?>) ((Map<?, ?>) parse(lines.get(i))).get("error");
            assertTrue(error != null, lines.get(i));
            assertEquals(RequestException.INVALID_PARAMS, ((Number) error.get("code")).intValue(), lines.get(i));
            assertTrue(((String) error.get("message")).contains(joint[i]), lines.get(i));
        }
        Map<?, ?> last = (Map<?, ?>) ((Map<?, ?>) parse(lines.get(4))).get("result");
        assertTrue(last != null && Boolean.FALSE.equals(last.get("valid")), lines.get(4));
    }

    private static Object parse(String line) throws JsonProcessingException {
        return MAPPER.readValue(line, Object.class);
    }

    private static String request(int id, String method, Map<String, Object> params) throws JsonProcessingException {
        return MAPPER.writeValueAsString(Map.of("id", (long) id, "method", method, "params", params));
    }
}
