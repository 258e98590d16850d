package io.collide4j.checker.batch;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.kinematics.InvalidConfigurationException;
import java.util.Optional;

/**
 * Many collision queries at once, on the OpenCL engine or the multithreaded CPU engine, with identical answers.
 *
 * <p>Identity is by construction. CCD: the Tight-Inclusion kernel reproduces the Java arithmetic exactly (double
 * precision, no contraction, same operation order), and whatever it cannot decide (a full queue, input the Java
 * code rejects) is decided by the CPU engine. States and motions: the exact decision is always the single-query
 * checker's ({@code CollisionChecker.isFree} / {@code checkMotion}) on the CPU; the device only removes items it
 * certifies free with a safety margin that makes the checker's answer free as well (see {@link BatchRobot}).
 * Undecided items are compacted on the device (count → prefix sum → fill) so only their indices come back.
 * Devices without fp64 are refused; with {@link EngineChoice#AUTO} the checker then uses the CPU engine and
 * {@link #fallbackReason()} says why. OpenCL programs are built once per checker (the CCD one on first use).
 *
 * <p>Thread-safe: calls are serialised (one batch at a time uses all cores or the device).
 */
public final class BatchChecker implements AutoCloseable {

    /** Default cap on device conservative-advancement steps per motion (then the CPU decides). */
    public static final int DEFAULT_DEVICE_MOTION_STEPS = 128;

    private final TightInclusion ccdSolver;
    private final WorkerPool pool;
    private final CpuCcdEngine cpuCcd;
    private final OpenClDevice device; // null on the CPU engine
    private final int queueCapacity, maxChunk;
    private OpenClCcdEngine openClCcd; // built on the first CCD batch (null on the CPU engine)
    private final EngineInfo info;
    private final String fallbackReason;
    private final BatchRobot robot; // null when no robot was given
    private final CpuStateEngine cpuStates; // null when no robot was given
    private final CpuMotionEngine cpuMotions; // null when no robot was given
    private final OpenClRobotEngine openClRobot;
    private final int deviceMotionSteps;

    private BatchChecker(Builder b) {
        this.ccdSolver = b.ccdSolver;
        this.queueCapacity = b.queueCapacity;
        this.maxChunk = b.maxChunk;
        this.deviceMotionSteps = b.deviceMotionSteps;
        this.pool = new WorkerPool(b.threads);
        this.cpuCcd = new CpuCcdEngine(pool);
        EngineChoice choice = b.choice;
        OpenClDevice dev = null;
        String reason = "";
        if (choice != EngineChoice.CPU) {
            OpenClDevice.Preference pref = choice == EngineChoice.OPENCL_GPU
                    ? OpenClDevice.Preference.GPU_ONLY
                    : OpenClDevice.Preference.GPU_FIRST;
            Optional<OpenClDevice> found = OpenClDevice.find(pref);
            if (found.isEmpty()) {
                reason = OpenClDevice.lastProbeFailure();
            } else if (!found.get().info().doublePrecision()) {
                reason = "OpenCL device " + found.get().info() + " has no double precision (cl_khr_fp64); the kernels"
                        + " need fp64, so the CPU engine is used instead";
                found.get().close();
            } else {
                dev = found.get();
            }
            if (dev == null && choice != EngineChoice.AUTO) {
                pool.close();
                throw new IllegalStateException("OpenCL engine requested (" + choice + ") but unavailable: " + reason);
            }
        }
        this.robot = b.robot;
        this.cpuStates = b.robot == null ? null : new CpuStateEngine(b.robot, pool);
        this.cpuMotions = b.robot == null ? null : new CpuMotionEngine(b.robot.checker(), pool);
        OpenClRobotEngine engine = null;
        if (dev != null && b.robot != null) {
            try {
                engine = new OpenClRobotEngine(dev, b.robot, b.maxStateChunk);
            } catch (RuntimeException e) {
                dev.close();
                pool.close();
                throw e;
            }
        }
        this.openClRobot = engine;
        this.device = dev;
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
    public synchronized int deviceChunk() {
        return device == null ? 0 : ccdEngine().chunk();
    }

    private OpenClCcdEngine ccdEngine() {
        if (openClCcd == null) {
            openClCcd = new OpenClCcdEngine(device, queueCapacity, maxChunk);
        }
        return openClCcd;
    }

    /** CCD batch of one primitive kind; see {@link #ccdQueries(double[], CcdKind[], double)}. */
    public CcdBatchResult ccdQueries(double[] coords, CcdKind kind, double margin) {
        if (kind == null) {
            throw new IllegalArgumentException("CCD batch kind must not be null");
        }
        int n = queryCount(coords);
        int[] k = new int[n];
        java.util.Arrays.fill(k, kind.ordinal());
        return ccd(coords, k, margin);
    }

    /**
     * Tight-Inclusion on n queries stored back to back in {@code coords} (n × 24 doubles, layout of
     * {@link CcdQuery}), query i of kind {@code kinds[i]}, with minimal separation d (L∞). Entry i of the result
     * equals {@code ccdSolver().toi(kinds[i], coords, 24 i, d, tMax, scratch)}.
     */
    public CcdBatchResult ccdQueries(double[] coords, CcdKind[] kinds, double margin) {
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
        return ccd(coords, k, margin);
    }

    private static int queryCount(double[] coords) {
        if (coords == null || coords.length % CcdQuery.SIZE != 0) {
            throw new IllegalArgumentException("CCD batch coordinates must be n x " + CcdQuery.SIZE + " doubles, got "
                    + (coords == null ? "null" : coords.length + " (remainder " + coords.length % CcdQuery.SIZE + ")"));
        }
        return coords.length / CcdQuery.SIZE;
    }

    private synchronized CcdBatchResult ccd(double[] coords, int[] kinds, double margin) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("minimal separation must be finite and >= 0, got " + margin);
        }
        int n = kinds.length;
        boolean[] hit = new boolean[n];
        double[] toi = new double[n];
        double[] tol = new double[n];
        long[] checks = new long[n];
        boolean[] early = new boolean[n];
        int cpu = 0;
        if (device == null) {
            cpuCcd.solve(ccdSolver, coords, kinds, margin, null, n, hit, toi, tol, checks, early);
        } else {
            int[] undecided = new int[n];
            cpu = ccdEngine().solve(ccdSolver, coords, kinds, n, margin, hit, toi, tol, checks, early, undecided);
            cpuCcd.solve(ccdSolver, coords, kinds, margin, undecided, cpu, hit, toi, tol, checks, early);
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

    /** State verdicts with margin 0 for configurations given as rows; see {@link #checkStates(double[], double)}. */
    public StateBatchResult checkStates(double[][] qs) {
        return checkStates(qs, 0);
    }

    /** State verdicts with margin for configurations given as rows; see {@link #checkStates(double[], double)}. */
    public StateBatchResult checkStates(double[][] qs, double margin) {
        requireRobot();
        int dof = robot.dof();
        double[] flat = new double[qs.length * dof];
        for (int i = 0; i < qs.length; i++) {
            if (qs[i] == null || qs[i].length != dof) {
                throw new IllegalArgumentException(
                        "configuration " + i + " has " + (qs[i] == null ? "no" : String.valueOf(qs[i].length))
                                + " values, the robot has " + dof + " variables");
            }
            System.arraycopy(qs[i], 0, flat, i * dof, dof);
        }
        return checkStates(flat, margin);
    }

    /** {@link #checkStates(double[], double)} with margin 0. */
    public StateBatchResult checkStates(double[] qs) {
        return checkStates(qs, 0);
    }

    /**
     * State verdicts with margin ≥ 0 for n configurations stored back to back (n × dof doubles, variable order of
     * {@link BatchRobot#kinematics()}): configuration i is FREE exactly when
     * {@code robot().checker().isFree(q_i, d)} is true, and its pair is the one isFree could not certify
     * ({@link BatchRobot#blockingPair}). On OpenCL the device tier clears configurations first (see
     * {@link BatchRobot}); the rest are decided by isFree on the CPU. Joint limits are not checked here (a batch of
     * samples is assumed to come from the limits); every value must be finite. Any n streams through the device in
     * chunks.
     */
    public synchronized StateBatchResult checkStates(double[] qs, double margin) {
        requireRobot();
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + margin);
        }
        int dof = robot.dof();
        if (qs == null || dof == 0 || qs.length % dof != 0) {
            throw new IllegalArgumentException("state batch must hold n x " + dof + " joint values, got "
                    + (qs == null ? "null" : String.valueOf(qs.length)));
        }
        int n = qs.length / dof;
        checkInputs(qs, null, 0, n);
        StateVerdict[] verdict = new StateVerdict[n];
        int[] pair = new int[n];
        if (openClRobot == null) {
            cpuStates.check(qs, null, n, margin, verdict, pair);
            return new StateBatchResult(verdict, pair, n, info);
        }
        // cleared on the device: FREE unless the CPU says otherwise
        java.util.Arrays.fill(verdict, StateVerdict.FREE);
        java.util.Arrays.fill(pair, -1);
        int[] undecided = new int[n];
        int nu = openClRobot.states(cpuStates, qs, n, margin, undecided);
        cpuStates.check(qs, undecided, nu, margin, verdict, pair);
        return new StateBatchResult(verdict, pair, nu, info);
    }

    /** Indices the device state tier leaves undecided for margin (tests compare them with the Java mirror). */
    synchronized int[] deviceUndecidedStates(double[] qs, double margin) {
        requireRobot();
        if (openClRobot == null) {
            throw new IllegalStateException("no OpenCL engine");
        }
        int n = qs.length / robot.dof();
        int[] undecided = new int[n];
        return java.util.Arrays.copyOf(undecided, openClRobot.states(cpuStates, qs, n, margin, undecided));
    }

    /**
     * Certified motion checks q0s[i] → q1s[i] (joint-space straight lines) with margin, the checker's default
     * tolerance and budget; see {@link #checkMotions(double[], double[], int, int, double, MotionBatchResult)}.
     */
    public MotionBatchResult checkMotions(double[][] q0s, double[][] q1s, double margin) {
        requireRobot();
        if (q0s == null || q1s == null || q0s.length != q1s.length) {
            throw new IllegalArgumentException("motion batch needs as many start as end configurations, got "
                    + (q0s == null ? "null" : q0s.length) + " and " + (q1s == null ? "null" : q1s.length));
        }
        int dof = robot.dof();
        double[] a = new double[q0s.length * dof], b = new double[q1s.length * dof];
        for (int i = 0; i < q0s.length; i++) {
            for (double[][] src : new double[][][] {q0s, q1s}) {
                if (src[i] == null || src[i].length != dof) {
                    throw new IllegalArgumentException("motion " + i + " " + (src == q0s ? "start" : "end") + " has "
                            + (src[i] == null ? "no" : String.valueOf(src[i].length)) + " values, expected " + dof);
                }
            }
            System.arraycopy(q0s[i], 0, a, i * dof, dof);
            System.arraycopy(q1s[i], 0, b, i * dof, dof);
        }
        return checkMotions(a, b, margin);
    }

    /** As {@link #checkMotions(double[][], double[][], double)} with flat n × dof endpoint arrays. */
    public MotionBatchResult checkMotions(double[] q0s, double[] q1s, double margin) {
        requireRobot();
        int dof = robot.dof();
        if (q0s == null || q1s == null || q0s.length != q1s.length || q0s.length % dof != 0) {
            throw new IllegalArgumentException(
                    "motion batch endpoints must be two arrays of n x " + dof + " values, got "
                            + (q0s == null ? "null" : q0s.length) + " and " + (q1s == null ? "null" : q1s.length));
        }
        int n = q0s.length / dof;
        MotionBatchResult r = MotionBatchResult.allocate(n, info);
        checkMotions(q0s, q1s, 0, n, margin, r);
        return r;
    }

    /**
     * Streaming form: checks motions [first, first + count) of the flat endpoint arrays into the same indices of
     * {@code into} (sized by the caller, e.g. {@link MotionBatchResult#allocate}); call repeatedly on chunks of
     * inputs too large for one batch. On OpenCL the device tier first certifies what it can (conservative
     * advancement with sphere distances, see {@link BatchRobot}): a motion it certifies keeps every pair farther
     * apart than the margin + tolerance + {@link BatchRobot#SAFETY}, so the CPU checker would find it FREE too. Every other
     * motion is decided by {@code robot().checker().checkMotion} on the CPU, so statuses are the single-motion
     * checker's.
     */
    public synchronized void checkMotions(
            double[] q0s, double[] q1s, int first, int count, double margin, MotionBatchResult into) {
        requireRobot();
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + margin);
        }
        int dof = robot.dof();
        if (first < 0
                || count < 0
                || (long) (first + count) * dof > q0s.length
                || (long) (first + count) * dof > q1s.length
                || first + count > into.size()) {
            throw new IllegalArgumentException("motion range [" + first + ", " + (first + count)
                    + ") exceeds the inputs (" + q0s.length / dof + " motions) or the result (" + into.size() + ")");
        }
        double tol = CollisionChecker.DEFAULT_TOLERANCE;
        checkInputs(q0s, q1s, first, count);
        if (openClRobot == null) {
            cpuMotions.check(q0s, q1s, null, first, count, margin, tol, CollisionChecker.DEFAULT_BUDGET, into);
            return;
        }
        int[] undecided = new int[count];
        int nu = openClRobot.motions(
                q0s, q1s, first, count, margin + tol + BatchRobot.SAFETY, deviceMotionSteps, undecided);
        for (int i = first; i < first + count; i++) {
            into.status()[i] = MotionStatus.FREE;
            into.time()[i] = 1;
            into.clearance()[i] = margin + tol;
            into.evaluations()[i] = 0;
            into.onDevice()[i] = true;
        }
        cpuMotions.check(q0s, q1s, undecided, 0, nu, margin, tol, CollisionChecker.DEFAULT_BUDGET, into);
    }

    /**
     * Refuses, before any engine runs, what the single-query checker would refuse: configurations
     * ({@code q1s} null) by {@code KinematicModel.checkConfiguration}, motions by {@code checkSegment} (finite values,
     * joint values and travel within the caps that keep certified bounds finite), naming the item and the joint.
     */
    private void checkInputs(double[] q0s, double[] q1s, int first, int count) {
        var k = robot.kinematics();
        int dof = robot.dof();
        double[] a = new double[dof], b = new double[dof];
        for (int i = first; i < first + count; i++) {
            System.arraycopy(q0s, i * dof, a, 0, dof);
            try {
                if (q1s == null) {
                    k.checkConfiguration(a);
                } else {
                    System.arraycopy(q1s, i * dof, b, 0, dof);
                    k.checkSegment(a, b);
                }
            } catch (InvalidConfigurationException e) {
                String where = (q1s == null ? "configuration " : "motion ")
                        + i
                        + (e.index() >= 0 ? " variable " + e.index() + " (" + e.jointName() + ")" : "");
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public synchronized void close() {
        if (openClRobot != null) {
            openClRobot.close();
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
        private int deviceMotionSteps = DEFAULT_DEVICE_MOTION_STEPS;

        private Builder() {}

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

        /** The robot in its scene for {@link BatchChecker#checkStates} and {@link BatchChecker#checkMotions}. */
        public Builder robot(BatchRobot robot) {
            this.robot = robot;
            return this;
        }

        /**
         * Cap on the device's conservative-advancement steps per motion (default
         * {@value #DEFAULT_DEVICE_MOTION_STEPS}); a motion needing more is decided on the CPU.
         */
        public Builder deviceMotionSteps(int steps) {
            if (steps < 1) {
                throw new IllegalArgumentException("device motion steps must be >= 1, got " + steps);
            }
            this.deviceMotionSteps = steps;
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
