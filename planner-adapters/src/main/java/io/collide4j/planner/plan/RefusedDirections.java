package io.collide4j.planner.plan;

import io.collide4j.planner.JointSpace;
import java.util.Arrays;

/**
 * Per tree node, the joint-space direction of the last connect that failed at its first step from that node (the new
 * state a range away, or a sample on the way to it, in collision). A later connect from the same node towards a target
 * whose direction lies within a small cone around it ({@link #covers}) would step into nearly the same place, so
 * {@link RrtConnect} does not try it. A search heuristic only: it decides which connects are worth state checks, never
 * that anything is free. Not thread-safe; one per tree, grown with it.
 */
final class RefusedDirections {
    private final JointSpace space;
    private final int n;
    /** Node i's unit direction at dir[i*n .. i*n+n), valid when known[i]. */
    private double[] dir;

    private boolean[] known;

    RefusedDirections(JointSpace space, int capacity) {
        this.space = space;
        this.n = space.dimension();
        this.dir = new double[n * capacity];
        this.known = new boolean[capacity];
    }

    /** Makes room for nodes below capacity; a node added later has no refused direction until {@link #remember}. */
    void ensureCapacity(int capacity) {
        if (capacity > known.length) {
            dir = Arrays.copyOf(dir, n * capacity);
            known = Arrays.copyOf(known, capacity);
        }
    }

    void forget(int i) {
        known[i] = false;
    }

    /**
     * Remembers the direction from node i (stored at q[offset .. offset+n)) towards target as refused; a target at the
     * node itself has no direction and is not remembered.
     */
    void remember(int i, double[] q, int offset, double[] target) {
        int o = i * n;
        double len2 = 0;
        for (int j = 0; j < n; j++) {
            double d = space.difference(j, q[offset + j], target[j]);
            dir[o + j] = d;
            len2 += d * d;
        }
        if (!(len2 > 0) || !Double.isFinite(len2)) {
            known[i] = false;
            return;
        }
        double inv = 1 / Math.sqrt(len2);
        for (int j = 0; j < n; j++) {
            dir[o + j] *= inv;
        }
        known[i] = true;
    }

    /**
     * Whether the direction from node i towards target makes an angle with node i's refused direction whose cosine
     * exceeds {@code cosine}; false when node i has none or target is the node itself.
     */
    boolean covers(int i, double[] q, int offset, double[] target, double cosine) {
        if (!known[i]) {
            return false;
        }
        int o = i * n;
        double dot = 0;
        double len2 = 0;
        for (int j = 0; j < n; j++) {
            double d = space.difference(j, q[offset + j], target[j]);
            dot += d * dir[o + j];
            len2 += d * d;
        }
        // dot / |d| > cosine without a square root; dot must be positive for a cosine > 0
        return len2 > 0 && dot > 0 && dot * dot > cosine * cosine * len2;
    }
}
