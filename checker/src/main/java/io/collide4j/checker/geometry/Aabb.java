package io.collide4j.checker.geometry;

/** Immutable axis-aligned box; touching boxes overlap (errs toward collision). */
public record Aabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
    public Aabb {
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
            throw new IllegalArgumentException("AABB min must not exceed max: " + minX + "," + minY + "," + minZ
                    + " / " + maxX + "," + maxY + "," + maxZ);
        }
    }

    /** Tight box of x,y,z triples. */
    public static Aabb of(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("point array length " + xyz.length + " must be a positive multiple of 3");
        }
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
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

    /** Box grown by {@code m} on every side. */
    public Aabb inflate(double m) {
        return new Aabb(minX - m, minY - m, minZ - m, maxX + m, maxY + m, maxZ + m);
    }
}
