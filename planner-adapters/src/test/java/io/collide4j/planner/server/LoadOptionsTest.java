package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code load}'s {@code decompose} switch (and serve --decompose's default) and its {@code warnings}. */
class LoadOptionsTest {
    static final String PANDA = Path.of("../models/src/main/resources/io/collide4j/models/panda/panda.urdf")
            .toAbsolutePath().normalize().toString();

    @Test
    void decomposeChangesTheModelAndDefaultsToTheServersSetting() {
        try (CollisionService plain = new CollisionService(); CollisionService dec = new CollisionService(true)) {
            Map<?, ?> hull = (Map<?, ?>) plain.handle("load", Map.of("robot", "panda"));
            Map<?, ?> pieces = (Map<?, ?>) dec.handle("load", Map.of("robot", "panda"));
            Map<?, ?> asked = (Map<?, ?>) plain.handle("load", Map.of("robot", "panda", "decompose", true));
            Map<?, ?> off = (Map<?, ?>) dec.handle("load", Map.of("robot", "panda", "decompose", false));
            assertNotEquals(hull.get("robotHash"), pieces.get("robotHash"), "decomposed links are other pieces");
            assertEquals(pieces.get("robotHash"), asked.get("robotHash"));
            assertEquals(hull.get("robotHash"), off.get("robotHash"));
            assertEquals(List.of(), hull.get("warnings"), "the bundled Panda has its SRDF");
            RequestException e = assertThrows(RequestException.class,
                    () -> plain.handle("load", Map.of("robot", "panda", "decompose", "yes")));
            assertTrue(e.getMessage().contains("decompose"), e.getMessage());
        }
    }

    @Test
    void aUrdfWithoutSrdfComesWithItsWarnings() {
        try (CollisionService s = new CollisionService()) {
            Map<?, ?> r = (Map<?, ?>) s.handle("load", Map.of("urdf", PANDA));
            List<?> w = (List<?>) r.get("warnings");
            assertEquals(2, w.size(), w.toString());
            assertTrue(w.get(0).toString().contains("has no SRDF") && w.get(0).toString().contains("collide4j srdf"), w.toString());
            assertTrue(w.get(1).toString().contains("panda_link5/panda_hand"), w.toString());
        }
    }

    /** A URDF whose mesh is an http URL on a local listener: refused within a second, the listener never hears. */
    @Test
    void networkMeshUrlsAreRefusedWithoutAConnection(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 5, java.net.InetAddress.getByName("127.0.0.1"));
             CollisionService s = new CollisionService()) {
            Path urdf = java.nio.file.Files.writeString(dir.resolve("net.urdf"), "<robot name=\"r\"><link name=\"a\">"
                    + "<collision><geometry><mesh filename=\"http://127.0.0.1:" + listener.getLocalPort()
                    + "/m.stl\"/></geometry></collision></link></robot>");
            RequestException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(1),
                    () -> assertThrows(RequestException.class, () -> s.handle("load", Map.of("urdf", urdf.toString()))));
            assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("filename"), e.getMessage());
            listener.setSoTimeout(300);
            assertThrows(java.net.SocketTimeoutException.class, listener::accept, "the loader connected");
        }
    }
}
