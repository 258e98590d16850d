package io.collide4j.planner.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The collision server driven over a real loopback socket, over stdio of a real process, and by the Python example. */
class CollisionServiceTest {
    static final String READY = "[0,-0.785,0,-2.356,0,1.571,0.785]";
    static final String INTO_TABLE = "[0,1.5,0,-0.5,0,1.571,0.785]";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The response as plain Java values (maps, lists, Long/Integer, Double, String, Boolean), parsed by Jackson. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(String line) {
        try {
            return MAPPER.readValue(line, Map.class);
        } catch (Exception e) {
            throw new AssertionError("not a JSON object: " + line, e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> result(String line) {
        Map<String, Object> r = parse(line);
        assertFalse(r.containsKey("error"), line);
        return (Map<String, Object>) r.get("result");
    }

    static long errorCode(String line) {
        return ((Number) ((Map<?, ?>) parse(line).get("error")).get("code")).longValue();
    }

    static String errorMessage(String line) {
        return (String) ((Map<?, ?>) parse(line).get("error")).get("message");
    }

    private static double asDouble(Object number) {
        return ((Number) number).doubleValue();
    }

    /** A line-oriented conversation on one socket. */
    record Conversation(OutputStream out, BufferedReader in) {
        String ask(String line) throws Exception {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return in.readLine();
        }
    }

    @Test
    void socketSessionAnswersQueriesAndSurvivesBadRequests() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, 1 << 16);
                Socket s = new Socket(InetAddress.getLoopbackAddress(), server.listen(0))) {
            Conversation c = new Conversation(
                    s.getOutputStream(),
                    new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)));
            String early = c.ask("{\"id\":0,\"method\":\"isValid\",\"params\":{\"q\":" + READY + "}}");
            assertEquals(RequestException.INVALID_REQUEST, errorCode(early));
            assertTrue(errorMessage(early).contains("load"), early);
            Map<String, Object> loaded = result(
                    c.ask("{\"id\":1,\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}"));
            assertEquals("panda_arm", loaded.get("group"));
            assertEquals(7, ((List<?>) loaded.get("variables")).size());
            assertEquals(
                    Boolean.TRUE,
                    result(c.ask("{\"id\":2,\"method\":\"isValid\",\"params\":{\"q\":" + READY + "}}"))
                            .get("valid"));
            assertEquals(
                    Boolean.FALSE,
                    result(c.ask("{\"id\":3,\"method\":\"isValid\",\"params\":{\"q\":" + INTO_TABLE + "}}"))
                            .get("valid"));
            Map<String, Object> m = result(c.ask("{\"id\":4,\"method\":\"checkMotion\",\"params\":{\"q0\":" + READY
                    + ",\"q1\":" + INTO_TABLE + "}}"));
            assertEquals(Boolean.FALSE, m.get("valid"));
            double f = asDouble(m.get("lastValidFraction"));
            assertTrue(f > 0 && f < 1, "the motion starts free and ends in the table: " + f);
            Map<String, Object> cl =
                    result(c.ask("{\"id\":5,\"method\":\"clearance\",\"params\":{\"q\":" + READY + "}}"));
            assertTrue(asDouble(cl.get("lowerBound")) > 0);
            Map<String, Object> b =
                    result(c.ask("{\"id\":6,\"method\":\"batch\",\"params\":{\"states\":[" + READY + "," + INTO_TABLE
                            + "],\"motions\":[[" + READY + "," + READY + "],[" + READY + "," + INTO_TABLE + "]]}}"));
            assertEquals(List.of(true, false), b.get("states"));
            assertEquals(List.of(true, false), b.get("motions"));
            Map<String, Object> cf = result(c.ask("{\"id\":60,\"method\":\"certify\",\"params\":{\"waypoints\":["
                    + READY + "," + INTO_TABLE + "],\"times\":[0,2]}}"));
            assertEquals("VIOLATION", cf.get("verdict"));
            double vt = asDouble(((Map<?, ?>) cf.get("violation")).get("time"));
            assertTrue(vt > 0 && vt < 2, "violation time inside the motion: " + vt);
            assertEquals(
                    "collide4j-certificate/3", ((Map<?, ?>) cf.get("certificate")).get("format"), "with witnesses");
            Map<String, Object> ok = result(c.ask("{\"id\":61,\"method\":\"certify\",\"params\":{\"waypoints\":["
                    + READY + ",[0.3,-0.785,0,-2.356,0,1.571,0.785]],\"certificate\":false}}"));
            assertEquals("CERTIFIED_FREE", ok.get("verdict"));
            assertTrue(asDouble(ok.get("clearanceLowerBound")) > 0);
            assertFalse(ok.containsKey("certificate"));
            // the same pose twice is free as a straight segment; with joint 2 leaving at 4 rad/s and arriving at rest
            // the
            // executed cubic swings into the table (SplineCertifyTest samples it to show so)
            String swing =
                    "{\"waypoints\":[" + READY + "," + READY + "],\"velocities\":[[0,4,0,0,0,0,0],[0,0,0,0,0,0,0]]";
            Map<String, Object> sw =
                    result(c.ask("{\"id\":62,\"method\":\"certify\",\"params\":" + swing + ",\"certificate\":false}}"));
            assertEquals("VIOLATION", sw.get("verdict"));
            String badRates = c.ask("{\"id\":63,\"method\":\"certify\",\"params\":{\"waypoints\":[" + READY + ","
                    + READY + "],\"velocities\":[[0,4,0,0,0,0,0]]}}");
            assertEquals(RequestException.INVALID_PARAMS, errorCode(badRates));
            assertTrue(errorMessage(badRates).contains("velocities"), badRates);
            // bad requests: each answered with a specific error, the session (loaded robot) survives
            assertEquals(RequestException.PARSE_ERROR, errorCode(c.ask("{\"id\":7,\"method\":")));
            assertEquals(RequestException.METHOD_NOT_FOUND, errorCode(c.ask("{\"id\":8,\"method\":\"fly\"}")));
            String wrongWidth = c.ask("{\"id\":9,\"method\":\"isValid\",\"params\":{\"q\":[1,2]}}");
            assertEquals(RequestException.INVALID_PARAMS, errorCode(wrongWidth));
            assertTrue(errorMessage(wrongWidth).contains("7"), wrongWidth);
            String notNumber = c.ask("{\"id\":10,\"method\":\"isValid\",\"params\":{\"q\":[0,0,0,\"x\",0,0,0]}}");
            assertTrue(errorMessage(notNumber).contains("q[3]"), notNumber);
            String huge = c.ask("{\"id\":11,\"method\":\"batch\",\"params\":{\"states\":["
                    + (READY + ",").repeat(20_000) + READY + "]}}");
            assertEquals(RequestException.REQUEST_TOO_LARGE, errorCode(huge));
            assertNull(parse(huge).get("id"), "an oversized line is never parsed, so its id is unknown");
            String badScene = c.ask(
                    "{\"id\":12,\"method\":\"load\",\"params\":{\"sceneJson\":{\"objects\":[{\"name\":\"b\",\"type\":\"box\"}]}}}");
            assertEquals(RequestException.INVALID_PARAMS, errorCode(badScene));
            assertTrue(errorMessage(badScene).contains("size"), badScene);
            assertEquals(
                    Boolean.TRUE,
                    result(c.ask("{\"id\":13,\"method\":\"isValid\",\"params\":{\"q\":" + READY + "}}"))
                            .get("valid"),
                    "a failed load keeps the previous session");
            String typo = c.ask("{\"id\":15,\"method\":\"isValid\",\"params\":{\"q\":" + READY + ",\"qq\":1}}");
            assertEquals(RequestException.INVALID_PARAMS, errorCode(typo));
            assertTrue(errorMessage(typo).contains("'qq'"), typo);
            Map<String, Object> counters = result(c.ask("{\"id\":14,\"method\":\"counters\"}"));
            assertEquals(
                    5L,
                    ((Number) counters.get("states")).longValue(),
                    "3 isValid + 2 batch states (failed requests are not counted): " + counters);
        }
    }

    private static List<String> javaCommand(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(
                List.of(java, "-cp", System.getProperty("java.class.path"), "io.collide4j.planner.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    @Test
    void stdioServerInARealProcess() throws Exception {
        Process p = new ProcessBuilder(javaCommand("serve", "--max-request-bytes", "4096"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            Conversation c = new Conversation(
                    p.getOutputStream(),
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
            assertEquals(
                    Boolean.TRUE,
                    result(c.ask("{\"id\":1,\"method\":\"ping\"}")).get("pong"));
            assertEquals(RequestException.PARSE_ERROR, errorCode(c.ask("not json at all")));
            assertEquals(
                    RequestException.REQUEST_TOO_LARGE, errorCode(c.ask("{\"pad\":\"" + "x".repeat(10_000) + "\"}")));
            assertEquals(
                    RequestException.METHOD_NOT_FOUND, errorCode(c.ask("{\"id\":2,\"method\":\"certifyEverything\"}")));
            result(c.ask("{\"id\":3,\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}"));
            assertEquals(
                    Boolean.FALSE,
                    result(c.ask("{\"id\":4,\"method\":\"isValid\",\"params\":{\"q\":" + INTO_TABLE + "}}"))
                            .get("valid"));
            p.getOutputStream().close();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), "end of input ends the server normally");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void tcpServerInARealProcessPrintsItsPort() throws Exception {
        Process p = new ProcessBuilder(javaCommand("serve", "--port", "0"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            String first =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(first != null && first.startsWith("listening 127.0.0.1:"), String.valueOf(first));
            int port = Integer.parseInt(first.substring(first.lastIndexOf(':') + 1));
            for (int round = 0; round < 2; round++) { // two sessions one after the other
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    Conversation c = new Conversation(
                            s.getOutputStream(),
                            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)));
                    assertEquals(
                            Boolean.TRUE,
                            result(c.ask("{\"id\":1,\"method\":\"ping\"}")).get("pong"));
                    assertEquals(
                            RequestException.INVALID_REQUEST,
                            errorCode(c.ask("{\"id\":2,\"method\":\"isValid\",\"params\":{\"q\":[]}}")),
                            "every connection starts without a robot");
                }
            }
            assertTrue(p.isAlive(), "the server outlives its connections");
        } finally {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static boolean hasPython() {
        try {
            Process p = new ProcessBuilder("python3", "--version")
                    .redirectErrorStream(true)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static String runPython(List<String> args) throws Exception {
        Path client = Path.of("examples", "client.py");
        List<String> cmd = new java.util.ArrayList<>(List.of("python3", client.toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void pythonExampleClientOverStdioAndTcp() throws Exception {
        Assumptions.assumeTrue(hasPython(), "python3 not available: skipping the Python client test");
        String cmd = String.join(
                " ",
                javaCommand("serve").stream()
                        .map(a -> "'" + a.replace("'", "'\\''") + "'")
                        .toList());
        assertTrue(runPython(List.of("--cmd", cmd)).contains("OK"));
        try (JsonLinesServer server =
                new JsonLinesServer(CollisionService::new, JsonLinesServer.DEFAULT_MAX_REQUEST_BYTES)) {
            int port = server.listen(0);
            String out = runPython(List.of("--tcp", "127.0.0.1:" + port));
            assertTrue(out.contains("OK") && out.contains("unknown method answered with error -32601"), out);
        }
        assertTrue(new File("examples/client.py").isFile());
    }
}
