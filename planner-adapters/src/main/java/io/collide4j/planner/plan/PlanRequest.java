package io.collide4j.planner.plan;

import io.collide4j.planner.JointSpace;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An immutable joint-space planning request; build with {@link #builder}. Continuous joints ({@link
 * Builder#continuous}) are planned on the circle ({@link JointSpace}); their start and goal must lie within ±2π.
 */
public final class PlanRequest {
    /**
     * The sampler a request uses unless told otherwise: Halton ({@link Sampler#HALTON}, one sequence per tree). On all
     * 700 MotionBenchMaker Panda problems (bench --planner --per-scenario all --repeat 3, uniform and Halton alternated
     * twice in one run on an idle machine) plan CPU median 891, 890 µs uniform against 777, 794 µs Halton, p90 6,737,
     * 7,033 against 5,735, 6,187 µs, 700/700 solved and certified both ways. Halton once returned a path through the
     * checker's 1e-4 m tolerance band (bookshelf_tall_panda #37, 9.1e-5 m from the shelf at margin 0: true, so isValid
     * and isMotionFree accepted it, but the certificate refuses within the band); planning at
     * {@link io.collide4j.planner.Collide4j#planningMargin} keeps every path clear of it, whatever the sampler.
     */
    public static final Sampler DEFAULT_SAMPLER = Sampler.HALTON;

    /**
     * The initial dynamic domain unless told otherwise: 4 rad, VAMP's RRT-Connect setting (with its least radius, the
     * range, and its rate of change, 1e-4 per failure or success). On all 700 MotionBenchMaker Panda problems, with the trees
     * balanced, it checks 37 % fewer states in all than plain RRT-Connect (p90 per problem 2,889 → 1,836); 3 rad
     * checks 4 % more states and draws 2.8 times as many samples, 6 rad checks 30 % more (BENCHMARKS-planner.md).
     */
    public static final double DEFAULT_DYNAMIC_DOMAIN_RADIUS = 4.0;

    private final double[] start;
    private final double[] goal;
    private final JointSpace space;
    private final double range;
    private final long maxIterations;
    private final long timeLimitNanos;
    private final int shortcutAttempts;
    private final long seed;
    private final boolean lazyEdges;
    private final double sampleStep;
    private final Sampler sampler;
    private final boolean balanceTrees;
    private final double dynamicDomainRadius;
    private final boolean rememberRefusedConnects;

    private PlanRequest(Builder b) {
        if (b.start == null || b.goal == null || b.lower == null || b.upper == null) {
            throw new IllegalArgumentException("a plan request needs start, goal and joint bounds");
        }
        int n = b.start.length;
        boolean[] continuous = b.continuous == null ? new boolean[n] : b.continuous;
        if (b.goal.length != n || b.lower.length != n || b.upper.length != n || continuous.length != n) {
            throw new IllegalArgumentException("start (" + n + "), goal (" + b.goal.length + "), lower ("
                    + b.lower.length + "), upper (" + b.upper.length + ") and continuous (" + continuous.length
                    + ") must have the same length");
        }
        JointSpace space = new JointSpace(b.lower, b.upper, continuous);
        for (int i = 0; i < n; i++) {
            checkInside("start", b.start, i, space);
            checkInside("goal", b.goal, i, space);
        }
        if (!(b.range > 0) || !Double.isFinite(b.range)) {
            throw new IllegalArgumentException("range must be positive and finite, got " + b.range);
        }
        if (!(b.sampleStep > 0) || !Double.isFinite(b.sampleStep)) {
            throw new IllegalArgumentException("sampleStep must be positive and finite, got " + b.sampleStep);
        }
        if (!(b.dynamicDomainRadius > 0)) {
            throw new IllegalArgumentException(
                    "dynamicDomainRadius must be positive (+infinity turns it off), got " + b.dynamicDomainRadius);
        }
        this.start = b.start.clone();
        this.goal = b.goal.clone();
        this.space = space;
        this.range = b.range;
        this.maxIterations = b.maxIterations;
        this.timeLimitNanos = b.timeLimitNanos;
        this.shortcutAttempts = b.shortcutAttempts;
        this.seed = b.seed;
        this.lazyEdges = b.lazyEdges;
        this.sampleStep = b.sampleStep;
        this.sampler = b.sampler;
        this.balanceTrees = b.balanceTrees;
        this.dynamicDomainRadius = b.dynamicDomainRadius;
        this.rememberRefusedConnects = b.rememberRefusedConnects;
    }

    private static void checkInside(String what, double[] q, int i, JointSpace space) {
        if (space.isContinuous(i)) {
            if (!(Math.abs(q[i]) <= JointSpace.START_RANGE)) {
                throw new IllegalArgumentException(what + "[" + i + "] = " + q[i] + " of a continuous joint is outside"
                        + " -2π .. 2π; reduce it modulo 2π (the same pose)");
            }
        } else if (!(q[i] >= space.lower(i) && q[i] <= space.upper(i))) {
            throw new IllegalArgumentException(what + "[" + i + "] = " + q[i] + " is outside the joint bounds "
                    + space.lower(i) + " .. " + space.upper(i));
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public int dimension() {
        return start.length;
    }

    public double[] start() {
        return start.clone();
    }

    public double[] goal() {
        return goal.clone();
    }

    public double lower(int joint) {
        return space.lower(joint);
    }

    public double upper(int joint) {
        return space.upper(joint);
    }

    /** The planning space: bounds, and which joints are continuous (planned on the circle). */
    public JointSpace space() {
        return space;
    }

    /** Longest joint-space step (Euclidean) an extension takes. */
    public double range() {
        return range;
    }

    public long maxIterations() {
        return maxIterations;
    }

    public long timeLimitNanos() {
        return timeLimitNanos;
    }

    public int shortcutAttempts() {
        return shortcutAttempts;
    }

    public long seed() {
        return seed;
    }

    /**
     * Whether the trees grow on cheap sampled checks and only the edges of a candidate path go to the motion
     * validator ({@link RrtConnect}); false: every edge is validated when it is added. Either way every edge of a
     * returned path was accepted by the motion validator.
     */
    public boolean lazyEdges() {
        return lazyEdges;
    }

    /** Joint-space spacing (Euclidean) of the lazy edge check's state samples; also used before shortcuts. */
    public double sampleStep() {
        return sampleStep;
    }

    /** How the random configurations are drawn. */
    public Sampler sampler() {
        return sampler;
    }

    /**
     * Whether the smaller tree is the one extended next ({@link RrtConnect}); false: the trees take turns, as in plain
     * RRT-Connect.
     */
    public boolean balanceTrees() {
        return balanceTrees;
    }

    /**
     * The dynamic domain a node gets when an extension from it first fails (joint-space distance, Euclidean): later
     * samples farther than its domain from it, when it is their nearest node, are dropped before any check
     * ({@link RrtConnect}). Each further failure shrinks the domain slightly (not below {@link #range}), each success
     * widens it; +∞ turns dynamic domains off.
     */
    public double dynamicDomainRadius() {
        return dynamicDomainRadius;
    }

    /**
     * Whether a tree node remembers the direction of the last connect that failed at its first step from it, so that a
     * later connect from it in nearly the same direction is not tried ({@link RrtConnect}); false: every connect is
     * tried, as in plain RRT-Connect.
     */
    public boolean rememberRefusedConnects() {
        return rememberRefusedConnects;
    }

    /**
     * The first Halton point of this request ({@link Sampler#HALTON}): 1 + (seed − 1) mod 2³², so that every seed
     * gives a valid start and seed 1 starts the sequence at its first point.
     */
    public long haltonStart() {
        return 1 + Math.floorMod(seed - 1, 1L << 32);
    }

    @Override
    public String toString() {
        return "PlanRequest[start=" + Arrays.toString(start) + ", goal=" + Arrays.toString(goal) + "]";
    }

    /**
     * Builder with defaults: range 1.0 rad, 100 000 iterations, 10 s, 100 shortcut attempts, seed 1, lazy edges with
     * samples at most 0.2 rad apart, the {@link #DEFAULT_SAMPLER}, balanced trees, the {@link
     * #DEFAULT_DYNAMIC_DOMAIN_RADIUS}, refused connects remembered. Range and sample step were measured on the first 10 MotionBenchMaker Panda
     * problems of each scenario (lazy mode): range 0.3 / 0.5 / 0.7 / 1.5 rad grew larger trees or proved more and
     * longer edges than 1.0; samples 0.25 – 0.5 rad apart let through edges the certified check then refuses (each
     * refusal costs a conservative advancement up to the contact, 8× as many refusals at 0.35 rad), 0.05 – 0.15
     * rad spend more state checks than they save.
     */
    public static final class Builder {
        private double @Nullable [] start;
        private double @Nullable [] goal;
        private double @Nullable [] lower;
        private double @Nullable [] upper;
        private boolean @Nullable [] continuous;
        private double range = 1.0;
        private long maxIterations = 100_000;
        private long timeLimitNanos = 10_000_000_000L;
        private int shortcutAttempts = 100;
        private long seed = 1;
        private boolean lazyEdges = true;
        private double sampleStep = 0.2;
        private Sampler sampler = DEFAULT_SAMPLER;
        private boolean balanceTrees = true;
        private double dynamicDomainRadius = DEFAULT_DYNAMIC_DOMAIN_RADIUS;
        private boolean rememberRefusedConnects = true;

        public Builder start(double... q) {
            this.start = Objects.requireNonNull(q, "start must not be null").clone();
            return this;
        }

        public Builder goal(double... q) {
            this.goal = Objects.requireNonNull(q, "goal must not be null").clone();
            return this;
        }

        public Builder bounds(double[] lower, double[] upper) {
            this.lower = Objects.requireNonNull(lower, "lower must not be null").clone();
            this.upper = Objects.requireNonNull(upper, "upper must not be null").clone();
            return this;
        }

        /**
         * Which joints are continuous (default none): sampled over one turn, moved the short way round, their bounds
         * ignored. {@code Collide4j.continuousJoints()} gives them for a robot.
         */
        public Builder continuous(boolean... flags) {
            this.continuous =
                    Objects.requireNonNull(flags, "continuous must not be null").clone();
            return this;
        }

        /** Bounds and continuous joints of a robot's planning group in one call. */
        public Builder space(JointSpace space) {
            int n = Objects.requireNonNull(space, "space must not be null").dimension();
            this.lower = new double[n];
            this.upper = new double[n];
            this.continuous = new boolean[n];
            for (int j = 0; j < n; j++) {
                lower[j] = space.lower(j);
                upper[j] = space.upper(j);
                continuous[j] = space.isContinuous(j);
            }
            return this;
        }

        public Builder range(double range) {
            this.range = range;
            return this;
        }

        public Builder maxIterations(long n) {
            this.maxIterations = n;
            return this;
        }

        public Builder timeLimitSeconds(double seconds) {
            this.timeLimitNanos = (long) (seconds * 1e9);
            return this;
        }

        public Builder shortcutAttempts(int n) {
            this.shortcutAttempts = n;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder lazyEdges(boolean lazy) {
            this.lazyEdges = lazy;
            return this;
        }

        public Builder sampleStep(double step) {
            this.sampleStep = step;
            return this;
        }

        public Builder sampler(Sampler sampler) {
            this.sampler = Objects.requireNonNull(sampler, "sampler must not be null");
            return this;
        }

        public Builder balanceTrees(boolean balance) {
            this.balanceTrees = balance;
            return this;
        }

        /** The initial dynamic domain radius; {@code Double.POSITIVE_INFINITY} turns dynamic domains off. */
        public Builder dynamicDomainRadius(double radius) {
            this.dynamicDomainRadius = radius;
            return this;
        }

        /** Whether refused connect directions are remembered (default true); false tries every connect. */
        public Builder rememberRefusedConnects(boolean remember) {
            this.rememberRefusedConnects = remember;
            return this;
        }

        public PlanRequest build() {
            return new PlanRequest(this);
        }
    }
}
