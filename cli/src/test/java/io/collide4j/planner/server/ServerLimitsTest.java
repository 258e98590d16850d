package io.collide4j.planner.server;

import static io.collide4j.planner.server.JsonLinesServerTest.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The server's resource bounds and its protocol edges: ids, limits, cancellation, internal errors. */
class ServerLimitsTest {

    /** Test methods on top of {@link JsonLinesServerTest#ADDER}: slow, stubborn and failing ones. */
    static final class TestHandler implements RequestHandler {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch cancelled = new CountDownLatch(1);

        @Override
        public Object handle(
                String method, com.fasterxml.jackson.databind.node.ObjectNode params, RequestContext context) {
            switch (method) {
                case "spin" -> { // long work that checks for cancellation, as CollisionService's batches do
                    started.countDown();
                    try {
                        while (true) {
                            context.checkpoint();
                            Thread.onSpinWait();
                        }
                    } catch (RequestContext.RequestCancelledException e) {
                        cancelled.countDown();
                        throw e;
                    }
                }
                case "stubborn" -> { // long work that never looks at its context (one long checker call)
                    started.countDown();
                    long end = System.nanoTime() + 3_000_000_000L;
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                    return "done";
                }
                case "sleep" -> {
                    long end = System.nanoTime() + params.path("ms").asLong() * 1_000_000L;
                    while (System.nanoTime() < end) {
                        context.checkpoint();
                        Thread.onSpinWait();
                    }
                    return "slept";
                }
                case "boom" -> throw new IllegalStateException("secret detail of the failure");
                case "deep" -> {
                    return recurse(0);
                }
                case "nan" -> {
                    return java.util.Map.of("value", Double.NaN);
                }
                default -> {
                    return JsonLinesServerTest.ADDER.handle(method, params, context);
                }
            }
        }

        private static int recurse(int n) {
            return recurse(n + 1) + 1;
        }
    }

    private static int code(String response) {
        return parse(response).path("error").path("code").asInt();
    }

    private static final String ADD = "{\"id\":1,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}";

    @Test
    void idsComeBackExactlyAsSent() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            BigInteger twoTo62 = BigInteger.TWO.pow(62);
            BigInteger twoTo90 = BigInteger.TWO.pow(90);
            for (String id : List.of(
                    "\"abc\"",
                    "\"\"",
                    "\"7\"",
                    "7",
                    "-3",
                    "0",
                    twoTo62.toString(),
                    twoTo90.toString(),
                    twoTo90.negate().toString())) {
                String r = c.ask("{\"id\":" + id + ",\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}");
                assertTrue(r.startsWith("{\"id\":" + id + ","), "id " + id + " must come back as sent: " + r);
                assertEquals(3.0, parse(r).get("result").doubleValue());
            }
            assertEquals(
                    twoTo62,
                    parse(c.ask("{\"id\":" + twoTo62 + ",\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}"))
                            .get("id")
                            .bigIntegerValue());
            assertTrue(parse(c.ask("{\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}"))
                    .get("id")
                    .isNull());
            // ids that could not come back exactly (a float is re-printed) or are not ids at all are refused
            for (String id : List.of("1.5", "1e3", "true", "[1]", "{\"a\":1}")) {
                String r = c.ask("{\"id\":" + id + ",\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}}");
                assertEquals(RequestException.INVALID_REQUEST, code(r), r);
                assertTrue(parse(r).get("id").isNull(), r);
            }
        }
    }

    /** An input stream of {@code n} bytes of {@code fill}, made as it is read (nothing buffered). */
    private static InputStream generated(long n, byte fill) {
        return new InputStream() {
            long left = n;

            @Override
            public int read() {
                return left-- > 0 ? fill : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int k = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + k, fill);
                left -= k;
                return k;
            }
        };
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void deepAndHugeRequestsAreRefusedAndServingGoesOn() {
        String deep = "{\"id\":2,\"method\":\"add\",\"params\":{\"a\":" + "[".repeat(512) + "]".repeat(512) + "}}\n";
        InputStream in = new SequenceInputStream(java.util.Collections.enumeration(List.of(
                text(deep),
                text("{\"id\":3,\"method\":\"add\",\"pad\":\""),
                generated(100L << 20, (byte) 'x'),
                text("\"}\n"),
                text("{\"id\":4,\"method\":\"add\",\"params\":{\"a\":1,\"b\":1,\"a\":5}}\n"),
                text("{\"id\":5,\"method\":\"add\",\"params\":{\"a\":1,\"b\":2}} {\"id\":6}\n"),
                text(ADD + "\n"))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesServer server = new JsonLinesServer(() -> JsonLinesServerTest.ADDER, ServerLimits.defaults());
        assertEquals(5, server.serve(in, out));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, lines.size(), String.join("\n", lines));
        assertEquals(RequestException.PARSE_ERROR, code(lines.get(0)));
        assertTrue(parse(lines.get(0)).path("error").path("message").asText().contains("nesting depth"), lines.get(0));
        assertEquals(RequestException.REQUEST_TOO_LARGE, code(lines.get(1)));
        assertEquals(RequestException.PARSE_ERROR, code(lines.get(2)), "duplicate key: " + lines.get(2));
        assertEquals(RequestException.PARSE_ERROR, code(lines.get(3)), "trailing content: " + lines.get(3));
        assertEquals(3.0, parse(lines.get(4)).get("result").doubleValue());
    }

    @Test
    void internalErrorsAreGenericWithAReference() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(TestHandler::new, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            for (String method : List.of("boom", "deep", "nan")) {
                String r = c.ask("{\"id\":\"" + method + "\",\"method\":\"" + method + "\"}");
                assertEquals(RequestException.INTERNAL_ERROR, code(r), r);
                String message = parse(r).path("error").path("message").asText();
                assertTrue(message.matches("internal error \\(reference [0-9a-f]+ in the server log\\)"), r);
                assertFalse(
                        r.contains("secret")
                                || r.contains("StackOverflow")
                                || r.contains("NaN")
                                || r.contains("Exception"),
                        r);
                assertEquals(method, parse(r).get("id").asText());
            }
            assertEquals(3.0, parse(c.ask(ADD)).get("result").doubleValue(), "the session survives internal errors");
        }
    }

    @Test
    void connectionCapRefusesTheNextWithAnErrorLine() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(
                ServerLimitsTest.TestHandler::new, ServerLimits.defaults().withMaxConnections(2))) {
            int port = server.listen(0);
            try (ServerTestClient a = new ServerTestClient(port);
                    ServerTestClient b = new ServerTestClient(port)) {
                assertEquals(3.0, parse(a.ask(ADD)).get("result").doubleValue());
                // both busy: neither may be displaced (SlowClientsTest covers displacing idle ones)
                a.send("{\"id\":5,\"method\":\"sleep\",\"params\":{\"ms\":1000}}");
                b.send("{\"id\":6,\"method\":\"sleep\",\"params\":{\"ms\":1000}}");
                Thread.sleep(200);
                try (ServerTestClient refused = new ServerTestClient(port)) {
                    String r = refused.read();
                    assertEquals(RequestException.SERVER_BUSY, code(r), r);
                    assertNull(refused.read(), "the refused connection is closed");
                }
                assertEquals("slept", parse(a.read()).get("result").asText());
                assertEquals("slept", parse(b.read()).get("result").asText());
                assertEquals(3.0, parse(a.ask(ADD)).get("result").doubleValue(), "open connections keep working");
            }
            long until = System.nanoTime() + 5_000_000_000L;
            while (server.openConnections() > 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            try (ServerTestClient again = new ServerTestClient(port)) {
                assertEquals(
                        3.0, parse(again.ask(ADD)).get("result").doubleValue(), "closed connections free their slots");
            }
        }
    }

    @Test
    void idleConnectionsAreClosedButBusyOnesAreNot() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(
                TestHandler::new, ServerLimits.defaults().withIdleTimeout(Duration.ofMillis(300)))) {
            int port = server.listen(0);
            try (ServerTestClient busy = new ServerTestClient(port)) {
                String r = busy.ask("{\"id\":1,\"method\":\"sleep\",\"params\":{\"ms\":900}}");
                assertEquals("slept", parse(r).get("result").asText(), "a request in progress is not idleness: " + r);
            }
            try (ServerTestClient idle = new ServerTestClient(port)) {
                long t0 = System.nanoTime();
                String r = idle.read();
                double seconds = (System.nanoTime() - t0) / 1e9;
                assertEquals(RequestException.IDLE_TIMEOUT, code(r), r);
                assertTrue(seconds >= 0.25 && seconds < 5, "closed after the idle timeout: " + seconds + " s");
                assertNull(idle.read(), "then the connection is closed");
            }
        }
    }

    @Test
    void aClientThatNeverReadsIsDisconnectedAndOthersAreServed() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(
                () -> JsonLinesServerTest.ADDER, ServerLimits.defaults().withIdleTimeout(Duration.ofMillis(300)))) {
            int port = server.listen(0);
            java.net.Socket deaf = new java.net.Socket();
            deaf.setReceiveBufferSize(4096); // so that the answers below overflow what the buffers hold
            deaf.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port));
            Thread flood = new Thread(
                    () -> {
                        try {
                            byte[] line = (ADD + "\n").getBytes(StandardCharsets.UTF_8);
                            for (int i = 0; i < 300_000; i++) { // ~7 MB of answers, never read
                                deaf.getOutputStream().write(line);
                            }
                        } catch (java.io.IOException e) {
                            // the server closed the connection: expected
                        }
                    },
                    "deaf-client");
            flood.setDaemon(true);
            flood.start();
            long until = System.nanoTime() + 20_000_000_000L;
            Thread.sleep(500);
            while (server.openConnections() > 0 && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertEquals(0, server.openConnections(), "a connection whose client does not read its answers is closed");
            try (ServerTestClient next = new ServerTestClient(port)) {
                assertEquals(3.0, parse(next.ask(ADD)).get("result").doubleValue());
            }
            deaf.close();
        }
    }

    @Test
    void workIsCancelledWhenTheClientGoesAwayAndTheServerStaysHealthy() throws Exception {
        TestHandler handler = new TestHandler();
        AtomicBoolean first = new AtomicBoolean(true);
        try (JsonLinesServer server = new JsonLinesServer(
                () -> first.getAndSet(false) ? handler : new TestHandler(), ServerLimits.defaults())) {
            int port = server.listen(0);
            try (ServerTestClient leaving = new ServerTestClient(port)) {
                leaving.send("{\"id\":1,\"method\":\"spin\"}");
                assertTrue(handler.started.await(10, TimeUnit.SECONDS));
            }
            assertTrue(handler.cancelled.await(10, TimeUnit.SECONDS), "the abandoned request's work is cancelled");
            try (ServerTestClient next = new ServerTestClient(port)) {
                assertEquals(3.0, parse(next.ask(ADD)).get("result").doubleValue());
            }
        }
    }

    @Test
    void aCollisionServiceAbandonedMidBatchLeavesTheServerHealthy() throws Exception {
        String ready = CollisionServiceTest.READY;
        String batch = "{\"id\":2,\"method\":\"batch\",\"params\":{\"states\":[" + (ready + ",").repeat(10_000) + ready
                + "]}}";
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults())) {
            int port = server.listen(0);
            String load = "{\"id\":1,\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}";
            try (ServerTestClient leaving = new ServerTestClient(port)) {
                CollisionServiceTest.result(leaving.ask(load));
                leaving.send(batch); // and go away without reading the answer
            }
            try (ServerTestClient next = new ServerTestClient(port)) {
                CollisionServiceTest.result(next.ask(load));
                String r = next.ask(
                        "{\"id\":3,\"method\":\"isValid\",\"params\":{\"q\":" + CollisionServiceTest.INTO_TABLE + "}}");
                assertEquals(Boolean.FALSE, CollisionServiceTest.result(r).get("valid"), r);
            }
            long until = System.nanoTime() + 10_000_000_000L;
            while (server.openConnections() > 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertEquals(0, server.openConnections(), "the abandoned conversation ended");
        }
    }

    @Test
    void requestsPastTheTimeBudgetAreAnsweredNotAwaited() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(
                TestHandler::new, ServerLimits.defaults().withRequestTimeout(Duration.ofMillis(300)))) {
            int port = server.listen(0);
            try (ServerTestClient c = new ServerTestClient(port)) {
                String r = c.ask("{\"id\":\"s\",\"method\":\"spin\"}");
                assertEquals(RequestException.TIME_BUDGET_EXCEEDED, code(r), r);
                assertEquals("s", parse(r).get("id").asText());
                assertEquals(
                        3.0,
                        parse(c.ask(ADD)).get("result").doubleValue(),
                        "work stopped at a checkpoint leaves the session usable");
            }
            try (ServerTestClient c = new ServerTestClient(port)) {
                long t0 = System.nanoTime();
                String r = c.ask("{\"id\":\"x\",\"method\":\"stubborn\"}");
                double seconds = (System.nanoTime() - t0) / 1e9;
                assertEquals(RequestException.TIME_BUDGET_EXCEEDED, code(r), r);
                assertTrue(seconds < 2.5, "answered at the budget, not when the 3 s of work ended: " + seconds);
                assertNull(c.read(), "work that cannot be stopped ends the conversation");
            }
            try (ServerTestClient c = new ServerTestClient(port)) {
                assertEquals(3.0, parse(c.ask(ADD)).get("result").doubleValue(), "and the server goes on");
            }
        }
    }
}
