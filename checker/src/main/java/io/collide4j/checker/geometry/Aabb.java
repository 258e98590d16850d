package io.collide4j.checker.geometry;

import org.joml.Matrix4dc;

/** Immutable axis-aligned box; touching boxes overlap (errs toward collision). */
public record Aabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
    public Aabb {
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
            throw new IllegalArgumentException("AABB min must not exceed max: " + minX + "," + minY + "," + minZ + " / "
                    + maxX + "," + maxY + "," + maxZ);
        }
    }

    /** Tight box of x,y,z triples. */
    public static Aabb of(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "point array length " + xyz.length + " must be a positive multiple of 3");
        }
        double[] b = {
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        for (int i = 0; i < xyz.length; i++) {
            b[i % 3] = Math.min(b[i % 3], xyz[i]);
            b[3 + i % 3] = Math.max(b[3 + i % 3], xyz[i]);
        }
        return new Aabb(b[0], b[1], b[2], b[3], b[4], b[5]);
    }

    /** Local bounds of a shape. */
    public static Aabb of(ConvexShape s) {
        double[] b = new double[6];
        s.localBounds(b);
        return new Aabb(b[0], b[1], b[2], b[3], b[4], b[5]);
    }

    public boolean overlaps(Aabb o) {
        return minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY && minZ <= o.maxZ && o.minZ <= maxZ;
    }

    public boolean contains(double x, double y, double z) {
        return x >= minX && x <= maxX && y >= minY && y <= maxY && z >= minZ && z <= maxZ;
    }

    /**
     * Box containing this box carried by the affine transform {@code m} (Arvo 1990: the new half widths are |M|
     * times the old ones; Ericson's UpdateAABB), grown by a rounding allowance. O(1), looser than refitting the
     * transformed points.
     */
    public Aabb transformed(Matrix4dc m) {
        double cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, cz = (minZ + maxZ) / 2;
        double ex = (maxX - minX) / 2, ey = (maxY - minY) / 2, ez = (maxZ - minZ) / 2;
        double nx = m.m00() * cx + m.m10() * cy + m.m20() * cz + m.m30();
        double ny = m.m01() * cx + m.m11() * cy + m.m21() * cz + m.m31();
        double nz = m.m02() * cx + m.m12() * cy + m.m22() * cz + m.m32();
        double hx = Math.abs(m.m00()) * ex + Math.abs(m.m10()) * ey + Math.abs(m.m20()) * ez;
        double hy = Math.abs(m.m01()) * ex + Math.abs(m.m11()) * ey + Math.abs(m.m21()) * ez;
        double hz = Math.abs(m.m02()) * ex + Math.abs(m.m12()) * ey + Math.abs(m.m22()) * ez;
        double slack = 64
                * 0x1p-53
                * (Math.abs(nx)
                        + Math.abs(ny)
                        + Math.abs(nz)
                        + hx
                        + hy
                        + hz
                        + Math.abs(cx)
                        + Math.abs(cy)
                        + Math.abs(cz)
                        + ex
                        + ey
                        + ez);
        return new Aabb(
                nx - hx - slack, ny - hy - slack, nz - hz - slack, nx + hx + slack, ny + hy + slack, nz + hz + slack);
    }

    /** Box grown by {@code m} on every side. */
    public Aabb inflate(double m) {
        return new Aabb(minX - m, minY - m, minZ - m, maxX + m, maxY + m, maxZ + m);
    }
}
