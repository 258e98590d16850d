package io.collide4j.checker.geometry;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;

/** Factory methods for the convex shapes (all immutable, local frame centred on the origin unless stated). */
public final class Shapes {
    private Shapes() {}

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

    /**
     * The vertices whose convex hull is exactly the shape (3 numbers each, the shape's frame, computed with the same
     * expressions as its support map, so they are the points GJK sees), or null for a shape with a curved boundary.
     */
    public static double[] polytopeVertices(ConvexShape shape) {
        if (shape instanceof HullShape h) {
            return h.hull().copyVertices();
        }
        if (shape instanceof BoxShape b) {
            double[] v = new double[24];
            for (int c = 0; c < 8; c++) {
                v[3 * c] = (c & 1) == 0 ? -b.hx() : b.hx();
                v[3 * c + 1] = (c & 2) == 0 ? -b.hy() : b.hy();
                v[3 * c + 2] = (c & 4) == 0 ? -b.hz() : b.hz();
            }
            return v;
        }
        if (shape instanceof TransformedShape ts) {
            double[] v = polytopeVertices(ts.inner());
            if (v == null) {
                return null;
            }
            Matrix4d m = ts.matrix(new Matrix4d());
            // the same expression as TransformedShape.support, so these are the points GJK sees
            for (int i = 0; i < v.length; i += 3) {
                double x = v[i], y = v[i + 1], z = v[i + 2];
                v[i] = m.m00() * x + m.m10() * y + m.m20() * z + m.m30();
                v[i + 1] = m.m01() * x + m.m11() * y + m.m21() * z + m.m31();
                v[i + 2] = m.m02() * x + m.m12() * y + m.m22() * z + m.m32();
            }
            return v;
        }
        return null;
    }
}
