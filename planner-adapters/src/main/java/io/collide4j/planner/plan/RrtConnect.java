package io.collide4j.planner.plan;

import io.collide4j.planner.JointSpace;
import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.StateValidityChecker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * Bidirectional RRT-Connect in joint space (Kuffner &amp; LaValle, 2000) followed by random shortcutting. Every edge
 * of a returned path has been accepted by the motion validator, so with a certified validator the whole path is
 * certified free. One instance plans one request at a time; for a given request (seed included) and deterministic
 * validators the result is the same every time, whatever the time limit allows.
 *
 * <p>Lazy edges ({@link PlanRequest#lazyEdges}, the default): the trees grow on cheap checks only — the new state,
 * and states {@link PlanRequest#sampleStep} apart along the edge in bisection order (for an extension towards a
 * random sample only once it lies on a connecting path) — and an edge is handed to the motion validator only when
 * it lies on a start-to-goal path, after greedy simplification of that path (the lazy evaluation of LazyPRM, Bohlin
 * &amp; Kavraki 2000, applied to the trees of RRT-Connect). An edge the validator refuses is cut out of its tree
 * with everything grown from it, and the search goes on; an edge it accepts is remembered as certified. The
 * returned path consists of validated edges only, as in the eager mode, where every edge is validated when it is
 * added: the cheap checks only decide which edges are worth proving, never that an edge is free. Plan time
 * ({@link PlanResult#planningCpuSeconds}) includes the proofs of the returned path's edges.
 *
 * <p>Continuous joints ({@link PlanRequest#space}) are sampled over one turn and approached the short way round, as
 * OMPL's SO(2) does, but every node is stored {@link JointSpace#unwrap unwrapped} relative to its parent: a tree edge
 * is then the straight joint-space segment between its stored values, and that literal segment is what the validator
 * proves and what the returned path contains. Where the trees meet, the goal tree's half of the path is shifted by
 * whole turns to continue the start tree's values (its edges are proven again when a shift changed them), so the
 * path's last waypoint is the goal up to whole turns of its continuous joints. Values stay within
 * ±{@link JointSpace#WINDOW}; a shortcut the checker could not bound is not taken.
 *
 * <p>By default ({@link PlanRequest#balanceTrees}, {@link PlanRequest#dynamicDomainRadius}) the smaller tree extends
 * next, and a sample outside its nearest node's dynamic domain is dropped unchecked (both as in VAMP's RRT-Connect):
 * on the MotionBenchMaker Panda problems a third fewer state checks, most of them saved at the tail, where a tree
 * trapped in a shelf or cage kept extending into obstacles. A node remembers the direction of the last connect that
 * failed at its first step from it, and a connect from it in nearly that direction is not tried
 * ({@link PlanRequest#rememberRefusedConnects}, {@code RefusedDirections}). Work counts ({@link PlanResult}) are
 * deterministic.
 */
public final class RrtConnect {
    private final StateValidityChecker states;
    private final MotionValidator motions;
    private JointSpace space; // of the request being planned
    private long stateChecks;
    private long motionChecks;
    private long motionsRefused;
    private long nodesScanned;
    private long samplesRejected;
    private long connectsSkipped;
    private long cpu0;

    public RrtConnect(StateValidityChecker states, MotionValidator motions) {
        this.states = states;
        this.motions = motions;
    }

    /**
     * A tree of configurations stored flat: node i is q[i*n .. i*n+n), parent[i] its parent (−1 at the root; a parent
     * always has a smaller index than its children), certified[i] whether the edge from the parent was accepted by
     * the motion validator, sampled[i] whether it passed the lazy mode's samples (both true at the root), cut[i]
     * whether node i or one of its ancestors lost its edge, radius[i] its dynamic domain (+∞ until an extension from
     * it fails), refused the direction of the last connect that failed at its first step from node i.
     */
    private static final class Tree {
        final int n;
        final JointSpace space;
        double[] q;
        int[] parent;
        boolean[] certified;
        boolean[] sampled;
        boolean[] cut;
        double[] radius;
        final RefusedDirections refused;
        int size;

        Tree(JointSpace space, double[] root) {
            this.n = space.dimension();
            this.space = space;
            this.q = new double[n * 256];
            this.parent = new int[256];
            this.certified = new boolean[256];
            this.sampled = new boolean[256];
            this.cut = new boolean[256];
            this.radius = new double[256];
            this.refused = new RefusedDirections(space, 256);
            add(root, -1, true, true);
        }

        int add(double[] config, int parentIndex, boolean certifiedEdge, boolean sampledEdge) {
            if (size == parent.length) {
                q = Arrays.copyOf(q, q.length * 2);
                parent = Arrays.copyOf(parent, parent.length * 2);
                certified = Arrays.copyOf(certified, certified.length * 2);
                sampled = Arrays.copyOf(sampled, sampled.length * 2);
                cut = Arrays.copyOf(cut, cut.length * 2);
                radius = Arrays.copyOf(radius, radius.length * 2);
                refused.ensureCapacity(parent.length);
            }
            refused.forget(size);
            radius[size] = Double.POSITIVE_INFINITY;
            System.arraycopy(config, 0, q, size * n, n);
            parent[size] = parentIndex;
            certified[size] = certifiedEdge;
            sampled[size] = sampledEdge;
            cut[size] = false;
            return size++;
        }

        /** Removes node i and every node grown from it from the search (one pass: parents precede children). */
        void cutOff(int i) {
            cut[i] = true;
            for (int k = i + 1; k < size; k++) {
                if (cut[parent[k]]) {
                    cut[k] = true;
                }
            }
        }

        /**
         * Nearest node not cut off, by Euclidean joint distance, continuous joints the short way round (linear scan:
         * trees stay small for arm problems; {@link NearestScan}'s tight loop without continuous joints).
         */
        int nearest(double[] target) {
            if (!space.hasContinuous()) {
                return NearestScan.nearest(q, n, size, cut, target);
            }
            int best = 0;
            double bestD = Double.POSITIVE_INFINITY;
            for (int i = 0, o = 0; i < size; i++, o += n) {
                if (cut[i]) {
                    continue;
                }
                double d = space.squaredDistance(q, o, target, bestD);
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
            return best;
        }

        /** Whether target lies outside node i's dynamic domain (never while the domain is unbounded). */
        boolean outsideDomain(int i, double[] target) {
            double r = radius[i];
            return r != Double.POSITIVE_INFINITY
                    && !(space.squaredDistance(q, i * n, target, Double.POSITIVE_INFINITY) <= r * r);
        }

        /**
         * Dynamic domain after an extension from node i: a failure bounds an unbounded domain at {@code initial} and
         * shrinks a bounded one by the factor 1 − {@link #DOMAIN_ALPHA}, not below {@code least}; a success widens a
         * bounded one by 1 + {@link #DOMAIN_ALPHA}.
         */
        void updateDomain(int i, boolean grew, double initial, double least) {
            double r = radius[i];
            if (grew) {
                if (r != Double.POSITIVE_INFINITY) {
                    radius[i] = r * (1 + DOMAIN_ALPHA);
                }
            } else {
                radius[i] = r == Double.POSITIVE_INFINITY ? initial : Math.max(least, r * (1 - DOMAIN_ALPHA));
            }
        }

        double[] node(int i) {
            return Arrays.copyOfRange(q, i * n, i * n + n);
        }

        /** Whether the straight segment between a and b (either way round) is this tree's edge into node child. */
        boolean isEdge(int child, double[] a, double[] b) {
            double[] c = node(child);
            double[] p = node(parent[child]);
            return Arrays.equals(a, p) && Arrays.equals(b, c) || Arrays.equals(a, c) && Arrays.equals(b, p);
        }

        void copyNode(int i, double[] dest) {
            System.arraycopy(q, i * n, dest, 0, n);
        }

        /** Node indices from i up to the root. */
        List<Integer> toRoot(int i) {
            List<Integer> out = new ArrayList<>();
            for (int k = i; k >= 0; k = parent[k]) {
                out.add(k);
            }
            return out;
        }
    }

    private enum Extension {
        TRAPPED,
        ADVANCED,
        REACHED
    }

    /**
     * Where the goal tree's Halton sequence starts after the start tree's: far enough that the two never draw the
     * same point in a plan, and not a power of a small prime, whose leap would repeat the start tree's leading digits.
     */
    static final long GOAL_TREE_LEAP = 1_000_003;

    /** How fast a bounded dynamic domain shrinks on a failure and widens on a success (VAMP's setting). */
    static final double DOMAIN_ALPHA = 1e-4;

    /**
     * A connect from a node whose last connect failed at its first step is not tried towards a target within this
     * cosine of the refused direction (about 32°; {@link PlanRequest#rememberRefusedConnects}). State checks on all 700
     * MotionBenchMaker Panda problems, 500,418 without the memory: cosine 0.7 502,130, 0.8 483,753, 0.85 473,724,
     * 0.9 474,816, 0.95 503,974 (BENCHMARKS-planner.md): a wide cone skips connects that would have succeeded, a
     * narrow one rarely matches.
     */
    static final double REFUSED_CONNECT_COSINE = 0.85;

    /** Per-plan scratch: the lazy edge check's sample. */
    private double[] probe;

    public PlanResult plan(PlanRequest request) {
        long t0 = System.nanoTime();
        cpu0 = cpuNanos();
        stateChecks = 0;
        motionChecks = 0;
        motionsRefused = 0;
        nodesScanned = 0;
        samplesRejected = 0;
        connectsSkipped = 0;
        int n = request.dimension();
        probe = new double[n];
        space = request.space();
        double[] start = request.start();
        double[] goal = request.goal();
        if (!validState(start)) {
            return failure("start configuration is not valid", 0, t0);
        }
        if (!validState(goal)) {
            return failure("goal configuration is not valid", 0, t0);
        }
        SplittableRandom random = new SplittableRandom(request.seed());
        boolean lazy = request.lazyEdges();
        double sampleStep = request.sampleStep();
        double[] directGoal = space.unwrap(start, goal, new double[n]); // the goal reached the short way round
        if (lazy
                ? sampledFree(start, directGoal, sampleStep) && provenMotion(start, directGoal)
                : validMotion(start, directGoal)) {
            return finish(request, new ArrayList<>(List.of(start, directGoal)), 0, t0, random);
        }
        Tree a = new Tree(space, start);
        Tree b = new Tree(space, goal);
        boolean aIsStart = true;
        double[] sample = new double[n];
        double[] step = new double[n];
        double[] from = new double[n];
        double[] newNode = new double[n];
        int[] added = new int[1];
        int[] reached = new int[1];
        long iteration = 0;
        boolean balance = request.balanceTrees();
        double domain = request.dynamicDomainRadius();
        double leastDomain = Math.min(domain, request.range());
        boolean rememberRefused = request.rememberRefusedConnects();
        // one Halton sequence per tree (see HaltonSequence); the goal tree's starts GOAL_TREE_LEAP points further on
        boolean halton = request.sampler() == Sampler.HALTON;
        HaltonSequence haltonA = halton ? new HaltonSequence(space, request.haltonStart()) : null;
        HaltonSequence haltonB = halton ? new HaltonSequence(space, request.haltonStart() + GOAL_TREE_LEAP) : null;
        while (iteration < request.maxIterations() && System.nanoTime() - t0 < request.timeLimitNanos()) {
            iteration++;
            if (halton) {
                (aIsStart ? haltonA : haltonB).next(sample);
            } else {
                space.sample(random, sample);
            }
            // Lazy: the edge towards a random sample is checked only at its new state (most such edges never lie on a
            // connecting path); its samples are taken when it does (certifiedPath). CONNECT edges are sampled at once:
            // unchecked, they would run through obstacles that samples catch for a few states each.
            // Dynamic domain (Yershova, Jaillet, Siméon & LaValle 2005, as VAMP's RRT-Connect): a sample farther from
            // its nearest node than that node's domain is dropped before any state check. A node whose extension
            // failed lies near an obstacle; samples far beyond it would mostly fail again from there.
            int nearA = nearest(a, sample);
            Extension grown;
            if (a.outsideDomain(nearA, sample)) {
                samplesRejected++;
                grown = Extension.TRAPPED;
            } else {
                grown = extend(a, nearA, sample, request.range(), lazy, true, sampleStep, from, step, added);
                a.updateDomain(nearA, grown != Extension.TRAPPED, domain, leastDomain);
            }
            if (grown != Extension.TRAPPED) {
                a.copyNode(added[0], newNode);
                // After the first step the node just added is b's nearest to newNode (it is `range` closer than the
                // node it grew from, which was the nearest), so the connection goes on from it without a search.
                int near = nearest(b, newNode);
                Extension e = Extension.TRAPPED;
                // Refused connects (issue 29's tail): a node whose connect failed at its first step lies at an
                // obstacle in that direction; a trapped tree offers the same boundary node to connects from nearly
                // the same side again and again, each paying its first state check and samples to fail again.
                if (rememberRefused && b.refused.covers(near, b.q, near * n, newNode, REFUSED_CONNECT_COSINE)) {
                    connectsSkipped++;
                } else {
                    int first = near;
                    boolean advanced = false;
                    while ((e = extend(b, near, newNode, request.range(), lazy, false, sampleStep, from, step, reached))
                            == Extension.ADVANCED) {
                        near = reached[0];
                        advanced = true;
                    }
                    if (rememberRefused && e == Extension.TRAPPED && !advanced) {
                        b.refused.remember(first, b.q, first * n, newNode);
                    }
                }
                if (e == Extension.REACHED) {
                    List<double[]> path = lazy
                            ? certifiedPath(a, added[0], b, reached[0], aIsStart, sampleStep)
                            : path(a, added[0], b, reached[0], aIsStart);
                    if (path != null) {
                        if (!aIsStart) {
                            Collections.reverse(path);
                        }
                        return finish(request, path, iteration, t0, random);
                    }
                }
            }
            // Balanced (as VAMP's RRT-Connect): the smaller tree extends next, so a tree trapped in a pocket keeps
            // drawing samples while the other, which grows easily, waits; plain RRT-Connect alternates.
            if (!balance || b.size <= a.size) {
                Tree t = a;
                a = b;
                b = t;
                aIsStart = !aIsStart;
            }
        }
        return failure(
                "no path within " + iteration + " iterations / " + request.timeLimitNanos() / 1e9 + " s",
                iteration,
                t0);
    }

    /**
     * The eager mode's answer: root of a, ..., a's node ia = b's node ib, ..., root of b ({@link #joined}); null in
     * the rare case that a tree edge shifted by whole turns is refused by the validator (the search goes on).
     */
    private @Nullable List<double[]> path(Tree a, int ia, Tree b, int ib, boolean aIsStart) {
        List<Integer> upA = a.toRoot(ia);
        List<Integer> upB = b.toRoot(ib);
        double[][] q = joined(a, ia, upA, b, ib, upB, aIsStart);
        for (int k = 0; k + 1 < q.length; k++) {
            boolean inA = k + 1 < upA.size();
            Tree t = inA ? a : b;
            int child = inA ? upA.get(upA.size() - 2 - k) : upB.get(k + 1 - upA.size());
            if (!t.isEdge(child, q[k], q[k + 1]) && !validMotion(q[k], q[k + 1])) {
                return null;
            }
        }
        return new ArrayList<>(Arrays.asList(q));
    }

    /**
     * The configurations root of a, ..., a's node ia = b's node ib, ..., root of b (the connection node once). Without
     * continuous joints these are the trees' nodes as stored. With them, the two trees' values at the connection may
     * differ by whole turns: the goal tree's half is shifted by those turns, so that the path continues the start
     * tree's values and every edge is the motion the short way (the connection node takes the start tree's value).
     */
    private double[][] joined(Tree a, int ia, List<Integer> upA, Tree b, int ib, List<Integer> upB, boolean aIsStart) {
        int count = upA.size() + upB.size() - 1;
        double[][] q = new double[count][];
        for (int k = 0; k < upA.size(); k++) {
            q[k] = a.node(upA.get(upA.size() - 1 - k));
        }
        for (int k = 1; k < upB.size(); k++) {
            q[upA.size() - 1 + k] = b.node(upB.get(k));
        }
        if (!space.hasContinuous()) {
            return q;
        }
        int junction = upA.size() - 1;
        double[] x = a.node(ia);
        double[] y = b.node(ib);
        double[] keep = aIsStart ? x : y;
        double[] moved = aIsStart ? y : x;
        q[junction] = keep.clone();
        for (int j = 0; j < space.dimension(); j++) {
            double turns = space.isContinuous(j) ? Math.rint((keep[j] - moved[j]) / JointSpace.TURN) : 0;
            if (turns == 0) {
                continue;
            }
            int from = aIsStart ? junction + 1 : 0;
            int to = aIsStart ? count : junction;
            for (int k = from; k < to; k++) {
                q[k][j] += turns * JointSpace.TURN;
            }
        }
        return q;
    }

    /**
     * The lazy mode's answer to a connection: the tree path root of a, ..., a's node ia = b's node ib, ..., root of b,
     * simplified and validated, or null when the motion validator refused one of its tree edges (that edge's child
     * is then cut off its tree with its subtree, and the search goes on). Tree edges not yet sampled (extensions
     * towards random samples) are sampled first; one that fails is cut off the same way.
     *
     * <p>Greedy simplification before proof (as in shortcut-first path pruning): from waypoint i, the farthest later
     * waypoint j whose straight edge passes the cheap samples is tried first; if the validator accepts i → j the
     * waypoints between are dropped, otherwise the tree edge i → i+1 is validated (once: a tree remembers its
     * validated edges across connections) and the walk goes on from i+1. Fewer, shorter-in-total edges are proven
     * than the tree path has, and every edge of the result was accepted by the validator.
     */
    private @Nullable List<double[]> certifiedPath(
            Tree a, int ia, Tree b, int ib, boolean aIsStart, double sampleStep) {
        List<Integer> upA = a.toRoot(ia);
        List<Integer> upB = b.toRoot(ib);
        double[][] q = joined(a, ia, upA, b, ib, upB, aIsStart);
        int count = q.length;
        Tree[] edgeTree = new Tree[count - 1]; // edge k joins q[k] and q[k+1]; its child node in edgeTree[k]
        int[] edgeChild = new int[count - 1];
        for (int k = 1; k < upA.size(); k++) {
            edgeTree[k - 1] = a;
            edgeChild[k - 1] = upA.get(upA.size() - 1 - k);
        }
        for (int k = 1; k < upB.size(); k++) {
            int at = upA.size() - 1 + k;
            edgeTree[at - 1] = b;
            edgeChild[at - 1] = upB.get(k - 1);
        }
        for (int k = 0; k < count - 1; k++) {
            Tree t = edgeTree[k];
            int child = edgeChild[k];
            if (!t.sampled[child]) {
                if (!sampledFree(q[k], q[k + 1], sampleStep)) {
                    t.cutOff(child);
                    return null;
                }
                t.sampled[child] = true;
            }
        }
        List<double[]> out = new ArrayList<>();
        out.add(q[0]);
        int last = count - 1;
        for (int i = 0; i < last; ) {
            int j = last;
            while (j > i + 1 && !sampledFree(q[i], q[j], sampleStep)) {
                j--;
            }
            if (j > i + 1 && provenMotion(q[i], q[j])) {
                out.add(q[j]);
                i = j;
                continue;
            }
            Tree t = edgeTree[i];
            int child = edgeChild[i];
            // a proof is remembered for the tree's own values; an edge shifted by whole turns is proven as shifted
            boolean asStored = t.isEdge(child, q[i], q[i + 1]);
            if (!(t.certified[child] && asStored)) {
                if (!provenMotion(q[i], q[i + 1])) {
                    t.cutOff(child);
                    return null;
                }
                t.certified[child] |= asStored;
            }
            out.add(q[i + 1]);
            i++;
        }
        return out;
    }

    /**
     * One RRT step from node {@code near} towards the target; the new node's index goes to added[0]. Eager: the edge
     * goes to the motion validator. Lazy: its samples are checked now, or, with {@code deferSamples}, when it lies on
     * a connecting path.
     */
    private Extension extend(
            Tree tree,
            int near,
            double[] target,
            double range,
            boolean lazy,
            boolean deferSamples,
            double sampleStep,
            double[] from,
            double[] scratch,
            int[] added) {
        tree.copyNode(near, from);
        double dist = space.distance(from, target);
        boolean reaches = dist <= range;
        double f = reaches ? 1.0 : range / dist;
        for (int j = 0; j < scratch.length; j++) {
            if (reaches) {
                scratch[j] = space.isContinuous(j) ? JointSpace.unwrap(from[j], target[j]) : target[j];
            } else {
                scratch[j] = from[j] + f * space.difference(j, from[j], target[j]);
            }
        }
        if (!space.inWindow(scratch) || !validState(scratch)) {
            return Extension.TRAPPED;
        }
        if (lazy ? !deferSamples && !sampledFree(from, scratch, sampleStep) : !validMotion(from, scratch)) {
            return Extension.TRAPPED;
        }
        added[0] = tree.add(scratch, near, !lazy, !lazy || !deferSamples);
        return reaches ? Extension.REACHED : Extension.ADVANCED;
    }

    /**
     * The lazy edge check: the interior states j / m of q0 → q1 in bisection (van der Corput) order, m the least
     * power of two that puts them at most {@code sampleStep} apart (at most 1024 cells); the endpoints are checked by
     * the caller. Not a proof of anything: it only filters the edges the motion validator is later asked to prove.
     */
    private boolean sampledFree(double[] q0, double[] q1, double sampleStep) {
        double len = distance(q0, q1);
        int bits = 0;
        while (bits < 10 && len > sampleStep * (1 << bits)) {
            bits++;
        }
        int m = 1 << bits;
        for (int k = 1; k < m; k++) {
            double s = (double) (Integer.reverse(k) >>> (32 - bits)) / m;
            for (int j = 0; j < probe.length; j++) {
                probe[j] = q0[j] + s * (q1[j] - q0[j]);
            }
            if (!validState(probe)) {
                return false;
            }
        }
        return true;
    }

    private PlanResult finish(
            PlanRequest request, List<double[]> path, long iterations, long t0, SplittableRandom random) {
        long t1 = System.nanoTime();
        long cpu1 = cpuNanos();
        double before = length(path);
        shortcut(path, request.shortcutAttempts(), request.lazyEdges(), request.sampleStep(), random);
        long t2 = System.nanoTime();
        long cpu2 = cpuNanos();
        return new PlanResult(
                true,
                path,
                iterations,
                stateChecks,
                motionChecks,
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9,
                before,
                length(path),
                "",
                cpuSeconds(cpu0, cpu1),
                cpuSeconds(cpu1, cpu2),
                motionsRefused,
                nodesScanned,
                samplesRejected,
                connectsSkipped);
    }

    /**
     * Random shortcutting: replace the stretch between two path points by a straight validated segment (in the lazy
     * mode after the cheap samples pass, which refute most candidates for the price of a few states).
     */
    private void shortcut(List<double[]> path, int attempts, boolean lazy, double sampleStep, SplittableRandom random) {
        // Pairs already refuted since the path last changed: re-checking them cannot succeed, so once every
        // pair of the current path is refuted the path is locally shortest and the remaining attempts are skipped.
        java.util.Set<Long> refuted = new java.util.HashSet<>();
        for (int k = 0; k < attempts && path.size() > 2; k++) {
            int m = path.size();
            if (refuted.size() == (m - 1) * (m - 2) / 2) {
                return;
            }
            int i = random.nextInt(m - 2);
            int j = i + 2 + random.nextInt(m - i - 2);
            if (!refuted.add(((long) i << 32) | j)) {
                continue;
            }
            double[] q0 = path.get(i);
            double[] q1 = path.get(j);
            if (lazy ? sampledFree(q0, q1, sampleStep) && provenMotion(q0, q1) : validMotion(q0, q1)) {
                path.subList(i + 1, j).clear();
                refuted.clear();
            }
        }
    }

    private PlanResult failure(String reason, long iterations, long t0) {
        return new PlanResult(
                false,
                List.of(),
                iterations,
                stateChecks,
                motionChecks,
                (System.nanoTime() - t0) / 1e9,
                0,
                0,
                0,
                reason,
                cpuSeconds(cpu0, cpuNanos()),
                0,
                motionsRefused,
                nodesScanned,
                samplesRejected,
                connectsSkipped);
    }

    /** This thread's CPU time in ns, or -1 where the JVM cannot measure it. */
    private static long cpuNanos() {
        java.lang.management.ThreadMXBean b = java.lang.management.ManagementFactory.getThreadMXBean();
        return b.isCurrentThreadCpuTimeSupported() ? b.getCurrentThreadCpuTime() : -1;
    }

    private static double cpuSeconds(long from, long to) {
        return from < 0 || to < 0 ? Double.NaN : (to - from) / 1e9;
    }

    private int nearest(Tree t, double[] target) {
        nodesScanned += t.size;
        return t.nearest(target);
    }

    private boolean validState(double[] q) {
        stateChecks++;
        return states.isValid(q);
    }

    private boolean validMotion(double[] q0, double[] q1) {
        if (!space.boundable(q0, q1)) {
            return false;
        }
        motionChecks++;
        boolean free = motions.checkMotion(q0, q1);
        motionsRefused += free ? 0 : 1;
        return free;
    }

    /**
     * The lazy mode's proof of an edge whose interior states {@link #sampledFree} has passed (at most sampleStep
     * apart, in the same bisection order as the validator's own samples): the validator may skip repeating them.
     */
    private boolean provenMotion(double[] q0, double[] q1) {
        if (!space.boundable(q0, q1)) {
            return false;
        }
        motionChecks++;
        boolean free = motions.checkSampledMotion(q0, q1);
        motionsRefused += free ? 0 : 1;
        return free;
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            double e = a[j] - b[j];
            s += e * e;
        }
        return Math.sqrt(s);
    }

    /** Joint-space length of a polyline path. */
    public static double length(List<double[]> path) {
        double len = 0;
        for (int i = 1; i < path.size(); i++) {
            len += distance(path.get(i - 1), path.get(i));
        }
        return len;
    }
}
