package io.collide4j.planner.verify;

import io.collide4j.kinematics.JointTrajectory;
import org.jspecify.annotations.Nullable;

/**
 * What the caller asks of a certificate.
 *
 * @param verifier    the verifier, or null for the one the certificate's format allows best
 *                    ({@link VerifierChoice#resolve})
 * @param margin      the required separation to answer, or null for the certificate's own margin
 * @param trajectory  the trajectory the certificate must be about (its hash is compared), or null for the
 *                    certificate's own waypoints
 * @param strict      refuse a certificate that rests on anything unproven (caller-allowed or attached pairs)
 */
public record VerificationRequest(
        @Nullable VerifierChoice verifier,
        @Nullable Double margin,
        @Nullable JointTrajectory trajectory,
        boolean strict) {
    public VerificationRequest {
        if (margin != null && !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin: expected a finite number, got " + margin);
        }
    }
}
