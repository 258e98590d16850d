package io.collide4j.checker.narrowphase;

import org.joml.Vector3d;

/**
 * Result of a GJK distance query, filled in place by {@link Gjk#distance} (mutable and owned by one thread so
 * queries allocate nothing). {@link #lowerBound} is certified: the true distance between the shapes as placed is
 * never below it, floating-point error included. {@link #distance} is GJK's estimate (|pA − pB| of the witness
 * points, an upper bound up to rounding); 0 when the shapes intersect or touch.
 */
public final class DistanceResult {
    /** Whether GJK found the origin in A ⊖ B (intersecting or touching within rounding). */
    public boolean intersecting;
    /** Estimated distance (upper bound up to rounding); 0 when intersecting. */
    public double distance;
    /** Certified lower bound on the distance; 0 when it cannot be certified positive. */
    public double lowerBound;
    /** Closest point on A and on B (world frame). */
    public final Vector3d witnessA = new Vector3d(), witnessB = new Vector3d();
    /**
     * Unit vector from A towards B when separated: the direction whose support plane certified {@link #lowerBound}
     * (so lowerBound ≤ −h_{A⊖B}(normal)), along witnessB − witnessA up to GJK's tolerance.
     */
    public final Vector3d normal = new Vector3d();
    /** Support evaluations used. */
    public int iterations;
    /** True when the iteration cap stopped the loop (bounds still valid, estimate less tight). */
    public boolean hitIterationLimit;

    @Override
    public String toString() {
        return "DistanceResult[intersecting=" + intersecting + ", distance=" + distance + ", lowerBound=" + lowerBound
                + ", iterations=" + iterations + "]";
    }
}
