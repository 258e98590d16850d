package io.collide4j.checker.query;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Result of a continuous check of q0 → q1 (joint-space straight line, parameter s ∈ [0, 1]).
 * <ul>
 * <li>FREE: {@code clearanceLowerBound} > margin is certified for every checked pair over the whole
 *     motion; {@code time} is 1.</li>
 * <li>COLLISION: every pair is certified clear on [0, time); at {@code time} the certified lower bound of
 *     {@code contact}'s pair is ≤ margin + tolerance; {@code configuration} is q at that time.</li>
 * <li>INCONCLUSIVE: the evaluation budget ran out; {@code time} is how far the last pair got.</li>
 * </ul>
 * {@code evaluations} counts narrow-phase distance computations; {@code contact} is null unless COLLISION.
 * Null-marked (JSpecify).
 */
@NullMarked
public record MotionResult(
        MotionStatus status,
        double time,
        double[] configuration,
        @Nullable Contact contact,
        double clearanceLowerBound,
        long evaluations) {
    public boolean isFree() {
        return status == MotionStatus.FREE;
    }
}
