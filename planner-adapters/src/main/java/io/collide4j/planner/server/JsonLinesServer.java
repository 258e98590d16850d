package io.collide4j.planner.server;

import io.collide4j.urdf.json.Json;
import io.collide4j.urdf.json.JsonException;
import io.collide4j.urdf.json.JsonWriter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * JSON-lines request/response server: one JSON object per line in, one per line out.
 *
 * <p>Request {@code {"id": any, "method": "name", "params": {...}}}; response
 * {@code {"id": same, "result": ...}} or {@code {"id": same, "error": {"code": n, "message": "..."}}}.
 * Every malformed, unknown or oversized request gets an error response and the server keeps
 * serving. Each connection gets its own handler from the factory, so session state (a loaded robot)
 * is per connection, and a handler that is {@link AutoCloseable} is closed when its conversation ends;
 * TCP binds to loopback only.
 */
public final class JsonLinesServer implements AutoCloseable {
    /** Default largest request line: big enough for batch requests of ~10^5 configurations. */
    public static final int DEFAULT_MAX_REQUEST_BYTES = 64 << 20;

    private final Supplier<RequestHandler> handlers;
    private final int maxRequestBytes;
    private volatile ServerSocket serverSocket;
    private final ExecutorService connections;
    private final AtomicInteger served = new AtomicInteger();

    public JsonLinesServer(Supplier<RequestHandler> handlers, int maxRequestBytes) {
        if (maxRequestBytes < 64) {
            throw new IllegalArgumentException("maxRequestBytes must be at least 64, got " + maxRequestBytes);
        }
        this.handlers = handlers;
        this.maxRequestBytes = maxRequestBytes;
        AtomicInteger threadNo = new AtomicInteger();
        this.connections = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "collide4j-connection-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Serves one stream pair until end of input (stdio mode); returns the number of requests answered. */
    public int serve(InputStream in, OutputStream out) {
        RequestHandler handler = handlers.get();
        BoundedLineReader reader = new BoundedLineReader(in, maxRequestBytes);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        int count = 0;
        try {
            BoundedLineReader.Line line;
            while ((line = reader.next()) != null) {
                if (!line.oversized() && line.text().isBlank()) {
                    continue;
                }
                String response = respond(handler, line);
                count++;
                served.incrementAndGet(); // before the reply leaves, so a client never sees a stale count
                writer.write(response);
                writer.write('\n');
                writer.flush();
            }
        } catch (SocketException e) {
            // the peer went away: the conversation is over, not the server
        } catch (IOException e) {
            throw new UncheckedIOException("JSON-lines stream failed", e);
        } finally {
            if (handler instanceof AutoCloseable closeable) {
                try {
                    closeable.close();   // the session's resources (worker threads) end with its conversation
                } catch (Exception e) {
                    // releasing a session cannot fail the server
                }
            }
        }
        return count;
    }

    /** Starts accepting loopback TCP connections on {@code port} (0 picks a free one); returns the bound port. */
    public int listen(int port) {
        try {
            ServerSocket socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            serverSocket = socket;
            Thread acceptor = new Thread(() -> acceptLoop(socket), "collide4j-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    private void acceptLoop(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                connections.execute(() -> {
                    try (client) {
                        serve(client.getInputStream(), client.getOutputStream());
                    } catch (IOException | UncheckedIOException e) {
                        // one broken connection must not stop the others
                    }
                });
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    /** Requests answered so far, over all connections. */
    public int requestsServed() {
        return served.get();
    }

    @Override
    public void close() {
        ServerSocket s = serverSocket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing an already-broken socket has nothing left to report
            }
        }
        connections.shutdownNow();
    }

    private String respond(RequestHandler handler, BoundedLineReader.Line line) {
        if (line.oversized()) {
            return error(null, RequestException.REQUEST_TOO_LARGE, "request of " + line.length()
                    + " bytes exceeds the limit of " + maxRequestBytes + " bytes; split it into smaller batches");
        }
        Object id = null;
        try {
            Object parsed;
            try {
                parsed = Json.parse(line.text());
            } catch (JsonException e) {
                return error(null, RequestException.PARSE_ERROR, "malformed JSON: " + e.getMessage());
            }
            if (!(parsed instanceof Map<?, ?> request)) {
                return error(null, RequestException.INVALID_REQUEST, "a request must be a JSON object, got "
                        + Json.typeName(parsed));
            }
            id = request.get("id");
            Object method = request.get("method");
            if (!(method instanceof String name)) {
                throw new RequestException(RequestException.INVALID_REQUEST,
                        "field 'method' must be a string, got " + Json.typeName(method));
            }
            Object params = request.containsKey("params") ? request.get("params") : Map.of();
            if (!(params instanceof Map<?, ?>)) {
                throw new RequestException(RequestException.INVALID_PARAMS,
                        "field 'params' must be an object, got " + Json.typeName(params));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> typed = (Map<String, Object>) params;
            Object result = handler.handle(name, typed);
            Map<String, Object> response = new LinkedHashMap<>();
            response.put("id", id);
            response.put("result", result);
            return JsonWriter.write(response, false);
        } catch (RequestException e) {
            return error(id, e.code(), e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException | IndexOutOfBoundsException e) {
            return error(id, RequestException.INVALID_PARAMS, e.getMessage());
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return error(id, RequestException.INTERNAL_ERROR, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static String error(Object id, int code, String message) {
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("code", code);
        err.put("message", message == null ? "" : message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", id);
        response.put("error", err);
        return JsonWriter.write(response, false);
    }
}
