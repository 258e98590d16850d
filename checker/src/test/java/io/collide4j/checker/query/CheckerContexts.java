package io.collide4j.checker.query;

import java.util.IdentityHashMap;
import java.util.Map;

/** One reusable query context per checker for single-threaded tests. */
final class CheckerContexts {
    private static final Map<CollisionChecker, QueryContext> CONTEXTS = new IdentityHashMap<>();

    private CheckerContexts() {}

    static synchronized QueryContext of(CollisionChecker c) {
        return CONTEXTS.computeIfAbsent(c, CollisionChecker::newContext);
    }
}
