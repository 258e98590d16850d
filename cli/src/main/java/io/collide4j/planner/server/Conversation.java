package io.collide4j.planner.server;

import static io.collide4j.planner.server.JsonLinesServer.LOG;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One conversation of a {@link JsonLinesServer}: stdio, or one TCP connection. A reader thread reads lines
 * ahead into a queue bounded in lines and in bytes (at most one request line's limit waits); the worker
 * (the thread calling {@link #run}) answers them in order. A quick request (by method and size) arriving while the
 * worker has nothing to do is answered by the reader thread itself, which keeps the order of answers. On TCP, end of input means the client has gone:
 * the request in progress is cancelled and queued ones are dropped. On stdio, end of input means "no more
 * requests": every request read is answered first.
 */
final class Conversation {
    private static final Object END = new Object();
    private static final int QUEUED_LINES = 256;
    private static final int TAKEN_AT_ONCE = 64;
    /** Methods that answer in microseconds to milliseconds: answers before them may wait for the batch to flush. */
    private static final java.util.Set<String> FAST_METHODS =
            java.util.Set.of("ping", "isValid", "clearance", "checkMotion", "counters");

    private final JsonLinesServer server;
    private final long number;
    private final RequestHandler handler;
    private final BoundedLineReader reader;
    private final AnswerWriter output;
    private final Socket socket; // null on stdio
    private final ServerLimits limits;
    private final long budgetNanos; // limits.requestTimeout(), converted once rather than per request
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED_LINES);
    private final Semaphore queuedBytes;
    private final java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();
    private volatile boolean ended;
    /** The reader thread is answering a quick request (the handler is in use there). */
    private volatile boolean answeringInline;

    private final java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
    private volatile RunningRequest running;
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

    Conversation(
            JsonLinesServer server,
            long number,
            RequestHandler handler,
            InputStream in,
            OutputStream out,
            Socket socket) {
        this.server = server;
        this.number = number;
        this.handler = handler;
        this.limits = server.limits();
        this.budgetNanos = limits.requestTimeout().toNanos();
        this.reader = new BoundedLineReader(in, limits.maxRequestBytes());
        this.output = new AnswerWriter(out);
        this.socket = socket;
        this.queuedBytes = new Semaphore(limits.maxRequestBytes());
    }

    /** Answers requests until the conversation ends; returns how many were answered. */
    int run() {
        LOG.debug("conversation {} opened ({})", number, socket == null ? "stdio" : socket.getRemoteSocketAddress());
        readerThread = server.startReader(this::readLoop);
        // taken in batches: a reader waiting for room is woken once per batch, not once per line
        java.util.ArrayList<Object> batch = new java.util.ArrayList<>(TAKEN_AT_ONCE);
        try {
            work:
            while (!ended) {
                batch.clear();
                batch.add(queue.take());
                queue.drainTo(batch, TAKEN_AT_ONCE - 1);
                for (int i = 0; i < batch.size(); i++) {
                    Object item = batch.get(i);
                    if (item == END || ended) {
                        break work;
                    }
                    BoundedLineReader.Line line = item instanceof BoundedLineReader.Line l ? l : null;
                    ParsedRequest p = line == null
                            ? (ParsedRequest) item
                            : ParsedRequest.of(line, server.json(), limits, permits(line));
                    queuedBytes.release(p.permits());
                    // answers to pipelined quick requests go out together; one that may take long is sent at once
                    boolean mayTakeLong = p.method() != null && !FAST_METHODS.contains(p.method()) && !p.quick();
                    answer(p, false, mayTakeLong || i == batch.size() - 1 && queue.isEmpty());
                    pending.decrementAndGet();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            end("conversation over", false);
            awaitInlineAnswer();
            if (handler instanceof AutoCloseable closeable) {
                try {
                    closeable.close(); // the session's resources (worker threads) end with its conversation
                } catch (Exception e) {
                    LOG.warn("conversation {}: releasing the session failed: {}", number, e.toString());
                }
            }
            LOG.debug("conversation {} closed after {} requests", number, answered.get());
        }
        return answered.get();
    }

    /**
     * Waits (after {@link #end}) for a quick request the reader thread is answering, so that the handler is never
     * closed while it runs. The reader sets {@code answeringInline} before it reads {@code ended} and the worker
     * reads it after setting {@code ended} (both volatile): one of them sees the other. Quick requests end in
     * microseconds; the wait is bounded by the request budget and its grace all the same.
     */
    private void awaitInlineAnswer() {
        long until = System.nanoTime() + budgetNanos + Math.min(budgetNanos / 2, 1_000_000_000L);
        boolean interrupted = false;
        while (answeringInline && System.nanoTime() - until < 0) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                interrupted = true; // the server closing: still wait, the request is quick
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------------ reader thread

    /**
     * Reads request lines. While nothing is queued or running on the worker, a line short enough to parse here is
     * parsed here, and a quick request ({@link ParsedRequest#quick()}) is answered here too: the hand-over to the
     * worker thread cost more than such a request itself. Answers stay in request order because the worker is idle
     * then and gets only later lines. Everything else goes to the worker while this thread reads on, so that a client
     * that goes away is noticed and the worker's request cancelled.
     */
    private void readLoop() {
        try {
            while (!ended) {
                if (output.unflushed && pending.get() == 0 && !reader.hasCompleteLine()) {
                    flushHeld(); // the next read may wait for the client, which may be waiting for these answers
                }
                BoundedLineReader.Line line;
                try {
                    line = reader.next();
                } catch (SocketTimeoutException e) {
                    if (pending.get() > 0) {
                        continue; // busy, not idle: the client is waiting for us
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
                lastRequestNanos = System.nanoTime();
                lastActivityNanos = lastRequestNanos;
                Object item = line;
                if (pending.get() == 0 && (line.oversized() || line.length() <= ParsedRequest.QUICK_LINE_BYTES)) {
                    pending.incrementAndGet(); // from here until answered, the connection is not idle
                    ParsedRequest p = ParsedRequest.of(line, server.json(), limits, permits(line));
                    if (p.quick()) {
                        answeringInline = true; // before the check of ended: see closeHandler
                        if (ended) {
                            answeringInline = false;
                            return;
                        }
                        try {
                            answer(p, true, !reader.hasCompleteLine());
                        } finally {
                            answeringInline = false;
                        }
                        pending.decrementAndGet();
                        continue;
                    }
                    item = p;
                } else {
                    pending.incrementAndGet();
                }
                queuedBytes.acquire(permits(line));
                if (ended) {
                    return;
                }
                queue.put(item);
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
        if (!idleClosed.compareAndSet(false, true) || ended) { // the reader's timeout and the watchdog may both see it
            return;
        }
        String line = server.errorLine(
                null,
                RequestException.IDLE_TIMEOUT,
                "no request for " + limits.idleTimeout().toSeconds()
                        + " s (the server's idle timeout); closing the connection");
        output.writeLine(line, true);
        LOG.debug("conversation {}: idle timeout", number);
        end("idle timeout", false);
    }

    private static int permits(BoundedLineReader.Line line) {
        return line.oversized() ? 0 : (int) Math.max(1, line.length());
    }

    // ------------------------------------------------------------------ worker

    /**
     * Runs one request and writes its answer; false when nothing was written (the conversation ended meanwhile).
     * {@code inline}: on the reader thread. {@code flush}: false while another request is known to follow (read ahead
     * or queued), whose answer then goes out with this one.
     */
    private boolean answer(ParsedRequest p, boolean inline, boolean flush) {
        long t0 = System.nanoTime();
        JsonNode id = p.id();
        String method = p.method();
        RunningRequest r = null;
        String response;
        int code = 0;
        String message = null;
        try {
            if (p.error() != null) {
                throw p.error();
            }
            long budget = budgetNanos;
            RequestContext context = new RequestContext(t0 + budget);
            r = new RunningRequest(context, id, method, t0 + budget + Math.min(budget / 2, 1_000_000_000L));
            if (!inline) {
                flushBefore(method);
            }
            running = r;
            if (ended) { // end() may have looked for a running request just before this one was published
                context.cancel("conversation over");
            }
            Object result = handler.handle(method, p.params(), context);
            response = server.resultLine(id, result);
        } catch (RequestException e) {
            code = e.code();
            message = e.getMessage();
            response = server.errorLine(id, code, message);
        } catch (RequestContext.RequestCancelledException e) {
            if (ended) {
                running = null;
                LOG.debug(
                        "conversation {}: request {} {} cancelled: {}",
                        number,
                        id,
                        LogText.printable(method),
                        e.getMessage());
                return false;
            }
            code = RequestException.TIME_BUDGET_EXCEEDED;
            message = method + ": stopped after the server's time budget of " + seconds() + " per request; "
                    + "send less work per request";
            response = server.errorLine(id, code, message);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            String ref = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
            LOG.warn(
                    "conversation {}: request {} {} failed internally [ref {}]",
                    number,
                    id,
                    LogText.printable(method),
                    ref,
                    e);
            code = RequestException.INTERNAL_ERROR;
            message = "internal error (reference " + ref + " in the server log)";
            response = server.errorLine(id, code, message);
        }
        boolean written = write(r, response, flush);
        running = null;
        if (code != 0 && code != RequestException.INTERNAL_ERROR) {
            LOG.warn(
                    "conversation {}: request {} {} answered error {}: {}",
                    number,
                    id,
                    LogText.printable(method),
                    code,
                    LogText.printable(message));
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "conversation {}: request {} {} -> {} in {} us{}",
                    number,
                    id,
                    LogText.printable(method),
                    code == 0 ? "ok" : code,
                    (System.nanoTime() - t0) / 1000,
                    inline ? " (reader thread)" : "");
        }
        if (written) {
            answered.incrementAndGet();
        }
        return written;
    }

    /** {@code flush}: false while more pipelined requests wait, whose answers then go out with this one. */
    private boolean write(RunningRequest r, String response, boolean flush) {
        output.lock.lock();
        try {
            if (r != null) {
                if (r.answered) {
                    return false; // the watchdog answered it already
                }
                r.answered = true;
            }
            if (ended) {
                return false;
            }
            server.countServed(); // before the reply leaves, so a client never sees a stale count
            lastActivityNanos = System.nanoTime();
            if (!output.writeLine(response, flush)) {
                end("writing failed", true);
                return false;
            }
            output.unflushed = !flush;
            return true;
        } finally {
            output.lock.unlock();
        }
    }

    /** Sends answers held back for pipelined requests before a request that may take long starts. */
    private void flushBefore(String method) {
        if (!FAST_METHODS.contains(method)) {
            flushHeld();
        }
    }

    /** Sends answers held back for pipelined requests. */
    private void flushHeld() {
        output.lock.lock();
        try {
            if (output.unflushed && !ended) {
                if (!output.writeLine(null, true)) {
                    end("writing failed", true);
                }
                output.unflushed = false;
            }
        } finally {
            output.lock.unlock();
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
        if (socket != null && started != 0 && now - started > budgetNanos && lineTimedOut.compareAndSet(false, true)) {
            server.execute(this::lineTooSlow);
            return;
        }
        if (socket != null
                && pending.get() == 0
                && running == null
                && started == 0
                && now - lastActivityNanos > limits.idleTimeout().toNanos()
                && !idleClosed.get()
                && !ended) {
            server.execute(
                    () -> { // only line breaks (or nothing) since the last request or answer
                        if (pending.get() == 0 && running == null && reader.lineStartedNanos() == 0) { // still so
                            idle();
                        }
                    });
            return;
        }
        long w = output.writingSince();
        if (w != 0 && now - w > limits.idleTimeout().toNanos()) {
            LOG.warn(
                    "conversation {}: the client has not read its answers for {} s; closing",
                    number,
                    limits.idleTimeout().toSeconds());
            closeTransport();
            return;
        }
        RunningRequest r = running;
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
        if (output.lock.tryLock()) { // a client that neither sends nor reads gets no say: never wait for it
            try {
                output.writeLine(
                        server.errorLine(
                                null,
                                RequestException.IDLE_TIMEOUT,
                                "request line not complete " + seconds()
                                        + " after its first byte (the server's request timeout); closing the connection"),
                        true);
            } finally {
                output.lock.unlock();
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
            if (output.lock.tryLock()) {
                try {
                    if (!ended) {
                        output.writeLine(server.errorLine(null, RequestException.SERVER_BUSY, message), true);
                    }
                } finally {
                    output.lock.unlock();
                }
            }
            end("evicted for a new connection", true);
        });
    }

    /** Answers a request past its time budget (its work could not be stopped at a checkpoint) and ends the conversation. */
    private void overrun(RunningRequest r) {
        r.context.cancel("time budget exceeded");
        boolean answer;
        output.lock.lock();
        try {
            answer = !r.answered && !ended;
            r.answered = true;
            if (answer) {
                output.writeLine(
                        server.errorLine(
                                r.id,
                                RequestException.TIME_BUDGET_EXCEEDED,
                                r.method
                                        + ": stopped after the server's time budget of " + seconds()
                                        + " per request; the connection"
                                        + " is closed because the work could not be stopped at a safe point"),
                        true);
            }
        } finally {
            output.lock.unlock();
        }
        if (answer) {
            LOG.warn(
                    "conversation {}: request {} {} exceeded the time budget of {}; closing",
                    number,
                    r.id,
                    LogText.printable(r.method),
                    seconds());
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
        RunningRequest r = running;
        if (cancel && r != null) {
            r.context.cancel(why);
        }
        if (output.lock.tryLock()) { // a writer blocked on a client that does not read keeps the lock: skip
            try {
                output.writeLine(null, true);
            } finally {
                output.lock.unlock();
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
