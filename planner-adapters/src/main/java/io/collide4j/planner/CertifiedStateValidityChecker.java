package io.collide4j.planner;

import io.collide4j.checker.query.Contact;

/**
 * Certified state validity for a {@link Collide4j}: {@code isValid} is true only when q is inside the
 * joint limits and every checked pair is certified farther apart than the margin; {@code clearance}
 * is a certified lower bound ({@link Exactness#LOWER_BOUND}: GJK's lower bound on convex pieces that
 * cover the real geometry, so the real clearance is never smaller). Counts into the façade's
 * {@link ValidityCounters}. Thread-safe (per-thread scratch inside the façade).
 */
public final class CertifiedStateValidityChecker implements StateValidityChecker {
    private final Collide4j c;
    private final double separation;

    /** With separation d: the façade's margin, or its {@link Collide4j#planningMargin} for a planner. */
    CertifiedStateValidityChecker(Collide4j c, double margin) {
        this.c = c;
        this.separation = margin;
    }

    /** The separation a valid state must exceed: the margin, or the planning margin. */
    public double separation() {
        return separation;
    }

    @Override
    public boolean isValid(double[] q) {
        long t0 = System.nanoTime();
        boolean ok = c.isValid(q, separation);
        c.counters().state(ok, System.nanoTime() - t0);
        return ok;
    }

    /**
     * Certified lower bound on the distance between the closest checked pair (the margin is not
     * subtracted; ≤ 0 when pieces overlap). The real geometry's clearance has no finite upper bound from
     * a covering model, so {@code upperBound} is +∞; {@link Collide4j#closestPair} gives the model's
     * estimate and witness points. +∞ for both when the robot has no checked pair.
     */
    @Override
    public Clearance clearance(double[] q) {
        Contact closest = c.closestPair(q);
        double lb = closest == null ? Double.POSITIVE_INFINITY : closest.lowerBound();
        return new Clearance(lb, Double.POSITIVE_INFINITY, Exactness.LOWER_BOUND);
    }

    public ValidityCounters counters() {
        return c.counters();
    }
}
