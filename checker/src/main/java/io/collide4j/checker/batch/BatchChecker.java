package io.collide4j.checker.batch;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.query.CollisionChecker;

import java.util.Optional;

/**
 * Many collision queries at once, on the OpenCL engine or the multithreaded CPU engine, with identical answers.
 *
 * <p>Identity is by construction: the OpenCL kernels reproduce the Java arithmetic exactly (double precision, no
 * contraction, same operation order), and whatever a kernel cannot decide (a full queue, input the Java code
 * rejects) is flagged and decided by the CPU engine. Devices without fp64 are refused; with {@link EngineChoice#AUTO}
 * the checker then uses the CPU engine and {@link #fallbackReason()} says why.
 *
 * <p>Thread-safe: calls are serialised (one batch at a time uses all cores or the device).
 */
public final class BatchChecker implements AutoCloseable {

    private final TightInclusion ccdSolver;
    private final WorkerPool pool;
    private final CpuCcdEngine cpuCcd;
    private final OpenClDevice device;      // null on the CPU engine
    private final OpenClCcdEngine openClCcd; // null on the CPU engine
    private final EngineInfo info;
    private final String fallbackReason;
    private final BatchRobot robot;            // null when no robot was given
    private final CpuStateEngine cpuStates;    // null when no robot was given
    private final OpenClStateEngine openClStates;
    private final CpuMotionEngine cpuMotions;  // null when no collision checker was given

    private BatchChecker(Builder b) {
        this.ccdSolver = b.ccdSolver;
        this.pool = new WorkerPool(b.threads);
        this.cpuCcd = new CpuCcdEngine(pool);
        EngineChoice choice = b.choice;
        OpenClDevice dev = null;
        OpenClCcdEngine ccd = null;
        String reason = "";
        if (choice != EngineChoice.CPU) {
            OpenClDevice.Preference pref = choice == EngineChoice.OPENCL_GPU ? OpenClDevice.Preference.GPU_ONLY
                    : OpenClDevice.Preference.GPU_FIRST;
            Optional<OpenClDevice> found = OpenClDevice.find(pref);
            if (found.isEmpty()) {
                reason = OpenClDevice.lastProbeFailure();
            } else {
                dev = found.get();
                try {
                    ccd = new OpenClCcdEngine(dev, b.queueCapacity, b.maxChunk);
                } catch (RuntimeException e) {
                    reason = e.getMessage();
                    dev.close();
                    dev = null;
                }
            }
            if (dev == null && choice != EngineChoice.AUTO) {
                pool.close();
                throw new IllegalStateException("OpenCL engine requested (" + choice + ") but unavailable: " + reason);
            }
        }
        this.robot = b.robot;
        this.cpuStates = b.robot == null ? null : new CpuStateEngine(b.robot, pool);
        OpenClStateEngine states = null;
        if (dev != null && b.robot != null) {
            try {
                states = new OpenClStateEngine(dev, b.robot, b.maxStateChunk);
            } catch (RuntimeException e) {
                ccd.close();
                dev.close();
                pool.close();
                throw e;
            }
        }
        this.openClStates = states;
        this.cpuMotions = b.checker == null ? null : new CpuMotionEngine(b.checker, pool);
        this.device = dev;
        this.openClCcd = ccd;
        this.fallbackReason = reason;
        this.info = dev == null
                ? new EngineInfo(EngineKind.CPU, "Java, " + b.threads + " threads", EngineInfo.FP64, b.threads)
                : new EngineInfo(EngineKind.OPENCL, dev.info().toString(), EngineInfo.FP64, b.threads);
    }

    /** A builder: engine from the system property {@value EngineChoice#PROPERTY} (default AUTO), all cores. */
    public static Builder builder() {
        return new Builder();
    }

    /** The engine answering this checker's batches. */
    public EngineInfo engine() {
        return info;
    }

    /** Why OpenCL is not used although it was allowed (empty when it is used or was not asked for). */
    public String fallbackReason() {
        return fallbackReason;
    }

    /** The Tight-Inclusion settings (δ, m_I, tMax, no-zero-TOI) of {@link #ccdQueries}. */
    public TightInclusion ccdSolver() {
        return ccdSolver;
    }

    /** Queries per OpenCL launch (0 on the CPU engine); larger inputs are streamed through in chunks of this size. */
    public int deviceChunk() {
        return openClCcd == null ? 0 : openClCcd.chunk();
    }

    /** CCD batch of one primitive kind; see {@link #ccdQueries(double[], CcdKind[], double)}. */
    public CcdBatchResult ccdQueries(double[] coords, CcdKind kind, double d) {
        if (kind == null) {
            throw new IllegalArgumentException("CCD batch kind must not be null");
        }
        int n = queryCount(coords);
        int[] k = new int[n];
        java.util.Arrays.fill(k, kind.ordinal());
        return ccd(coords, k, d);
    }

    /**
     * Tight-Inclusion on n queries stored back to back in {@code coords} (n × 24 doubles, layout of
     * {@link CcdQuery}), query i of kind {@code kinds[i]}, with minimal separation d (L∞). Entry i of the result
     * equals {@code ccdSolver().toi(kinds[i], coords, 24 i, d, tMax, scratch)}.
     */
    public CcdBatchResult ccdQueries(double[] coords, CcdKind[] kinds, double d) {
        int n = queryCount(coords);
        if (kinds == null || kinds.length != n) {
            throw new IllegalArgumentException("CCD batch has " + n + " queries but "
                    + (kinds == null ? "no" : String.valueOf(kinds.length)) + " kinds");
        }
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            if (kinds[i] == null) {
                throw new IllegalArgumentException("CCD batch kind " + i + " is null");
            }
            k[i] = kinds[i].ordinal();
        }
        return ccd(coords, k, d);
    }

    private static int queryCount(double[] coords) {
        if (coords == null || coords.length % CcdQuery.SIZE != 0) {
            throw new IllegalArgumentException("CCD batch coordinates must be n x " + CcdQuery.SIZE + " doubles, got "
                    + (coords == null ? "null" : coords.length + " (remainder " + coords.length % CcdQuery.SIZE + ")"));
        }
        return coords.length / CcdQuery.SIZE;
    }

    private synchronized CcdBatchResult ccd(double[] coords, int[] kinds, double d) {
        if (!(d >= 0) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("minimal separation must be finite and >= 0, got " + d);
        }
        int n = kinds.length;
        boolean[] hit = new boolean[n];
        double[] toi = new double[n];
        double[] tol = new double[n];
        long[] checks = new long[n];
        boolean[] early = new boolean[n];
        int cpu = 0;
        if (openClCcd == null) {
            cpuCcd.solve(ccdSolver, coords, kinds, d, null, n, hit, toi, tol, checks, early);
        } else {
            int[] undecided = new int[n];
            cpu = openClCcd.solve(ccdSolver, coords, kinds, n, d, hit, toi, tol, checks, early, undecided);
            cpuCcd.solve(ccdSolver, coords, kinds, d, undecided, cpu, hit, toi, tol, checks, early);
        }
        return new CcdBatchResult(hit, toi, tol, checks, early, cpu, info);
    }

    /** The robot of {@link #checkStates}; fails when the checker was built without one. */
    public BatchRobot robot() {
        requireRobot();
        return robot;
    }

    private void requireRobot() {
        if (robot == null) {
            throw new IllegalStateException("this BatchChecker has no robot: build it with builder().robot(...)");
        }
    }

    /** State verdicts for configurations given as rows; see {@link #checkStates(double[])}. */
    public StateBatchResult checkStates(double[][] qs) {
        requireRobot();
        int dof = robot.dof();
        double[] flat = new double[qs.length * dof];
        for (int i = 0; i < qs.length; i++) {
            if (qs[i] == null || qs[i].length != dof) {
                throw new IllegalArgumentException("configuration " + i + " has " + (qs[i] == null ? "no"
                        : String.valueOf(qs[i].length)) + " values, the robot has " + dof + " variables");
            }
            System.arraycopy(qs[i], 0, flat, i * dof, dof);
        }
        return checkStates(flat);
    }

    /**
     * State verdicts for n configurations stored back to back (n × dof doubles, variable order of
     * {@link BatchRobot#kinematics()}): entry i equals {@link BatchRobot#firstCollidingPair} of configuration i.
     * Joint limits are not checked here (a batch of samples is assumed to come from the limits); every value must
     * be finite.
     */
    public synchronized StateBatchResult checkStates(double[] qs) {
        requireRobot();
        int dof = robot.dof();
        if (qs == null || dof == 0 || qs.length % dof != 0) {
            throw new IllegalArgumentException("state batch must hold n x " + dof + " joint values, got "
                    + (qs == null ? "null" : String.valueOf(qs.length)));
        }
        for (int i = 0; i < qs.length; i++) {
            if (!Double.isFinite(qs[i])) {
                throw new IllegalArgumentException("configuration " + i / dof + " variable " + i % dof + " ("
                        + robot.kinematics().variableName(i % dof) + ") is not finite: " + qs[i]);
            }
        }
        int n = qs.length / dof;
        byte[] verdict = new byte[n];
        int[] pair = new int[n];
        if (openClStates == null) {
            cpuStates.check(qs, null, n, verdict, pair);
            return new StateBatchResult(verdict, pair, n, info);
        }
        int[] unknown = new int[n];
        int nu = openClStates.tier(cpuStates, qs, n, verdict, pair, unknown);
        cpuStates.check(qs, unknown, nu, verdict, pair);
        return new StateBatchResult(verdict, pair, nu, info);
    }

    /**
     * Certified motion checks q0s[i] → q1s[i] (joint-space straight lines) with margin d, the checker's default
     * tolerance and budget. Every engine decides motions with the CPU's certified conservative advancement (the
     * OpenCL engine has no motion tier yet), so verdicts are those of the single-motion checker.
     */
    public MotionBatchResult checkMotions(double[][] q0s, double[][] q1s, double d) {
        requireMotions();
        if (q0s == null || q1s == null || q0s.length != q1s.length) {
            throw new IllegalArgumentException("motion batch needs as many start as end configurations, got "
                    + (q0s == null ? "null" : q0s.length) + " and " + (q1s == null ? "null" : q1s.length));
        }
        int dof = cpuMotions.dof();
        double[] a = new double[q0s.length * dof], b = new double[q1s.length * dof];
        for (int i = 0; i < q0s.length; i++) {
            for (double[][] src : new double[][][]{q0s, q1s}) {
                if (src[i] == null || src[i].length != dof) {
                    throw new IllegalArgumentException("motion " + i + " " + (src == q0s ? "start" : "end") + " has "
                            + (src[i] == null ? "no" : String.valueOf(src[i].length)) + " values, expected " + dof);
                }
            }
            System.arraycopy(q0s[i], 0, a, i * dof, dof);
            System.arraycopy(q1s[i], 0, b, i * dof, dof);
        }
        return checkMotions(a, b, d);
    }

    /** As {@link #checkMotions(double[][], double[][], double)} with flat n × dof endpoint arrays. */
    public MotionBatchResult checkMotions(double[] q0s, double[] q1s, double d) {
        requireMotions();
        int dof = cpuMotions.dof();
        if (q0s == null || q1s == null || q0s.length != q1s.length || q0s.length % dof != 0) {
            throw new IllegalArgumentException("motion batch endpoints must be two arrays of n x " + dof + " values, got "
                    + (q0s == null ? "null" : q0s.length) + " and " + (q1s == null ? "null" : q1s.length));
        }
        int n = q0s.length / dof;
        MotionBatchResult r = new MotionBatchResult(new byte[n], new double[n], new double[n], new long[n],
                motionEngine());
        checkMotions(q0s, q1s, 0, n, d, r);
        return r;
    }

    /**
     * Streaming form: checks motions [first, first + count) of the flat endpoint arrays into the same indices of
     * {@code into} (whose arrays the caller sized); call repeatedly on chunks of inputs too large for one batch.
     */
    public synchronized void checkMotions(double[] q0s, double[] q1s, int first, int count, double d,
                                          MotionBatchResult into) {
        requireMotions();
        if (!(d >= 0) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + d);
        }
        int dof = cpuMotions.dof();
        if (first < 0 || count < 0 || (long) (first + count) * dof > q0s.length || (long) (first + count) * dof > q1s.length
                || first + count > into.size()) {
            throw new IllegalArgumentException("motion range [" + first + ", " + (first + count) + ") exceeds the inputs ("
                    + q0s.length / dof + " motions) or the result (" + into.size() + ")");
        }
        cpuMotions.check(q0s, q1s, first, count, d, CollisionChecker.DEFAULT_TOLERANCE, CollisionChecker.DEFAULT_BUDGET,
                into.status(), into.time(), into.clearance(), into.evaluations());
    }

    private EngineInfo motionEngine() {
        return new EngineInfo(EngineKind.CPU, "Java, " + info.threads() + " threads", EngineInfo.FP64, info.threads());
    }

    private void requireMotions() {
        if (cpuMotions == null) {
            throw new IllegalStateException("this BatchChecker has no collision checker: build it with"
                    + " builder().collisionChecker(...)");
        }
    }

    @Override
    public synchronized void close() {
        if (openClStates != null) {
            openClStates.close();
        }
        if (openClCcd != null) {
            openClCcd.close();
        }
        if (device != null) {
            device.close();
        }
        pool.close();
    }

    /** Builder of a {@link BatchChecker}. */
    public static final class Builder {
        private EngineChoice choice = EngineChoice.fromSystemProperty();
        private int threads = Runtime.getRuntime().availableProcessors();
        private TightInclusion ccdSolver = TightInclusion.defaults();
        private int queueCapacity = 1024;
        private int maxChunk = 4096;
        private int maxStateChunk = 1 << 18;
        private BatchRobot robot;
        private CollisionChecker checker;

        private Builder() {
        }

        /** Engine selection (default: system property {@value EngineChoice#PROPERTY}, else AUTO). */
        public Builder engine(EngineChoice choice) {
            if (choice == null) {
                throw new IllegalArgumentException("engine choice must not be null");
            }
            this.choice = choice;
            return this;
        }

        /** CPU worker threads (default: all available processors). */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be >= 1, got " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** Tight-Inclusion settings for CCD batches (δ, m_I, tMax, no-zero-TOI; d is given per call). */
        public Builder ccdSolver(TightInclusion solver) {
            if (solver == null) {
                throw new IllegalArgumentException("CCD solver must not be null");
            }
            this.ccdSolver = solver;
            return this;
        }

        /**
         * Boxes per queue buffer of one OpenCL work item (default 1024); queries needing more are decided on the
         * CPU. Device memory per in-flight query is 3 × capacity × 48 bytes.
         */
        public Builder openClQueueCapacity(int boxes) {
            if (boxes < 16) {
                throw new IllegalArgumentException("OpenCL queue capacity must be >= 16 boxes, got " + boxes);
            }
            this.queueCapacity = boxes;
            return this;
        }

        /** Upper bound on queries per OpenCL launch (default 4096; also limited by device memory). */
        public Builder openClMaxChunk(int queries) {
            if (queries < 1) {
                throw new IllegalArgumentException("OpenCL chunk must be >= 1 query, got " + queries);
            }
            this.maxChunk = queries;
            return this;
        }

        /** The robot and scene of {@link BatchChecker#checkStates} (uploaded to the device once). */
        public Builder robot(BatchRobot robot) {
            this.robot = robot;
            return this;
        }

        /** The certified checker whose {@code checkMotion} decides {@link BatchChecker#checkMotions}. */
        public Builder collisionChecker(CollisionChecker checker) {
            this.checker = checker;
            return this;
        }

        /** Upper bound on configurations per OpenCL launch (default 2^18; also limited by device memory). */
        public Builder openClMaxStateChunk(int configurations) {
            if (configurations < 1) {
                throw new IllegalArgumentException("OpenCL state chunk must be >= 1, got " + configurations);
            }
            this.maxStateChunk = configurations;
            return this;
        }

        /** Builds the checker; fails only when OpenCL was required explicitly and is unusable. */
        public BatchChecker build() {
            return new BatchChecker(this);
        }
    }
}
