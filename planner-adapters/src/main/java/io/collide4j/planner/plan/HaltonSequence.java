package io.collide4j.planner.plan;

import io.collide4j.planner.JointSpace;

/**
 * The Halton low-discrepancy sequence (Halton 1960) mapped onto a joint space: coordinate j of point k is the radical
 * inverse of k in the j-th prime base (2, 3, 5, ...), scaled to the joint's bounds (one turn [−π, π) for a
 * continuous joint). VAMP's RRT-Connect samples a Halton sequence, restarted per problem; the points fill the space
 * more evenly than independent uniform samples, so fewer iterations are spent on clustered samples. A bidirectional
 * planner gives each tree its own sequence ({@link RrtConnect}): one sequence shared by two trees that alternate
 * would hand one tree the odd points only, whose base-2 coordinate always lies in the upper half of joint 0 (a 2-D
 * narrow-passage test then found no path in 100 000 iterations). Not thread-safe (it holds the index); allocates
 * nothing per point.
 */
public final class HaltonSequence {
    private final JointSpace space;
    private final int[] bases;
    private long index;

    /** The sequence from point {@code first} (≥ 1; point 0 is the lower corner) on. */
    public HaltonSequence(JointSpace space, long first) {
        if (first < 1) {
            throw new IllegalArgumentException("the first Halton index must be >= 1, got " + first);
        }
        this.space = space;
        this.bases = primes(space.dimension());
        this.index = first;
    }

    /** The next point into out. */
    public void next(double[] out) {
        long k = index++;
        for (int j = 0; j < out.length; j++) {
            double u = radicalInverse(k, bases[j]);
            out[j] = space.isContinuous(j)
                    ? -Math.PI + u * JointSpace.TURN
                    : space.lower(j) + u * (space.upper(j) - space.lower(j));
        }
    }

    /** The digits of k in base b mirrored about the radix point: a value in [0, 1). */
    static double radicalInverse(long k, int b) {
        double r = 0;
        double f = 1.0 / b;
        for (long m = k; m > 0; m /= b) {
            r += f * (m % b);
            f /= b;
        }
        return r;
    }

    /** The first n primes. */
    static int[] primes(int n) {
        int[] p = new int[n];
        int found = 0;
        for (int c = 2; found < n; c++) {
            boolean prime = true;
            for (int i = 0; i < found && p[i] * p[i] <= c; i++) {
                if (c % p[i] == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) {
                p[found++] = c;
            }
        }
        return p;
    }
}
