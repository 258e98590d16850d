package io.collide4j.checker.geometry;

import org.joml.Matrix4dc;

/** Factory methods for the convex shapes (all immutable, local frame centred on the origin unless stated). */
public final class Shapes {
    private Shapes() {
    }

    public static SphereShape sphere(double radius) {
        return new SphereShape(radius);
    }

    /** Box with the given half extents. */
    public static BoxShape box(double hx, double hy, double hz) {
        return new BoxShape(hx, hy, hz);
    }

    /** Capsule along z: segment z ∈ [−halfLength, halfLength] swept by a sphere of {@code radius}. */
    public static CapsuleShape capsule(double radius, double halfLength) {
        return new CapsuleShape(radius, halfLength);
    }

    /** Cylinder along z with z ∈ [−halfLength, halfLength]. */
    public static CylinderShape cylinder(double radius, double halfLength) {
        return new CylinderShape(radius, halfLength);
    }

    /** Cone along z: base disc of {@code radius} at z = −height/2, apex at z = +height/2. */
    public static ConeShape cone(double radius, double height) {
        return new ConeShape(radius, height);
    }

    public static HullShape hull(ConvexHull hull) {
        return new HullShape(hull);
    }

    /** The shape placed by an affine transform (JOML column convention: p ↦ M·p). */
    public static TransformedShape transformed(ConvexShape shape, Matrix4dc m) {
        return new TransformedShape(shape, m);
    }

    /** Minkowski sum of the shape with a ball of {@code margin}. */
    public static MarginShape margin(ConvexShape shape, double margin) {
        return new MarginShape(shape, margin);
    }

    static double requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be positive and finite, got " + v);
        }
        return v;
    }

    static double requireNonNegative(String what, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be non-negative and finite, got " + v);
        }
        return v;
    }
}
