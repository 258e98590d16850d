package io.collide4j.checker.scene;

/**
 * The range a scene read from a file must stay in. Finite is not enough: a box of size 1e308 or a pose
 * at 1e300 is finite, but squares and sums of such numbers overflow in the narrow phase, and no robot
 * cell is that big. Readers refuse obstacles whose world bounds leave this cube, and poses whose orientation came
 * from angles past {@link io.collide4j.urdf.ModelLimits#MAX_ANGLE} (an rpy of 1e308 rad is finite, but its rotation
 * is known only to within ~1e292 rad, and a distance computed with it was reported as "valid").
 * Stateless; safe from any thread.
 */
public final class SceneLimits {
    /** Half the edge of the cube, centred on the world origin, that every obstacle must lie in (metres). */
    static final double MAX_COORDINATE = io.collide4j.urdf.ModelLimits.MAX_LENGTH;

    /**
     * Largest rotation error bound of an obstacle's pose: twice that of an rpy whose three angles are each at
     * {@link io.collide4j.urdf.ModelLimits#MAX_ANGLE} (64u + 3u·MAX_ANGLE, see {@code Pose.fromXyzRpy}), the slack
     * covering a composed pose (MoveIt primitive poses) within the limits.
     */
    static final double MAX_ROTATION_ERROR =
            2 * io.collide4j.urdf.Pose.UNIT_ROUNDOFF * (64 + 3 * io.collide4j.urdf.ModelLimits.MAX_ANGLE);

    private SceneLimits() {}

    /**
     * Throws IllegalArgumentException when the obstacle reaches outside ±{@link #MAX_COORDINATE}, or its orientation
     * came from angles past ±{@link io.collide4j.urdf.ModelLimits#MAX_ANGLE} rad. Every obstacle read from user input
     * (scene files, CLI mesh obstacles) goes through here.
     */
    public static void checkRange(Obstacle o) {
        if (!(o.pose().rotationError() <= MAX_ROTATION_ERROR)) {
            throw new IllegalArgumentException("obstacle '" + o.name() + "': orientation angles out of range: each of"
                    + " roll, pitch and yaw must lie within ±" + io.collide4j.urdf.ModelLimits.MAX_ANGLE + " rad");
        }
        double[] b = o.worldBounds(new double[6]);
        for (double v : b) {
            if (!(Math.abs(v) <= MAX_COORDINATE)) {
                throw new IllegalArgumentException("obstacle '" + o.name() + "' reaches " + v
                        + " m, out of range: scenes must lie within ±" + MAX_COORDINATE + " m of the origin");
            }
        }
    }
}
