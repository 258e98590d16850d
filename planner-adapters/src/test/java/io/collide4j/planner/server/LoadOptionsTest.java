package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code load}'s {@code decompose} switch (and serve --decompose's default) and its {@code warnings}. */
class LoadOptionsTest {
    static final String PANDA = Path.of("../models/src/main/resources/io/collide4j/models/panda/panda.urdf")
            .toAbsolutePath().normalize().toString();

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A service that may read files under {@code root}; {@code decompose}: serve --decompose. */
    private static CollisionService service(Path root, boolean decompose) {
        return new CollisionService(FileRoots.of(List.of(root)), ServerLimits.defaults(), decompose);
    }

    private static Object load(CollisionService s, Map<String, ?> params) {
        return s.handle("load", MAPPER.valueToTree(params), RequestContext.unbounded());
    }

    @Test
    void decomposeChangesTheModelAndDefaultsToTheServersSetting() {
        try (CollisionService plain = service(Path.of(PANDA).getParent(), false); CollisionService dec = service(Path.of(PANDA).getParent(), true)) {
            JsonNode hull = (JsonNode) load(plain, Map.of("robot", "panda"));
            JsonNode pieces = (JsonNode) load(dec, Map.of("robot", "panda"));
            JsonNode asked = (JsonNode) load(plain, Map.of("robot", "panda", "decompose", true));
            JsonNode off = (JsonNode) load(dec, Map.of("robot", "panda", "decompose", false));
            assertNotEquals(hull.get("robotHash").textValue(), pieces.get("robotHash").textValue(), "decomposed links are other pieces");
            assertEquals(pieces.get("robotHash").textValue(), asked.get("robotHash").textValue());
            assertEquals(hull.get("robotHash").textValue(), off.get("robotHash").textValue());
            assertEquals(0, hull.get("warnings").size(), "the bundled Panda has its SRDF");
            RequestException e = assertThrows(RequestException.class,
                    () -> load(plain, Map.of("robot", "panda", "decompose", "yes")));
            assertTrue(e.getMessage().contains("decompose"), e.getMessage());
        }
    }

    @Test
    void aUrdfWithoutSrdfComesWithItsWarnings() {
        try (CollisionService s = service(Path.of(PANDA).getParent(), false)) {
            JsonNode r = (JsonNode) load(s, Map.of("urdf", PANDA));
            JsonNode w = r.get("warnings");
            assertEquals(2, w.size(), w.toString());
            assertTrue(w.get(0).textValue().contains("has no SRDF") && w.get(0).textValue().contains("collide4j srdf"), w.toString());
            assertTrue(w.get(1).textValue().contains("panda_link5/panda_hand"), w.toString());
        }
    }

    /** A URDF whose mesh is an http URL on a local listener: refused within a second, the listener never hears. */
    @Test
    void networkMeshUrlsAreRefusedWithoutAConnection(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 5, java.net.InetAddress.getByName("127.0.0.1"));
             CollisionService s = service(dir, false)) {
            Path urdf = java.nio.file.Files.writeString(dir.resolve("net.urdf"), "<robot name=\"r\"><link name=\"a\">"
                    + "<collision><geometry><mesh filename=\"http://127.0.0.1:" + listener.getLocalPort()
                    + "/m.stl\"/></geometry></collision></link></robot>");
            RequestException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(1),
                    () -> assertThrows(RequestException.class, () -> load(s, Map.of("urdf", urdf.toString()))));
            assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("http"), e.getMessage());
            listener.setSoTimeout(300);
            assertThrows(java.net.SocketTimeoutException.class, listener::accept, "the loader connected");
        }
    }
}
