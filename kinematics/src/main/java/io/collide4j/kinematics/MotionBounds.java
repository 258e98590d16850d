package io.collide4j.kinematics;

/** Shared argument checks and floating-point slack for motion bounds (package-private). */
final class MotionBounds {
    /**
     * Relative inflation of every bound: covers the rounding of the few hundred operations behind one.
     */
    static final double REL = 1e-12;
    /**
     * Absolute slack in metres per unit of "motion size": positions are computed with absolute error far
     * below 1e-12 m for robots within 1 km of their root; the slack is scaled by the motion's magnitude so
     * a motionless link keeps a (tiny) bound.
     */
    static final double ABS = 1e-12;

    private MotionBounds() {}

    static void checkInterval(double s0, double s1) {
        if (!(0 <= s0 && s0 <= s1 && s1 <= 1)) {
            throw new IllegalArgumentException("need 0 <= s0 <= s1 <= 1, got s0=" + s0 + ", s1=" + s1);
        }
    }

    static void checkSphere(double cx, double cy, double cz, double r) {
        if (!(Double.isFinite(cx) && Double.isFinite(cy) && Double.isFinite(cz))
                || !(r >= 0)
                || r == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("body sphere needs a finite centre and finite radius >= 0, got (" + cx
                    + ", " + cy + ", " + cz + ") r=" + r);
        }
    }

    /**
     * Absolute floor in metres: covers the rounding of the poses themselves (FK of a point is accurate to
     * well below 1e-13 m within 100 m of the root), so a bound also covers the computed positions.
     */
    static final double FLOOR = 1e-13;

    /** x inflated for rounding; {@code size} is the motion's magnitude (path-length scale). */
    static double inflate(double x, double size) {
        return x * (1 + REL) + ABS * size + FLOOR;
    }
}
