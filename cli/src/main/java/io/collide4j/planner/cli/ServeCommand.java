package io.collide4j.planner.cli;

import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.FileRoots;
import io.collide4j.planner.server.JsonLinesServer;
import io.collide4j.planner.server.ServerLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j serve [--port N] [--root DIR]... [limits]}: the JSON-lines collision server
 * (protocol and limits: cli/PROTOCOL.md). Without {@code --port} it serves stdin/stdout until end
 * of input; with it, it listens on 127.0.0.1 (N = 0 picks a free port), prints
 * {@code listening 127.0.0.1:PORT} as the first stdout line and serves until the process is stopped
 * (stdin is not read, so it runs in the background too). The server log (SLF4J) goes to stderr only.
 */
@Command(
        name = "serve",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "JSON-lines collision server on stdio or 127.0.0.1:PORT (cli/PROTOCOL.md).")
final class ServeCommand extends CliCommand {
    @Option(
            names = "--port",
            paramLabel = "N",
            description = "Listen on 127.0.0.1:N (0 picks a free port) instead of serving stdin/stdout.")
    Long port; // null: stdio; a sentinel such as -1 would make "--port -1" serve stdio instead of being refused

    @Option(
            names = "--root",
            paramLabel = "DIR",
            description = "A folder whose files clients may load (repeatable). Default: none, so clients can use only"
                    + " bundled models and inline scenes.")
    List<Path> roots = new ArrayList<>();

    @Option(
            names = "--max-request-bytes",
            paramLabel = "B",
            description = "Longest request line (default ${DEFAULT-VALUE}).")
    long max = ServerLimits.DEFAULT_MAX_REQUEST_BYTES;

    @Option(
            names = "--max-nesting-depth",
            paramLabel = "D",
            description = "Deepest JSON nesting of a request (default ${DEFAULT-VALUE}).")
    int maxNestingDepth = ServerLimits.DEFAULT_MAX_NESTING_DEPTH;

    @Option(
            names = "--max-connections",
            paramLabel = "N",
            description =
                    "Open TCP connections; the next is answered with an error line and closed (default ${DEFAULT-VALUE}).")
    int maxConnections = ServerLimits.DEFAULT_MAX_CONNECTIONS;

    @Option(
            names = "--idle-timeout",
            paramLabel = "SECONDS",
            description = "Close a TCP connection with no request for this long (default ${DEFAULT-VALUE}).")
    double idleSeconds = ServerLimits.DEFAULT_IDLE_TIMEOUT.toMillis() / 1000.0;

    @Option(
            names = "--request-timeout",
            paramLabel = "SECONDS",
            description =
                    "Time budget of one request; past it the request is answered with an error (default ${DEFAULT-VALUE}).")
    double requestSeconds = ServerLimits.DEFAULT_REQUEST_TIMEOUT.toMillis() / 1000.0;

    @Option(
            names = "--max-evaluations",
            paramLabel = "N",
            description = "Largest distance-evaluation budget a request may ask for (default ${DEFAULT-VALUE}).")
    long maxEvaluations = ServerLimits.DEFAULT_MAX_EVALUATIONS;

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            description =
                    "Server log level on stderr: error, warn, info or debug (one line per request) (default ${DEFAULT-VALUE}).")
    String logLevel = "info";

    @Option(
            names = "--decompose",
            description =
                    "Default of load's \"decompose\": every mesh as a convex decomposition (cached on disk) instead"
                            + " of one hull. Without it, only links far from convex are decomposed.")
    boolean decompose;

    @Option(
            names = "--no-decompose",
            description = "Default of load's \"decompose\": one hull per mesh, also for links far from convex.")
    boolean noDecompose;

    @Override
    public int run() {
        if (decompose && noDecompose) {
            throw new CliException(ExitCode.USAGE, "give --decompose or --no-decompose, not both");
        }
        DecompositionMode mode =
                decompose ? DecompositionMode.ALL : noDecompose ? DecompositionMode.HULLS : DecompositionMode.CONCAVE;
        if (max < 64 || max > Integer.MAX_VALUE - 8) {
            throw new CliException(ExitCode.USAGE, "--max-request-bytes must be in 64 .. 2^31-9, got " + max);
        }
        if (port != null && (port < 0 || port > 65535)) {
            throw new CliException(ExitCode.USAGE, "--port must be 0 .. 65535, got " + port);
        }
        String level = logLevel.toLowerCase(Locale.ROOT);
        if (!List.of("error", "warn", "info", "debug", "trace").contains(level)) {
            throw new CliException(
                    ExitCode.USAGE, "--log-level must be error, warn, info or debug, got '" + logLevel + "'");
        }
        ServerLimits limits;
        FileRoots files;
        try {
            limits = new ServerLimits(
                    (int) max,
                    maxNestingDepth,
                    maxConnections,
                    seconds(idleSeconds, "--idle-timeout"),
                    seconds(requestSeconds, "--request-timeout"),
                    maxEvaluations);
        } catch (IllegalArgumentException e) { // ServerLimits checks every bound; its messages start with the field
            String m = e.getMessage();
            for (String[] fieldOption : new String[][] {
                {"maxRequestBytes", "--max-request-bytes"},
                {"maxNestingDepth", "--max-nesting-depth"},
                {"maxConnections", "--max-connections"},
                {"maxEvaluations", "--max-evaluations"}
            }) {
                m = m.replace(fieldOption[0], fieldOption[1]);
            }
            throw new CliException(ExitCode.USAGE, m);
        }
        try {
            files = FileRoots.of(roots);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.NO_INPUT, "--" + e.getMessage());
        }
        // slf4j-simple reads its settings once, when the first logger is made: before any server class loads
        System.setProperty("org.slf4j.simpleLogger.log.io.collide4j", level);
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        try (JsonLinesServer server = new JsonLinesServer(() -> new CollisionService(files, limits, mode), limits)) {
            if (port == null) {
                int n = server.serve(System.in, out);
                err.println("collide4j serve: end of input after " + n + " requests");
                return ExitCode.FREE.status();
            }
            int bound = server.listen(port.intValue());
            out.println("listening 127.0.0.1:" + bound);
            out.flush();
            try {
                new java.util.concurrent.CountDownLatch(1).await(); // connections are served on their own threads
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            err.println("collide4j serve: interrupted after " + server.requestsServed() + " requests; stopping");
            return ExitCode.FREE.status();
        }
    }

    private static Duration seconds(double s, String option) {
        if (!(s > 0) || !Double.isFinite(s) || s > 1e9) {
            throw new CliException(
                    ExitCode.USAGE,
                    option + " must be a positive number of seconds, at most 1e9 (about" + " 32 years), got " + s);
        }
        return Duration.ofNanos((long) Math.ceil(s * 1e9));
    }
}
