package io.collide4j.planner.server;

import static io.collide4j.planner.server.JsonLinesServerTest.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Quick requests answered on the connection's reader thread: answers keep request order when pipelined quick and
 * slow requests mix, a slow request still runs where the reader watches the client (so closing the connection
 * cancels it), and answers held back for pipelined lines are sent before the server waits for more input.
 */
class InlineAnswersTest {

    /**
     * isValid / isValidMany: quick, answer their id and note the thread; certify: slow, waits (at checkpoints)
     * for {@code release} and notes whether it was cancelled.
     */
    private static final class Recorder implements RequestHandler {
        final Map<String, Thread> threads = new ConcurrentHashMap<>();
        final CountDownLatch certifyStarted = new CountDownLatch(1);
        final CountDownLatch certifyCancelled = new CountDownLatch(1);
        volatile java.util.function.BooleanSupplier release = () -> true;

        @Override
        public Object handle(String method, ObjectNode params, RequestContext context) {
            threads.put(params.path("tag").asText(), Thread.currentThread());
            if (method.equals("certify")) {
                certifyStarted.countDown();
                try {
                    while (!release.getAsBoolean()) {
                        context.checkpoint();
                        Thread.sleep(2);
                    }
                } catch (RequestContext.RequestCancelledException e) {
                    certifyCancelled.countDown();
                    throw e;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Map.of("tag", params.path("tag").asText());
        }
    }

    private static String request(String method, String tag) {
        return "{\"id\":\"" + tag + "\",\"method\":\"" + method + "\",\"params\":{\"tag\":\"" + tag + "\"}}";
    }

    /** An input that reports when it has been read to its end (the reader has every line). */
    private static final class WatchedInput extends FilterInputStream {
        volatile boolean drained;

        WatchedInput(byte[] bytes) {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            drained |= n < 0;
            return n;
        }
    }

    @Test
    void pipelinedQuickAndSlowRequestsAreAnsweredInRequestOrder() {
        Recorder handler = new Recorder();
        List<String> tags = List.of("q1", "slow2", "q3", "q4", "q5", "slow6", "q7");
        StringBuilder in = new StringBuilder();
        for (String t : tags) {
            in.append(request(t.startsWith("slow") ? "certify" : t.equals("q5") ? "isValidMany" : "isValid", t))
                    .append('\n');
        }
        WatchedInput input = new WatchedInput(in.toString().getBytes(StandardCharsets.UTF_8));
        // the first slow request holds the worker until the reader has read (and queued) every later line
        handler.release = () -> input.drained;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int answered;
        try (JsonLinesServer server = new JsonLinesServer(() -> handler, ServerLimits.defaults())) {
            answered = server.serve(input, out);
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(tags.size(), answered);
        List<String> ids = new ArrayList<>();
        for (String l : lines) {
            ids.add(parse(l).path("id").asText());
        }
        assertEquals(tags, ids, "answers in request order");
        Thread worker = Thread.currentThread(); // serve() answers on its caller
        assertNotEquals(worker, handler.threads.get("q1"), "q1 found the worker idle: answered by the reader thread");
        for (String t : List.of("slow2", "q3", "q4", "q5", "slow6", "q7")) {
            assertEquals(worker, handler.threads.get(t), t + " arrived behind a slow request: answered by the worker");
        }
    }

    @Test
    void closingTheConnectionCancelsASlowRequestQueuedBehindInlineAnswers() throws Exception {
        Recorder handler = new Recorder();
        handler.release = () -> false; // only cancellation ends it
        try (JsonLinesServer server = new JsonLinesServer(
                        () -> handler, ServerLimits.defaults().withRequestTimeout(Duration.ofSeconds(60)));
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            assertEquals(
                    "a",
                    parse(c.ask(request("isValid", "a")))
                            .path("result")
                            .path("tag")
                            .asText());
            c.send(request("certify", "slow") + "\n" + request("isValid", "after"));
            assertTrue(handler.certifyStarted.await(10, TimeUnit.SECONDS));
            c.socket.shutdownOutput(); // half-close: the client wants nothing more
            assertTrue(handler.certifyCancelled.await(10, TimeUnit.SECONDS), "the abandoned slow request is cancelled");
            assertNull(c.read(), "nothing more is answered; the connection is closed");
            assertFalse(
                    handler.threads.containsKey("after"), "the quick request queued behind it was dropped, not run");
            assertNotEquals(handler.threads.get("a"), handler.threads.get("slow"), "inline and worker threads differ");
        }
    }

    @Test
    void answersHeldForPipelinedLinesAreSentBeforeTheServerWaitsForInput() throws Exception {
        Recorder handler = new Recorder();
        try (JsonLinesServer server = new JsonLinesServer(() -> handler, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            OutputStream out = c.socket.getOutputStream();
            // two lines in one write, then only blank lines: both answers come without more input
            out.write((request("isValid", "1") + "\n" + request("isValid", "2") + "\n\n\r\n\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertEquals("1", parse(c.read()).path("id").asText());
            assertEquals("2", parse(c.read()).path("id").asText());
            // a complete line followed by part of the next: the first answer comes before the rest is sent
            String third = request("isValid", "4");
            out.write((request("isValid", "3") + "\n" + third.substring(0, 10)).getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertEquals("3", parse(c.read()).path("id").asText());
            out.write((third.substring(10) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertEquals("4", parse(c.read()).path("id").asText());
        }
    }

    @Test
    void theAnswerToALongRequestIsSentAtOnceThoughAFastOneIsQueuedBehindIt() throws Exception {
        CountDownLatch firstAnswerRead = new CountDownLatch(1);
        RequestHandler handler = (method, params, context) -> {
            try {
                if (method.equals("certify")) {
                    Thread.sleep(100); // the checkMotion line is read and queued meanwhile
                } else if (!firstAnswerRead.await(10, TimeUnit.SECONDS)) {
                    return "the certify answer was held back";
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return method;
        };
        try (JsonLinesServer server = new JsonLinesServer(() -> handler, ServerLimits.defaults());
                ServerTestClient c = new ServerTestClient(server.listen(0))) {
            c.send(request("certify", "1") + "\n" + request("checkMotion", "2"));
            assertEquals("certify", parse(c.read()).path("result").asText());
            firstAnswerRead.countDown();
            assertEquals("checkMotion", parse(c.read()).path("result").asText());
        }
    }

    /** A session that notes whether it was closed while a request was still using it. */
    private static final class ClosableSession implements RequestHandler, AutoCloseable {
        volatile boolean inUse;
        volatile boolean closedWhileInUse;
        final CountDownLatch closed = new CountDownLatch(1);

        @Override
        public Object handle(String method, ObjectNode params, RequestContext context) {
            inUse = true;
            long until = System.nanoTime() + 300_000_000L;
            while (System.nanoTime() < until) {
                Thread.onSpinWait(); // busy, deaf to the interrupts of the server closing
            }
            inUse = false;
            return true;
        }

        @Override
        public void close() {
            closedWhileInUse = inUse;
            closed.countDown();
        }
    }

    @Test
    void theSessionIsNotClosedUnderAQuickRequestTheReaderIsAnswering() throws Exception {
        ClosableSession session = new ClosableSession();
        JsonLinesServer server = new JsonLinesServer(() -> session, ServerLimits.defaults());
        try (ServerTestClient c = new ServerTestClient(server.listen(0))) {
            c.send(request("isValid", "1"));
            long until = System.nanoTime() + 10_000_000_000L;
            while (!session.inUse && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertTrue(session.inUse, "the request started");
            server.close(); // ends the conversation from another thread while the reader answers
            assertTrue(session.closed.await(10, TimeUnit.SECONDS), "the session is closed with its conversation");
            assertFalse(session.closedWhileInUse, "but only once the request using it has returned");
        } finally {
            server.close();
        }
    }

    @Test
    void quickIsDecidedByMethodAndSizeBeforeRunning() {
        ProtocolJson json = new ProtocolJson(ServerLimits.defaults());
        assertTrue(parsed(json, "{\"id\":1,\"method\":\"isValid\",\"params\":{\"q\":[0]}}")
                .quick());
        assertTrue(parsed(json, "{\"id\":1,\"method\":\"clearance\",\"params\":{\"q\":[0]}}")
                .quick());
        assertTrue(parsed(json, "{\"id\":1,\"method\":\"ping\"}").quick());
        assertTrue(parsed(json, "{\"id\":1,\"method\":\"isValidMany\",\"params\":{\"states\":" + states(64) + "}}")
                .quick());
        assertFalse(parsed(json, "{\"id\":1,\"method\":\"isValidMany\",\"params\":{\"states\":" + states(65) + "}}")
                .quick());
        for (String slow : List.of("load", "checkMotion", "isMotionFree", "batch", "certify", "add")) {
            assertFalse(
                    parsed(json, "{\"id\":1,\"method\":\"" + slow + "\",\"params\":{}}")
                            .quick(),
                    slow);
        }
        ParsedRequest bad = parsed(json, "{\"id\":1,\"method\":\"certify\",\"params\":[]}");
        assertEquals(RequestException.INVALID_PARAMS, bad.error().code());
        assertTrue(bad.quick(), "an error answer is quick whatever the method");
        JsonNode id = parsed(json, "{\"id\":\"x\",\"method\":\"isValid\"}").id();
        assertEquals("x", id.textValue());
    }

    private static String states(int n) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("[0,0]");
        }
        return b.append(']').toString();
    }

    private static ParsedRequest parsed(ProtocolJson json, String line) {
        return ParsedRequest.of(
                new BoundedLineReader.Line(line, line.length(), false), json, ServerLimits.defaults(), 1);
    }
}
