package io.collide4j.planner.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads UTF-8 lines of at most {@code maxBytes}; a longer line is consumed and reported as
 * oversized instead of being buffered, so one huge request cannot exhaust memory. A read that times out
 * ({@link java.net.SocketTimeoutException}) loses nothing: the next call goes on with the same line. Not thread-safe,
 * except {@link #lineStartedNanos()}.
 */
final class BoundedLineReader {
    /**
     * A line, or the fact that the line was too long (its text is then null); {@code notUtf8} describes where the
     * line's bytes are not UTF-8 (null when they are): decoding would have replaced them with U+FFFD, so that an id
     * or a name would no longer be what the client sent.
     */
    record Line(String text, long length, boolean oversized, String notUtf8) {
        Line(String text, long length, boolean oversized) {
            this(text, length, oversized, null);
        }
    }

    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[8192];
    private int chunkPos;
    private int chunkLen;
    private byte[] line = new byte[1024];
    private int len; // bytes of the current line kept so far
    private long total; // bytes of the current line seen so far
    private boolean sawAny; // the current line has started
    private volatile long lineStartedNanos; // System.nanoTime() | 1 at the current line's first byte; 0 between lines

    BoundedLineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its terminator (CR LF or LF), or null at end of stream. */
    Line next() throws IOException {
        while (true) {
            if (chunkPos == chunkLen) {
                chunkLen = in.read(chunk);
                chunkPos = 0;
                if (chunkLen <= 0) {
                    chunkLen = 0;
                    return sawAny ? finish() : null;
                }
            }
            if (!sawAny) {
                sawAny = true;
                lineStartedNanos = System.nanoTime() | 1;
            }
            byte b = chunk[chunkPos++];
            if (b == '\n') {
                return finish();
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

    private Line finish() {
        long seen = total;
        int kept = len;
        len = 0;
        total = 0;
        sawAny = false;
        lineStartedNanos = 0;
        if (seen > maxBytes) {
            line = new byte[1024]; // an idle connection keeps no large buffer
            return new Line(null, seen, true);
        }
        if (kept > 0 && line[kept - 1] == '\r') {
            kept--;
        }
        String text = new String(line, 0, kept, StandardCharsets.UTF_8);
        // the decoder replaces malformed input with U+FFFD: only a line showing one can be malformed (fast path)
        Line out = new Line(text, seen, false, text.indexOf('\uFFFD') < 0 ? null : malformedAt(line, kept));
        if (line.length > 1 << 16) {
            line = new byte[1024];
        }
        return out;
    }

    /** Where {@code bytes[0, n)} stop being UTF-8 ("byte 17: 0xff"), or null when they are UTF-8 (a real U+FFFD). */
    private static String malformedAt(byte[] bytes, int n) {
        java.nio.charset.CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, 0, n);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(n);
        java.nio.charset.CoderResult r = d.decode(in, out, true);
        if (!r.isError()) {
            r = d.flush(out);
        }
        return r.isError()
                ? "byte " + (in.position() + 1) + ": 0x" + String.format("%02x", bytes[in.position()] & 0xff)
                : null;
    }

    /**
     * When the line being read got its first byte ({@code System.nanoTime()}, never 0), or 0 when no line is in
     * progress. The one member safe to call from another thread: the server's watchdog reads it to cut off a line
     * that is trickled in too slowly.
     */
    long lineStartedNanos() {
        return lineStartedNanos;
    }

    /**
     * True when the bytes already read ahead hold the end of another line, so {@link #next} returns without waiting
     * for the client; false means the next call may block.
     */
    boolean hasCompleteLine() {
        for (int i = chunkPos; i < chunkLen; i++) {
            if (chunk[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    /** True when part of a line has been read but not its end. */
    boolean midLine() {
        return sawAny;
    }
}
