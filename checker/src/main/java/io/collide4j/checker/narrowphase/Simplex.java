package io.collide4j.checker.narrowphase;

/**
 * GJK's simplex ({@link Gjk}): up to four Minkowski points w_i = a_i − b_i with the support points a_i on A and b_i
 * on B that made them, the barycentric weights λ_i of the point v = Σ λ_i w_i of their convex hull closest to the
 * origin, and the sub-algorithm that finds v ({@link #closest}): Voronoi region tests (Ericson, Real-Time Collision
 * Detection §5.1; seed 001 §2.4 with its errata applied) rather than Johnson's cofactors, the face case projected
 * through the cross product, which stays accurate on the sliver triangles GJK builds on curved shapes. The simplex
 * is then reduced to the smallest face holding v. Double-buffered: {@link #closest} writes the reduced simplex into
 * the spare buffers and swaps, so {@link #restore} brings the previous one back without copying. Mutable scratch of
 * one {@link Gjk}; no allocation after construction.
 */
final class Simplex {
    /** Minkowski points w = a − b, and the support points on A and B that made them (world frame, 3 per point). */
    double[] sw = new double[12], spa = new double[12], spb = new double[12];
    /** Barycentric weights of v over the points. */
    double[] lambda = new double[4];
    // the spare buffers closest() writes into
    private double[] tw = new double[12], ta = new double[12], tb = new double[12], tl = new double[4];
    /** Number of points (1 to 4). */
    int ns;
    /** v: the point of the simplex closest to the origin (0 when a tetrahedron holds the origin). */
    double vx, vy, vz;
    // closest-point sub-result
    private final int[] ri = new int[4];
    private final double[] rl = new double[4];
    private int rn;
    private double rx, ry, rz;

    private int bns;
    private double bvx, bvy, bvz;

    /** Remembers the simplex size and v before {@link #closest()} (the points stay in the spare buffers). */
    void backup() {
        bns = ns;
        bvx = vx;
        bvy = vy;
        bvz = vz;
    }

    /** Undoes the last {@link #closest()}: swaps the buffers back. */
    void restore() {
        swapBuffers();
        ns = bns;
        vx = bvx;
        vy = bvy;
        vz = bvz;
    }

    private void swapBuffers() {
        double[] t = sw;
        sw = tw;
        tw = t;
        t = spa;
        spa = ta;
        ta = t;
        t = spb;
        spb = tb;
        tb = t;
        t = lambda;
        lambda = tl;
        tl = t;
    }

    /** Witness points of the current simplex (its barycentric combination of support points), see {@link #witnesses}. */
    double swax, sway, swaz, swbx, swby, swbz;

    /** Sets {@link #swax}..{@link #swbz} to the simplex's witness points on A and B. */
    void witnesses() {
        double ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        for (int i = 0; i < ns; i++) {
            ax += lambda[i] * spa[3 * i];
            ay += lambda[i] * spa[3 * i + 1];
            az += lambda[i] * spa[3 * i + 2];
            bx += lambda[i] * spb[3 * i];
            by += lambda[i] * spb[3 * i + 1];
            bz += lambda[i] * spb[3 * i + 2];
        }
        swax = ax;
        sway = ay;
        swaz = az;
        swbx = bx;
        swby = by;
        swbz = bz;
    }

    /** |v|². */
    double vSquared() {
        return vx * vx + vy * vy + vz * vz;
    }

    /** Makes the pair's last support the whole simplex (and v). */
    void startAt(MinkowskiPair p) {
        ns = 1;
        store(0, p);
        lambda[0] = 1;
        vx = p.wx;
        vy = p.wy;
        vz = p.wz;
    }

    /** Puts the pair's last support (Minkowski point and its points on A and B) at index i. */
    void store(int i, MinkowskiPair p) {
        p.storeSupport(sw, spa, spb, i);
    }

    /** Whether the Minkowski point (x, y, z) is already one of the simplex's points (exactly). */
    boolean contains(double x, double y, double z) {
        for (int i = 0; i < ns; i++) {
            if (sw[3 * i] == x && sw[3 * i + 1] == y && sw[3 * i + 2] == z) {
                return true;
            }
        }
        return false;
    }

    /** Closest point of conv(simplex) to the origin; reduces the simplex to the smallest face containing it. */
    void closest() {
        switch (ns) {
            case 2 -> segment(0, 1);
            case 3 -> triangle(0, 1, 2);
            case 4 -> tetrahedron();
            default -> {
                rn = 1;
                ri[0] = 0;
                rl[0] = 1;
                rx = sw[0];
                ry = sw[1];
                rz = sw[2];
            }
        }
        for (int k = 0; k < rn; k++) {
            int i = 3 * ri[k], o = 3 * k;
            tw[o] = sw[i];
            tw[o + 1] = sw[i + 1];
            tw[o + 2] = sw[i + 2];
            ta[o] = spa[i];
            ta[o + 1] = spa[i + 1];
            ta[o + 2] = spa[i + 2];
            tb[o] = spb[i];
            tb[o + 1] = spb[i + 1];
            tb[o + 2] = spb[i + 2];
            tl[k] = rl[k];
        }
        swapBuffers();
        ns = rn;
        if (rn == 4) {
            vx = vy = vz = 0;
        } else {
            vx = rx;
            vy = ry;
            vz = rz;
        }
    }

    private void segment(int i, int j) {
        double axx = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double ex = sw[3 * j] - axx, ey = sw[3 * j + 1] - ay, ez = sw[3 * j + 2] - az;
        double ee = ex * ex + ey * ey + ez * ez;
        double t = ee > 0 ? -(axx * ex + ay * ey + az * ez) / ee : 0;
        if (t <= 0) {
            point(i);
        } else if (t >= 1) {
            point(j);
        } else {
            rn = 2;
            ri[0] = i;
            ri[1] = j;
            rl[0] = 1 - t;
            rl[1] = t;
            rx = axx + t * ex;
            ry = ay + t * ey;
            rz = az + t * ez;
        }
    }

    private void point(int i) {
        rn = 1;
        ri[0] = i;
        rl[0] = 1;
        rx = sw[3 * i];
        ry = sw[3 * i + 1];
        rz = sw[3 * i + 2];
    }

    /** Ericson, Real-Time Collision Detection §5.1.5, with the query point at the origin. */
    private void triangle(int ia, int ib, int ic) {
        double ax = sw[3 * ia], ay = sw[3 * ia + 1], az = sw[3 * ia + 2];
        double bx = sw[3 * ib], by = sw[3 * ib + 1], bz = sw[3 * ib + 2];
        double cx = sw[3 * ic], cy = sw[3 * ic + 1], cz = sw[3 * ic + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
        if (d1 <= 0 && d2 <= 0) {
            point(ia);
            return;
        }
        double d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
        if (d3 >= 0 && d4 <= d3) {
            point(ib);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double t = d1 / (d1 - d3);
            edge(ia, ib, t, ax + t * abx, ay + t * aby, az + t * abz);
            return;
        }
        double d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
        if (d6 >= 0 && d5 <= d6) {
            point(ic);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double t = d2 / (d2 - d6);
            edge(ia, ic, t, ax + t * acx, ay + t * acy, az + t * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            edge(ib, ic, t, bx + t * (cx - bx), by + t * (cy - by), bz + t * (cz - bz));
            return;
        }
        double sum = va + vb + vc;
        if (!(sum > 0)) {
            // degenerate (collinear) triangle: best of its edges
            bestOfEdges(ia, ib, ic);
            return;
        }
        // face region: project onto the plane through the cross product, whose direction error is ~ε/sin(angle);
        // the Voronoi products va, vb, vc above lose ~ε/sin²(angle) on the slivers GJK builds on curved shapes
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double nn = nx * nx + ny * ny + nz * nz;
        if (!(nn > 0)) {
            bestOfEdges(ia, ib, ic);
            return;
        }
        double t = (nx * ax + ny * ay + nz * az) / nn;
        double px = t * nx, py = t * ny, pz = t * nz;
        double qx = px - ax, qy = py - ay, qz = pz - az;
        // barycentric coordinates as signed sub-areas along n
        double v = (nx * (qy * acz - qz * acy) + ny * (qz * acx - qx * acz) + nz * (qx * acy - qy * acx)) / nn;
        double w = (nx * (aby * qz - abz * qy) + ny * (abz * qx - abx * qz) + nz * (abx * qy - aby * qx)) / nn;
        rn = 3;
        ri[0] = ia;
        ri[1] = ib;
        ri[2] = ic;
        rl[0] = 1 - v - w;
        rl[1] = v;
        rl[2] = w;
        rx = px;
        ry = py;
        rz = pz;
    }

    private void edge(int i, int j, double t, double x, double y, double z) {
        rn = 2;
        ri[0] = i;
        ri[1] = j;
        rl[0] = 1 - t;
        rl[1] = t;
        rx = x;
        ry = y;
        rz = z;
    }

    private void bestOfEdges(int ia, int ib, int ic) {
        bestEdge.reset(0);
        for (int e = 0; e < 3; e++) {
            segment(e == 2 ? ib : ia, e == 0 ? ib : ic);
            bestEdge.offer();
        }
        bestEdge.load();
    }

    /**
     * The closest of several sub-results tried one after the other (the edges of a degenerate triangle, the faces of
     * a tetrahedron): {@link #offer} keeps the current one if it is closer than those kept before, {@link #load} makes
     * the kept one current. Two instances, because a face tried for a tetrahedron may itself try its edges.
     */
    private final class Best {
        private final int[] index = new int[4];
        private final double[] weight = new double[4];
        private int n;
        private double x, y, z, d;

        /** Forgets the kept sub-result; {@code emptySize} is what {@link #load} gives when none was closer than +∞. */
        void reset(int emptySize) {
            d = Double.POSITIVE_INFINITY;
            n = emptySize;
            x = y = z = 0;
        }

        void offer() {
            double dd = rx * rx + ry * ry + rz * rz;
            if (dd < d) {
                d = dd;
                n = rn;
                for (int k = 0; k < rn; k++) {
                    index[k] = ri[k];
                    weight[k] = rl[k];
                }
                x = rx;
                y = ry;
                z = rz;
            }
        }

        void load() {
            rn = n;
            for (int k = 0; k < n; k++) {
                ri[k] = index[k];
                rl[k] = weight[k];
            }
            rx = x;
            ry = y;
            rz = z;
        }
    }

    private final Best bestEdge = new Best(), bestFace = new Best();

    private static final int[][] FACES = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};

    private void tetrahedron() {
        bestFace.reset(-1);
        boolean anyOutside = false;
        for (int[] f : FACES) {
            int ia = f[0], ib = f[1], ic = f[2], id = f[3];
            double ax = sw[3 * ia], ay = sw[3 * ia + 1], az = sw[3 * ia + 2];
            double ux = sw[3 * ib] - ax, uy = sw[3 * ib + 1] - ay, uz = sw[3 * ib + 2] - az;
            double wx = sw[3 * ic] - ax, wy = sw[3 * ic + 1] - ay, wz = sw[3 * ic + 2] - az;
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            double so = -(nx * ax + ny * ay + nz * az);
            double sd = nx * (sw[3 * id] - ax) + ny * (sw[3 * id + 1] - ay) + nz * (sw[3 * id + 2] - az);
            boolean degenerate = Math.abs(sd)
                    <= 1e-12
                            * Math.sqrt(nx * nx + ny * ny + nz * nz)
                            * Math.max(Math.abs(ax) + Math.abs(ay) + Math.abs(az), 1e-300);
            if (!degenerate && so * sd >= 0) {
                continue; // origin on the inner side of this face (or on it)
            }
            anyOutside = true;
            triangle(ia, ib, ic);
            bestFace.offer();
        }
        if (!anyOutside) {
            rn = 4;
            // barycentric coordinates of the origin, for witness points
            barycentricTetra();
            return;
        }
        bestFace.load();
    }

    private void barycentricTetra() {
        double total = 0;
        rl[0] = signedVolume(-1, 1, 2, 3);
        rl[1] = signedVolume(0, -1, 2, 3);
        rl[2] = signedVolume(0, 1, -1, 3);
        rl[3] = signedVolume(0, 1, 2, -1);
        for (int k = 0; k < 4; k++) {
            total += rl[k];
        }
        for (int k = 0; k < 4; k++) {
            rl[k] = total != 0 ? rl[k] / total : 0.25;
            ri[k] = k;
        }
    }

    /** Volume of the tetrahedron of simplex points with index −1 replaced by the origin. */
    private double signedVolume(int i0, int i1, int i2, int i3) {
        double ax = c(i0, 0), ay = c(i0, 1), az = c(i0, 2);
        double ux = c(i1, 0) - ax, uy = c(i1, 1) - ay, uz = c(i1, 2) - az;
        double vx2 = c(i2, 0) - ax, vy2 = c(i2, 1) - ay, vz2 = c(i2, 2) - az;
        double wx = c(i3, 0) - ax, wy = c(i3, 1) - ay, wz = c(i3, 2) - az;
        return ux * (vy2 * wz - vz2 * wy) + uy * (vz2 * wx - vx2 * wz) + uz * (vx2 * wy - vy2 * wx);
    }

    private double c(int i, int k) {
        return i < 0 ? 0 : sw[3 * i + k];
    }
}
