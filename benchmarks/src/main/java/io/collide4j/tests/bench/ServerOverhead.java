package io.collide4j.tests.bench;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.JsonLinesServer;
import io.collide4j.planner.server.ServerLimits;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Server CPU per {@code isValid} request beyond the check itself: the same fixed-seed Panda states (table_shelf),
 * checked (a) directly on a {@link Collide4j} and (b) as JSON-lines requests through the whole server path of one
 * stdio conversation (reader thread, queue, parsing, dispatch, the check, the response line), pipelined from memory
 * into a discarding output, so no kernel I/O is counted; CPU time is counted from the answer to the {@code load}
 * request on, so that the load's model build (tens of milliseconds) is not counted as per-request overhead.
 * Pipelined, the reader stays ahead of the worker, so (b) measures the queued path; the one-at-a-time TCP figure
 * measures quick requests answered on the reader thread. (b) is the process CPU time (all threads: reader, worker,
 * JIT, GC) per request; the overhead is (b) − (a). Rounds alternate; medians are printed.
 * {@code java -cp cli/target/collide4j.jar:benchmarks/target/classes io.collide4j.tests.bench.ServerOverhead
 * [requests] [rounds]} (default 100000 × 7). Also {@code isValidMany} of the same states in requests of 64
 * ({@code -Dbench.singleOnly=true}: not, for a baseline on a server without that method).
 */
public final class ServerOverhead {
    private static final double[] LOWER = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
    private static final double[] UPPER = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};
    private static final String LOAD =
            "{\"id\":0,\"method\":\"load\",\"params\":{\"robot\":\"panda\",\"scene\":\"table_shelf\"}}";

    private ServerOverhead() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        double[][] qs = states(n);
        byte[] single = requests(qs, 1);
        byte[] many = requests(qs, 64);
        Collide4j c = Collide4j.bundled("panda", "table_shelf");
        boolean withMany = !Boolean.getBoolean("bench.singleOnly"); // for a server without isValidMany
        int tcpN = Math.max(1, n / 5);
        double[] direct = new double[rounds],
                served = new double[rounds],
                servedMany = new double[rounds],
                tcp = new double[rounds],
                echo = new double[rounds];
        for (int r = -2; r < rounds; r++) { // two warm-up rounds
            double d = directNanos(c, qs), s = servedNanos(single, n), m = withMany ? servedNanos(many, n) : Double.NaN;
            double t = tcpNanos(single, tcpN), e = echoNanos(single, tcpN);
            if (r >= 0) {
                echo[r] = e;
                direct[r] = d;
                served[r] = s;
                servedMany[r] = m;
                tcp[r] = t;
            }
        }
        double d = median(direct), s = median(served), m = median(servedMany), t = median(tcp), e = median(echo);
        System.out.printf(
                Locale.ROOT,
                "%d states, %d rounds, %d cores (medians, CPU time)%n",
                n,
                rounds,
                Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "isValid in the JVM        %7.2f us%n", d / 1e3);
        System.out.printf(
                Locale.ROOT,
                "isValid request (server)  %7.2f us  -> %6.2f us per request beyond the check%n",
                s / 1e3,
                (s - d) / 1e3);
        System.out.printf(
                Locale.ROOT,
                "isValid over TCP, one at a time: server threads %7.2f us -> %6.2f us beyond the"
                        + " check (%d requests; kernel send/receive work on the server's threads included)%n",
                t / 1e3,
                (t - d) / 1e3,
                tcpN);
        System.out.printf(
                Locale.ROOT,
                "  of which a one-thread echo server's read and write of the same lines: %6.2f us -> %6.2f us"
                        + " beyond the check and that floor%n",
                e / 1e3,
                (t - d - e) / 1e3);
        System.out.printf(
                Locale.ROOT,
                "isValidMany, 64 a request %7.2f us per state -> %6.2f us beyond the check%n",
                m / 1e3,
                (m - d) / 1e3);
    }

    public static double[][] states(int n) {
        SplittableRandom rnd = new SplittableRandom(11);
        double[][] qs = new double[n][7];
        for (double[] q : qs) {
            for (int j = 0; j < 7; j++) {
                q[j] = LOWER[j] + rnd.nextDouble() * (UPPER[j] - LOWER[j]);
            }
        }
        return qs;
    }

    /** The load request, then the states as isValid requests (per = 1) or isValidMany requests of {@code per}. */
    static byte[] requests(double[][] qs, int per) {
        StringBuilder b = new StringBuilder(LOAD).append('\n');
        for (int i = 0; i < qs.length; i += per) {
            if (per == 1) {
                b.append("{\"id\":").append(i + 1).append(",\"method\":\"isValid\",\"params\":{\"q\":");
                append(b, qs[i]);
            } else {
                b.append("{\"id\":").append(i + 1).append(",\"method\":\"isValidMany\",\"params\":{\"states\":[");
                for (int k = i; k < Math.min(qs.length, i + per); k++) {
                    b.append(k == i ? "" : ",");
                    append(b, qs[k]);
                }
                b.append(']');
            }
            b.append("}}\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void append(StringBuilder b, double[] q) {
        b.append('[');
        for (int j = 0; j < q.length; j++) {
            b.append(j == 0 ? "" : ",").append(q[j]);
        }
        b.append(']');
    }

    static double directNanos(Collide4j c, double[][] qs) {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long t0 = threads.getCurrentThreadCpuTime(); // this thread only, at nanosecond resolution
        int valid = 0;
        for (double[] q : qs) {
            valid += c.isValid(q) ? 1 : 0;
        }
        if (valid > qs.length) {
            throw new IllegalStateException();
        }
        return (double) (threads.getCurrentThreadCpuTime() - t0) / qs.length;
    }

    static double servedNanos(byte[] input, int states) {
        JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults());
        CountingSink sink = new CountingSink();
        int answered = server.serve(new ByteArrayInputStream(input), sink);
        long t = cpu() - sink.afterLoad; // from the load's answer on: the load's model build is no request overhead
        server.close();
        if (sink.lines != answered || sink.errors > 0) {
            throw new IllegalStateException(
                    answered + " answered, " + sink.lines + " lines, " + sink.errors + " errors");
        }
        return (double) t / states;
    }

    /**
     * CPU time of every thread but this one (the client) per request, for the first {@code n} isValid requests of
     * {@code input} sent over loopback TCP one at a time (each answer read before the next request is sent).
     */
    static double tcpNanos(byte[] input, int n) {
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n");
        try (JsonLinesServer server = new JsonLinesServer(CollisionService::new, ServerLimits.defaults());
                java.net.Socket socket =
                        new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), server.listen(0))) {
            socket.setTcpNoDelay(true);
            java.io.Writer w = new java.io.OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            java.io.BufferedReader r = new java.io.BufferedReader(
                    new java.io.InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            exchange(w, r, lines[0]); // load
            java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long before = othersCpu(threads);
            for (int i = 1; i <= n; i++) {
                exchange(w, r, lines[i]);
            }
            return (double) (othersCpu(threads) - before) / n;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The floor of {@link #tcpNanos}: CPU time per request of a one-thread server that reads each line from the
     * socket and writes a fixed answer (the kernel's send and receive work and the plainest Java stream I/O).
     */
    static double echoNanos(byte[] input, int n) {
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n");
        try (java.net.ServerSocket listener =
                        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                java.net.Socket socket =
                        new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
            Thread echo = new Thread(
                    () -> {
                        try (java.net.Socket s = listener.accept()) {
                            s.setTcpNoDelay(true);
                            java.io.BufferedReader in = new java.io.BufferedReader(
                                    new java.io.InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                            java.io.Writer out = new java.io.BufferedWriter(
                                    new java.io.OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8));
                            String line;
                            while ((line = in.readLine()) != null) {
                                out.write(line.isEmpty() ? "\n" : "{\"id\":1,\"result\":{\"valid\":true}}\n");
                                out.flush();
                            }
                        } catch (java.io.IOException ignored) {
                            // the client closed the connection: done
                        }
                    },
                    "echo-floor");
            echo.start();
            socket.setTcpNoDelay(true);
            java.io.Writer w = new java.io.OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            java.io.BufferedReader r = new java.io.BufferedReader(
                    new java.io.InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            exchange(w, r, lines[0]);
            java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long before = threads.getThreadCpuTime(echo.getId());
            for (int i = 1; i <= n; i++) {
                exchange(w, r, lines[i]);
            }
            return (double) (threads.getThreadCpuTime(echo.getId()) - before) / n;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void exchange(java.io.Writer w, java.io.BufferedReader r, String request)
            throws java.io.IOException {
        w.write(request);
        w.write('\n');
        w.flush();
        String answer = r.readLine();
        if (answer == null || !answer.contains("\"result\"")) {
            throw new IllegalStateException("bad answer to " + request + ": " + answer);
        }
    }

    private static long othersCpu(java.lang.management.ThreadMXBean threads) {
        long self = Thread.currentThread().getId(), sum = 0;
        for (long id : threads.getAllThreadIds()) {
            long t = id == self ? -1 : threads.getThreadCpuTime(id);
            sum += Math.max(0, t);
        }
        return sum;
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /**
     * Discards the output, counting lines and error answers ({@code "error":} anywhere); no allocation. Notes the process
     * CPU time when the first line (the load's answer) is complete.
     */
    private static final class CountingSink extends OutputStream {
        private static final byte[] ERROR = "\"error\":".getBytes(StandardCharsets.UTF_8);
        long afterLoad;
        int lines;
        int errors;
        private int matched;

        @Override
        public void write(int b) {
            if (b == '\n' && lines++ == 0) {
                afterLoad = cpu();
            }
            matched = b == ERROR[matched] ? matched + 1 : b == ERROR[0] ? 1 : 0;
            if (matched == ERROR.length) {
                errors++;
                matched = 0;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }
    }
}
