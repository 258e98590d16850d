package io.collide4j.planner.server;

import static io.collide4j.planner.server.JsonLinesServerTest.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold the server's resources without using them: request lines trickled in a byte at a time
 * (slowloris), connections kept open at the connection limit, and requests abandoned by closing (or half-closing)
 * the connection. Loopback clients only, short timeouts; each test runs in a few seconds.
 */
class SlowClientsTest {
    private static final String ADD = "{\"id\":1,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}";

    private static int code(String response) {
        return parse(response).path("error").path("code").asInt();
    }

    /** Waits up to {@code seconds} for the server to have {@code n} open connections; true when it did. */
    private static boolean awaitOpen(JsonLinesServer server, int n, double seconds) throws InterruptedException {
        long until = System.nanoTime() + (long) (seconds * 1e9);
        while (server.openConnections() != n) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    @Test
    void aLineTrickledInIsCutOffAfterTheRequestTimeoutThoughEachByteKeepsItFromIdling() throws Exception {
        ServerLimits limits = ServerLimits.defaults()
                .withRequestTimeout(Duration.ofMillis(800))
                .withIdleTimeout(Duration.ofSeconds(30));
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, limits);
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            OutputStream out = c.socket.getOutputStream();
            long start = System.nanoTime();
            Thread trickler = new Thread(() -> {
                try {
                    for (byte b : "{\"id\":1,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2"
                            .getBytes(StandardCharsets.UTF_8)) {
                        out.write(b);
                        out.flush();
                        Thread.sleep(100); // 10 bytes per second: every byte is far inside the idle timeout
                    }
                } catch (Exception e) {
                    // the server closed the connection: what the test expects
                }
            });
            trickler.setDaemon(true);
            trickler.start();
            String r = c.read();
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(RequestException.IDLE_TIMEOUT, code(r), r);
            assertTrue(parse(r).path("error").path("message").asText().contains("request line not complete"), r);
            assertTrue(seconds < 3, "cut off " + seconds + " s after the first byte (request timeout 0.8 s)");
            assertNull(c.read(), "then the connection is closed");
            assertTrue(awaitOpen(server, 0, 3));
        }
    }

    @Test
    void lineBreaksAloneDoNotKeepAConnectionFromIdling() throws Exception {
        ServerLimits limits = ServerLimits.defaults().withIdleTimeout(Duration.ofMillis(800));
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, limits);
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            assertEquals(3.0, parse(c.ask(ADD)).path("result").asDouble());
            OutputStream out = c.socket.getOutputStream();
            long start = System.nanoTime();
            Thread keepAlive = new Thread(() -> {
                try {
                    for (int i = 0; i < 50; i++) {
                        out.write('\n'); // a blank line every 100 ms: each restarts the socket's read timeout
                        out.flush();
                        Thread.sleep(100);
                    }
                } catch (Exception e) {
                    // the server closed the connection: what the test expects
                }
            });
            keepAlive.setDaemon(true);
            keepAlive.start();
            String r = c.read();
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(RequestException.IDLE_TIMEOUT, code(r), r);
            assertTrue(seconds < 3, "closed " + seconds + " s after the last answer (idle timeout 0.8 s)");
            assertNull(c.read());
        }
    }

    @Test
    void slowSendersAtTheConnectionLimitAreDisplacedByANewClient() throws Exception {
        ServerLimits limits = ServerLimits.defaults()
                .withMaxConnections(3)
                .withIdleTimeout(Duration.ofSeconds(30))
                .withRequestTimeout(Duration.ofSeconds(30));
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, limits)) {
            int port = server.listen(0);
            List<ServerTestClient> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    ServerTestClient s = new ServerTestClient(port);
                    s.socket.getOutputStream().write("{\"id\":".getBytes(StandardCharsets.UTF_8)); // a line never ended
                    s.socket.getOutputStream().flush();
                    slow.add(s);
                }
                assertTrue(awaitOpen(server, 3, 5), "three slow senders hold every slot");
                long until = System.nanoTime() + 5_000_000_000L;
                while (server.conversationsRunning() < 3 && System.nanoTime() < until) {
                    Thread.sleep(
                            10); // accepted, and their conversations started (a loaded machine starts threads late)
                }
                for (int k = 0; k < 3; k++) { // as many new clients as slow ones, staying open: each gets in
                    ServerTestClient fresh = new ServerTestClient(port);
                    slow.add(fresh);
                    String r = fresh.ask(ADD);
                    assertEquals(3.0, parse(r).path("result").asDouble(), "new client " + k + ": " + r);
                }
                assertTrue(server.openConnections() <= 3, "the limit holds: " + server.openConnections());
                for (ServerTestClient s : slow.subList(0, 3)) { // every slow sender was told why and closed
                    String r = s.read();
                    assertEquals(RequestException.SERVER_BUSY, code(r), r);
                    assertTrue(
                            parse(r).path("error")
                                    .path("message")
                                    .asText()
                                    .contains("closed to admit a new connection"),
                            r);
                    assertNull(s.read());
                }
            } finally {
                for (ServerTestClient s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void theConnectionQuietLongestIsDisplacedAndBusyOnesNever() throws Exception {
        ServerLimits limits = ServerLimits.defaults().withMaxConnections(2).withIdleTimeout(Duration.ofSeconds(30));
        try (JsonLinesServer server = new JsonLinesServer(ServerLimitsTest.TestHandler::new, limits)) {
            int port = server.listen(0);
            try (ServerTestClient old = new ServerTestClient(port);
                    ServerTestClient recent = new ServerTestClient(port)) {
                assertEquals(3.0, parse(old.ask(ADD)).path("result").asDouble());
                Thread.sleep(50);
                assertEquals(3.0, parse(recent.ask(ADD)).path("result").asDouble());
                try (ServerTestClient fresh = new ServerTestClient(port)) {
                    assertEquals(3.0, parse(fresh.ask(ADD)).path("result").asDouble());
                    String r = old.read();
                    assertEquals(RequestException.SERVER_BUSY, code(r), "the older request loses its place: " + r);
                    assertEquals(3.0, parse(recent.ask(ADD)).path("result").asDouble(), "the recent one keeps it");
                    // both open connections now run a request: nothing may be displaced, the next one is refused
                    recent.send("{\"id\":7,\"method\":\"sleep\",\"params\":{\"ms\":1500}}");
                    fresh.send("{\"id\":8,\"method\":\"sleep\",\"params\":{\"ms\":1500}}");
                    Thread.sleep(200);
                    try (ServerTestClient refused = new ServerTestClient(port)) {
                        String busy = refused.read();
                        assertEquals(RequestException.SERVER_BUSY, code(busy), busy);
                        assertNull(refused.read());
                    }
                    assertEquals("slept", parse(recent.read()).path("result").asText());
                    assertEquals("slept", parse(fresh.read()).path("result").asText());
                }
            }
        }
    }

    /** Many short segments near the shelf: far more work than the test waits for. */
    private static String longCertify() {
        StringJoiner w = new StringJoiner(",", "[", "]");
        for (int i = 0; i < 40_000; i++) {
            double a = 0.8 * Math.sin(i * 0.3);
            w.add("[" + a + ",-0.785,0,-2.356,0," + (1.571 + a) + ",0.785]");
        }
        return "{\"id\":2,\"method\":\"certify\",\"params\":{\"waypoints\":" + w + ",\"budget\":50000000,"
                + "\"certificate\":false}}";
    }

    @Test
    void certifyStopsWhenItsClientClosesOrHalfCloses() throws Exception {
        String certify = longCertify();
        for (boolean halfClose : new boolean[] {false, true}) {
            try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults());
                    Socket s = new Socket(InetAddress.getLoopbackAddress(), server.listen(0))) {
                s.setSoTimeout(20_000);
                OutputStream out = s.getOutputStream();
                var in = new java.io.BufferedReader(
                        new java.io.InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                out.write("{\"id\":1,\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}\n"
                        .getBytes(StandardCharsets.UTF_8));
                out.flush();
                assertTrue(in.readLine().contains("\"result\""));
                out.write((certify + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                Thread.sleep(500); // the certification is under way
                assertEquals(1, server.openConnections(), "still certifying");
                if (halfClose) {
                    s.shutdownOutput();
                } else {
                    s.close();
                }
                assertTrue(
                        awaitOpen(server, 0, 3),
                        (halfClose ? "half-closed" : "closed")
                                + ": the abandoned certify must stop within a segment, not run to its end");
            }
        }
    }
}
