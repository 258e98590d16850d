package io.collide4j.planner.server;

import static io.collide4j.planner.server.CollisionServiceTest.errorCode;
import static io.collide4j.planner.server.CollisionServiceTest.errorMessage;
import static io.collide4j.planner.server.CollisionServiceTest.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's {@code load} of a {@code .xacro} robot: {@code xacroArgs} apply, and xacro reads nothing outside the
 * server's roots (an include or YAML file outside is refused without a byte of it reaching the client) and never
 * the server's environment.
 */
class XacroLoadTest {
    private static final String SECRET = "SECRET-x4c";
    private static final String HEAD = "<robot name=\"x\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n";

    @TempDir
    Path tmp;

    private static String load(String params) {
        return "{\"id\":1,\"method\":\"load\",\"params\":" + params + "}";
    }

    @Test
    void xacroRobotsLoadInsideTheRootsOnly() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.xacro"), HEAD + "<link name=\"" + SECRET + "\"/>\n</robot>\n");
        Files.writeString(outside.resolve("secret.yaml"), "k: " + SECRET + "\n");
        Files.writeString(root.resolve("box.urdf.xacro"), HEAD + """
                  <xacro:arg name="size" default="0.1"/>
                  <link name="base"><collision><geometry><box size="$(arg size) 0.1 0.1"/></geometry></collision></link>
                  <link name="arm"><collision><origin xyz="${0.2 + 0.1} 0 0"/><geometry><box size="0.4 0.05 0.05"/></geometry></collision></link>
                  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
                    <limit lower="${-pi/2}" upper="${pi/2}" effort="1" velocity="1"/></joint>
                </robot>
                """);
        Files.writeString(
                root.resolve("include.urdf.xacro"),
                HEAD + "<xacro:include filename=\"../outside/secret.xacro\"/>\n</robot>\n");
        Files.writeString(
                root.resolve("yaml.urdf.xacro"),
                HEAD + "<link name=\"${xacro.load_yaml('../outside/secret.yaml')['k']}\"/>\n</robot>\n");
        Files.writeString(root.resolve("env.urdf.xacro"), HEAD + "<link name=\"$(env HOME)\"/>\n</robot>\n");
        ServerLimits limits = ServerLimits.defaults();
        FileRoots roots = FileRoots.of(List.of(root));
        try (JsonLinesServer server = new JsonLinesServer(() -> new CollisionService(roots, limits), limits);
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            Map<String, Object> ok =
                    result(c.ask(load("{\"urdf\":\"box.urdf.xacro\",\"xacroArgs\":{\"size\":\"0.2\"}}")));
            assertEquals(List.of("j"), ok.get("variables"), ok.toString());
            for (String refused : List.of("include.urdf.xacro", "yaml.urdf.xacro", "env.urdf.xacro")) {
                String r = c.ask(load("{\"urdf\":\"" + refused + "\"}"));
                assertEquals(RequestException.INVALID_PARAMS, errorCode(r), r);
                assertTrue(errorMessage(r).startsWith("urdf: the file could not be loaded"), r);
                assertFalse(r.contains(SECRET), r);
            }
            String r = c.ask(load("{\"urdf\":\"box.urdf.xacro\",\"xacroArgs\":{\"size\":0.2}}"));
            assertTrue(errorMessage(r).startsWith("xacroArgs.size: expected a string"), r);
            r = c.ask(load("{\"robot\":\"panda\",\"xacroArgs\":{\"size\":\"1\"}}"));
            assertTrue(errorMessage(r).startsWith("xacroArgs: neither 'urdf' nor 'srdf' is a .xacro file"), r);
        }
    }
}
