import io.collide4j.planner.Collide4j;
import io.collide4j.planner.embed.EmbeddedChecker;
import io.collide4j.checker.batch.BatchChecker;

import java.util.ArrayList;
import java.util.List;

/** The in-JVM side of bench_overhead.py: the same calls timed inside the JVM, for the ratios. */
public final class InJvm {
    private InJvm() {
    }

    /** Mean ns per isValid over reps passes through qs (the Java façade's own call, no binding). */
    public static double isValidNanos(Collide4j c, double[][] qs, int reps) {
        int valid = 0;
        long t0 = System.nanoTime();
        for (int r = 0; r < reps; r++) {
            for (double[] q : qs) {
                valid += c.isValid(q) ? 1 : 0;
            }
        }
        long t = System.nanoTime() - t0;
        if (valid < 0) {
            throw new IllegalStateException();
        }
        return (double) t / ((long) reps * qs.length);
    }

    /** Seconds for Collide4j.areValid(List, engine), the Java batch API, on the rows of flat. */
    public static double batchSeconds(Collide4j c, double[] flat, BatchChecker engine) {
        int dim = c.dimension();
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < flat.length / dim; i++) {
            rows.add(java.util.Arrays.copyOfRange(flat, i * dim, (i + 1) * dim));
        }
        long t0 = System.nanoTime();
        c.areValid(rows, engine);
        return (System.nanoTime() - t0) / 1e9;
    }
}
