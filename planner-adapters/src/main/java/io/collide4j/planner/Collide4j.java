package io.collide4j.planner;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.BatchRobot;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.MotionBatchResult;
import io.collide4j.checker.batch.StateBatchResult;
import io.collide4j.checker.batch.StateVerdict;
import io.collide4j.checker.certificate.Provenance;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.EndCheck;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.checker.robot.LinkConvexity;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.JointColumns;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.urdf.SemanticDescription;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The planner-facing collision checker, built in one call from a robot (bundled name, or URDF + optional
 * SRDF), a scene (bundled name, JSON or MoveIt YAML file, or objects), a margin, per-link padding and
 * scale, allowed-collision edits and a planning group.
 *
 * <p><b>Configurations.</b> Every adapter works on the planning group's variables (all variables when no
 * group is set), in the group's order ({@link #variableNames()}); the robot's other variables are held at
 * fixed values ({@link Collide4jBuilder#hold}, default 0 clamped into the joint limits).
 *
 * <p><b>Guarantee.</b> "Valid" always means certified: every robot–obstacle and checked self pair is
 * farther apart than the margin for the modelled geometry (meshes covered by convex hulls, which only
 * grow the robot), so a valid answer is never wrong; {@link SampledMotionValidator} is the one
 * exception and says so.
 *
 * <p><b>Threads.</b> Immutable and thread-safe: share one instance and its adapters between planner
 * threads; each thread gets its own query scratch ({@link QueryContext}) through a {@code ThreadLocal}.
 */
public final class Collide4j {
    private final CollisionChecker checker;
    private final PreparedScene prepared; // the scene's pieces as the checker uses them (shared with batch engines)
    private final double margin;
    private final double tolerance;
    private final long budget;
    private final long trajectoryBudget;
    private final GroupMapping group;
    private final ValidityCounters counters = new ValidityCounters();
    private final ThreadLocal<Scratch> scratch;
    private final Collide4jBuilder recipe; // for derived variants (MoveIt-style request edits)
    private final @Nullable SemanticDescription semantics;
    private final List<String> warnings;
    private final List<LinkConvexity> decomposedByDefault;

    /** Per-thread scratch: the checker's query context and full-configuration buffers. */
    static final class Scratch {
        final QueryContext context;
        final double[] full0;
        final double[] full1;
        final double[] unwrapped; // a short-way motion's end (group values)
        final double[] fullLimits; // withinLimits' own, so that it never overwrites a caller's full0/full1

        Scratch(CollisionChecker checker, double[] rest, int groupSize) {
            context = checker.newContext();
            full0 = rest.clone();
            full1 = rest.clone();
            unwrapped = new double[groupSize];
            fullLimits = rest.clone();
        }
    }

    Collide4j(
            Collide4jBuilder b,
            PreparedScene prepared,
            CollisionChecker checker,
            @Nullable SemanticDescription semantics,
            GroupMapping group,
            List<String> warnings,
            List<LinkConvexity> decomposedByDefault) {
        this.decomposedByDefault = List.copyOf(decomposedByDefault);
        this.warnings = List.copyOf(warnings);
        this.prepared = prepared;
        this.checker = checker;
        this.semantics = semantics;
        this.margin = b.margin;
        this.tolerance = b.tolerance;
        this.budget = b.budgetGiven ? b.budget : b.budget * budgetScale(checker.model());
        this.trajectoryBudget = TrajectoryCertifier.DEFAULT_BUDGET * budgetScale(checker.model());
        this.group = group;
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(checker, group.rest, group.dimension()));
        this.recipe = b.copy();
    }

    public static Collide4jBuilder builder() {
        return new Collide4jBuilder();
    }

    /** A bundled robot (with its SRDF and, when it has one, its first planning group) in a bundled scene. */
    public static Collide4j bundled(String robot, String scene) {
        return builder().robot(robot).sceneName(scene).build();
    }

    // ------------------------------------------------------------------ model facts

    /** Where this checker's robot and scene came from (bundled names or files; parts unknown are null). */
    public Provenance provenance() {
        return recipe.provenance();
    }

    /** The underlying certified checker (full configurations, explicit contexts). */
    public CollisionChecker checker() {
        return checker;
    }

    public RobotCollisionModel model() {
        return checker.model();
    }

    public Scene scene() {
        return checker.scene();
    }

    /**
     * Warnings about a robot loaded without SRDF, each one sentence with what to do (how to generate an SRDF;
     * the pairs in collision at its zero configuration); empty otherwise. Front ends print them once.
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The links {@link DecompositionMode#CONCAVE} (the default) decomposed because their meshes are far from convex,
     * each with the measure that decided; empty in the other modes, or when every link is close to convex. Front
     * ends say so once ({@code --no-decompose} turns it off).
     */
    public List<LinkConvexity> decomposedByDefault() {
        return decomposedByDefault;
    }

    /** The SRDF in use, or null when there is none. */
    public @Nullable SemanticDescription semantics() {
        return semantics;
    }

    /** Minimum separation d: a state is valid when every checked pair is farther apart than d. */
    public double margin() {
        return margin;
    }

    /** Tolerance of the continuous checks (m): how close to the margin a bound may come before a hit is reported. */
    public double tolerance() {
        return tolerance;
    }

    /**
     * The separation a planner's validators demand ({@link #planningStateValidityChecker},
     * {@link #planningMotionValidator}): margin + 2 × tolerance. Why: {@link #checkMotion} and the trajectory
     * certificate report a pair as soon as a lower bound comes within the tolerance of the margin, while
     * {@link #isValid} and {@link #isMotionFree} accept anything proven farther than the margin, so a planner using
     * those could return a path through the band (margin, margin + tolerance] that its own certificate refuses
     * (bookshelf_tall_panda #37 with a Halton sampler: a state 9.1e-5 m from the shelf at margin 0). Planning states
     * and edges proven farther than margin + tolerance keeps every certified lower bound out of the band; the second
     * tolerance is slack for the certifier's bounds being computed at other points than the planner's (GJK's lower
     * bound is within a relative 1e-11 of the distance, so 1e-4 m of slack is far more than needed). Nothing is
     * weakened: the certificate is still what says "free"; the planner only keeps 2 × tolerance (0.2 mm by default)
     * more clearance than the margin.
     */
    public double planningMargin() {
        return margin + 2 * tolerance;
    }

    /**
     * Distance evaluations one motion check may spend before it answers inconclusive: the builder's budget, or by
     * default {@link CollisionChecker#DEFAULT_BUDGET} times {@link #budgetScale}.
     */
    public long budget() {
        return budget;
    }

    /**
     * The default evaluation budget of a whole-trajectory certification of this model:
     * {@link TrajectoryCertifier#DEFAULT_BUDGET} times {@link #budgetScale}. The CLI's certify and plan use it unless
     * given a budget, so that what plan reports certified, certify certifies too.
     */
    public long trajectoryBudget() {
        return trajectoryBudget;
    }

    /**
     * How much the default budgets grow for a model: the convex pieces per collision element, rounded up (1 for one
     * hull or primitive each; about 7 for the Panda's decomposition). A decomposed link brings that many more pieces
     * into every advancement round, and a budget sized for hulls would run out on motions the same proof settles
     * with a little more room (which made certified paths come back INCONCLUSIVE).
     */
    public static long budgetScale(RobotCollisionModel model) {
        java.util.Set<Long> elements = new java.util.HashSet<>();
        for (int p = 0; p < model.pieceCount(); p++) {
            elements.add(
                    ((long) model.pieceBody(p) << 32) | (model.pieceOrigin(p).element() & 0xffffffffL));
        }
        return elements.isEmpty() ? 1 : Math.max(1, (model.pieceCount() + elements.size() - 1) / elements.size());
    }

    /** The planning group's name, or "" when the adapters use every variable. */
    public String groupName() {
        return group.groupName;
    }

    /** Number of planning variables (the length of every configuration the adapters take). */
    public int dimension() {
        return group.dimension();
    }

    /** The planning variables' joint names, in configuration order. */
    public List<String> variableNames() {
        return group.variableNames;
    }

    public double lowerLimit(int i) {
        return group.lower[i];
    }

    public double upperLimit(int i) {
        return group.upper[i];
    }

    public double[] lowerLimits() {
        return group.lower.clone();
    }

    public double[] upperLimits() {
        return group.upper.clone();
    }

    /** Per planning variable, whether it is a continuous joint (limits −∞ .. +∞, planned on the circle). */
    public boolean[] continuousJoints() {
        boolean[] out = new boolean[group.dimension()];
        for (int i = 0; i < out.length; i++) {
            out[i] = group.space.isContinuous(i);
        }
        return out;
    }

    /** The planning group's space: joint limits, continuous joints on the circle (what a planner samples). */
    public JointSpace jointSpace() {
        return group.space;
    }

    /** The full robot configuration for group values q (other variables at their held values). */
    public double[] fullConfiguration(double[] q) {
        return group.fullConfiguration(q);
    }

    /** A group velocity or acceleration as a full robot vector: every joint outside the group stands still (0). */
    public double[] fullDerivative(double[] groupRate) {
        return group.fullDerivative(groupRate);
    }

    /** The group values of a full robot configuration. */
    public double[] groupConfiguration(double[] full) {
        return group.groupConfiguration(full);
    }

    void toFull(double[] q, double[] dest) {
        group.toFull(q, dest);
    }

    /** For each planning variable, the trajectory column holding it ({@link #jointColumns}). */
    public int[] trajectoryColumns(JointTrajectory t) {
        return jointColumns(t).columns();
    }

    /** Every joint name of the robot (planning or not), for checking names a user gives. */
    public java.util.Set<String> robotJointNames() {
        return group.robotJoints;
    }

    /**
     * How the trajectory's columns map onto the planning variables ({@link JointColumns#map}: by name whenever
     * the trajectory names its columns, by position only for unnamed ones). A named column of a joint outside the
     * planning group must hold that joint's held value in every waypoint (else it would be ignored silently);
     * mimic and fixed joints, whose values are derived, may not be columns. IllegalArgumentException otherwise.
     */
    public JointColumns jointColumns(JointTrajectory t) {
        return group.jointColumns(t, checker.model().kinematics());
    }

    /** Waypoint k of a trajectory as a planning configuration (columns from {@link #trajectoryColumns}). */
    public static double[] waypoint(JointTrajectory t, int[] columns, int k) {
        double[] row = t.positions(k);
        double[] q = new double[columns.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = row[columns[i]];
        }
        return q;
    }

    /**
     * True when every group value is finite and inside its joint limits, and so is every mimic joint's value
     * (multiplier · leader + offset against the mimic joint's own limits, which the leader's range does not imply).
     * Allocation-free.
     */
    public boolean withinLimits(double[] q) {
        return group.withinLimits(q, scratch().fullLimits, checker.model().kinematics());
    }

    Scratch scratch() {
        return scratch.get();
    }

    /** Counters shared by every adapter of this checker. */
    public ValidityCounters counters() {
        return counters;
    }

    // ------------------------------------------------------------------ adapters

    /** Certified OMPL-style state validity (collision and joint limits). */
    public CertifiedStateValidityChecker stateValidityChecker() {
        return new CertifiedStateValidityChecker(this, margin);
    }

    /** Certified OMPL-style motion validity (conservative advancement over the exact joint-space motion). */
    public CertifiedMotionValidator motionValidator() {
        return new CertifiedMotionValidator(this, false, margin);
    }

    /**
     * {@link #stateValidityChecker} at the {@link #planningMargin}, for a planner whose paths are certified at the
     * margin: a state it accepts is never inside the certificate's tolerance band.
     */
    public CertifiedStateValidityChecker planningStateValidityChecker() {
        return new CertifiedStateValidityChecker(this, planningMargin());
    }

    /**
     * {@link #motionValidator} at the {@link #planningMargin}: every motion it accepts is proven farther than margin +
     * 2 × tolerance, so {@link #checkMotion} and the trajectory certificate at the margin accept it too.
     */
    public CertifiedMotionValidator planningMotionValidator() {
        return new CertifiedMotionValidator(this, false, planningMargin());
    }

    /**
     * {@link #motionValidator} for a planner that moves continuous joints the short way round (OMPL's SO(2)): a
     * motion q0 → q1 is certified as q0 → {@link JointSpace#unwrap q1 unwrapped} (each continuous joint travels at
     * most half a turn), the motion such a planner's controller executes. Equal to {@link #motionValidator} on a
     * robot without continuous joints.
     */
    public CertifiedMotionValidator shortWayMotionValidator() {
        return new CertifiedMotionValidator(this, true, margin);
    }

    /** Whole-trajectory certification with certificates (see {@link TrajectoryCertifier}). */
    public TrajectoryCertifier trajectoryCertifier() {
        return new TrajectoryCertifier(this);
    }

    /** NOT certified: checks states every {@code resolution} (joint-space Euclidean) along a motion; for comparison only. */
    public SampledMotionValidator sampledMotionValidator(double resolution) {
        return new SampledMotionValidator(this, resolution);
    }

    // ------------------------------------------------------------------ direct queries (group configurations)

    /** Certified: q is within limits and every checked pair is farther apart than the margin. */
    public boolean isValid(double[] q) {
        return isValid(q, margin);
    }

    /** {@link #isValid} with separation d instead of the margin (the adapters' {@link #planningMargin}). */
    boolean isValid(double[] q, double margin) {
        if (!withinLimits(q)) {
            return false;
        }
        Scratch s = scratch();
        toFull(q, s.full0);
        return checker.isFree(s.full0, margin, s.context);
    }

    /**
     * {@link #isValid} of many configurations in parallel (the common fork-join pool, one scratch per
     * worker thread); counted in {@link #counters()}.
     */
    public boolean[] areValid(List<double[]> qs) {
        boolean[] out = new boolean[qs.size()];
        java.util.stream.IntStream.range(0, out.length).parallel().forEach(i -> {
            long t0 = System.nanoTime();
            out[i] = isValid(qs.get(i));
            counters.state(out[i], System.nanoTime() - t0);
        });
        return out;
    }

    /**
     * A batch engine over exactly this checker's model and prepared scene (so state verdicts equal
     * {@code isFree} with this margin, motion verdicts {@link #checkMotion} with the default tolerance and
     * budget), on the multithreaded CPU engine. The caller owns it and must close it.
     */
    public BatchChecker newBatchChecker(int threads) {
        return newBatchChecker(EngineChoice.CPU, threads);
    }

    /** As {@link #newBatchChecker(int)} on a chosen engine (OpenCL tiers when a device is found; same verdicts). */
    public BatchChecker newBatchChecker(EngineChoice engine, int threads) {
        return BatchChecker.builder()
                .engine(engine)
                .threads(threads)
                .robot(BatchRobot.builder(checker.model(), prepared).build())
                .build();
    }

    /**
     * {@link #isValid} of many configurations on a batch engine from {@link #newBatchChecker} (verdicts equal
     * to isValid's); counted in {@link #counters()}.
     */
    public boolean[] areValid(List<double[]> qs, BatchChecker engine) {
        int n = qs.size(), dim = group.dimension();
        double[] flat = new double[n * dim];
        for (int i = 0; i < n; i++) {
            double[] q = qs.get(i);
            if (q.length != dim) {
                throw new IllegalArgumentException("configuration " + i + " has " + q.length + " entries, expected "
                        + dim + " " + group.variableNames);
            }
            System.arraycopy(q, 0, flat, i * dim, dim);
        }
        boolean[] out = new boolean[n];
        areValid(flat, out, engine);
        return out;
    }

    /**
     * {@link #areValid(List, BatchChecker)} of {@code out.length} group configurations stored back to back in
     * {@code flat} (row i at {@code i * dimension()}), verdict i into {@code out[i]}: for callers holding one flat
     * array (numpy, JNI) that must not be cut into rows. Allocates the full configurations once per call.
     */
    public void areValid(double[] flat, boolean[] out, BatchChecker engine) {
        int n = out.length, dim = group.dimension(), dof = group.rest.length;
        double[] rest = group.rest, lower = group.lower, upper = group.upper;
        int[] groupVars = group.vars;
        if (flat.length != (long) n * dim) {
            throw new IllegalArgumentException(
                    flat.length + " values for " + n + " configurations of " + dim + " entries " + group.variableNames);
        }
        double[] full = new double[n * dof];
        for (int i = 0; i < n; i++) {
            System.arraycopy(rest, 0, full, i * dof, dof);
            boolean inLimits = true;
            for (int k = 0; k < dim; k++) {
                double x = flat[i * dim + k];
                inLimits &= x >= lower[k] && x <= upper[k]; // false for NaN
                full[i * dof + groupVars[k]] = inLimits ? x : rest[groupVars[k]]; // the batch never sees a NaN
            }
            out[i] = inLimits;
        }
        long t0 = System.nanoTime();
        StateBatchResult r = engine.checkStates(full, margin);
        long each = n == 0 ? 0 : (System.nanoTime() - t0) / n;
        for (int i = 0; i < n; i++) {
            out[i] = out[i] && r.verdict()[i] == StateVerdict.FREE;
            counters.state(out[i], each);
        }
    }

    /**
     * Certified checks of motions q0s[i] → q1s[i] (group configurations) on a batch engine from
     * {@link #newBatchChecker}; falls back to one thread when this façade's tolerance or budget differ
     * from the engine's defaults. Returns the status per motion; counted in {@link #counters()}.
     */
    public MotionStatus[] checkMotions(List<double[]> q0s, List<double[]> q1s, BatchChecker engine) {
        if (q0s.size() != q1s.size()) {
            throw new IllegalArgumentException(q0s.size() + " motion starts but " + q1s.size() + " ends");
        }
        int n = q0s.size();
        MotionStatus[] out = new MotionStatus[n];
        if (tolerance != CollisionChecker.DEFAULT_TOLERANCE || budget != CollisionChecker.DEFAULT_BUDGET) {
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                MotionResult m = checkMotion(q0s.get(i), q1s.get(i));
                out[i] = m.status();
                counters.motion(
                        m.isFree(), m.status() == MotionStatus.INCONCLUSIVE, System.nanoTime() - t0, m.evaluations());
            }
            return out;
        }
        double[][] a = new double[n][], b = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = fullConfiguration(q0s.get(i));
            b[i] = fullConfiguration(q1s.get(i));
        }
        long t0 = System.nanoTime();
        MotionBatchResult r = engine.checkMotions(a, b, margin);
        long each = n == 0 ? 0 : (System.nanoTime() - t0) / n;
        for (int i = 0; i < n; i++) {
            out[i] = r.status()[i];
            counters.motion(out[i] == MotionStatus.FREE, out[i] == MotionStatus.INCONCLUSIVE, each, r.evaluations()[i]);
        }
        return out;
    }

    /** The closest checked pair at q (certified lower bound and estimate), or null when nothing is checked. */
    public @Nullable Contact closestPair(double[] q) {
        Scratch s = scratch();
        toFull(q, s.full0);
        return checker.minimumDistance(s.full0, s.context);
    }

    /** The closest robot–scene pair at q (certified lower bound and estimate), or null when the scene is empty. */
    public @Nullable Contact closestObstacle(double[] q) {
        Scratch s = scratch();
        toFull(q, s.full0);
        return checker.minimumDistance(s.full0, s.context, true);
    }

    /** Pairs that keep q from being valid (certified lower bound ≤ margin), closest first, at most max. */
    public List<Contact> contacts(double[] q, int max) {
        Scratch s = scratch();
        toFull(q, s.full0);
        return checker.contacts(s.full0, margin, max, s.context);
    }

    /** The checker's continuous check of q0 → q1 with this façade's margin, tolerance and budget. */
    public MotionResult checkMotion(double[] q0, double[] q1) {
        return checkMotion(q0, q1, margin);
    }

    /** {@link #checkMotion} with separation d instead of the margin. */
    MotionResult checkMotion(double[] q0, double[] q1, double margin) {
        Scratch s = scratch();
        toFull(q0, s.full0);
        toFull(q1, s.full1);
        return checker.checkMotion(s.full0, s.full1, margin, tolerance, budget, s.context);
    }

    /**
     * The checker's boolean motion query ({@link CollisionChecker#isMotionFree}) of q0 → q1 with this façade's
     * margin, tolerance and budget: FREE by the same certified proof as {@link #checkMotion} (the two may differ only
     * on motions within the tolerance band of the margin), faster (discrete samples first, the sphere tier in front
     * of GJK) and without the earliest contact. Allocation-free per call.
     */
    public MotionStatus isMotionFree(double[] q0, double[] q1) {
        return isMotionFree(q0, q1, false);
    }

    /**
     * {@link #isMotionFree(double[], double[])}; with {@code presampled} the interior discrete samples are skipped
     * (only q1 is checked before the certified advancement), for a caller that has already sampled the segment's
     * states itself — a lazy planner, whose samples are denser than {@link CollisionChecker#DEFAULT_SAMPLE_STEP}.
     * The samples only end a colliding motion early; the FREE answer is the advancement's proof either way.
     */
    public MotionStatus isMotionFree(double[] q0, double[] q1, boolean presampled) {
        return isMotionFree(q0, q1, presampled, margin);
    }

    /** {@link #isMotionFree(double[], double[], boolean)} with another separation instead of the margin. */
    MotionStatus isMotionFree(double[] q0, double[] q1, boolean presampled, double margin) {
        // a step longer than any motion leaves one sample cell: no interior samples
        return isMotionFree(q0, q1, presampled ? Double.MAX_VALUE : CollisionChecker.DEFAULT_SAMPLE_STEP, margin);
    }

    /** {@link #isMotionFree(double[], double[], boolean, double)} with discrete samples at most sampleStep apart. */
    MotionStatus isMotionFree(double[] q0, double[] q1, double sampleStep, double margin) {
        Scratch s = scratch();
        toFull(q0, s.full0);
        toFull(q1, s.full1);
        return checker.isMotionFree(s.full0, s.full1, margin, tolerance, budget, sampleStep, s.context);
    }

    /**
     * {@link #isMotionFree(double[], double[], double, double)} with q1's discrete check where {@code end} says
     * ({@link CollisionChecker#isMotionFree(double[], double[], double, double, long, double, EndCheck, QueryContext)}).
     */
    MotionStatus isMotionFree(double[] q0, double[] q1, double sampleStep, double margin, EndCheck end) {
        Scratch s = scratch();
        toFull(q0, s.full0);
        toFull(q1, s.full1);
        return checker.isMotionFree(s.full0, s.full1, margin, tolerance, budget, sampleStep, end, s.context);
    }

    /** Distance evaluations of this thread's last motion query ({@link #checkMotion} or {@link #isMotionFree}). */
    long lastMotionEvaluations() {
        return scratch().context.evaluations();
    }

    /**
     * A variant of this checker with extra allowed-collision entries and padding/scale overrides (the
     * MoveIt-style per-request edits); same robot, scene, margin and group.
     */
    public Collide4j derive(List<String[]> allow, Map<String, Double> padding, Map<String, Double> scale) {
        if (allow.isEmpty() && padding.isEmpty() && scale.isEmpty()) {
            return this;
        }
        Collide4jBuilder b = recipe.copy();
        allow.forEach(p -> b.allow(p[0], p[1]));
        padding.forEach(b::padding);
        scale.forEach(b::scale);
        return b.build();
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "Collide4j[%s, %d obstacles, margin %g, group %s]",
                model(),
                scene().size(),
                margin,
                group.groupName.isEmpty() ? "<all variables>" : group.groupName);
    }
}
