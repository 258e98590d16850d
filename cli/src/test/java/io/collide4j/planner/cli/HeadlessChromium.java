package io.collide4j.planner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * A headless Chromium driven over the DevTools protocol (JSON over a WebSocket, {@code java.net.http} only) for
 * the report's browser tests: navigate, evaluate, screenshot, and collect console errors and uncaught exceptions.
 * {@link #binary()} finds the browser (system property {@code collide4j.chromium}, else the Debian package's
 * {@code chromium} on the PATH); tests skip without one.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger nextId = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    /** Console errors, uncaught exceptions and error log entries, as text, in arrival order. */
    final List<String> errors = new CopyOnWriteArrayList<>();

    /** The browser executable, if any. */
    static Optional<Path> binary() {
        String given = System.getProperty("collide4j.chromium");
        if (given != null && !given.isBlank()) {
            return Optional.of(Path.of(given)).filter(Files::isExecutable);
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    HeadlessChromium(Path binary, int width, int height) throws Exception {
        profile = Files.createTempDirectory("collide4j-chromium-");
        process = new ProcessBuilder(
                        binary.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--use-angle=swiftshader",
                        "--enable-unsafe-swiftshader",
                        "--hide-scrollbars",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-port=0",
                        "--window-size=" + width + "," + height,
                        "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String browserWs = devToolsUrl();
        URI base = URI.create(browserWs.replaceFirst("^ws://", "http://").replaceFirst("/devtools/.*$", ""));
        HttpClient http = HttpClient.newHttpClient();
        String pageWs = null;
        for (int attempt = 0; attempt < 100 && pageWs == null; attempt++) {
            HttpResponse<String> list = http.send(
                    HttpRequest.newBuilder(base.resolve("/json/list"))
                            .timeout(TIMEOUT)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            for (JsonNode t : JSON.readTree(list.body())) {
                if (t.path("type").asText().equals("page")) {
                    pageWs = t.path("webSocketDebuggerUrl").asText();
                }
            }
            if (pageWs == null) {
                Thread.sleep(100);
            }
        }
        if (pageWs == null) {
            close();
            throw new IOException("chromium opened no page target");
        }
        socket = http.newWebSocketBuilder()
                .connectTimeout(TIMEOUT)
                .buildAsync(URI.create(pageWs), new Listener())
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        call("Runtime.enable", JSON.createObjectNode());
        call("Log.enable", JSON.createObjectNode());
        call("Page.enable", JSON.createObjectNode());
    }

    private String devToolsUrl() throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String line;
        while (System.nanoTime() < deadline && (line = r.readLine()) != null) {
            seen.append(line).append('\n');
            int at = line.indexOf("ws://");
            if (line.contains("DevTools listening on") && at >= 0) {
                Thread drain = new Thread(
                        () -> { // keep reading so the browser never blocks on a full pipe
                            try {
                                while (r.readLine() != null) {
                                    // discarded: chromium's own log lines
                                }
                            } catch (IOException ignored) {
                                // the browser went away
                            }
                        },
                        "chromium-stderr");
                drain.setDaemon(true);
                drain.start();
                return line.substring(at).trim();
            }
        }
        close();
        throw new IOException("chromium did not start its DevTools endpoint; it said:\n" + seen);
    }

    /** Sends one command and waits for its result; a protocol error is an exception. */
    JsonNode call(String method, ObjectNode params) {
        int id = nextId.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        msg.set("params", params);
        socket.sendText(msg.toString(), true).join();
        try {
            JsonNode r = f.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (r.has("error")) {
                throw new IllegalStateException(method + ": " + r.get("error"));
            }
            return r.path("result");
        } catch (Exception e) {
            throw new IllegalStateException(method + " failed: " + e, e);
        }
    }

    /** Evaluates an expression (promises awaited) and returns its value as JSON. */
    JsonNode eval(String expression) {
        JsonNode r = call(
                "Runtime.evaluate",
                JSON.createObjectNode()
                        .put("expression", expression)
                        .put("returnByValue", true)
                        .put("awaitPromise", true));
        if (r.has("exceptionDetails")) {
            throw new IllegalStateException(expression + " threw " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Opens a URL and waits until {@code readyExpression} is true (or a timeout). */
    void open(String url, String readyExpression) throws InterruptedException {
        call("Page.navigate", JSON.createObjectNode().put("url", url));
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (eval("Boolean(" + readyExpression + ")").asBoolean()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(
                url + ": not ready (" + readyExpression + ") after " + TIMEOUT + "; errors " + errors);
    }

    /** A PNG screenshot of the viewport, also written to {@code file}. */
    BufferedImage screenshot(Path file) throws IOException {
        byte[] png = Base64.getDecoder()
                .decode(call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"))
                        .path("data")
                        .asText());
        Files.createDirectories(file.getParent());
        Files.write(file, png);
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.abort();
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temp folder left behind is harmless
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                try {
                    handle(JSON.readTree(message));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e);
                }
            }
            ws.request(1);
            return null;
        }

        private void handle(JsonNode m) {
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    f.complete(m);
                }
                return;
            }
            String method = m.path("method").asText();
            JsonNode p = m.path("params");
            switch (method) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    if (p.path("type").asText().equals("error")
                            || p.path("type").asText().equals("assert")) {
                        errors.add("console.error: " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    JsonNode e = p.path("entry");
                    if (e.path("level").asText().equals("error")) {
                        errors.add("log (" + e.path("source").asText() + "): "
                                + e.path("text").asText());
                    }
                }
                default -> {
                    // other events are not needed
                }
            }
        }
    }

    /** Pixels of {@code img} inside the CSS-pixel box {x, y, w, h} for which {@code test} holds. */
    static int count(BufferedImage img, double[] box, java.util.function.IntPredicate test) {
        int n = 0;
        int x0 = (int) Math.max(0, Math.floor(box[0])), y0 = (int) Math.max(0, Math.floor(box[1]));
        int x1 = (int) Math.min(img.getWidth(), Math.ceil(box[0] + box[2]));
        int y1 = (int) Math.min(img.getHeight(), Math.ceil(box[1] + box[3]));
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                if (test.test(img.getRGB(x, y))) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Pixels inside the box where two same-size screenshots differ. */
    static int differing(BufferedImage a, BufferedImage b, double[] box) {
        int n = 0;
        int x0 = (int) Math.max(0, Math.floor(box[0])), y0 = (int) Math.max(0, Math.floor(box[1]));
        int x1 = (int) Math.min(Math.min(a.getWidth(), b.getWidth()), Math.ceil(box[0] + box[2]));
        int y1 = (int) Math.min(Math.min(a.getHeight(), b.getHeight()), Math.ceil(box[1] + box[3]));
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    n++;
                }
            }
        }
        return n;
    }

    static List<Double> numbers(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asDouble()));
        return out;
    }
}
