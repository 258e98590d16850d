package io.collide4j.tests.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.JsonLinesServer;
import io.collide4j.planner.server.ServerLimits;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Load on the JSON-lines server over 127.0.0.1: clients that each load the bundled Panda in table_shelf and
 * pipeline the same fixed-seed requests (isValid of states uniform in the joint limits, or checkMotion of 0.3 rad
 * steps from them, as a planner extends its tree), every answer checked against one client's answers. Used by
 * {@code ServerLoadTest} (small, bounded) and as a benchmark:
 * {@code java -cp <tests classpath> io.collide4j.tests.bench.ServerLoad [clients] [requests] [port]} (default
 * 8 × 20000) prints requests per second for each method, against an in-process server or, given a port, a
 * {@code collide4j serve --port} already running (e.g. another build, for a baseline on the same machine).
 * Only ever connects to 127.0.0.1.
 */
public final class ServerLoad {
    public static final String LOAD =
            "{\"id\":\"load\",\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double[] LOWER = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
    private static final double[] UPPER = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};

    private ServerLoad() {}

    /** The methods measured. */
    public enum Method {
        IS_VALID,
        CHECK_MOTION
    }

    /** {@code n} requests of one method with ids 0 .. n-1, from a fixed seed. */
    public static List<String> requests(Method method, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double[] q = new double[7];
            for (int j = 0; j < 7; j++) {
                q[j] = LOWER[j] + rnd.nextDouble() * (UPPER[j] - LOWER[j]);
            }
            if (method == Method.IS_VALID) {
                out.add("{\"id\":" + i + ",\"method\":\"isValid\",\"params\":{\"q\":" + array(q) + "}}");
            } else {
                double[] q1 = new double[7];
                for (int j = 0; j < 7; j++) {
                    q1[j] = Math.min(UPPER[j], Math.max(LOWER[j], q[j] + (rnd.nextDouble() * 2 - 1) * 0.3));
                }
                out.add("{\"id\":" + i + ",\"method\":\"checkMotion\",\"params\":{\"q0\":" + array(q) + ",\"q1\":"
                        + array(q1) + "}}");
            }
        }
        return out;
    }

    private static String array(double[] q) {
        StringBuilder b = new StringBuilder("[");
        for (int j = 0; j < q.length; j++) {
            b.append(j == 0 ? "" : ",").append(q[j]);
        }
        return b.append(']').toString();
    }

    /**
     * One client: loads the robot, then sends every request while a second thread reads the answers; returns the
     * result of request i (as JSON text) at index i. Fails on an error answer, an unknown or repeated id, or a
     * missing answer.
     */
    public static String[] client(int port, List<String> requests) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(120_000);
            Writer w = new BufferedWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
            BufferedReader r =
                    new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8), 1 << 16);
            w.write(LOAD + "\n");
            w.flush();
            JsonNode loaded = MAPPER.readTree(r.readLine());
            if (!loaded.has("result")) {
                throw new IllegalStateException("load failed: " + loaded);
            }
            String[] answers = new String[requests.size()];
            Thread sender = new Thread(
                    () -> {
                        try {
                            for (String q : requests) {
                                w.write(q);
                                w.write('\n');
                            }
                            w.flush();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    "load-client-sender");
            sender.start();
            for (int k = 0; k < requests.size(); k++) {
                String line = r.readLine();
                if (line == null) {
                    throw new IllegalStateException("the server closed the connection after " + k + " answers");
                }
                JsonNode a = MAPPER.readTree(line);
                if (!a.has("result") || !a.get("id").canConvertToInt()) {
                    throw new IllegalStateException("bad answer: " + line);
                }
                int id = a.get("id").intValue();
                if (id < 0 || id >= answers.length || answers[id] != null) {
                    throw new IllegalStateException("unknown or repeated id in " + line);
                }
                answers[id] = a.get("result").toString();
            }
            sender.join();
            return answers;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One client asking one request at a time (nothing pipelined): the plainest way to get the answers. */
    public static String[] oneAtATime(int port, List<String> requests) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(120_000);
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String[] answers = new String[requests.size()];
            w.write(LOAD + "\n");
            w.flush();
            r.readLine();
            for (int i = 0; i < answers.length; i++) {
                w.write(requests.get(i) + "\n");
                w.flush();
                JsonNode a = MAPPER.readTree(r.readLine());
                if (!a.has("result") || a.get("id").intValue() != i) {
                    throw new IllegalStateException("bad answer to request " + i + ": " + a);
                }
                answers[i] = a.get("result").toString();
            }
            return answers;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Result of one run: wall time of the concurrent phase and how many answers differed from the reference. */
    public record Run(int clients, int requests, double seconds, int mismatches) {
        public double requestsPerSecond() {
            return clients * (double) requests / seconds;
        }
    }

    /** {@code clients} concurrent clients, each sending all {@code requests}; answers compared with {@code reference}. */
    public static Run concurrent(int port, int clients, List<String> requests, String[] reference) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            long t0 = System.nanoTime();
            List<Future<String[]>> runs = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                runs.add(pool.submit(() -> client(port, requests)));
            }
            int mismatches = 0;
            for (Future<String[]> f : runs) {
                String[] got = f.get();
                for (int i = 0; i < got.length; i++) {
                    if (!got[i].equals(reference[i])) {
                        mismatches++;
                    }
                }
            }
            return new Run(clients, requests.size(), (System.nanoTime() - t0) / 1e9, mismatches);
        } finally {
            pool.shutdownNow();
        }
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        ServerLimits limits = ServerLimits.defaults();
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, limits)) {
            int port = args.length > 2 ? Integer.parseInt(args[2]) : server.listen(0);
            for (Method m : Method.values()) {
                List<String> requests = requests(m, n, 42);
                client(port, requests.subList(0, Math.min(n, 2000))); // warm-up
                long t0 = System.nanoTime();
                String[] reference = client(port, requests);
                double single = n / ((System.nanoTime() - t0) / 1e9);
                Run run = concurrent(port, clients, requests, reference);
                Runtime rt = Runtime.getRuntime();
                System.out.printf(
                        Locale.ROOT,
                        "%-12s 1 client: %,9.0f req/s | %d clients x %d: %,9.0f req/s in %.1f s,"
                                + " %d answers differ from the single client's; %d cores%n",
                        m,
                        single,
                        clients,
                        n,
                        run.requestsPerSecond(),
                        run.seconds(),
                        run.mismatches(),
                        rt.availableProcessors());
            }
        }
    }
}
