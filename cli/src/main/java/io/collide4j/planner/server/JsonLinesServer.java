package io.collide4j.planner.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JSON-lines request/response server: one JSON object per line in, one per line out (PROTOCOL.md).
 *
 * <p>Request {@code {"id": string|integer|null, "method": "name", "params": {...}}}; response
 * {@code {"id": same, "result": ...}} or {@code {"id": same, "error": {"code": n, "message": "..."}}}.
 * Every malformed, unknown or oversized request gets an error response and the server keeps serving.
 * Each conversation (stdio, or one TCP connection) gets its own handler from the factory, so session
 * state is per connection; a handler that is {@link AutoCloseable} is closed when its conversation ends.
 * TCP binds to 127.0.0.1 only. Every resource bound is a {@link ServerLimits} field.
 *
 * <p>Threads: one acceptor; per conversation a reader (reads ahead, so pipelined requests queue, bounded in
 * bytes; answers a quick request itself when nothing is queued or running) and a worker (answers the rest in order;
 * the handler is never called by both at once); one watchdog that answers requests past their time budget
 * and cuts off request lines still arriving a request timeout after their first byte. At the connection limit a new
 * connection displaces the one quiet longest (no request queued or running), so idle or trickling clients cannot
 * lock new ones out.
 * Log lines (SLF4J, logger {@code io.collide4j.planner.server}): one per request at debug, one per error
 * response at warn (internal errors with their stack trace and the reference the client was given).
 */
public final class JsonLinesServer implements AutoCloseable {
    /** Default largest request line: big enough for batch requests of ~10^5 configurations. */
    public static final int DEFAULT_MAX_REQUEST_BYTES = ServerLimits.DEFAULT_MAX_REQUEST_BYTES;

    static final Logger LOG = LoggerFactory.getLogger(JsonLinesServer.class);

    private final Supplier<? extends RequestHandler> handlers;
    private final ServerLimits limits;
    private final ProtocolJson json;
    private final ExecutorService threads;
    private final Set<Conversation> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger tcpConnections = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong conversationIds = new AtomicLong();
    private volatile ServerSocket serverSocket;
    private volatile boolean closed;
    private Thread watchdog;

    public JsonLinesServer(Supplier<? extends RequestHandler> handlers, ServerLimits limits) {
        this.handlers = handlers;
        this.limits = limits;
        this.json = new ProtocolJson(limits);
        AtomicInteger threadNo = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "collide4j-conversation-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The default limits with this request-line bound. */
    public JsonLinesServer(Supplier<? extends RequestHandler> handlers, int maxRequestBytes) {
        this(handlers, ServerLimits.defaults().withMaxRequestBytes(maxRequestBytes));
    }

    public ServerLimits limits() {
        return limits;
    }

    /**
     * Serves one stream pair (stdio mode) until end of input, answering every request read before it; returns
     * the number of requests answered. A request past its time budget ends the conversation early.
     */
    public int serve(InputStream in, OutputStream out) {
        return converse(in, out, null, new Conversation[1]);
    }

    /** Starts accepting TCP connections on 127.0.0.1:{@code port} (0 picks a free one); returns the bound port. */
    public int listen(int port) {
        try {
            ServerSocket socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            serverSocket = socket;
            Thread acceptor = new Thread(() -> acceptLoop(socket), "collide4j-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            LOG.info("listening on 127.0.0.1:{} ({})", socket.getLocalPort(), limits);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    /** Requests answered so far, over all conversations. */
    public int requestsServed() {
        return (int) Math.min(Integer.MAX_VALUE, served.get());
    }

    /** Conversations running now (stdio and TCP): a TCP connection counts from when its conversation starts. */
    int conversationsRunning() {
        return open.size();
    }

    /** TCP connections open now. */
    public int openConnections() {
        return tcpConnections.get();
    }

    @Override
    public void close() {
        closed = true;
        ServerSocket s = serverSocket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing an already-broken socket has nothing left to report
            }
        }
        open.forEach(c -> c.end("server closed", true));
        threads.shutdownNow();
        synchronized (this) {
            if (watchdog != null) {
                watchdog.interrupt();
            }
        }
    }

    private void acceptLoop(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
                LOG.warn("accept failed: {}", e.toString());
                continue;
            }
            if (tcpConnections.incrementAndGet() > limits.maxConnections() && !evictOne()) {
                tcpConnections.decrementAndGet();
                refuseBusy(client);
                continue;
            }
            try {
                threads.execute(() -> {
                    Conversation[] c = new Conversation[1];
                    try (client) {
                        client.setSoTimeout((int)
                                Math.min(Integer.MAX_VALUE, limits.idleTimeout().toMillis()));
                        client.setTcpNoDelay(true);
                        converse(client.getInputStream(), client.getOutputStream(), client, c);
                    } catch (IOException | RuntimeException e) {
                        LOG.warn("connection from {} failed: {}", client.getRemoteSocketAddress(), e.toString());
                    } finally {
                        if (c[0] == null || c[0].releaseSlot()) { // an evicted one gave its place up already
                            tcpConnections.decrementAndGet();
                        }
                    }
                });
            } catch (RuntimeException e) { // rejected: the server is closing
                tcpConnections.decrementAndGet();
                closeQuietly(client);
            }
        }
    }

    /**
     * At the connection limit, closes the open connection that has gone longest without sending a complete request
     * line and has none queued or running (idle ones, and slow senders whose line is still arriving), so that clients
     * holding connections open without using them cannot lock new ones out. False when every connection is busy.
     */
    private boolean evictOne() {
        Conversation victim = null;
        for (Conversation c : open) {
            if (c.evictable() && (victim == null || c.lastRequestNanos() - victim.lastRequestNanos() < 0)) {
                victim = c;
            }
        }
        if (victim == null || !victim.releaseSlot()) {
            return false;
        }
        tcpConnections.decrementAndGet();
        long quietSeconds = (System.nanoTime() - victim.lastRequestNanos()) / 1_000_000_000L;
        LOG.warn(
                "connection limit {} reached: closing the connection quiet longest ({} s without a request) for a new one",
                limits.maxConnections(),
                quietSeconds);
        victim.evict("server busy: it has " + limits.maxConnections() + " connections (its limit) and this one went"
                + " longest without a request (" + quietSeconds + " s); closed to admit a new connection");
        return true;
    }

    private void refuseBusy(Socket client) {
        LOG.warn(
                "refusing a connection from {}: {} connections open (limit {})",
                client.getRemoteSocketAddress(),
                limits.maxConnections(),
                limits.maxConnections());
        try (client) {
            client.setSoTimeout(1000);
            OutputStream out = client.getOutputStream();
            out.write((errorLine(
                                    null,
                                    RequestException.SERVER_BUSY,
                                    "server busy: it already has " + limits.maxConnections()
                                            + " connections (its limit); try again later")
                            + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            client.shutdownOutput();
        } catch (IOException e) {
            // the refused client went away first: nothing to tell it
        }
    }

    /** Runs one conversation on the calling thread; {@code started[0]} is set to it before it begins. */
    private int converse(InputStream in, OutputStream out, Socket socket, Conversation[] started) {
        ensureWatchdog();
        Conversation c = new Conversation(this, conversationIds.incrementAndGet(), handlers.get(), in, out, socket);
        started[0] = c;
        open.add(c);
        try {
            if (closed) {
                c.end("server closed", false);
            }
            return c.run();
        } finally {
            open.remove(c);
        }
    }

    private synchronized void ensureWatchdog() {
        if (watchdog != null || closed) {
            return;
        }
        long tickMillis = Math.max(1, Math.min(100, limits.requestTimeout().toMillis() / 4));
        watchdog = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        try {
                            Thread.sleep(tickMillis);
                        } catch (InterruptedException e) {
                            return;
                        }
                        long now = System.nanoTime();
                        open.forEach(c -> c.tick(now));
                    }
                },
                "collide4j-request-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    // ------------------------------------------------------------------ shared with Conversation

    ProtocolJson json() {
        return json;
    }

    void countServed() {
        served.incrementAndGet();
    }

    /** Runs a short task on the server's threads (nothing when the server is closing). */
    void execute(Runnable task) {
        try {
            threads.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("server closing: task dropped");
        }
    }

    Thread startReader(Runnable r) {
        Thread[] started = new Thread[1];
        java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
        threads.execute(() -> {
            started[0] = Thread.currentThread();
            ready.countDown();
            r.run();
        });
        try {
            ready.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return started[0];
    }

    /** One result response line (no line break). */
    String resultLine(Object id, Object result) {
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put("id", id);
        ok.put("result", result);
        return json.write(ok);
    }

    /** One error response line (no line break). */
    String errorLine(Object id, int code, String message) {
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("code", code);
        err.put("message", message == null ? "" : message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", id);
        response.put("error", err);
        return json.write(response);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to report for a socket being dropped
        }
    }
}
