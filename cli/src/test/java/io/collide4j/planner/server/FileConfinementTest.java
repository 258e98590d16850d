package io.collide4j.planner.server;

import static io.collide4j.planner.server.CollisionServiceTest.errorCode;
import static io.collide4j.planner.server.CollisionServiceTest.errorMessage;
import static io.collide4j.planner.server.CollisionServiceTest.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a client can learn about files through {@code load}: only files under the server's roots are read, every
 * refusal reads the same whether the file is missing or not allowed, loader errors name the field and line but
 * never the file's content, mesh references cannot leave the roots or reach the network, and a failed load
 * leaves the session as it was.
 */
class FileConfinementTest {
    private static final String SECRET = "SECRET-7f3a";
    private static final String READY = CollisionServiceTest.READY;
    private static final String INTO_TABLE = CollisionServiceTest.INTO_TABLE;

    @TempDir
    Path tmp;

    Path root;
    Path outside;

    /** A one-link robot whose collision geometry is the mesh {@code ref}. */
    private static String meshUrdf(String ref) {
        return "<robot name=\"m\"><link name=\"base\"><collision><geometry><mesh filename=\"" + ref
                + "\"/></geometry></collision></link></robot>\n";
    }

    private static final String TETRAHEDRON = """
            solid t
            facet normal 0 0 -1
             outer loop
              vertex 0 0 0
              vertex 0 0.1 0
              vertex 0.1 0 0
             endloop
            endfacet
            facet normal 0 -1 0
             outer loop
              vertex 0 0 0
              vertex 0.1 0 0
              vertex 0 0 0.1
             endloop
            endfacet
            facet normal -1 0 0
             outer loop
              vertex 0 0 0
              vertex 0 0 0.1
              vertex 0 0.1 0
             endloop
            endfacet
            facet normal 1 1 1
             outer loop
              vertex 0.1 0 0
              vertex 0 0.1 0
              vertex 0 0 0.1
             endloop
            endfacet
            endsolid t
            """;

    /** A two-link robot with one continuous joint: limits −∞ .. +∞. */
    private static final String WHEEL = """
            <robot name="wheel">
              <link name="base"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
              <link name="arm"><collision><origin xyz="0.3 0 0"/><geometry><box size="0.4 0.05 0.05"/></geometry></collision></link>
              <joint name="spin" type="continuous"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/></joint>
            </robot>
            """;

    @BeforeEach
    void files() throws IOException {
        root = Files.createDirectories(tmp.resolve("root"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.json"), "{\"" + SECRET + "\": [\"" + SECRET + "\"]}\n");
        Files.writeString(outside.resolve("secret.yaml"), SECRET + ": " + SECRET + "\n");
        Files.writeString(outside.resolve("secret.urdf"), "<robot name=\"" + SECRET + "\"><" + SECRET + "/></robot>\n");
        Files.writeString(outside.resolve("t.stl"), TETRAHEDRON);
        Files.writeString(root.resolve("table.json"), Models.sceneJson("table_shelf"));
        Files.writeString(root.resolve("wheel.urdf"), WHEEL);
        Files.writeString(root.resolve("t.stl"), TETRAHEDRON);
        Files.writeString(root.resolve("inside-mesh.urdf"), meshUrdf("t.stl"));
        Files.writeString(root.resolve("bad.json"), "{\"format\": \"collide4j-scene/1\", \"" + SECRET + "\": 1,\n");
        Files.writeString(root.resolve("bad.yaml"), "world:\n  " + SECRET + ": [unclosed\n");
        Files.writeString(
                root.resolve("bad.urdf"),
                "<robot name=\"" + SECRET + "\"><link name=\"" + SECRET + "\"/><joint name=\"" + SECRET
                        + "\" type=\"revolute\"/></robot>\n");
        Files.createDirectories(root.resolve("sub"));
        Files.createSymbolicLink(root.resolve("link.json"), outside.resolve("secret.json"));
        Files.createSymbolicLink(root.resolve("dirlink"), outside);
    }

    private JsonLinesServer server() {
        ServerLimits limits = ServerLimits.defaults();
        FileRoots roots = FileRoots.of(List.of(root));
        return new JsonLinesServer(() -> new CollisionService(roots, limits), limits);
    }

    private static String load(String params) {
        return "{\"id\":1,\"method\":\"load\",\"params\":" + params + "}";
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void missingAndNotAllowedFilesGetTheSameRefusal() throws Exception {
        Map<String, List<String>> requests = Map.of(
                "scene",
                        List.of(
                                "../outside/secret.json",
                                outside.resolve("secret.json").toString(),
                                "link.json",
                                "dirlink/secret.json",
                                "sub/../../outside/secret.yaml",
                                "missing.json",
                                root.resolve("missing.json").toString(),
                                "sub",
                                "/etc/passwd",
                                "/proc/self/environ"),
                "urdf",
                        List.of(
                                "../outside/secret.urdf",
                                outside.resolve("secret.urdf").toString(),
                                "dirlink/secret.urdf",
                                "missing.urdf",
                                "/etc/hostname"),
                "srdf", List.of("../outside/secret.urdf", "missing.srdf"));
        List<String> responses = new ArrayList<>();
        try (JsonLinesServer server = server();
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            for (Map.Entry<String, List<String>> field : requests.entrySet()) {
                String first = null;
                for (String path : field.getValue()) {
                    String r = c.ask(load("{\"" + field.getKey() + "\":" + quoted(path) + "}"));
                    responses.add(r);
                    assertEquals(RequestException.INVALID_PARAMS, errorCode(r), r);
                    String shape = errorMessage(r).replace(path, "<path>");
                    assertTrue(shape.startsWith(field.getKey() + ": "), r);
                    if (first == null) {
                        first = shape;
                    }
                    assertEquals(first, shape, "the refusal must not tell missing from not allowed: " + path);
                }
            }
            // the same server reads what is inside its root
            Map<String, Object> ok = result(c.ask(load("{\"scene\":\"table.json\"}")));
            assertTrue(((Number) ok.get("obstacles")).intValue() > 0, ok.toString());
        }
        for (String r : responses) {
            assertFalse(r.contains(SECRET), "no byte of a file outside the root may reach the client: " + r);
        }
    }

    @Test
    void withoutRootsNoFileIsRead() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            String existing = root.resolve("table.json").toString();
            String missing = root.resolve("missing.json").toString();
            String a = c.ask(load("{\"scene\":" + quoted(existing) + "}"));
            String b = c.ask(load("{\"scene\":" + quoted(missing) + "}"));
            assertEquals(RequestException.INVALID_PARAMS, errorCode(a), a);
            assertEquals(
                    errorMessage(a).replace(existing, "<path>"), errorMessage(b).replace(missing, "<path>"));
            result(c.ask(load("{\"robot\":\"panda\",\"scene\":\"table_shelf\"}"))); // bundled models still load
        }
    }

    @Test
    void loaderErrorsNameTheFieldNotTheContent() throws Exception {
        try (JsonLinesServer server = server();
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            for (String[] fieldAndFile :
                    new String[][] {{"scene", "bad.json"}, {"scene", "bad.yaml"}, {"urdf", "bad.urdf"}}) {
                String r = c.ask(load("{\"" + fieldAndFile[0] + "\":\"" + fieldAndFile[1] + "\"}"));
                assertEquals(RequestException.INVALID_PARAMS, errorCode(r), r);
                assertTrue(errorMessage(r).startsWith(fieldAndFile[0] + ": "), r);
                assertTrue(errorMessage(r).contains("reference"), "points to the server log: " + r);
                assertFalse(r.contains(SECRET), "loader errors must not echo file content: " + r);
            }
        }
    }

    @Test
    void meshReferencesCannotLeaveTheRoots() throws Exception {
        Files.writeString(root.resolve("escape.urdf"), meshUrdf("../outside/t.stl"));
        Files.writeString(
                root.resolve("absolute.urdf"), meshUrdf(outside.resolve("t.stl").toString()));
        Files.writeString(
                root.resolve("fileuri.urdf"),
                meshUrdf(outside.resolve("t.stl").toUri().toString()));
        Files.writeString(root.resolve("package.urdf"), meshUrdf("package://outside/t.stl"));
        Files.createDirectories(root.resolve("pkg"));
        Files.writeString(root.resolve("pkg/up.urdf"), meshUrdf("package://../../outside/t.stl"));
        Files.createSymbolicLink(root.resolve("linked.stl"), outside.resolve("t.stl"));
        Files.writeString(root.resolve("symlinked.urdf"), meshUrdf("linked.stl"));
        Files.createDirectories(root.resolve("inpkg/meshes"));
        Files.writeString(root.resolve("inpkg/meshes/t.stl"), TETRAHEDRON);
        Files.writeString(root.resolve("pkg/in-package.urdf"), meshUrdf("package://inpkg/meshes/t.stl"));
        try (JsonLinesServer server = server();
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            for (String urdf :
                    List.of("escape.urdf", "absolute.urdf", "fileuri.urdf", "pkg/up.urdf", "symlinked.urdf")) {
                String r = c.ask(load("{\"urdf\":\"" + urdf + "\"}"));
                assertEquals(RequestException.INVALID_PARAMS, errorCode(r), urdf + ": " + r);
                assertTrue(errorMessage(r).startsWith("urdf: "), r);
            }
            String pkg = c.ask(load("{\"urdf\":\"package.urdf\"}")); // resolves inside the root, where it is missing
            assertEquals(RequestException.INVALID_PARAMS, errorCode(pkg), pkg);
            Map<String, Object> ok = result(c.ask(load("{\"urdf\":\"inside-mesh.urdf\"}")));
            assertEquals("m", ok.get("robot"), "a mesh inside the root loads");
            result(c.ask(load("{\"urdf\":\"pkg/in-package.urdf\"}"))); // package://NAME/... found in a root
        }
    }

    /** A local listener that must receive nothing: every URDF mesh URL below points at it. */
    private static void assertNoConnection(ServerSocket listener) throws IOException {
        listener.setSoTimeout(1000);
        try (Socket s = listener.accept()) {
            throw new AssertionError("a mesh URL made a network connection from " + s.getRemoteSocketAddress());
        } catch (SocketTimeoutException expected) {
            // nothing connected within the second
        }
    }

    @Test
    void networkMeshUrlsAreRefusedWithoutConnectingOverTheServer() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                JsonLinesServer server = server();
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            int port = listener.getLocalPort();
            for (String scheme : List.of("http", "https", "ftp")) {
                Files.writeString(root.resolve(scheme + ".urdf"), meshUrdf(scheme + "://127.0.0.1:" + port + "/m.stl"));
                String r = assertTimeoutPreemptively(
                        Duration.ofSeconds(1), () -> c.ask(load("{\"urdf\":\"" + scheme + ".urdf\"}")));
                assertEquals(RequestException.INVALID_PARAMS, errorCode(r), r);
                assertTrue(errorMessage(r).contains("not a local file"), r);
            }
            assertNoConnection(listener);
        }
    }

    /**
     * The same refusal through the Java builder (and so the CLI): the urdf module's resource resolver must refuse
     * non-file schemes. Owned by the wip-robots branch (ResourceResolver); this test fails until that is merged.
     */
    @Test
    void networkMeshUrlsAreRefusedWithoutConnectingThroughTheBuilder() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = listener.getLocalPort();
            for (String scheme : List.of("http", "ftp")) {
                Path urdf = root.resolve(scheme + "-builder.urdf");
                Files.writeString(urdf, meshUrdf(scheme + "://127.0.0.1:" + port + "/m.stl"));
                RuntimeException e = assertTimeoutPreemptively(
                        Duration.ofSeconds(1),
                        () -> assertThrows(
                                RuntimeException.class,
                                () -> Collide4j.builder().urdf(urdf).build()));
                assertTrue(e.getMessage().contains(scheme), "the refusal names the scheme: " + e.getMessage());
            }
            assertNoConnection(listener);
        }
    }

    @Test
    void aFailedLoadLeavesTheSessionAsItWas() throws Exception {
        try (JsonLinesServer server = server();
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            result(c.ask(load("{\"robot\":\"panda\",\"scene\":\"table_shelf\"}")));
            String isValid = "{\"id\":2,\"method\":\"isValid\",\"params\":{\"q\":" + INTO_TABLE + "}}";
            assertEquals(Boolean.FALSE, result(c.ask(isValid)).get("valid"));
            List<String> failing = List.of(
                    "{\"robot\":\"ur5e\",\"group\":\"no_such_group\"}", // fails while building
                    "{\"urdf\":\"wheel.urdf\",\"scene\":\"missing.json\"}", // a file refused after a good one
                    "{\"urdf\":\"wheel.urdf\",\"scene\":\"bad.yaml\"}", // a loader error after a good one
                    "{\"robot\":\"ur5e\",\"sceneJson\":{\"objects\":[{\"name\":\"b\",\"type\":\"box\"}]}}",
                    "{\"robot\":\"ur5e\",\"margin\":-1}");
            for (String params : failing) {
                String r = c.ask(load(params));
                assertEquals(RequestException.INVALID_PARAMS, errorCode(r), params + " -> " + r);
                assertEquals(
                        Boolean.FALSE,
                        result(c.ask(isValid)).get("valid"),
                        "after a failed load (" + params + ") the Panda in the table scene still answers");
            }
            // a continuous joint's infinite limits are sent as null; the load succeeds and replaces the session
            Map<String, Object> wheel = result(c.ask(load("{\"urdf\":\"wheel.urdf\"}")));
            assertEquals(List.of("spin"), wheel.get("variables"));
            assertEquals(1, ((List<?>) wheel.get("lower")).size());
            assertNull(((List<?>) wheel.get("lower")).get(0));
            assertNull(((List<?>) wheel.get("upper")).get(0));
            assertEquals(List.of(true), wheel.get("continuous"));
            assertEquals(
                    Boolean.TRUE,
                    result(c.ask("{\"id\":3,\"method\":\"isValid\",\"params\":{\"q\":[100.0]}}"))
                            .get("valid"));
            // shortWay: the continuous joint goes from 3 to -3 across π (0.28 rad), and the end certified is returned
            Map<String, Object> turn = result(c.ask("{\"id\":4,\"method\":\"checkMotion\",\"params\":{\"q0\":[3.0],"
                    + "\"q1\":[-3.0],\"shortWay\":true}}"));
            assertEquals(Boolean.TRUE, turn.get("valid"));
            assertEquals(-3.0 + 2 * Math.PI, ((Number) ((List<?>) turn.get("q1")).get(0)).doubleValue(), 1e-15);
            assertEquals(turn.get("q1"), turn.get("lastValid"));
            Map<String, Object> literal =
                    result(c.ask("{\"id\":5,\"method\":\"checkMotion\",\"params\":{\"q0\":[3.0]," + "\"q1\":[-3.0]}}"));
            assertEquals(List.of(-3.0), literal.get("lastValid"), "without shortWay the values are taken as given");
            assertFalse(literal.containsKey("q1"));
            assertEquals(
                    RequestException.INVALID_PARAMS,
                    errorCode(c.ask("{\"id\":6,\"method\":\"checkMotion\","
                            + "\"params\":{\"q0\":[3.0],\"q1\":[-3.0],\"shortWay\":\"yes\"}}")));
            assertEquals(RequestException.INVALID_PARAMS, errorCode(c.ask(isValid)), "now the session is the wheel");
        }
    }
}
