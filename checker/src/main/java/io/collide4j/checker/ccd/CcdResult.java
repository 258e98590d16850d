package io.collide4j.checker.ccd;

/**
 * Outcome of one CCD query.
 *
 * @param hit             true when a (possible) contact was found; false is a certified "no contact in [0, tMax]"
 * @param toi             earliest time of impact, never later than the true one; +Infinity when {@code !hit}
 * @param tolerance       co-domain (length) accuracy reached: the L∞ width of the inclusion box that decided
 *                        {@code toi} (0 when {@code !hit}); may exceed the requested δ after early termination
 * @param checks          number of inclusion checks performed
 * @param earlyTerminated true when the check cap m_I stopped the search (toi is still conservative)
 */
public record CcdResult(boolean hit, double toi, double tolerance, long checks, boolean earlyTerminated) {}
