package io.collide4j.checker.geometry.decomposition;

/**
 * Exact separating-axis test of a triangle against a closed axis-aligned box (touching counts as
 * overlap). Algorithm: Akenine-Möller, "Fast 3D Triangle-Box Overlap Testing" (2001): the 3 box
 * normals, the triangle normal and the 9 edge cross products. Stateless and thread-safe.
 */
final class TriangleBoxOverlap {
    private TriangleBoxOverlap() {}

    /**
     * True unless a separating axis proves the triangle (a,b,c) and the box centred at (cx,cy,cz)
     * with half extents (hx,hy,hz) are disjoint. Rounding can only turn "disjoint" into "overlap"
     * when the caller inflates the half extents slightly, which is how the voxeliser uses it.
     */
    static boolean overlaps(
            double cx,
            double cy,
            double cz,
            double hx,
            double hy,
            double hz,
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double qx,
            double qy,
            double qz) {
        double v0x = ax - cx, v0y = ay - cy, v0z = az - cz;
        double v1x = bx - cx, v1y = by - cy, v1z = bz - cz;
        double v2x = qx - cx, v2y = qy - cy, v2z = qz - cz;
        // Box normals: the triangle's bounds against the box.
        if (min3(v0x, v1x, v2x) > hx || max3(v0x, v1x, v2x) < -hx) {
            return false;
        }
        if (min3(v0y, v1y, v2y) > hy || max3(v0y, v1y, v2y) < -hy) {
            return false;
        }
        if (min3(v0z, v1z, v2z) > hz || max3(v0z, v1z, v2z) < -hz) {
            return false;
        }
        double e0x = v1x - v0x, e0y = v1y - v0y, e0z = v1z - v0z;
        double e1x = v2x - v1x, e1y = v2y - v1y, e1z = v2z - v1z;
        double e2x = v0x - v2x, e2y = v0y - v2y, e2z = v0z - v2z;
        // Nine axes: box axis x edge.
        if (separatedOnEdgeAxes(e0x, e0y, e0z, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)
                || separatedOnEdgeAxes(e1x, e1y, e1z, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)
                || separatedOnEdgeAxes(e2x, e2y, e2z, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) {
            return false;
        }
        // Triangle plane.
        double nx = e0y * e1z - e0z * e1y, ny = e0z * e1x - e0x * e1z, nz = e0x * e1y - e0y * e1x;
        double d = nx * v0x + ny * v0y + nz * v0z;
        double r = hx * Math.abs(nx) + hy * Math.abs(ny) + hz * Math.abs(nz);
        return Math.abs(d) <= r;
    }

    private static boolean separatedOnEdgeAxes(
            double ex,
            double ey,
            double ez,
            double v0x,
            double v0y,
            double v0z,
            double v1x,
            double v1y,
            double v1z,
            double v2x,
            double v2y,
            double v2z,
            double hx,
            double hy,
            double hz) {
        // axis = (1,0,0) x e = (0, -ez, ey)
        if (separated(0, -ez, ey, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) {
            return true;
        }
        // axis = (0,1,0) x e = (ez, 0, -ex)
        if (separated(ez, 0, -ex, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) {
            return true;
        }
        // axis = (0,0,1) x e = (-ey, ex, 0)
        return separated(-ey, ex, 0, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz);
    }

    private static boolean separated(
            double px,
            double py,
            double pz,
            double v0x,
            double v0y,
            double v0z,
            double v1x,
            double v1y,
            double v1z,
            double v2x,
            double v2y,
            double v2z,
            double hx,
            double hy,
            double hz) {
        double p0 = px * v0x + py * v0y + pz * v0z;
        double p1 = px * v1x + py * v1y + pz * v1z;
        double p2 = px * v2x + py * v2y + pz * v2z;
        double r = hx * Math.abs(px) + hy * Math.abs(py) + hz * Math.abs(pz);
        return min3(p0, p1, p2) > r || max3(p0, p1, p2) < -r;
    }

    private static double min3(double a, double b, double c) {
        return Math.min(a, Math.min(b, c));
    }

    private static double max3(double a, double b, double c) {
        return Math.max(a, Math.max(b, c));
    }
}
