package io.collide4j.planner.server;

/**
 * The running request's cancellation state: a deadline (the server's per-request time budget) and a flag the
 * server sets when the client goes away or the budget is spent. Long handlers call {@link #checkpoint()}
 * between units of work (batch chunks, certification steps). Thread-safe: the server cancels from its own
 * threads while the handler runs.
 */
public final class RequestContext {
    private final long deadlineNanos;
    private volatile String cancelled;

    RequestContext(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    /** A context without a deadline that is never cancelled (handlers driven directly, e.g. in tests). */
    public static RequestContext unbounded() {
        return new RequestContext(Long.MAX_VALUE);
    }

    /** Throws {@link RequestCancelledException} when the request was cancelled or its deadline has passed. */
    public void checkpoint() {
        String why = cancelled;
        if (why != null) {
            throw new RequestCancelledException(why);
        }
        if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos > 0) {
            throw new RequestCancelledException("time budget exceeded");
        }
    }

    /** True once {@link #cancel} was called. */
    public boolean isCancelled() {
        return cancelled != null;
    }

    void cancel(String why) {
        cancelled = why;
    }

    /** Thrown by {@link #checkpoint()}; the server answers it (if anyone is still listening) with −32002. */
    public static final class RequestCancelledException extends RuntimeException {
        RequestCancelledException(String why) {
            super(why, null, false, false);
        }
    }
}
