package io.collide4j.planner.server;

import java.util.Map;

/**
 * Answers one JSON-lines request. Implementations say what they do with a session's state;
 * a {@link RequestException} becomes an error response, any other exception an internal error —
 * the server keeps serving either way.
 */
@FunctionalInterface
public interface RequestHandler {

    /** Returns the JSON-serialisable result of {@code method} applied to {@code params} (never null params). */
    Object handle(String method, Map<String, Object> params);
}
