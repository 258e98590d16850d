package io.collide4j.planner.server;

/** A request the server understood but refuses; {@code code} follows JSON-RPC 2.0's numbering. */
public final class RequestException extends RuntimeException {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    public static final int REQUEST_TOO_LARGE = -32001;
    /** The request ran out of the server's per-request time budget (or was cancelled). */
    public static final int TIME_BUDGET_EXCEEDED = -32002;
    /** The server already has its maximum number of connections. */
    public static final int SERVER_BUSY = -32003;
    /** The connection was idle for longer than the server's idle timeout. */
    public static final int IDLE_TIMEOUT = -32004;

    private final int code;

    public RequestException(int code, String message) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }
}
