package io.collide4j.checker.scene;

/**
 * The range a scene read from a file must stay in. Finite is not enough: a box of size 1e308 or a pose
 * at 1e300 is finite, but squares and sums of such numbers overflow in the narrow phase, and no robot
 * cell is that big. Readers refuse obstacles whose world bounds leave this cube.
 */
final class SceneLimits {
    /** Half the edge of the cube, centred on the world origin, that every obstacle must lie in (metres). */
    static final double MAX_COORDINATE = io.collide4j.urdf.ModelLimits.MAX_LENGTH;

    private SceneLimits() {
    }

    /** Throws IllegalArgumentException when the obstacle reaches outside ±{@link #MAX_COORDINATE}. */
    static void checkRange(Obstacle o) {
        double[] b = o.worldBounds(new double[6]);
        for (double v : b) {
            if (!(Math.abs(v) <= MAX_COORDINATE)) {
                throw new IllegalArgumentException("obstacle '" + o.name() + "' reaches " + v
                        + " m, out of range: scenes must lie within ±" + MAX_COORDINATE + " m of the origin");
            }
        }
    }
}
