package io.collide4j.planner.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The request a {@link Conversation} is answering, as its watchdog sees it: past {@code forcedDeadline} the watchdog
 * takes over the answer ({@code overrun}). {@code answered} is guarded by the conversation's write lock.
 */
final class RunningRequest {
    final RequestContext context;
    final JsonNode id;
    final String method;
    final long forcedDeadline;
    final AtomicBoolean overrun = new AtomicBoolean(); // the watchdog has taken over its answer
    boolean answered;

    RunningRequest(RequestContext context, JsonNode id, String method, long forcedDeadline) {
        this.context = context;
        this.id = id;
        this.method = method;
        this.forcedDeadline = forcedDeadline;
    }
}
