package io.collide4j.planner.plan;

import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.StateValidityChecker;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bidirectional RRT-Connect in joint space (Kuffner &amp; LaValle, 2000) followed by random
 * shortcutting. Every edge of a returned path has been accepted by the motion validator, so with a
 * certified validator the whole path is certified free. One instance plans one request at a time.
 */
public final class RrtConnect {
    private final StateValidityChecker states;
    private final MotionValidator motions;
    private long stateChecks;
    private long motionChecks;
    private long cpu0;

    public RrtConnect(StateValidityChecker states, MotionValidator motions) {
        this.states = states;
        this.motions = motions;
    }

    /** A tree of configurations stored flat: node i is q[i*n .. i*n+n), parent[i] its parent (−1 at the root). */
    private static final class Tree {
        final int n;
        double[] q;
        int[] parent;
        int size;

        Tree(int n, double[] root) {
            this.n = n;
            this.q = new double[n * 256];
            this.parent = new int[256];
            add(root, -1);
        }

        int add(double[] config, int parentIndex) {
            if (size == parent.length) {
                q = java.util.Arrays.copyOf(q, q.length * 2);
                parent = java.util.Arrays.copyOf(parent, parent.length * 2);
            }
            System.arraycopy(config, 0, q, size * n, n);
            parent[size] = parentIndex;
            return size++;
        }

        /** Nearest node by Euclidean joint distance (linear scan: trees stay small for arm problems). */
        int nearest(double[] target) {
            int best = 0;
            double bestD = Double.POSITIVE_INFINITY;
            for (int i = 0; i < size; i++) {
                double d = 0;
                for (int j = 0; j < n; j++) {
                    double e = q[i * n + j] - target[j];
                    d += e * e;
                }
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
            return best;
        }

        double[] node(int i) {
            return java.util.Arrays.copyOfRange(q, i * n, i * n + n);
        }

        List<double[]> pathToRoot(int i) {
            List<double[]> out = new ArrayList<>();
            for (int k = i; k >= 0; k = parent[k]) {
                out.add(node(k));
            }
            return out;
        }
    }

    private enum Extension { TRAPPED, ADVANCED, REACHED }

    public PlanResult plan(PlanRequest request) {
        long t0 = System.nanoTime();
        cpu0 = cpuNanos();
        stateChecks = 0;
        motionChecks = 0;
        int n = request.dimension();
        double[] start = request.start();
        double[] goal = request.goal();
        if (!validState(start)) {
            return failure("start configuration is not valid", 0, t0);
        }
        if (!validState(goal)) {
            return failure("goal configuration is not valid", 0, t0);
        }
        SplittableRandom random = new SplittableRandom(request.seed());
        if (validMotion(start, goal)) {
            return finish(request, new ArrayList<>(List.of(start, goal)), 0, t0, random);
        }
        Tree a = new Tree(n, start);
        Tree b = new Tree(n, goal);
        boolean aIsStart = true;
        double[] sample = new double[n];
        double[] step = new double[n];
        long iteration = 0;
        while (iteration < request.maxIterations() && System.nanoTime() - t0 < request.timeLimitNanos()) {
            iteration++;
            for (int j = 0; j < n; j++) {
                sample[j] = request.lower(j) + random.nextDouble() * (request.upper(j) - request.lower(j));
            }
            int[] added = new int[1];
            if (extend(a, sample, request.range(), step, added) != Extension.TRAPPED) {
                double[] newNode = a.node(added[0]);
                int[] reached = new int[1];
                Extension e;
                do {
                    e = extend(b, newNode, request.range(), step, reached);
                } while (e == Extension.ADVANCED);
                if (e == Extension.REACHED) {
                    List<double[]> fromA = a.pathToRoot(added[0]);
                    List<double[]> fromB = b.pathToRoot(reached[0]);
                    Collections.reverse(fromA);
                    fromB.remove(0); // the connection node appears in both trees
                    List<double[]> path = new ArrayList<>(fromA);
                    path.addAll(fromB);
                    if (!aIsStart) {
                        Collections.reverse(path);
                    }
                    return finish(request, path, iteration, t0, random);
                }
            }
            Tree t = a;
            a = b;
            b = t;
            aIsStart = !aIsStart;
        }
        return failure("no path within " + iteration + " iterations / "
                + request.timeLimitNanos() / 1e9 + " s", iteration, t0);
    }

    private Extension extend(Tree tree, double[] target, double range, double[] scratch, int[] added) {
        int near = tree.nearest(target);
        double[] from = tree.node(near);
        double dist = distance(from, target);
        boolean reaches = dist <= range;
        double f = reaches ? 1.0 : range / dist;
        for (int j = 0; j < scratch.length; j++) {
            scratch[j] = reaches ? target[j] : from[j] + f * (target[j] - from[j]);
        }
        if (!validState(scratch) || !validMotion(from, scratch)) {
            return Extension.TRAPPED;
        }
        added[0] = tree.add(scratch, near);
        return reaches ? Extension.REACHED : Extension.ADVANCED;
    }

    private PlanResult finish(PlanRequest request, List<double[]> path, long iterations, long t0, SplittableRandom random) {
        long t1 = System.nanoTime();
        long cpu1 = cpuNanos();
        double before = length(path);
        shortcut(path, request.shortcutAttempts(), random);
        long t2 = System.nanoTime();
        long cpu2 = cpuNanos();
        return new PlanResult(true, path, iterations, stateChecks, motionChecks, (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                before, length(path), "", cpuSeconds(cpu0, cpu1), cpuSeconds(cpu1, cpu2));
    }

    /** Random shortcutting: replace the stretch between two path points by a straight validated segment. */
    private void shortcut(List<double[]> path, int attempts, SplittableRandom random) {
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
            if (validMotion(path.get(i), path.get(j))) {
                path.subList(i + 1, j).clear();
                refuted.clear();
            }
        }
    }

    private PlanResult failure(String reason, long iterations, long t0) {
        return new PlanResult(false, List.of(), iterations, stateChecks, motionChecks,
                (System.nanoTime() - t0) / 1e9, 0, 0, 0, reason, cpuSeconds(cpu0, cpuNanos()), 0);
    }

    /** This thread's CPU time in ns, or -1 where the JVM cannot measure it. */
    private static long cpuNanos() {
        java.lang.management.ThreadMXBean b = java.lang.management.ManagementFactory.getThreadMXBean();
        return b.isCurrentThreadCpuTimeSupported() ? b.getCurrentThreadCpuTime() : -1;
    }

    private static double cpuSeconds(long from, long to) {
        return from < 0 || to < 0 ? Double.NaN : (to - from) / 1e9;
    }

    private boolean validState(double[] q) {
        stateChecks++;
        return states.isValid(q);
    }

    private boolean validMotion(double[] q0, double[] q1) {
        motionChecks++;
        return motions.checkMotion(q0, q1);
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
