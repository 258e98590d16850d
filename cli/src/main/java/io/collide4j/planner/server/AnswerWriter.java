package io.collide4j.planner.server;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link Conversation}'s output: answer lines into one buffered writer under one lock. Thread-safe: the worker,
 * the reader (answering quick requests inline) and the watchdog all write; the watchdog reads
 * {@link #writingSince()} without the lock to break off a write the client does not read.
 */
final class AnswerWriter {
    private final Writer out;
    /** Held while writing; also guards {@link RunningRequest#answered} and {@link #unflushed} updates. */
    final ReentrantLock lock = new ReentrantLock();

    private volatile long writingSince; // nanoTime when a write under the lock began; 0 when none
    /** Answers written but held back for pipelined requests; set under the lock, read without it by the reader. */
    volatile boolean unflushed;

    AnswerWriter(OutputStream out) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 15);
    }

    /**
     * Writes one line (null: nothing, only the flush) under the lock; false when the client is gone. A write the
     * client does not read for longer than the idle timeout is broken off by the watchdog ({@link Conversation#tick}).
     */
    boolean writeLine(String line, boolean flush) {
        lock.lock();
        writingSince = System.nanoTime() | 1;
        try {
            if (line != null) {
                out.write(line);
                out.write('\n');
            }
            if (flush) {
                out.flush();
            }
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            writingSince = 0;
            lock.unlock();
        }
    }

    /** When the write in progress began (nanoTime), or 0 when none is. */
    long writingSince() {
        return writingSince;
    }
}
