package io.collide4j.urdf;

/**
 * The range every length and angle of a robot or scene description must stay in. Finite is not enough: a box of
 * size 1e308 or an origin at 1e308 is finite, but squares and sums of such numbers overflow in the narrow phase, and
 * an angle of 1e308 rad is known only to within ~1e292 rad once its decimal text is rounded to a double (the error
 * bound {@link Pose} carries is u·|angle|), so the pose it defines is meaningless. Within these limits every number
 * is evaluated with a rounding error bounded far below the checker's tolerance (see {@code kinematics/FK_ERROR.md}):
 * u·10⁶ m ≈ 1.1·10⁻¹⁰ m for a length, u·10³ rad ≈ 1.1·10⁻¹³ rad for an angle. Values outside are refused with the
 * file, element and attribute; no robot cell comes near them.
 */
public final class ModelLimits {
    /** Largest magnitude of a length, coordinate or size in metres (URDF origins, shapes, mesh vertices, scenes). */
    public static final double MAX_LENGTH = 1e6;
    /** Largest magnitude of an orientation angle in radians (URDF {@code rpy}): about 159 turns. */
    public static final double MAX_ANGLE = 1e3;

    /**
     * Largest factor a link may be scaled by (a safety inflation such as {@code --scale LINK=1.1}): a thousandfold is
     * far beyond any use, and keeps a scaled link within a size the narrow phase evaluates (a link scaled by 1e308
     * overflowed to a non-finite shape).
     */
    public static final double MAX_SCALE = 1e3;

    private ModelLimits() {}
}
