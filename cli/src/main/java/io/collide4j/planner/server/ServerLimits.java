package io.collide4j.planner.server;

import java.time.Duration;

/**
 * Every resource bound of the JSON-lines server under one name; {@code collide4j serve} sets each from
 * its option of the same name. Documented for clients in {@code cli/PROTOCOL.md}.
 *
 * @param maxRequestBytes  longest request line; longer ones are skipped unbuffered and answered −32001
 * @param maxNestingDepth  deepest JSON nesting of a request (arrays and objects); deeper is −32700
 * @param maxConnections   open TCP connections; at the limit a new one displaces the connection that has gone
 *                         longest without a complete request line and has none queued or running (sent one
 *                         −32003 line and closed); when every connection is busy the new one gets that line instead
 * @param idleTimeout      a TCP connection with no request in progress, none received and no answer sent for
 *                         this long (blank lines do not count) is sent one error line (−32004) and closed
 * @param requestTimeout   wall-clock budget of one request from the moment it starts; when it runs out the
 *                         request is answered −32002, its work is cancelled and the conversation ends
 *                         (its session may have been mid-computation). On TCP also the longest a request line
 *                         may take to arrive from its first byte (−32004, then the connection is closed): bytes
 *                         trickled in restart the idle timeout but not this one
 * @param maxEvaluations   largest distance-evaluation {@code budget} a request may ask for (load, certify):
 *                         bounds the work a cancelled request can still do inside one checker call
 */
public record ServerLimits(
        int maxRequestBytes,
        int maxNestingDepth,
        int maxConnections,
        Duration idleTimeout,
        Duration requestTimeout,
        long maxEvaluations) {
    public static final int DEFAULT_MAX_REQUEST_BYTES = 64 << 20;
    public static final int DEFAULT_MAX_NESTING_DEPTH = 64;
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofMinutes(2);
    public static final long DEFAULT_MAX_EVALUATIONS = 50_000_000L;

    public ServerLimits {
        if (maxRequestBytes < 64 || maxRequestBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxRequestBytes must be in 64 .. 2^31-9, got " + maxRequestBytes);
        }
        if (maxNestingDepth < 8 || maxNestingDepth > 10_000) {
            throw new IllegalArgumentException("maxNestingDepth must be in 8 .. 10000, got " + maxNestingDepth);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, got " + maxConnections);
        }
        positive(idleTimeout, "idleTimeout");
        positive(requestTimeout, "requestTimeout");
        if (maxEvaluations < 1) {
            throw new IllegalArgumentException("maxEvaluations must be at least 1, got " + maxEvaluations);
        }
    }

    /** The defaults above. */
    public static ServerLimits defaults() {
        return new ServerLimits(
                DEFAULT_MAX_REQUEST_BYTES,
                DEFAULT_MAX_NESTING_DEPTH,
                DEFAULT_MAX_CONNECTIONS,
                DEFAULT_IDLE_TIMEOUT,
                DEFAULT_REQUEST_TIMEOUT,
                DEFAULT_MAX_EVALUATIONS);
    }

    public ServerLimits withMaxRequestBytes(int bytes) {
        return new ServerLimits(bytes, maxNestingDepth, maxConnections, idleTimeout, requestTimeout, maxEvaluations);
    }

    public ServerLimits withMaxNestingDepth(int depth) {
        return new ServerLimits(maxRequestBytes, depth, maxConnections, idleTimeout, requestTimeout, maxEvaluations);
    }

    public ServerLimits withMaxConnections(int n) {
        return new ServerLimits(maxRequestBytes, maxNestingDepth, n, idleTimeout, requestTimeout, maxEvaluations);
    }

    public ServerLimits withIdleTimeout(Duration d) {
        return new ServerLimits(maxRequestBytes, maxNestingDepth, maxConnections, d, requestTimeout, maxEvaluations);
    }

    public ServerLimits withRequestTimeout(Duration d) {
        return new ServerLimits(maxRequestBytes, maxNestingDepth, maxConnections, idleTimeout, d, maxEvaluations);
    }

    public ServerLimits withMaxEvaluations(long n) {
        return new ServerLimits(maxRequestBytes, maxNestingDepth, maxConnections, idleTimeout, requestTimeout, n);
    }

    private static void positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }
}
