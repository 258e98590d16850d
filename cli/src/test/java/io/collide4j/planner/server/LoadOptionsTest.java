package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code load}'s {@code decompose} switch (and serve --decompose's default) and its {@code warnings}. */
class LoadOptionsTest {
    static final String PANDA = Path.of("../models/src/main/resources/io/collide4j/models/panda/panda.urdf")
            .toAbsolutePath()
            .normalize()
            .toString();

    /** An SRDF whose group first_six leaves panda_joint7 out (so that it can be held). */
    static final String FIRST_SIX = Path.of("src/test/resources/bad-inputs/support/panda-joints1-6.srdf")
            .toAbsolutePath()
            .normalize()
            .toString();

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
        try (CollisionService plain = service(Path.of(PANDA).getParent(), false);
                CollisionService dec = service(Path.of(PANDA).getParent(), true)) {
            JsonNode hull = (JsonNode) load(plain, Map.of("robot", "panda"));
            JsonNode pieces = (JsonNode) load(dec, Map.of("robot", "panda"));
            JsonNode asked = (JsonNode) load(plain, Map.of("robot", "panda", "decompose", true));
            JsonNode off = (JsonNode) load(dec, Map.of("robot", "panda", "decompose", false));
            assertNotEquals(
                    hull.get("robotHash").textValue(),
                    pieces.get("robotHash").textValue(),
                    "decomposed links are other pieces");
            assertEquals(
                    pieces.get("robotHash").textValue(), asked.get("robotHash").textValue());
            assertEquals(hull.get("robotHash").textValue(), off.get("robotHash").textValue());
            assertEquals(0, hull.get("warnings").size(), "the bundled Panda has its SRDF");
            RequestException e = assertThrows(
                    RequestException.class, () -> load(plain, Map.of("robot", "panda", "decompose", "yes")));
            assertTrue(e.getMessage().contains("decompose"), e.getMessage());
        }
    }

    @Test
    void aUrdfWithoutSrdfComesWithItsWarnings() {
        try (CollisionService s = service(Path.of(PANDA).getParent(), false)) {
            JsonNode r = (JsonNode) load(s, Map.of("urdf", PANDA));
            JsonNode w = r.get("warnings");
            assertEquals(2, w.size(), w.toString());
            assertTrue(
                    w.get(0).textValue().contains("has no SRDF")
                            && w.get(0).textValue().contains("collide4j srdf"),
                    w.toString());
            assertTrue(w.get(1).textValue().contains("panda_link5/panda_hand"), w.toString());
        }
    }

    /**
     * An error in the request's own options is said as it is, also when the robot comes from a file: it was hidden
     * behind "the files could not be loaded together"; holding a planning joint was ignored silently.
     */
    @Test
    void holdErrorsAreSaidAsTheyAreAndAPlanningJointCannotBeHeld() {
        try (CollisionService s = new CollisionService(
                FileRoots.of(
                        List.of(Path.of(PANDA).getParent(), Path.of(FIRST_SIX).getParent())),
                ServerLimits.defaults(),
                false)) {
            record Case(Map<String, ?> params, String says) {}
            for (Case c : List.of(
                    new Case(
                            Map.of("urdf", PANDA, "hold", Map.of("panda_fnger_joint1", 0.01)),
                            "load: hold: unknown joint panda_fnger_joint1; did you mean panda_finger_joint1?"),
                    new Case(
                            Map.of("urdf", PANDA, "hold", Map.of("panda_finger_joint2", 0.01)),
                            "load: hold: joint panda_finger_joint2 of robot 'panda' is fixed or mimics another joint"),
                    new Case(
                            Map.of("urdf", PANDA, "hold", Map.of("panda_joint1", 0.5)),
                            "load: hold: panda_joint1 is a joint of the planning group (every joint)"),
                    new Case(
                            Map.of("robot", "panda", "hold", Map.of("panda_joint1", 0.5)),
                            "load: hold: panda_joint1 is a joint of the planning group 'panda_arm'"),
                    new Case(
                            Map.of(
                                    "urdf",
                                    PANDA,
                                    "srdf",
                                    FIRST_SIX,
                                    "group",
                                    "first_six",
                                    "hold",
                                    Map.of("panda_joint7", 5.0)),
                            "load: hold: panda_joint7=5.0 is outside the joint's limits"))) {
                RequestException e = assertThrows(RequestException.class, () -> load(s, c.params()), c.says());
                assertTrue(e.getMessage().startsWith(c.says()), e.getMessage());
                assertEquals(RequestException.INVALID_PARAMS, e.code());
            }
            JsonNode ok = (JsonNode) load(
                    s,
                    Map.of(
                            "urdf",
                            PANDA,
                            "srdf",
                            FIRST_SIX,
                            "group",
                            "first_six",
                            "hold",
                            Map.of("panda_joint7", 0.5)));
            assertEquals(6, ok.get("variables").size(), "a joint outside the group is held");
        }
    }

    /** A URDF whose mesh is an http URL on a local listener: refused within a second, the listener never hears. */
    @Test
    void networkMeshUrlsAreRefusedWithoutAConnection(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        try (java.net.ServerSocket listener =
                        new java.net.ServerSocket(0, 5, java.net.InetAddress.getByName("127.0.0.1"));
                CollisionService s = service(dir, false)) {
            Path urdf = java.nio.file.Files.writeString(
                    dir.resolve("net.urdf"),
                    "<robot name=\"r\"><link name=\"a\">"
                            + "<collision><geometry><mesh filename=\"http://127.0.0.1:" + listener.getLocalPort()
                            + "/m.stl\"/></geometry></collision></link></robot>");
            RequestException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(1),
                    () -> assertThrows(RequestException.class, () -> load(s, Map.of("urdf", urdf.toString()))));
            assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("http"), e.getMessage());
            listener.setSoTimeout(300);
            assertThrows(java.net.SocketTimeoutException.class, listener::accept, "the loader connected");
        }
    }
}
