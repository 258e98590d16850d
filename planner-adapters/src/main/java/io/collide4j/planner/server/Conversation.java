package io.collide4j.planner.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.VisibleText;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import static io.collide4j.planner.server.JsonLinesServer.LOG;

/**
 * One conversation of a {@link JsonLinesServer}: stdio, or one TCP connection. A reader thread reads lines
 * ahead into a queue bounded in lines and in bytes (at most one request line's limit waits); the worker
 * (the thread calling {@link #run}) answers them in order. On TCP, end of input means the client has gone:
 * the request in progress is cancelled and queued ones are dropped. On stdio, end of input means "no more
 * requests": every request read is answered first.
 */
final class Conversation {
    private static final Object END = new Object();
    private static final int QUEUED_LINES = 256;
    /** Methods that answer in microseconds to milliseconds: answers before them may wait for the batch to flush. */
    private static final java.util.Set<String> FAST_METHODS = java.util.Set.of("ping", "isValid", "clearance",
            "checkMotion", "counters");

    private final JsonLinesServer server;
    private final long number;
    private final RequestHandler handler;
    private final BoundedLineReader reader;
    private final Writer out;
    private final Socket socket;   // null on stdio
    private final ServerLimits limits;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED_LINES);
    private final Semaphore queuedBytes;
    private final ReentrantLock writeLock = new ReentrantLock();
    private volatile long writingSince;   // nanoTime when a write under writeLock began; 0 when none
    private final java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();
    private volatile boolean ended;
    private boolean unflushed;   // guarded by writeLock: answers written but held back for pipelined ones
    private volatile Running running;
    private volatile Thread readerThread;
    /** When the last complete request line arrived (or the conversation opened): the eviction order of the server. */
    private volatile long lastRequestNanos = System.nanoTime();
    private final AtomicBoolean lineTimedOut = new AtomicBoolean();
    private final AtomicBoolean idleClosed = new AtomicBoolean();
    /**
     * When this conversation last did something that counts against the idle timeout: a request line arrived or an
     * answer was written. Blank lines do not count: a client sending only line breaks is idle, though each of its bytes
     * restarts the socket's read timeout.
     */
    private volatile long lastActivityNanos = System.nanoTime();
    /** TCP: the connection still counts against the server's connection limit (released once, on end or eviction). */
    private final AtomicBoolean holdsSlot = new AtomicBoolean(true);

    /** The request being answered; {@code answered} is guarded by the write lock. */
    private static final class Running {
        final RequestContext context;
        final JsonNode id;
        final String method;
        final long forcedDeadline;
        final AtomicBoolean overrun = new AtomicBoolean();   // the watchdog has taken over its answer
        boolean answered;

        Running(RequestContext context, JsonNode id, String method, long forcedDeadline) {
            this.context = context;
            this.id = id;
            this.method = method;
            this.forcedDeadline = forcedDeadline;
        }
    }

    Conversation(JsonLinesServer server, long number, RequestHandler handler, InputStream in, OutputStream out,
                 Socket socket) {
        this.server = server;
        this.number = number;
        this.handler = handler;
        this.limits = server.limits();
        this.reader = new BoundedLineReader(in, limits.maxRequestBytes());
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 15);
        this.socket = socket;
        this.queuedBytes = new Semaphore(limits.maxRequestBytes());
    }

    /** Answers requests until the conversation ends; returns how many were answered. */
    int run() {
        LOG.debug("conversation {} opened ({})", number, socket == null ? "stdio" : socket.getRemoteSocketAddress());
        int count = 0;
        readerThread = server.startReader(this::readLoop);
        try {
            while (!ended) {
                Object item = queue.take();
                if (item == END || ended) {
                    break;
                }
                BoundedLineReader.Line line = (BoundedLineReader.Line) item;
                queuedBytes.release(permits(line));
                if (answer(line)) {
                    count++;
                }
                pending.decrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            end("conversation over", false);
            if (handler instanceof AutoCloseable closeable) {
                try {
                    closeable.close();   // the session's resources (worker threads) end with its conversation
                } catch (Exception e) {
                    LOG.warn("conversation {}: releasing the session failed: {}", number, e.toString());
                }
            }
            LOG.debug("conversation {} closed after {} requests", number, count);
        }
        return count;
    }

    // ------------------------------------------------------------------ reader thread

    private void readLoop() {
        try {
            while (!ended) {
                BoundedLineReader.Line line;
                try {
                    line = reader.next();
                } catch (SocketTimeoutException e) {
                    if (pending.get() > 0) {
                        continue;   // busy, not idle: the client is waiting for us
                    }
                    idle();
                    return;
                }
                if (line == null) {
                    if (socket != null) {
                        end("the client closed the connection", true);
                    } else {
                        queue.put(END);
                    }
                    return;
                }
                if (!line.oversized() && line.text().isBlank()) {
                    continue;
                }
                queuedBytes.acquire(permits(line));
                if (ended) {
                    return;
                }
                pending.incrementAndGet();   // from here until answered, the connection is not idle
                lastRequestNanos = System.nanoTime();
                lastActivityNanos = lastRequestNanos;
                queue.put(line);
            }
        } catch (IOException e) {
            if (!ended) {
                end("reading failed: " + e.getMessage(), true);
            }
        } catch (InterruptedException e) {
            // the conversation ended while the reader waited for room in the queue
        } finally {
            if (ended) {
                queue.clear();
                queue.offer(END);
            }
        }
    }

    private void idle() {
        if (!idleClosed.compareAndSet(false, true) || ended) {   // the reader's timeout and the watchdog may both see it
            return;
        }
        String line = server.errorLine(null, RequestException.IDLE_TIMEOUT, "no request for "
                + limits.idleTimeout().toSeconds() + " s (the server's idle timeout); closing the connection");
        writeLine(line, true);
        LOG.debug("conversation {}: idle timeout", number);
        end("idle timeout", false);
    }

    private static int permits(BoundedLineReader.Line line) {
        return line.oversized() ? 0 : (int) Math.max(1, line.length());
    }

    // ------------------------------------------------------------------ worker

    /** Answers one line; false when nothing was written (the conversation ended meanwhile). */
    private boolean answer(BoundedLineReader.Line line) {
        long t0 = System.nanoTime();
        JsonNode id = NullNode.getInstance();
        String method = null;
        Running r = null;
        String response;
        int code = 0;
        String message = null;
        try {
            if (line.oversized()) {
                throw new RequestException(RequestException.REQUEST_TOO_LARGE, "request of " + line.length()
                        + " bytes exceeds the limit of " + limits.maxRequestBytes() + " bytes; split it into smaller batches");
            }
            if (line.notUtf8() != null) {
                throw new RequestException(RequestException.PARSE_ERROR, "request line is not UTF-8 text ("
                        + line.notUtf8() + "); nothing in it was read, so that no id or name is answered altered");
            }
            JsonNode request;
            try {
                request = server.json().read(line.text());
            } catch (JsonProcessingException e) {
                InputFormatException f = StrictJson.error("request", e);
                throw new RequestException(RequestException.PARSE_ERROR, "malformed JSON"
                        + (f.column() > 0 ? " at column " + f.column() : "") + (f.path().isEmpty() ? "" : ", " + f.path())
                        + ": " + f.detail());
            }
            if (request == null || !request.isObject()) {
                throw new RequestException(RequestException.INVALID_REQUEST, "a request must be a JSON object, got "
                        + ProtocolJson.typeName(request));
            }
            id = requestId(request);
            for (Iterator<String> it = request.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!k.equals("id") && !k.equals("method") && !k.equals("params") && !k.equals("jsonrpc")) {
                    throw new RequestException(RequestException.INVALID_REQUEST, "unknown request field '" + k
                            + "'; a request has id, method and params");
                }
            }
            JsonNode m = request.get("method");
            if (m == null || !m.isTextual()) {
                throw new RequestException(RequestException.INVALID_REQUEST, "field 'method' must be a string, got "
                        + ProtocolJson.typeName(m));
            }
            method = m.textValue();
            JsonNode params = request.get("params");
            if (params == null) {
                params = server.json().tree(Map.of());
            } else if (!params.isObject()) {
                throw new RequestException(RequestException.INVALID_PARAMS, "field 'params' must be an object, got "
                        + ProtocolJson.typeName(params));
            }
            long budget = limits.requestTimeout().toNanos();
            RequestContext context = new RequestContext(t0 + budget);
            r = new Running(context, id, method, t0 + budget + Math.min(budget / 2, 1_000_000_000L));
            flushBefore(method);
            running = r;
            if (ended) {   // end() may have looked for a running request just before this one was published
                context.cancel("conversation over");
            }
            Object result = handler.handle(method, (ObjectNode) params, context);
            Map<String, Object> ok = new LinkedHashMap<>();
            ok.put("id", id);
            ok.put("result", result);
            response = server.json().write(ok);
        } catch (RequestException e) {
            code = e.code();
            message = e.getMessage();
            response = server.errorLine(id, code, message);
        } catch (RequestContext.RequestCancelledException e) {
            if (ended) {
                running = null;
                LOG.debug("conversation {}: request {} {} cancelled: {}", number, id, printable(method), e.getMessage());
                return false;
            }
            code = RequestException.TIME_BUDGET_EXCEEDED;
            message = method + ": stopped after the server's time budget of " + seconds() + " per request; "
                    + "send less work per request";
            response = server.errorLine(id, code, message);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            String ref = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
            LOG.warn("conversation {}: request {} {} failed internally [ref {}]", number, id, printable(method), ref, e);
            code = RequestException.INTERNAL_ERROR;
            message = "internal error (reference " + ref + " in the server log)";
            response = server.errorLine(id, code, message);
        }
        boolean written = write(r, response);
        running = null;
        if (code != 0 && code != RequestException.INTERNAL_ERROR) {
            LOG.warn("conversation {}: request {} {} answered error {}: {}", number, id, printable(method), code,
                    printable(message));
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("conversation {}: request {} {} -> {} in {} us", number, id, printable(method), code == 0 ? "ok" : code,
                    (System.nanoTime() - t0) / 1000);
        }
        return written;
    }

    private static JsonNode requestId(JsonNode request) {
        JsonNode id = request.get("id");
        if (id == null || id.isNull()) {
            return NullNode.getInstance();
        }
        if (id.isIntegralNumber()) {
            return id;
        }
        if (id.isTextual()) {
            String unpaired = VisibleText.unpairedSurrogate(id.textValue());
            if (unpaired != null) {   // it has no UTF-8 form: the answer would carry '?' in its place
                throw new RequestException(RequestException.INVALID_REQUEST, "field 'id': the string has an unpaired"
                        + " UTF-16 surrogate (" + unpaired + "), which cannot come back exactly as sent; use another id");
            }
            return id;
        }
        throw new RequestException(RequestException.INVALID_REQUEST, "field 'id' must be a string, an integer or"
                + " null (so that it comes back exactly as sent), got " + ProtocolJson.typeName(id));
    }

    private boolean write(Running r, String response) {
        writeLock.lock();
        try {
            if (r != null) {
                if (r.answered) {
                    return false;   // the watchdog answered it already
                }
                r.answered = true;
            }
            if (ended) {
                return false;
            }
            server.countServed();   // before the reply leaves, so a client never sees a stale count
            lastActivityNanos = System.nanoTime();
            // pipelined requests waiting: their answers go out together (flushed before any slow method starts)
            boolean flush = queue.isEmpty();
            if (!writeLine(response, flush)) {
                end("writing failed", true);
                return false;
            }
            unflushed = !flush;
            return true;
        } finally {
            writeLock.unlock();
        }
    }

    /** Sends answers held back for pipelined requests before a request that may take long starts. */
    private void flushBefore(String method) {
        if (FAST_METHODS.contains(method)) {
            return;
        }
        writeLock.lock();
        try {
            if (unflushed && !ended) {
                if (!writeLine(null, true)) {
                    end("writing failed", true);
                }
                unflushed = false;
            }
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Writes one line (null: nothing, only the flush) under the write lock; false when the client is gone. A write
     * the client does not read for longer than the idle timeout is broken off by the watchdog ({@link #tick}).
     */
    private boolean writeLine(String line, boolean flush) {
        writeLock.lock();
        writingSince = System.nanoTime() | 1;
        try {
            if (line != null) {
                out.write(line);
                out.write('\n');
            }
            if (flush) {
                out.flush();
            }
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            writingSince = 0;
            writeLock.unlock();
        }
    }

    // ------------------------------------------------------------------ ending

    /**
     * Called by the watchdog thread every tick; never blocks (it serves every conversation): breaks off a write the
     * client has not read for longer than the idle timeout, and hands a request past its time budget plus grace to
     * {@link #overrun}.
     */
    void tick(long now) {
        long started = reader.lineStartedNanos();
        if (socket != null && started != 0 && now - started > limits.requestTimeout().toNanos()
                && lineTimedOut.compareAndSet(false, true)) {
            server.execute(this::lineTooSlow);
            return;
        }
        if (socket != null && pending.get() == 0 && running == null && started == 0
                && now - lastActivityNanos > limits.idleTimeout().toNanos() && !idleClosed.get() && !ended) {
            server.execute(() -> {   // only line breaks (or nothing) since the last request or answer
                if (pending.get() == 0 && running == null && reader.lineStartedNanos() == 0) {   // still so
                    idle();
                }
            });
            return;
        }
        long w = writingSince;
        if (w != 0 && now - w > limits.idleTimeout().toNanos()) {
            LOG.warn("conversation {}: the client has not read its answers for {} s; closing", number,
                    limits.idleTimeout().toSeconds());
            closeTransport();
            return;
        }
        Running r = running;
        if (r != null && now - r.forcedDeadline >= 0 && r.overrun.compareAndSet(false, true)) {
            server.execute(() -> overrun(r));
        }
    }

    /**
     * A request line still incomplete a request timeout after its first byte: a client trickling bytes (slowloris)
     * would otherwise hold the connection for ever, as every byte restarts the idle timeout.
     */
    private void lineTooSlow() {
        if (ended) {
            return;
        }
        LOG.warn("conversation {}: a request line took longer than {} to arrive; closing", number, seconds());
        if (writeLock.tryLock()) {   // a client that neither sends nor reads gets no say: never wait for it
            try {
                writeLine(server.errorLine(null, RequestException.IDLE_TIMEOUT, "request line not complete "
                        + seconds() + " after its first byte (the server's request timeout); closing the connection"),
                        true);
            } finally {
                writeLock.unlock();
            }
        }
        end("request line too slow", true);
    }

    /**
     * TCP only: true when the server may close this connection to admit a new one at its connection limit, i.e. no
     * request is queued or being answered (a partly received line is not a request yet).
     */
    boolean evictable() {
        return socket != null && !ended && holdsSlot.get() && pending.get() == 0 && running == null;
    }

    /** When the last complete request line arrived (the conversation's start if none): older is evicted first. */
    long lastRequestNanos() {
        return lastRequestNanos;
    }

    /** Gives up this connection's place under the connection limit; true the first time only. */
    boolean releaseSlot() {
        return holdsSlot.compareAndSet(true, false);
    }

    /** Closes this connection to make room for a new one, telling its client why; never blocks the caller. */
    void evict(String message) {
        server.execute(() -> {
            if (writeLock.tryLock()) {
                try {
                    if (!ended) {
                        writeLine(server.errorLine(null, RequestException.SERVER_BUSY, message), true);
                    }
                } finally {
                    writeLock.unlock();
                }
            }
            end("evicted for a new connection", true);
        });
    }

    /** Answers a request past its time budget (its work could not be stopped at a checkpoint) and ends the conversation. */
    private void overrun(Running r) {
        r.context.cancel("time budget exceeded");
        boolean answer;
        writeLock.lock();
        try {
            answer = !r.answered && !ended;
            r.answered = true;
            if (answer) {
                writeLine(server.errorLine(r.id, RequestException.TIME_BUDGET_EXCEEDED, r.method
                        + ": stopped after the server's time budget of " + seconds() + " per request; the connection"
                        + " is closed because the work could not be stopped at a safe point"), true);
            }
        } finally {
            writeLock.unlock();
        }
        if (answer) {
            LOG.warn("conversation {}: request {} {} exceeded the time budget of {}; closing", number, r.id,
                    printable(r.method), seconds());
            end("time budget exceeded", true);
        }
    }

    /** Ends the conversation; {@code cancel}: the request in progress is cancelled too. Idempotent. */
    void end(String why, boolean cancel) {
        if (ended) {
            return;
        }
        ended = true;
        LOG.debug("conversation {} ending: {}", number, why);
        Running r = running;
        if (cancel && r != null) {
            r.context.cancel(why);
        }
        if (writeLock.tryLock()) {   // a writer blocked on a client that does not read keeps the lock: skip
            try {
                writeLine(null, true);
            } finally {
                writeLock.unlock();
            }
        }
        closeTransport();
        Thread t = readerThread;
        if (t != null && t != Thread.currentThread()) {
            t.interrupt();
        }
        queue.clear();
        queue.offer(END);
    }

    /** Client text as one bounded log line: control characters escaped, at most 300 characters. */
    static String printable(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), 300) + 8);
        for (int i = 0; i < s.length() && b.length() < 300; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.length() < s.length() ? b.append("...").toString() : b.toString();
    }

    /** Closes the socket (TCP): unblocks the reader and any blocked write. Never blocks. */
    private void closeTransport() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    private String seconds() {
        return limits.requestTimeout().toMillis() / 1000.0 + " s";
    }
}
