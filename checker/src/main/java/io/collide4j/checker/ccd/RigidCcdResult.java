package io.collide4j.checker.ccd;

/**
 * Outcome of a rigid-motion primitive CCD query.
 *
 * @param hit          true when a (possible) contact was found in [0, 1]
 * @param toi          earliest segment parameter s of possible contact, never later than the true one; +Infinity
 *                     when {@code !hit}
 * @param pieces       number of linearised time pieces examined
 * @param maxDeviation largest per-piece chord-deviation allowance that was folded into the separation
 * @param inconclusive true when a piece could not be refined below the deviation target and was conservatively
 *                     reported as a contact at its start
 */
public record RigidCcdResult(boolean hit, double toi, int pieces, double maxDeviation, boolean inconclusive) {}
