package io.collide4j.planner.verify;

/**
 * How far a certificate got, in the order the checks run; every outcome but {@link #VALID} means the certificate
 * does not answer the question asked (a command line reports it as bad input).
 */
public enum VerificationOutcome {
    /** Its trajectory leaves the robot's joint limits (certify refuses such a motion); the one problem says where. */
    OUT_OF_LIMITS,
    /** The trajectory given to bind it to does not fit the loaded robot; the one problem says why. */
    TRAJECTORY_REFUSED,
    /** Its fields do not bind to the loaded robot, scene, options and trajectory; the problems name every field. */
    UNBOUND,
    /** A free certificate whose planes prove its own margin but not the larger margin asked. */
    MARGIN_NOT_PROVEN_BY_PLANES,
    /** It verifies but rests on assumptions a strict check refuses; the problems describe them. */
    UNPROVEN_ASSUMPTIONS,
    /** The verifier found problems, or no verdict follows. */
    INVALID,
    /** A free certificate (without planes that could prove more) made for a margin below the one asked. */
    MARGIN_NOT_PROVEN,
    /** A violation found at a margin above the one asked, which says nothing about it. */
    MARGIN_NOT_DECIDED,
    /** The certificate holds and answers the margin asked. */
    VALID
}
