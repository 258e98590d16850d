package io.collide4j.planner.moveit;

import java.util.List;
import java.util.Map;
import org.joml.Vector3dc;

/**
 * A MoveIt-shaped collision result: {@code collision} is true unless the state is certified free for the
 * checker's margin; {@code contacts} (when requested) maps each body pair to its contacts, closest
 * first; {@code contactCount} counts them; {@code distance} (when requested, else NaN) is the certified
 * lower bound on the smallest distance of any checked pair. Immutable.
 */
public record CollisionResult(
        boolean collision, Map<BodyPair, List<ContactPoint>> contacts, int contactCount, double distance) {
    public CollisionResult {
        contacts = Map.copyOf(contacts);
    }

    /** An unordered pair of bodies as MoveIt keys its contact map: robot links, attached objects, obstacles. */
    public record BodyPair(String first, String second) {}

    /**
     * One contact between convex pieces: {@code lowerBound} is the certified lower bound on the pieces'
     * distance, {@code distance} the estimate (both ≤ the margin; ≤ 0 when overlapping), {@code depth} is
     * {@code max(0, -distance)} — a lower estimate of penetration, EPA depth is not computed here —
     * points are GJK witnesses on each body, {@code normal} points from the first to the second.
     */
    public record ContactPoint(
            double lowerBound,
            double distance,
            double depth,
            Vector3dc pointOnFirst,
            Vector3dc pointOnSecond,
            Vector3dc normal) {}
}
