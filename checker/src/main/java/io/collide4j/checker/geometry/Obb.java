package io.collide4j.checker.geometry;

import org.ejml.data.DMatrixRMaj;
import org.joml.Matrix4dc;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Immutable oriented bounding box: centre, three orthonormal axes (row-major, axis i = axes[3i..3i+2]) and half
 * extents. {@link #pca} takes the axes from the eigenvectors of the points' covariance (EJML symmetric eigen
 * decomposition) and the extents from the points' projections, grown by a rounding allowance, so it contains
 * every input point.
 */
public record Obb(double cx, double cy, double cz, double[] axes, double hx, double hy, double hz) {
    public Obb {
        axes = axes.clone();
    }

    @Override
    public double[] axes() {
        return axes.clone();
    }

    public boolean contains(double x, double y, double z) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        return Math.abs(dx * axes[0] + dy * axes[1] + dz * axes[2]) <= hx
                && Math.abs(dx * axes[3] + dy * axes[4] + dz * axes[5]) <= hy
                && Math.abs(dx * axes[6] + dy * axes[7] + dz * axes[8]) <= hz;
    }

    public double volume() {
        return 8 * hx * hy * hz;
    }

    /**
     * This box carried by the rigid transform {@code m} (rotation + translation; no scale): the axes are rotated,
     * the centre moved, the extents kept and grown by a rounding allowance so the image still contains the image of
     * every point it contained.
     */
    public Obb transformed(Matrix4dc m) {
        double[] a = new double[9];
        for (int k = 0; k < 3; k++) {
            double x = axes[3 * k], y = axes[3 * k + 1], z = axes[3 * k + 2];
            a[3 * k] = m.m00() * x + m.m10() * y + m.m20() * z;
            a[3 * k + 1] = m.m01() * x + m.m11() * y + m.m21() * z;
            a[3 * k + 2] = m.m02() * x + m.m12() * y + m.m22() * z;
        }
        double x = m.m00() * cx + m.m10() * cy + m.m20() * cz + m.m30();
        double y = m.m01() * cx + m.m11() * cy + m.m21() * cz + m.m31();
        double z = m.m02() * cx + m.m12() * cy + m.m22() * cz + m.m32();
        // rounding of the rotated axes and centre: a few ulps of (|c| + |t| + extents)
        double slack = 64 * 0x1p-53 * (Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + Math.abs(m.m30()) + Math.abs(m.m31())
                + Math.abs(m.m32()) + hx + hy + hz);
        return new Obb(x, y, z, a, hx + slack, hy + slack, hz + slack);
    }

    /**
     * Separating-axis test against another box (Gottschalk, Lin and Manocha's 15 axes: 3 + 3 face normals and the
     * 9 edge cross products; Ericson §4.4.1, with the |R| + ε term that keeps near-parallel edge axes from
     * separating boxes that touch). Touching boxes intersect: only a gap larger than a rounding allowance
     * separates, so the test never says "apart" for boxes that touch.
     */
    public boolean intersects(Obb o) {
        double[] a = axes, b = o.axes;
        double tx = o.cx - cx, ty = o.cy - cy, tz = o.cz - cz;
        double[] ea = {hx, hy, hz}, eb = {o.hx, o.hy, o.hz};
        double[] r = new double[9], ar = new double[9], t = new double[3];
        double eps = 0x1p-40;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                r[3 * i + j] = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
                ar[3 * i + j] = Math.abs(r[3 * i + j]) + eps;
            }
            t[i] = tx * a[3 * i] + ty * a[3 * i + 1] + tz * a[3 * i + 2];
        }
        double scale = Math.abs(tx) + Math.abs(ty) + Math.abs(tz) + hx + hy + hz + o.hx + o.hy + o.hz;
        double slack = 1e-12 * scale;
        for (int i = 0; i < 3; i++) {
            double rb = eb[0] * ar[3 * i] + eb[1] * ar[3 * i + 1] + eb[2] * ar[3 * i + 2];
            if (!(Math.abs(t[i]) <= ea[i] + rb + slack)) {
                return !(Math.abs(t[i]) > ea[i] + rb + slack);   // NaN: report an intersection
            }
        }
        for (int j = 0; j < 3; j++) {
            double ra = ea[0] * ar[j] + ea[1] * ar[3 + j] + ea[2] * ar[6 + j];
            double tj = t[0] * r[j] + t[1] * r[3 + j] + t[2] * r[6 + j];
            if (Math.abs(tj) > ra + eb[j] + slack) {
                return false;
            }
        }
        for (int i = 0; i < 3; i++) {
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            for (int j = 0; j < 3; j++) {
                int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
                // axis A_i × B_j
                double ra = ea[i1] * ar[3 * i2 + j] + ea[i2] * ar[3 * i1 + j];
                double rb = eb[j1] * ar[3 * i + j2] + eb[j2] * ar[3 * i + j1];
                double tl = t[i2] * r[3 * i1 + j] - t[i1] * r[3 * i2 + j];
                if (Math.abs(tl) > ra + rb + slack) {
                    return false;
                }
            }
        }
        return true;
    }

    /** OBB of x,y,z triples from principal component analysis. */
    public static Obb pca(double[] xyz) {
        int n = xyz.length / 3;
        if (n == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("point array length " + xyz.length + " must be a positive multiple of 3");
        }
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            mx += xyz[3 * i];
            my += xyz[3 * i + 1];
            mz += xyz[3 * i + 2];
        }
        mx /= n;
        my /= n;
        mz /= n;
        DMatrixRMaj cov = new DMatrixRMaj(3, 3);
        for (int i = 0; i < n; i++) {
            double[] d = {xyz[3 * i] - mx, xyz[3 * i + 1] - my, xyz[3 * i + 2] - mz};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    cov.add(r, c, d[r] * d[c]);
                }
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(3, true, true);
        double[] ax = new double[9];
        if (eig.decompose(cov)) {
            for (int k = 0; k < 3; k++) {
                DMatrixRMaj v = eig.getEigenVector(k);
                if (v == null) {
                    ax = null;
                    break;
                }
                for (int c = 0; c < 3; c++) {
                    ax[3 * k + c] = v.get(c, 0);
                }
            }
        } else {
            ax = null;
        }
        if (ax == null) {
            ax = new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1};
        }
        orthonormalise(ax);
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double mag = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                double s = xyz[3 * i] * ax[3 * k] + xyz[3 * i + 1] * ax[3 * k + 1] + xyz[3 * i + 2] * ax[3 * k + 2];
                lo[k] = Math.min(lo[k], s);
                hi[k] = Math.max(hi[k], s);
            }
            mag = Math.max(mag, Math.abs(xyz[3 * i]) + Math.abs(xyz[3 * i + 1]) + Math.abs(xyz[3 * i + 2]));
        }
        double slack = 16 * 0x1p-53 * mag;
        double[] c = new double[3];
        double[] h = new double[3];
        for (int k = 0; k < 3; k++) {
            double mid = (lo[k] + hi[k]) / 2;
            h[k] = (hi[k] - lo[k]) / 2 + 2 * slack;
            for (int d = 0; d < 3; d++) {
                c[d] += mid * ax[3 * k + d];
            }
        }
        return new Obb(c[0], c[1], c[2], ax, h[0], h[1], h[2]);
    }

    /** Gram–Schmidt so the three axes are orthonormal to rounding (and right-handed). */
    private static void orthonormalise(double[] a) {
        normalise(a, 0);
        double d = a[0] * a[3] + a[1] * a[4] + a[2] * a[5];
        for (int c = 0; c < 3; c++) {
            a[3 + c] -= d * a[c];
        }
        if (!normalise(a, 3)) {
            // pick any vector orthogonal to the first axis
            double x = a[0], y = a[1], z = a[2];
            if (Math.abs(x) < 0.6) {
                a[3] = 0;
                a[4] = z;
                a[5] = -y;
            } else {
                a[3] = -z;
                a[4] = 0;
                a[5] = x;
            }
            normalise(a, 3);
        }
        a[6] = a[1] * a[5] - a[2] * a[4];
        a[7] = a[2] * a[3] - a[0] * a[5];
        a[8] = a[0] * a[4] - a[1] * a[3];
        normalise(a, 6);
    }

    private static boolean normalise(double[] a, int o) {
        double l = Math.sqrt(a[o] * a[o] + a[o + 1] * a[o + 1] + a[o + 2] * a[o + 2]);
        if (!(l > 1e-12)) {
            if (o == 0) {
                a[0] = 1;
                a[1] = a[2] = 0;
                return true;
            }
            return false;
        }
        a[o] /= l;
        a[o + 1] /= l;
        a[o + 2] /= l;
        return true;
    }
}
