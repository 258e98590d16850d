package io.collide4j.checker.ccd;

/**
 * Per-thread working memory of {@link TightInclusion}: the breadth-first box queue as three flat primitive
 * buffers (the current level, sorted by t_lo, and two runs collecting the next level) plus the statistics of
 * the last query.
 *
 * <p>Not thread-safe: give each thread its own instance. Buffers grow geometrically when a query needs more
 * room and are then reused, so steady-state queries allocate nothing.
 */
public final class TightInclusionScratch {

    static final int STRIDE = 6; // t0, t1, u0, u1, v0, v1

    double[] cur;
    int curLen;
    double[] runA; // children starting at their parent's t_lo (sorted when parents are)
    int aLen;
    double[] runB; // upper halves of time splits
    int bLen;
    boolean runsUnsorted;

    long lastChecks;
    double lastTolerance;
    boolean lastEarly;
    boolean lastInsideStop;

    final double[] lo = new double[3];
    final double[] hi = new double[3];

    /** Creates scratch with room for 1024 boxes per buffer (it grows when needed). */
    public TightInclusionScratch() {
        this(1024);
    }

    /** Creates scratch with room for {@code initialBoxes} boxes per buffer (it grows when needed). */
    public TightInclusionScratch(int initialBoxes) {
        int n = STRIDE * Math.max(16, initialBoxes);
        cur = new double[n];
        runA = new double[n];
        runB = new double[n];
    }

    void start(double tEnd) {
        cur[0] = 0;
        cur[1] = tEnd;
        cur[2] = 0;
        cur[3] = 1;
        cur[4] = 0;
        cur[5] = 1;
        curLen = 1;
        aLen = 0;
        bLen = 0;
        runsUnsorted = false;
    }

    void pushA(double t0, double t1, double u0, double u1, double v0, double v1) {
        runA = push(runA, aLen++, t0, t1, u0, u1, v0, v1);
    }

    void pushB(double t0, double t1, double u0, double u1, double v0, double v1) {
        runB = push(runB, bLen++, t0, t1, u0, u1, v0, v1);
    }

    /** Appends a box as entry {@code len} of {@code run} (grown when full); returns the run array. */
    private double[] push(double[] run, int len, double t0, double t1, double u0, double u1, double v0, double v1) {
        int i = STRIDE * len;
        double[] r = i + STRIDE > run.length ? java.util.Arrays.copyOf(run, 2 * run.length) : run;
        if (len > 0 && t0 < r[i - STRIDE]) {
            runsUnsorted = true;
        }
        r[i] = t0;
        r[i + 1] = t1;
        r[i + 2] = u0;
        r[i + 3] = u1;
        r[i + 4] = v0;
        r[i + 5] = v1;
        return r;
    }

    /** Makes the collected next level the current level, ordered by t_lo; returns its size. */
    int advanceLevel() {
        int n = aLen + bLen;
        if (STRIDE * n > cur.length) {
            cur = new double[Math.max(2 * cur.length, STRIDE * n)];
        }
        double[] a = runA, b = runB, c = cur;
        int i = 0, j = 0, k = 0;
        while (i < aLen && j < bLen) {
            int src;
            double[] from;
            if (b[STRIDE * j] < a[STRIDE * i]) {
                from = b;
                src = STRIDE * j++;
            } else {
                from = a;
                src = STRIDE * i++;
            }
            System.arraycopy(from, src, c, STRIDE * k++, STRIDE);
        }
        if (i < aLen) {
            System.arraycopy(a, STRIDE * i, c, STRIDE * k, STRIDE * (aLen - i));
        }
        if (j < bLen) {
            System.arraycopy(b, STRIDE * j, c, STRIDE * (k + aLen - i), STRIDE * (bLen - j));
        }
        curLen = n;
        if (runsUnsorted) {
            heapSortByT0(c, n);
        }
        aLen = 0;
        bLen = 0;
        runsUnsorted = false;
        return n;
    }

    /** In-place heap sort of n boxes by t_lo (only needed when a level's splits were not uniform). */
    private static void heapSortByT0(double[] c, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(c, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(c, 0, end);
            siftDown(c, 0, end);
        }
    }

    private static void siftDown(double[] c, int i, int n) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) {
                return;
            }
            int m = (l + 1 < n && c[STRIDE * (l + 1)] > c[STRIDE * l]) ? l + 1 : l;
            if (c[STRIDE * m] <= c[STRIDE * i]) {
                return;
            }
            swap(c, i, m);
            i = m;
        }
    }

    private static void swap(double[] c, int i, int j) {
        for (int k = 0; k < STRIDE; k++) {
            double t = c[STRIDE * i + k];
            c[STRIDE * i + k] = c[STRIDE * j + k];
            c[STRIDE * j + k] = t;
        }
    }

    /** Inclusion checks performed by the last query on this scratch. */
    public long lastChecks() {
        return lastChecks;
    }

    /** Co-domain tolerance reached by the last query (see {@link CcdResult#tolerance()}). */
    public double lastTolerance() {
        return lastTolerance;
    }

    /** Whether the last query stopped at the check cap. */
    public boolean lastEarlyTerminated() {
        return lastEarly;
    }
}
