package io.collide4j.checker.geometry;

import org.joml.Vector3d;

/**
 * A compact convex set described by its support mapping in its own (local) frame. Implementations are immutable
 * and thread-safe; any per-thread state (the hill-climbing warm start of a hull) is passed in and returned as an
 * int hint that the caller keeps in its own scratch. Support points are exact up to a few units of rounding
 * (relative to {@link #boundingRadius()}·|d|); the certified GJK bounds rely on this.
 */
public interface ConvexShape {

    /**
     * Writes into {@code dest} a point of the shape maximising d·p (local frame; d need not be unit, d = 0 gives
     * some point of the shape) and returns a warm-start hint for the next call with a nearby direction
     * ({@code hint} &lt; 0 means none). Allocation-free.
     */
    int support(double dx, double dy, double dz, int hint, Vector3d dest);

    /** {@link #support(double, double, double, int, Vector3d)} without warm start. */
    default Vector3d support(double dx, double dy, double dz, Vector3d dest) {
        support(dx, dy, dz, -1, dest);
        return dest;
    }

    /**
     * Radius r of the ball swept over this shape's core: the shape is exactly core ⊕ ball(r) (0 when the shape is
     * its own core). Sphere and capsule have a point and a segment core; GJK runs on cores and subtracts the radii,
     * which converges finitely where the full shape is curved (Coal / libccd do the same).
     */
    default double sweptRadius() {
        return 0;
    }

    /**
     * Support point of the core (see {@link #sweptRadius()}) in direction d; same contract as
     * {@link #support(double, double, double, int, Vector3d)}. The core is a subset of the shape.
     */
    default int coreSupport(double dx, double dy, double dz, int hint, Vector3d dest) {
        return support(dx, dy, dz, hint, dest);
    }

    /** An upper bound on |p| over all points p of the shape (local frame). */
    double boundingRadius();

    /** Writes the local axis-aligned bounds {minX, minY, minZ, maxX, maxY, maxZ} into {@code dest}. */
    void localBounds(double[] dest);

    /** Writes a point in the relative interior of the shape (local frame) into {@code dest}. */
    default Vector3d center(Vector3d dest) {
        return dest.set(0, 0, 0);
    }
}
