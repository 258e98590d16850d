package io.collide4j.checker.geometry;

import org.joml.Matrix4dc;

/**
 * Copies an affine pose into the flat layout the narrow phase and the mesh oracle read: the 3×3
 * rotation/scale part row by row in dest[0..8], the translation in dest[9..11]. Stateless.
 */
public final class AffineRows {
    /** Largest {@link #orthonormalityDefect} up to which a map counts as rigid (swept radii survive it). */
    public static final double RIGID_DEFECT = 1e-12;

    private AffineRows() {}

    /** Loads {@code m} (null means the identity) into {@code dest} (length ≥ 12) and returns dest. */
    public static double[] load(Matrix4dc m, double[] dest) {
        if (m == null) {
            java.util.Arrays.fill(dest, 0, 12, 0);
            dest[0] = dest[4] = dest[8] = 1;
            return dest;
        }
        // JOML's mIJ is column I, row J.
        dest[0] = m.m00();
        dest[1] = m.m10();
        dest[2] = m.m20();
        dest[3] = m.m01();
        dest[4] = m.m11();
        dest[5] = m.m21();
        dest[6] = m.m02();
        dest[7] = m.m12();
        dest[8] = m.m22();
        dest[9] = m.m30();
        dest[10] = m.m31();
        dest[11] = m.m32();
        return dest;
    }

    /**
     * Largest |RᵀR − I| entry of the 3×3 part of {@code rows} (layout of {@link #load}); the spectral norm of R is
     * at most √(1 + 3·that) (Gershgorin on RᵀR), and the map is rigid up to rounding when it is ~1e-16.
     */
    public static double orthonormalityDefect(double[] rows) {
        double worst = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                double d = rows[i] * rows[j] + rows[3 + i] * rows[3 + j] + rows[6 + i] * rows[6 + j] - (i == j ? 1 : 0);
                worst = Math.max(worst, Math.abs(d));
            }
        }
        return worst;
    }
}
