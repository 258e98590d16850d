package io.collide4j.planner.jni;

/**
 * The configurations the bridge found valid on each thread, keyed by their exact bits in a direct-mapped table of
 * {@link #SLOTS} entries (a state evicts the one in its slot), so that a motion check towards one of them can skip
 * that end's discrete check ({@link NativeBridge#isMotionFree}).
 *
 * <p>Why: OMPL's RRTConnect grows its goal tree with {@code isValid(new)} then {@code checkMotion(new, near)}, where
 * {@code near} is a goal-tree node, validated by this thread's {@code isValid} when it was added; the motion check
 * would sample it first all the same. The answers do not depend on this memo: a skipped check is one that would have
 * passed (same values, same separation, same function), and a free motion is still the continuous proof, which covers
 * its end as well.
 *
 * <p>Thread-safe: each thread has its own table (no lock); nothing is allocated after a thread's first call.
 */
public final class KnownValidStates {
    /**
     * Entries per thread (a power of two): more than the goal tree of most MotionBenchMaker problems has nodes, at
     * 8 bytes per value (56 KiB per thread for the Panda).
     */
    public static final int SLOTS = 1024;

    private final int dimension;
    private final ThreadLocal<Table> tables;

    /** An empty memo for configurations of {@code dimension} values. */
    public KnownValidStates(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("a configuration has at least 1 value, got " + dimension);
        }
        this.dimension = dimension;
        this.tables = ThreadLocal.withInitial(() -> new Table(dimension));
    }

    /** Remembers q (valid, as the caller has certified) on this thread, in place of the state in its slot. */
    public void remember(double[] q) {
        if (q.length != dimension) {
            return; // not a configuration of this checker: the query refuses it, with its message
        }
        Table t = tables.get();
        int slot = slot(q);
        int at = slot * dimension;
        for (int i = 0; i < dimension; i++) {
            t.bits[at + i] = Double.doubleToRawLongBits(q[i]);
        }
        t.used[slot] = true;
    }

    /** True when this thread remembered a configuration with exactly q's bits (−0.0 and 0.0 differ). */
    public boolean contains(double[] q) {
        if (q.length != dimension) {
            return false;
        }
        Table t = tables.get();
        int slot = slot(q);
        if (!t.used[slot]) {
            return false;
        }
        int at = slot * dimension;
        for (int i = 0; i < dimension; i++) {
            if (t.bits[at + i] != Double.doubleToRawLongBits(q[i])) {
                return false;
            }
        }
        return true;
    }

    /** The slot of q's bits: a multiplicative mix of every value's bits (the low mantissa bits differ most). */
    private static int slot(double[] q) {
        long h = 0;
        for (double v : q) {
            h = (h ^ Double.doubleToRawLongBits(v)) * 0x9E3779B97F4A7C15L;
        }
        return (int) (h >>> (64 - Integer.numberOfTrailingZeros(SLOTS)));
    }

    /** One thread's states, as raw bits, SLOTS × dimension. */
    private static final class Table {
        final long[] bits;
        final boolean[] used = new boolean[SLOTS];

        Table(int dimension) {
            bits = new long[SLOTS * dimension];
        }
    }
}
