package io.collide4j.checker.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed set of daemon worker threads running index ranges in parallel; worker w always receives index w, so
 * callers keep one scratch object per worker and items allocate nothing.
 *
 * <p>{@link #forEach} is synchronized: one parallel loop at a time, which is what makes the per-worker scratch
 * safe. Work is handed out in blocks through one atomic counter (dynamic balancing for uneven items).
 */
final class WorkerPool implements AutoCloseable {

    /** Body of a parallel loop: process items [from, to) with the scratch of worker {@code worker}. */
    @FunctionalInterface
    interface RangeBody {
        void run(int worker, int from, int to);
    }

    private final int threads;
    private final ExecutorService executor; // null for a single thread: run inline

    WorkerPool(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be >= 1, got " + threads);
        }
        this.threads = threads;
        if (threads == 1) {
            executor = null;
        } else {
            AtomicInteger id = new AtomicInteger();
            ThreadFactory tf = r -> {
                Thread t = new Thread(r, "collide4j-batch-" + id.getAndIncrement());
                t.setDaemon(true);
                return t;
            };
            executor = Executors.newFixedThreadPool(threads, tf);
        }
    }

    int threads() {
        return threads;
    }

    /** Runs body over [0, n) in blocks of {@code block} items; rethrows the first failure unchanged. */
    synchronized void forEach(int n, int block, RangeBody body) {
        if (n <= 0) {
            return;
        }
        if (executor == null || n <= block) {
            body.run(0, 0, n);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        int workers = Math.min(threads, (n + block - 1) / block);
        List<Future<?>> futures = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            final int worker = w;
            futures.add(executor.submit(() -> {
                int from;
                while ((from = next.getAndAdd(block)) < n) {
                    body.run(worker, from, Math.min(n, from + block));
                }
            }));
        }
        RuntimeException failure = null;
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException re
                            ? re
                            : new IllegalStateException("batch worker failed", e.getCause());
                }
                next.set(n); // stop handing out work
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for batch workers", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
