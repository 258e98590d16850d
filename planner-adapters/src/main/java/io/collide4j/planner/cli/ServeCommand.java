package io.collide4j.planner.cli;

import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.JsonLinesServer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j serve [--port N] [--max-request-bytes B]}: the JSON-lines collision server
 * (protocol: planner-adapters/PROTOCOL.md). Without {@code --port} it serves stdin/stdout until end of
 * input; with it, it listens on 127.0.0.1 (N = 0 picks a free port), prints
 * {@code listening 127.0.0.1:PORT} as the first stdout line and serves until the process is stopped
 * (stdin is not read, so it runs in the background too). Diagnostics go to stderr only.
 */
@Command(name = "serve", sortOptions = false, footer = Main.EXIT_CODES,
        description = "JSON-lines collision server on stdio or 127.0.0.1:PORT (planner-adapters/PROTOCOL.md).")
final class ServeCommand extends CliCommand {
    @Option(names = "--port", paramLabel = "N",
            description = "Listen on 127.0.0.1:N (0 picks a free port) instead of serving stdin/stdout.")
    long port = -1;

    @Option(names = "--max-request-bytes", paramLabel = "B", description = "Longest request line (default ${DEFAULT-VALUE}).")
    long max = JsonLinesServer.DEFAULT_MAX_REQUEST_BYTES;

    @Option(names = "--decompose",
            description = "Default of load's \"decompose\": meshes as convex decompositions (cached on disk) instead of one hull.")
    boolean decompose;

    @Override
    int run() {
        if (max < 64 || max > Integer.MAX_VALUE - 8) {
            throw new CliException(ExitCode.USAGE, "--max-request-bytes must be in 64 .. 2^31-9, got " + max);
        }
        if (port < -1 || port > 65535) {
            throw new CliException(ExitCode.USAGE, "--port must be 0 .. 65535, got " + port);
        }
        try (JsonLinesServer server = new JsonLinesServer(() -> new CollisionService(decompose), (int) max)) {
            if (port < 0) {
                int n = server.serve(System.in, out);
                err.println("collide4j serve: end of input after " + n + " requests");
                return ExitCode.FREE;
            }
            int bound = server.listen((int) port);
            out.println("listening 127.0.0.1:" + bound);
            out.flush();
            try {
                new java.util.concurrent.CountDownLatch(1).await();   // connections are served on their own threads
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            err.println("collide4j serve: interrupted after " + server.requestsServed() + " requests; stopping");
            return ExitCode.FREE;
        }
    }
}
