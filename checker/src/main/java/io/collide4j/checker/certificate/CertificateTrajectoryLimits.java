package io.collide4j.checker.certificate;

import io.collide4j.kinematics.KinematicModel;
import java.util.Optional;

/**
 * Whether the trajectory a certificate states stays inside the robot's joint limits, mimic joints included with
 * their own limits, at the waypoints and between them (a spline overshooting): the check {@code certify} makes before
 * it proves anything. A certificate must not vouch for a motion {@code certify} refuses, and the plane tests of the
 * independent verifier say nothing about limits, so {@code verify} runs this for both verifiers. Stateless,
 * thread-safe.
 */
public final class CertificateTrajectoryLimits {
    private CertificateTrajectoryLimits() {}

    /** What is wrong with the certificate's trajectory for {@code model} (limits, unbounded travel, shapes), if anything. */
    public static Optional<String> problem(KinematicModel model, Certificate cert) {
        if (cert.waypoints() == null || cert.times() == null) {
            return Optional.empty(); // the certificate reader has refused it already
        }
        try {
            new TrajectorySegments(model, cert.waypoints(), cert.velocities(), cert.accelerations(), cert.times());
            return Optional.empty();
        } catch (IllegalArgumentException e) { // TrajectoryException (limits, travel) or a shape the model refuses
            return Optional.of(e.getMessage());
        }
    }
}
