package io.collide4j.planner.embed;

/**
 * The first place along a certified trajectory where a pair's clearance may reach the margin.
 *
 * @param segment       index of the segment (waypoint {@code segment} to {@code segment + 1})
 * @param fraction      fraction of that segment
 * @param time          trajectory time
 * @param configuration the group configuration there
 * @param pair          the pair ({@code link#piece|link#piece}, {@code env:} before an obstacle)
 * @param lowerBound    the pair's certified lower bound on its distance there
 */
public record ViolationReport(
        int segment, double fraction, double time, double[] configuration, String pair, double lowerBound) {}
