package io.collide4j.planner.embed;

import io.collide4j.checker.query.MotionStatus;
import org.jspecify.annotations.Nullable;

/**
 * The certified continuous check of one straight joint-space motion q0 → q1 ({@link EmbeddedChecker#checkMotion}).
 *
 * @param status              FREE (certified), COLLISION or INCONCLUSIVE (budget spent; never free)
 * @param time                FREE: 1; COLLISION: the first fraction of the motion where the clearance of {@code pair}
 *                            may reach the margin (everything before it is certified clear); INCONCLUSIVE: how far the
 *                            last pair got
 * @param pair                the pair at {@code time} ({@code link#piece|link#piece}, {@code env:} before an
 *                            obstacle), or null when FREE or unknown
 * @param configuration       the group configuration at {@code time} (q1 when FREE), or null when unknown
 * @param clearanceLowerBound certified lower bound on the clearance of the pairs that needed a distance evaluation,
 *                            over the part of the motion that was proved (+∞ when bounding volumes alone cleared
 *                            every pair)
 * @param evaluations         narrow-phase distance evaluations spent
 */
public record MotionReport(
        MotionStatus status,
        double time,
        @Nullable String pair,
        double @Nullable [] configuration,
        double clearanceLowerBound,
        long evaluations) {}
