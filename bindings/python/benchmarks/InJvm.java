import io.collide4j.planner.Collide4j;
import io.collide4j.planner.embed.EmbeddedChecker;
import io.collide4j.checker.batch.BatchChecker;

import java.util.ArrayList;
import java.util.List;

/** The in-JVM side of bench_overhead.py: the same calls made inside the JVM (timed by the script), for the ratios. */
public final class InJvm {
    private InJvm() {
    }

    /** isValid (the Java façade's own call, no binding) over reps passes through qs; the number valid. */
    public static int isValidLoop(Collide4j c, double[][] qs, int reps) {
        int valid = 0;
        for (int r = 0; r < reps; r++) {
            for (double[] q : qs) {
                valid += c.isValid(q) ? 1 : 0;
            }
        }
        return valid;
    }

    /** The rows of a flat array, as the Java batch API takes them. */
    public static List<double[]> rows(Collide4j c, double[] flat) {
        int dim = c.dimension();
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < flat.length / dim; i++) {
            rows.add(java.util.Arrays.copyOfRange(flat, i * dim, (i + 1) * dim));
        }
        return rows;
    }

    /** Collide4j.areValid(flat, out, engine), the flat form the binding calls, from Java; the number valid. */
    public static int batchFlat(Collide4j c, double[] flat, BatchChecker engine) {
        boolean[] out = new boolean[flat.length / c.dimension()];
        c.areValid(flat, out, engine);
        int valid = 0;
        for (boolean v : out) {
            valid += v ? 1 : 0;
        }
        return valid;
    }

    /** Collide4j.areValid(List, engine), the Java batch API; the number valid. */
    public static int batch(Collide4j c, List<double[]> rows, BatchChecker engine) {
        int valid = 0;
        for (boolean v : c.areValid(rows, engine)) {
            valid += v ? 1 : 0;
        }
        return valid;
    }
}
