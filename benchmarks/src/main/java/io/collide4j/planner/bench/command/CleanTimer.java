package io.collide4j.planner.bench.command;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Wall-clock timing of one call on a shared machine, as the FCL harness ({@code shared/peers/arm-bench},
 * {@code CleanTimer}) times its side: a measurement during which this thread was switched out (its context-switch
 * count, read from Linux's {@code /proc/thread-self/status} outside the timed window, changed) is repeated, up to
 * {@value #MAX_REPEATS} times. Where that file cannot be read every measurement counts as clean. One per thread.
 */
final class CleanTimer {
    static final int MAX_REPEATS = 50;
    private static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final byte[][] KEYS = {
        "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII),
        "\nnonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII)
    };

    private final ByteBuffer buffer = ByteBuffer.allocate(8192);
    private boolean available = true;
    private long measurements;
    private long repeats;
    private long gaveUp;

    /** Nanoseconds of one clean call of {@code call}; its result must not be null (it keeps the call alive). */
    long nanos(Supplier<?> call) {
        measurements++;
        for (int attempt = 0; ; attempt++) {
            long c0 = contextSwitches();
            long t0 = System.nanoTime();
            Object result = call.get();
            long t = System.nanoTime() - t0;
            if (result == null) {
                throw new IllegalStateException("timed call returned null");
            }
            boolean clean = contextSwitches() == c0;
            if (clean || attempt == MAX_REPEATS) {
                repeats += attempt;
                gaveUp += clean ? 0 : 1;
                return t;
            }
        }
    }

    /** One line for the output: measurements, repeated ones, and whether switches could be seen at all. */
    String summary() {
        return available
                ? String.format(
                        java.util.Locale.ROOT,
                        "%d measurements, %d repeated because this thread was"
                                + " switched out, %d still switched out after %d tries",
                        measurements,
                        repeats,
                        gaveUp,
                        MAX_REPEATS)
                : measurements + " measurements (context switches not readable here: none repeated)";
    }

    /** Voluntary plus involuntary context switches of this thread so far, or 0 where not readable. */
    private long contextSwitches() {
        if (!available) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(STATUS)) {
            buffer.clear();
            while (buffer.hasRemaining() && ch.read(buffer) > 0) {
                // read the whole file (about 1.5 kB)
            }
        } catch (IOException | UnsupportedOperationException e) {
            available = false;
            return 0;
        }
        long sum = 0;
        int found = 0;
        for (byte[] key : KEYS) {
            int i = indexOf(buffer.array(), buffer.position(), key);
            if (i >= 0) {
                int j = i + key.length;
                byte[] a = buffer.array();
                while (j < buffer.position() && (a[j] == ' ' || a[j] == '\t')) {
                    j++;
                }
                long v = 0;
                while (j < buffer.position() && a[j] >= '0' && a[j] <= '9') {
                    v = 10 * v + (a[j++] - '0');
                }
                sum += v;
                found++;
            }
        }
        if (found != 2) {
            available = false;
            return 0;
        }
        return sum;
    }

    private static int indexOf(byte[] a, int length, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= length; i++) {
            for (int k = 0; k < key.length; k++) {
                if (a[i + k] != key[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
