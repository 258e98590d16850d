package io.collide4j.checker.narrowphase;

import org.joml.Vector3d;

/**
 * Result of a penetration query ({@link Epa} or {@link Mpr}), filled in place (mutable, owned by one thread).
 * When {@link #intersecting}, translating B by {@code depth·normal} (or A by the opposite) brings the shapes to
 * touching contact; witnessA/witnessB are the deepest points of A in B and of B in A along the normal.
 */
public final class PenetrationResult {
    public boolean intersecting;
    /** Penetration depth estimate (≥ 0); for EPA the minimal translation distance. */
    public double depth;
    /** EPA: lower and upper bounds bracketing the minimal translation distance (equal to depth for polytopes). */
    public double depthLower, depthUpper;
    /** Unit contact normal pointing from A towards B. */
    public final Vector3d normal = new Vector3d();

    public final Vector3d witnessA = new Vector3d(), witnessB = new Vector3d();
    /** When not intersecting: GJK's certified lower bound on the separation distance. */
    public double separationLowerBound;

    public int iterations;
    /** True when a capacity or iteration limit stopped the refinement (bounds still valid). */
    public boolean hitLimit;

    @Override
    public String toString() {
        return "PenetrationResult[intersecting=" + intersecting + ", depth=" + depth + ", normal=" + normal
                + ", iterations=" + iterations + "]";
    }
}
