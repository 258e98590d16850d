package io.collide4j.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.JsonLinesServer;
import io.collide4j.planner.server.ServerLimits;
import io.collide4j.tests.bench.ServerLoad;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Concurrent pipelining clients on 127.0.0.1 get exactly the answers one client gets, matched to their ids.
 * Bounded: 4 clients × 300 requests per method by default (a few seconds); the 8 × 20000 with
 * {@code -Dcollide4j.serverLoad.clients=8 -Dcollide4j.serverLoad.requests=20000}. Speed is measured by
 * {@link ServerLoad#main}, not here.
 */
class ServerLoadTest {
    private static final int CLIENTS = Integer.getInteger("collide4j.serverLoad.clients", 4);
    private static final int REQUESTS = Integer.getInteger("collide4j.serverLoad.requests", 300);

    @Test
    void everyConcurrentAnswerEqualsTheSingleClientAnswer() throws Exception {
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults())) {
            int port = server.listen(0);
            for (ServerLoad.Method m : ServerLoad.Method.values()) {
                List<String> requests = ServerLoad.requests(m, REQUESTS, 7);
                // the reference: one client asking one request at a time, nothing else running
                String[] reference = ServerLoad.oneAtATime(port, requests);
                List<String> kinds = new ArrayList<>();
                for (String r : reference) {
                    kinds.add(r.contains("\"valid\":true") ? "valid" : "invalid");
                }
                assertTrue(
                        kinds.contains("valid") && kinds.contains("invalid"),
                        m + ": the requests must exercise both answers, got "
                                + kinds.stream().distinct().toList());
                ServerLoad.Run run = ServerLoad.concurrent(port, CLIENTS, requests, reference);
                assertEquals(0, run.mismatches(), m + ": answers under load differ from the single client's");
            }
        }
    }
}
