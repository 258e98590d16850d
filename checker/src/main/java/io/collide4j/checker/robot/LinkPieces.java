package io.collide4j.checker.robot;

import io.collide4j.urdf.Geometry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The convex pieces of a robot's collision elements, converted several at a time: a robot whose concave links are
 * decomposed when it loads spends seconds per link, and the links are independent, so on a machine with more than
 * one processor they run side by side (issue #35: a UR5's three concave links). {@link ConvexPieceProvider}s are
 * thread-safe and deterministic by contract, so each element's pieces are those a sequential conversion gives; the
 * results are handed out in the order the elements were added, and an element whose conversion failed rethrows its
 * exception when its turn comes, so the first failure in element order is the one reported, as sequentially.
 *
 * <p>Used by one thread (the model builder); the workers only run conversions.
 */
final class LinkPieces {
    /** One collision element to convert. */
    record Element(Geometry geometry, double scale, ConvexPieceProvider provider, String what) {}

    /** A conversion's outcome: its pieces, or the exception it threw. */
    private record Outcome(ConvexPieceProvider.Pieces pieces, RuntimeException failure) {
        ConvexPieceProvider.Pieces get() {
            if (failure != null) {
                throw failure;
            }
            return pieces;
        }
    }

    private final List<Outcome> outcomes;
    private int next;

    private LinkPieces(List<Outcome> outcomes) {
        this.outcomes = outcomes;
    }

    /**
     * Converts every element, on up to {@code threads} threads (1: on the calling thread only; fewer when there are
     * fewer meshes: primitives cost nothing and are converted on the calling thread).
     */
    static LinkPieces convert(List<Element> elements, int threads) {
        int meshes = 0;
        for (Element e : elements) {
            if (e.geometry() instanceof Geometry.Mesh) {
                meshes++;
            }
        }
        int workers = Math.min(threads, meshes);
        List<Outcome> out = new ArrayList<>(elements.size());
        if (workers < 2) {
            for (Element e : elements) {
                out.add(run(e));
            }
            return new LinkPieces(out);
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "collide4j-link-pieces");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Outcome>> pending = new ArrayList<>(elements.size());
            for (Element e : elements) {
                pending.add(pool.submit(() -> run(e)));
            }
            for (Future<Outcome> f : pending) {
                out.add(await(f));
            }
        } finally {
            pool.shutdownNow();
        }
        return new LinkPieces(out);
    }

    /** The next element's pieces, in the order given to {@link #convert}; rethrows that element's failure. */
    ConvexPieceProvider.Pieces next() {
        return outcomes.get(next++).get();
    }

    private static Outcome run(Element e) {
        try {
            return new Outcome(ConvexConversion.of(e.geometry(), e.scale(), e.provider(), e.what()), null);
        } catch (RuntimeException failure) {
            return new Outcome(null, failure);
        }
    }

    private static Outcome await(Future<Outcome> f) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the conversion is already running; finish it, keep the interrupt
                }
            }
        } catch (ExecutionException e) {
            // run() catches RuntimeExceptions, so only an Error reaches here
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("link conversion failed", cause);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
