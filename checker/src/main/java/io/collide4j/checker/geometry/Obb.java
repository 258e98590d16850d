package io.collide4j.checker.geometry;

import org.ejml.data.DMatrixRMaj;
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
