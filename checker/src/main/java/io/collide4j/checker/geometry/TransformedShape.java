package io.collide4j.checker.geometry;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * A shape placed by an affine map p ↦ R·p + t (normally a rigid pose; any invertible affine map keeps the
 * support identity S(d) = R·S_inner(Rᵀd) + t exact). Immutable.
 */
public final class TransformedShape implements ConvexShape {
    private final ConvexShape inner;
    private final double m00, m01, m02, m10, m11, m12, m20, m21, m22, tx, ty, tz;
    private final double radius;
    /** Inner swept radius times the spectral-norm bound when the matrix is rigid to rounding, else 0. */
    private final double swept;

    public TransformedShape(ConvexShape inner, Matrix4dc m) {
        if (inner == null || m == null) {
            throw new IllegalArgumentException("transformed shape needs a shape and a matrix");
        }
        // JOML mIJ is column I, row J
        m00 = m.m00();
        m01 = m.m10();
        m02 = m.m20();
        m10 = m.m01();
        m11 = m.m11();
        m12 = m.m21();
        m20 = m.m02();
        m21 = m.m12();
        m22 = m.m22();
        tx = m.m30();
        ty = m.m31();
        tz = m.m32();
        double fro = Math.sqrt(m00 * m00 + m01 * m01 + m02 * m02 + m10 * m10 + m11 * m11 + m12 * m12 + m20 * m20
                + m21 * m21 + m22 * m22);
        double spectral = Math.min(fro, 1.0 + 8 * Math.abs(orthonormalityDefect()));
        if (!Double.isFinite(fro + tx + ty + tz)) {
            throw new IllegalArgumentException("transform has non-finite entries: " + m);
        }
        this.inner = inner;
        double defect = orthonormalityDefect();
        // a rigid map carries core ⊕ ball(r) to R·core + t ⊕ ball(r); rounding in R (defect ~1e-16) only grows the
        // ball by the factor 1 + 3·defect, which the outer radius covers. Scaled maps lose the ball structure.
        this.swept = defect <= AffineRows.RIGID_DEFECT ? inner.sweptRadius() * (1 + 4 * defect) * (1 + 0x1p-50) : 0;
        this.radius = (spectral * inner.boundingRadius() + Math.sqrt(tx * tx + ty * ty + tz * tz)) * (1 + 0x1p-48);
    }

    private double orthonormalityDefect() {
        return AffineRows.orthonormalityDefect(new double[] {m00, m01, m02, m10, m11, m12, m20, m21, m22, 0, 0, 0});
    }

    public ConvexShape inner() {
        return inner;
    }

    public Matrix4d matrix(Matrix4d dest) {
        return dest.set(m00, m10, m20, 0, m01, m11, m21, 0, m02, m12, m22, 0, tx, ty, tz, 1);
    }

    @Override
    public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
        double lx = m00 * dx + m10 * dy + m20 * dz;
        double ly = m01 * dx + m11 * dy + m21 * dz;
        double lz = m02 * dx + m12 * dy + m22 * dz;
        int h = inner.support(lx, ly, lz, hint, dest);
        double x = dest.x, y = dest.y, z = dest.z;
        dest.set(m00 * x + m01 * y + m02 * z + tx, m10 * x + m11 * y + m12 * z + ty, m20 * x + m21 * y + m22 * z + tz);
        return h;
    }

    @Override
    public double sweptRadius() {
        return swept;
    }

    @Override
    public int coreSupport(double dx, double dy, double dz, int hint, Vector3d dest) {
        if (swept == 0) {
            return support(dx, dy, dz, hint, dest);
        }
        double lx = m00 * dx + m10 * dy + m20 * dz;
        double ly = m01 * dx + m11 * dy + m21 * dz;
        double lz = m02 * dx + m12 * dy + m22 * dz;
        int h = inner.coreSupport(lx, ly, lz, hint, dest);
        double x = dest.x, y = dest.y, z = dest.z;
        dest.set(m00 * x + m01 * y + m02 * z + tx, m10 * x + m11 * y + m12 * z + ty, m20 * x + m21 * y + m22 * z + tz);
        return h;
    }

    @Override
    public double boundingRadius() {
        return radius;
    }

    @Override
    public void localBounds(double[] d) {
        inner.localBounds(d);
        double cx = (d[0] + d[3]) / 2, cy = (d[1] + d[4]) / 2, cz = (d[2] + d[5]) / 2;
        double ex = (d[3] - d[0]) / 2, ey = (d[4] - d[1]) / 2, ez = (d[5] - d[2]) / 2;
        double ncx = m00 * cx + m01 * cy + m02 * cz + tx,
                ncy = m10 * cx + m11 * cy + m12 * cz + ty,
                ncz = m20 * cx + m21 * cy + m22 * cz + tz;
        double nex = (Math.abs(m00) * ex + Math.abs(m01) * ey + Math.abs(m02) * ez) * (1 + 0x1p-48);
        double ney = (Math.abs(m10) * ex + Math.abs(m11) * ey + Math.abs(m12) * ez) * (1 + 0x1p-48);
        double nez = (Math.abs(m20) * ex + Math.abs(m21) * ey + Math.abs(m22) * ez) * (1 + 0x1p-48);
        d[0] = ncx - nex;
        d[1] = ncy - ney;
        d[2] = ncz - nez;
        d[3] = ncx + nex;
        d[4] = ncy + ney;
        d[5] = ncz + nez;
    }

    @Override
    public Vector3d center(Vector3d dest) {
        inner.center(dest);
        double x = dest.x, y = dest.y, z = dest.z;
        return dest.set(
                m00 * x + m01 * y + m02 * z + tx, m10 * x + m11 * y + m12 * z + ty, m20 * x + m21 * y + m22 * z + tz);
    }
}
