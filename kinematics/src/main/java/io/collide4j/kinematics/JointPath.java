package io.collide4j.kinematics;

/**
 * A path through configuration space parameterised by s in [0, 1]: joint values, their derivatives
 * with respect to s, and <b>sound</b> upper bounds on |dq/ds|, |d²q/ds²| and |d³q/ds³| over any sub-interval
 * (rounding included). Implementations say whether they are immutable.
 */
public interface JointPath {

    /** Number of configuration entries. */
    int variableCount();

    /** q_i(s). */
    double position(int variable, double s);

    /** dq_i/ds at s. */
    double velocity(int variable, double s);

    /** d²q_i/ds² at s. */
    double acceleration(int variable, double s);

    /** Upper bound on |dq_i/ds| over [s0, s1]. */
    double maxAbsVelocity(int variable, double s0, double s1);

    /** Upper bound on |d²q_i/ds²| over [s0, s1]. */
    double maxAbsAcceleration(int variable, double s0, double s1);

    /** Upper bound on |d³q_i/ds³| over [s0, s1]. */
    double maxAbsJerk(int variable, double s0, double s1);

    /**
     * Upper bound, over every s in [0, 1], on |{@link #position}(i, s) − q_i(s)|: how far the computed joint value
     * may be from the exact path the inputs define (waypoints, and velocities/accelerations times the segment
     * duration, as exact reals), construction and evaluation rounding included. {@link KinematicModel#checkPath}
     * refuses paths where this exceeds {@link KinematicModel#MAX_PATH_VALUE_ERROR}, which {@link FkErrorBound}
     * charges to every joint: that is how interpolation rounding stays inside every "free" decision.
     */
    double positionError(int variable);

    /** Writes q(s) into dest (length {@link #variableCount()}) and returns dest. */
    default double[] positions(double s, double[] dest) {
        for (int i = 0; i < dest.length; i++) {
            dest[i] = position(i, s);
        }
        return dest;
    }

    /** Straight line q0 + s·(q1 − q0); immutable, copies the arrays. */
    static JointPath linear(double[] q0, double[] q1) {
        return PolynomialJointPath.linear(q0, q1);
    }
}
