package io.collide4j.checker.geometry;

import org.joml.Matrix4dc;

/**
 * Copies an affine pose into the flat layout the narrow phase and the mesh oracle read: the 3×3
 * rotation/scale part row by row in dest[0..8], the translation in dest[9..11]. Stateless.
 */
public final class AffineRows {
    private AffineRows() {
    }

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
}
