package io.collide4j.planner.server;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Answers one JSON-lines request. Implementations say what they do with a session's state;
 * a {@link RequestException} becomes an error response naming what was wrong, any other exception a generic
 * internal error (details in the server log) — the server keeps serving either way. A handler that can run
 * long calls {@link RequestContext#checkpoint()} between units of work.
 */
@FunctionalInterface
public interface RequestHandler {

    /**
     * Returns the result of {@code method} applied to {@code params} (an object, empty when the request had none):
     * maps, lists, strings, numbers, booleans and Jackson trees, written as JSON by the server.
     */
    Object handle(String method, ObjectNode params, RequestContext context);
}
