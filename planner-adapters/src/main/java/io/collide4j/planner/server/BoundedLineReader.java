package io.collide4j.planner.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads UTF-8 lines of at most {@code maxBytes}; a longer line is consumed and reported as
 * oversized instead of being buffered, so one huge request cannot exhaust memory. Not thread-safe.
 */
final class BoundedLineReader {
    /** A line, or the fact that the line was too long (its text is then null). */
    record Line(String text, long length, boolean oversized) {
    }

    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[8192];
    private int chunkPos;
    private int chunkLen;
    private byte[] line = new byte[1024];

    BoundedLineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its terminator (CR LF or LF), or null at end of stream. */
    Line next() throws IOException {
        int len = 0;
        long total = 0;
        boolean sawAny = false;
        while (true) {
            if (chunkPos == chunkLen) {
                chunkLen = in.read(chunk);
                chunkPos = 0;
                if (chunkLen <= 0) {
                    chunkLen = 0;
                    return sawAny ? finish(len, total) : null;
                }
            }
            sawAny = true;
            byte b = chunk[chunkPos++];
            if (b == '\n') {
                return finish(len, total);
            }
            total++;
            if (total <= maxBytes) {
                if (len == line.length) {
                    line = Arrays.copyOf(line, Math.min(maxBytes, line.length * 2));
                }
                line[len++] = b;
            }
        }
    }

    private Line finish(int len, long total) {
        if (total > maxBytes) {
            return new Line(null, total, true);
        }
        if (len > 0 && line[len - 1] == '\r') {
            len--;
        }
        return new Line(new String(line, 0, len, StandardCharsets.UTF_8), total, false);
    }
}
