package io.collide4j.checker.geometry;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.joml.Matrix4dc;

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
        double slack = 64
                * 0x1p-53
                * (Math.abs(cx)
                        + Math.abs(cy)
                        + Math.abs(cz)
                        + Math.abs(m.m30())
                        + Math.abs(m.m31())
                        + Math.abs(m.m32())
                        + hx
                        + hy
                        + hz);
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
        double eps = 0x1p-40;
        // R[i][j] = A_i · B_j, |R| + ε, and the centre offset in A's frame (scalars: no allocation per test)
        double r00 = dot(a, 0, b, 0), r01 = dot(a, 0, b, 3), r02 = dot(a, 0, b, 6);
        double r10 = dot(a, 3, b, 0), r11 = dot(a, 3, b, 3), r12 = dot(a, 3, b, 6);
        double r20 = dot(a, 6, b, 0), r21 = dot(a, 6, b, 3), r22 = dot(a, 6, b, 6);
        double q00 = Math.abs(r00) + eps, q01 = Math.abs(r01) + eps, q02 = Math.abs(r02) + eps;
        double q10 = Math.abs(r10) + eps, q11 = Math.abs(r11) + eps, q12 = Math.abs(r12) + eps;
        double q20 = Math.abs(r20) + eps, q21 = Math.abs(r21) + eps, q22 = Math.abs(r22) + eps;
        double t0 = tx * a[0] + ty * a[1] + tz * a[2],
                t1 = tx * a[3] + ty * a[4] + tz * a[5],
                t2 = tx * a[6] + ty * a[7] + tz * a[8];
        double ax = hx, ay = hy, az = hz, bx = o.hx, by = o.hy, bz = o.hz;
        double slack = 1e-12 * (Math.abs(tx) + Math.abs(ty) + Math.abs(tz) + ax + ay + az + bx + by + bz);
        // NaN anywhere makes every "separated" comparison false: the boxes are reported as intersecting
        return !(Math.abs(t0) > ax + bx * q00 + by * q01 + bz * q02 + slack
                || Math.abs(t1) > ay + bx * q10 + by * q11 + bz * q12 + slack
                || Math.abs(t2) > az + bx * q20 + by * q21 + bz * q22 + slack
                || Math.abs(t0 * r00 + t1 * r10 + t2 * r20) > ax * q00 + ay * q10 + az * q20 + bx + slack
                || Math.abs(t0 * r01 + t1 * r11 + t2 * r21) > ax * q01 + ay * q11 + az * q21 + by + slack
                || Math.abs(t0 * r02 + t1 * r12 + t2 * r22) > ax * q02 + ay * q12 + az * q22 + bz + slack
                // A_0 × B_j
                || Math.abs(t2 * r10 - t1 * r20) > ay * q20 + az * q10 + by * q02 + bz * q01 + slack
                || Math.abs(t2 * r11 - t1 * r21) > ay * q21 + az * q11 + bx * q02 + bz * q00 + slack
                || Math.abs(t2 * r12 - t1 * r22) > ay * q22 + az * q12 + bx * q01 + by * q00 + slack
                // A_1 × B_j
                || Math.abs(t0 * r20 - t2 * r00) > ax * q20 + az * q00 + by * q12 + bz * q11 + slack
                || Math.abs(t0 * r21 - t2 * r01) > ax * q21 + az * q01 + bx * q12 + bz * q10 + slack
                || Math.abs(t0 * r22 - t2 * r02) > ax * q22 + az * q02 + bx * q11 + by * q10 + slack
                // A_2 × B_j
                || Math.abs(t1 * r00 - t0 * r10) > ax * q10 + ay * q00 + by * q22 + bz * q21 + slack
                || Math.abs(t1 * r01 - t0 * r11) > ax * q11 + ay * q01 + bx * q22 + bz * q20 + slack
                || Math.abs(t1 * r02 - t0 * r12) > ax * q12 + ay * q02 + bx * q21 + by * q20 + slack);
    }

    private static double dot(double[] a, int i, double[] b, int j) {
        return a[i] * b[j] + a[i + 1] * b[j + 1] + a[i + 2] * b[j + 2];
    }

    /** OBB of x,y,z triples from principal component analysis. */
    public static Obb pca(double[] xyz) {
        int n = xyz.length / 3;
        if (n == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "point array length " + xyz.length + " must be a positive multiple of 3");
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
            ax = new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
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
