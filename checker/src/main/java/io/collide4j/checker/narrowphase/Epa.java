package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Matrix4dc;

/**
 * Expanding Polytope Algorithm (van den Bergen 2001; seed 001 §2.5 with its errata: all visible faces are removed,
 * the stop test has a tolerance, the normal sign follows one convention). GJK decides intersection first (on the
 * shapes' cores: separated cores within the swept radii give the exact depth rA + rB − dist(cores) without EPA); EPA
 * then grows a polytope inside A ⊖ B from GJK's tetrahedron when it is well shaped around the origin, else from
 * supports in 14 fixed directions plus the GJK simplex, so touching and degenerate simplices need no special case
 * (faces with negative origin distance simply get expanded). Keeps the
 * bracket depthLower ≤ minimal translation distance ≤ depthUpper (lower = closest face of the inner polytope,
 * upper = min over tried normals of the support value). Not thread-safe: one per thread; allocation-free.
 */
public final class Epa {
    public static final int MAX_VERTICES = 128;
    public static final int MAX_FACES = 2 * MAX_VERTICES;
    public static final int MAX_ITERATIONS = 100;
    public static final double RELATIVE_TOLERANCE = 1e-10;

    private final Gjk gjk = new Gjk();
    private final DistanceResult dres = new DistanceResult();
    private final double[] vw = new double[3 * MAX_VERTICES],
            va = new double[3 * MAX_VERTICES],
            vb = new double[3 * MAX_VERTICES];
    private int nv;
    private final int[] fv = new int[3 * MAX_FACES];
    private final double[] fn = new double[4 * MAX_FACES];
    private final boolean[] alive = new boolean[MAX_FACES];
    private int nf;
    private final int[] removed = new int[MAX_FACES];
    private final int[] hor = new int[2 * MAX_FACES];
    private final int[] edgeStamp = new int[MAX_VERTICES * MAX_VERTICES];
    private final int[] startStamp = new int[MAX_VERTICES], startCount = new int[MAX_VERTICES];
    private int stamp;

    private static final double[] DIRS = {
        1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 1, 1, 1, -1, -1, -1, 1, -1, 1, -1, 1, -1, 1, 1, -1, -1,
        -1, 1, -1, 1, 1, 1, -1, -1
    };

    /** The shared GJK (its result of the last call is available for inspection). */
    public Gjk gjk() {
        return gjk;
    }

    /** Penetration query; fills {@code out} and returns it. Separated shapes give intersecting=false. */
    public PenetrationResult penetration(
            ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, PenetrationResult out) {
        gjk.distanceForPenetration(a, poseA, b, poseB, dres);
        out.hitLimit = false;
        if (!dres.intersecting) {
            out.intersecting = false;
            out.depth = out.depthLower = out.depthUpper = 0;
            out.separationLowerBound = dres.lowerBound;
            out.normal.set(dres.normal);
            out.witnessA.set(dres.witnessA);
            out.witnessB.set(dres.witnessB);
            out.iterations = dres.iterations;
            return out;
        }
        out.intersecting = true;
        out.separationLowerBound = 0;
        if (!gjk.coresIntersecting && gjk.coreDistance > 0) {
            coreResult(out);
            return out;
        }
        gjk.pair.fullShapes();
        expand(out);
        return out;
    }

    /**
     * Separated cores within the swept radii: the minimal translation is along the core normal and its length is
     * rA + rB − dist(cores) exactly, bracketed by GJK's core estimate and certified core lower bound.
     */
    private void coreResult(PenetrationResult out) {
        MinkowskiPair p = gjk.pair;
        double ra = p.radiusA, rb = p.radiusB;
        double nx = gjk.cnx, ny = gjk.cny, nz = gjk.cnz;
        out.depth = Math.max(0, (ra + rb) - gjk.coreDistance);
        out.depthLower = out.depth;
        out.depthUpper = Math.max(out.depth, p.radius - gjk.coreLower);
        out.normal.set(nx, ny, nz);
        out.witnessA.set(gjk.cax + ra * nx, gjk.cay + ra * ny, gjk.caz + ra * nz);
        out.witnessB.set(gjk.cbx - rb * nx, gjk.cby - rb * ny, gjk.cbz - rb * nz);
        out.iterations = dres.iterations;
    }

    private void expand(PenetrationResult out) {
        MinkowskiPair p = gjk.pair;
        nv = 0;
        nf = 0;
        for (int i = 0; i < gjk.simplex.ns; i++) {
            addVertex(gjk.simplex.sw, gjk.simplex.spa, gjk.simplex.spb, i);
        }
        // a well-shaped GJK tetrahedron around the origin is the usual EPA start; the 14 fixed directions are the
        // fallback for touching and degenerate simplices
        boolean fromSimplex = gjk.simplex.ns == 4 && wellShapedAroundOrigin();
        if (!fromSimplex) {
            for (int d = 0; d < DIRS.length; d += 3) {
                p.support(DIRS[d], DIRS[d + 1], DIRS[d + 2]);
                addSupport();
            }
        }
        double scale = p.scale;
        double tol = 1e-13 * scale;
        int i0 = 0, i1 = 1, i2 = 2, i3 = 3;
        double sgn = fromSimplex ? vol(0, 1, 2, 3) : 0;
        if (!fromSimplex) {
            // initial tetrahedron: farthest pair, farthest from line, farthest from plane
            i1 = 0;
            double best = -1;
            for (int i = 0; i < nv; i++) {
                for (int j = i + 1; j < nv; j++) {
                    double d = d2(i, j);
                    if (d > best) {
                        best = d;
                        i0 = i;
                        i1 = j;
                    }
                }
            }
            i2 = -1;
            best = -1;
            for (int i = 0; i < nv; i++) {
                double d = crossLen2(i0, i1, i);
                if (d > best) {
                    best = d;
                    i2 = i;
                }
            }
            i3 = -1;
            double bestAbs = -1;
            for (int i = 0; i < nv; i++) {
                double d = vol(i0, i1, i2, i);
                if (Math.abs(d) > bestAbs) {
                    bestAbs = Math.abs(d);
                    sgn = d;
                    i3 = i;
                }
            }
            double lenScale = Math.sqrt(d2(i0, i1));
            if (!(bestAbs > 1e-12 * lenScale * lenScale * lenScale) || i3 < 0) {
                // A ⊖ B is (numerically) flat: the shapes only touch
                flatResult(out);
                return;
            }
        }
        if (sgn > 0) {
            int t = i1;
            i1 = i2;
            i2 = t;
        }
        addFace(i0, i1, i2);
        addFace(i0, i3, i1);
        addFace(i1, i3, i2);
        addFace(i2, i3, i0);
        // insert the remaining initial points
        int initial = nv;
        for (int i = 0; i < initial; i++) {
            if (i == i0 || i == i1 || i == i2 || i == i3) {
                continue;
            }
            insert(i, tol);
        }
        double upper = Double.POSITIVE_INFINITY;
        double ux = 0, uy = 0, uz = 1;
        double uax = 0, uay = 0, uaz = 0, ubx = 0, uby = 0, ubz = 0;
        int it = 0;
        int f = -1;
        double lower = 0;
        boolean limit = true;
        for (; it < MAX_ITERATIONS; it++) {
            f = closestFace();
            if (f < 0) {
                break;
            }
            double nx = fn[4 * f], ny = fn[4 * f + 1], nz = fn[4 * f + 2], d = fn[4 * f + 3];
            lower = d;
            p.support(nx, ny, nz);
            double h = nx * p.wx + ny * p.wy + nz * p.wz;
            if (h < upper) {
                upper = h;
                ux = nx;
                uy = ny;
                uz = nz;
                uax = p.pax;
                uay = p.pay;
                uaz = p.paz;
                ubx = p.pbx;
                uby = p.pby;
                ubz = p.pbz;
            }
            if (h - d <= RELATIVE_TOLERANCE * Math.abs(d) + tol) {
                limit = false;
                break;
            }
            if (nv == MAX_VERTICES) {
                break;
            }
            int vi = addSupport();
            if (!insert(vi, tol)) {
                limit = false;
                break;
            }
        }
        if (f < 0) {
            flatResult(out);
            return;
        }
        out.hitLimit = limit;
        out.iterations = it;
        // report the best support plane: its value is the tighter (upper) end of the bracket, exact for polytopes
        // and much closer than the inner polytope on curved shapes; its support points are the deepest points
        out.depthLower = Math.max(0, lower);
        out.depthUpper = Math.max(upper, out.depthLower);
        out.depth = out.depthUpper;
        out.normal.set(ux, uy, uz);
        out.witnessA.set(uax, uay, uaz);
        out.witnessB.set(ubx, uby, ubz);
    }

    /** Touching contact (A ⊖ B has no interior near the origin): zero depth along GJK's last direction. */
    private void flatResult(PenetrationResult out) {
        out.depth = out.depthLower = out.depthUpper = 0;
        double x = 0, y = 0, z = 1;
        double n = Math.sqrt(
                gjk.simplex.vx * gjk.simplex.vx + gjk.simplex.vy * gjk.simplex.vy + gjk.simplex.vz * gjk.simplex.vz);
        if (n > 0) {
            x = -gjk.simplex.vx / n;
            y = -gjk.simplex.vy / n;
            z = -gjk.simplex.vz / n;
        }
        out.normal.set(x, y, z);
        out.witnessA.set(dres.witnessA);
        out.witnessB.set(dres.witnessB);
        out.iterations = 0;
    }

    private int closestFace() {
        int best = -1;
        double bd = Double.POSITIVE_INFINITY;
        for (int f = 0; f < nf; f++) {
            if (alive[f] && fn[4 * f + 3] < bd) {
                bd = fn[4 * f + 3];
                best = f;
            }
        }
        return best;
    }

    /** Adds vertex vi to the polytope (removing the faces it sees); false when that fails or space runs out. */
    private boolean insert(int vi, double tol) {
        double x = vw[3 * vi], y = vw[3 * vi + 1], z = vw[3 * vi + 2];
        int nr = 0;
        for (int f = 0; f < nf; f++) {
            if (alive[f] && fn[4 * f] * x + fn[4 * f + 1] * y + fn[4 * f + 2] * z - fn[4 * f + 3] > tol) {
                removed[nr++] = f;
            }
        }
        if (nr == 0) {
            return true; // inside already
        }
        // horizon: directed edges of removed faces whose reverse is not an edge of a removed face (edge stamps
        // make this linear in the number of removed faces)
        if (++stamp == 0) { // wrapped: forget all marks
            java.util.Arrays.fill(edgeStamp, 0);
            java.util.Arrays.fill(startStamp, 0);
            stamp = 1;
        }
        for (int r = 0; r < nr; r++) {
            int f = removed[r];
            for (int e = 0; e < 3; e++) {
                edgeStamp[fv[3 * f + e] * MAX_VERTICES + fv[3 * f + (e + 1) % 3]] = stamp;
            }
        }
        int nh = 0;
        for (int r = 0; r < nr; r++) {
            int f = removed[r];
            for (int e = 0; e < 3; e++) {
                int a = fv[3 * f + e], b = fv[3 * f + (e + 1) % 3];
                if (edgeStamp[b * MAX_VERTICES + a] != stamp) {
                    hor[2 * nh] = a;
                    hor[2 * nh + 1] = b;
                    nh++;
                }
            }
        }
        // the horizon must be one simple cycle (every edge has exactly one successor); otherwise the visible set
        // was inconsistent
        for (int h = 0; h < nh; h++) {
            int a = hor[2 * h];
            if (startStamp[a] != stamp) {
                startStamp[a] = stamp;
                startCount[a] = 0;
            }
            startCount[a]++;
        }
        for (int h = 0; h < nh; h++) {
            int b = hor[2 * h + 1];
            if (startStamp[b] != stamp || startCount[b] != 1) {
                return false;
            }
        }
        if (nf - nr + nh > MAX_FACES) {
            return false;
        }
        for (int r = 0; r < nr; r++) {
            alive[removed[r]] = false;
        }
        compactFaces();
        for (int h = 0; h < nh; h++) {
            addFace(hor[2 * h], hor[2 * h + 1], vi);
        }
        return true;
    }

    private void compactFaces() {
        int k = 0;
        for (int f = 0; f < nf; f++) {
            if (alive[f]) {
                if (k != f) {
                    System.arraycopy(fv, 3 * f, fv, 3 * k, 3);
                    System.arraycopy(fn, 4 * f, fn, 4 * k, 4);
                    alive[k] = true;
                }
                k++;
            }
        }
        nf = k;
    }

    private void addFace(int a, int b, int c) {
        int f = nf++;
        fv[3 * f] = a;
        fv[3 * f + 1] = b;
        fv[3 * f + 2] = c;
        alive[f] = true;
        double ux = vw[3 * b] - vw[3 * a], uy = vw[3 * b + 1] - vw[3 * a + 1], uz = vw[3 * b + 2] - vw[3 * a + 2];
        double wx = vw[3 * c] - vw[3 * a], wy = vw[3 * c + 1] - vw[3 * a + 1], wz = vw[3 * c + 2] - vw[3 * a + 2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            fn[4 * f] = fn[4 * f + 1] = fn[4 * f + 2] = 0;
            fn[4 * f + 3] = Double.POSITIVE_INFINITY; // sliver: never closest, never visible
            return;
        }
        nx /= len;
        ny /= len;
        nz /= len;
        fn[4 * f] = nx;
        fn[4 * f + 1] = ny;
        fn[4 * f + 2] = nz;
        fn[4 * f + 3] = Math.min(
                nx * vw[3 * a] + ny * vw[3 * a + 1] + nz * vw[3 * a + 2],
                Math.min(
                        nx * vw[3 * b] + ny * vw[3 * b + 1] + nz * vw[3 * b + 2],
                        nx * vw[3 * c] + ny * vw[3 * c + 1] + nz * vw[3 * c + 2]));
    }

    /**
     * Whether the four GJK simplex vertices (the first four polytope vertices) span a tetrahedron of reasonable
     * shape (volume ≥ 1e-6 of the cube of its longest edge) that contains the origin up to rounding.
     */
    private boolean wellShapedAroundOrigin() {
        double v = vol(0, 1, 2, 3);
        double l = 0;
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                l = Math.max(l, d2(i, j));
            }
        }
        if (!(Math.abs(v) >= 1e-6 * l * Math.sqrt(l))) {
            return false;
        }
        // the origin replaces each vertex in turn: all four sub-volumes must share the sign of the whole
        double slack = -1e-12 * Math.abs(v);
        return volOrigin(1, 2, 3) * Math.signum(v) >= slack
                && -volOrigin(0, 2, 3) * Math.signum(v) >= slack
                && volOrigin(0, 1, 3) * Math.signum(v) >= slack
                && -volOrigin(0, 1, 2) * Math.signum(v) >= slack;
    }

    /** vol(origin, j, k, l) in the orientation of {@link #vol}: (vj − 0)×(vk − 0)·(vl − 0). */
    private double volOrigin(int j, int k, int l) {
        double ux = vw[3 * j], uy = vw[3 * j + 1], uz = vw[3 * j + 2];
        double wx = vw[3 * k], wy = vw[3 * k + 1], wz = vw[3 * k + 2];
        double tx = vw[3 * l], ty = vw[3 * l + 1], tz = vw[3 * l + 2];
        return (uy * wz - uz * wy) * tx + (uz * wx - ux * wz) * ty + (ux * wy - uy * wx) * tz;
    }

    private void addVertex(double[] w, double[] pa, double[] pb, int i) {
        System.arraycopy(w, 3 * i, vw, 3 * nv, 3);
        System.arraycopy(pa, 3 * i, va, 3 * nv, 3);
        System.arraycopy(pb, 3 * i, vb, 3 * nv, 3);
        nv++;
    }

    private int addSupport() {
        int i = nv++;
        gjk.pair.storeSupport(vw, va, vb, i);
        return i;
    }

    private double d2(int i, int j) {
        double x = vw[3 * i] - vw[3 * j], y = vw[3 * i + 1] - vw[3 * j + 1], z = vw[3 * i + 2] - vw[3 * j + 2];
        return x * x + y * y + z * z;
    }

    private double crossLen2(int i, int j, int k) {
        double ux = vw[3 * j] - vw[3 * i], uy = vw[3 * j + 1] - vw[3 * i + 1], uz = vw[3 * j + 2] - vw[3 * i + 2];
        double wx = vw[3 * k] - vw[3 * i], wy = vw[3 * k + 1] - vw[3 * i + 1], wz = vw[3 * k + 2] - vw[3 * i + 2];
        double x = uy * wz - uz * wy, y = uz * wx - ux * wz, z = ux * wy - uy * wx;
        return x * x + y * y + z * z;
    }

    private double vol(int i, int j, int k, int l) {
        double ux = vw[3 * j] - vw[3 * i], uy = vw[3 * j + 1] - vw[3 * i + 1], uz = vw[3 * j + 2] - vw[3 * i + 2];
        double wx = vw[3 * k] - vw[3 * i], wy = vw[3 * k + 1] - vw[3 * i + 1], wz = vw[3 * k + 2] - vw[3 * i + 2];
        double tx = vw[3 * l] - vw[3 * i], ty = vw[3 * l + 1] - vw[3 * i + 1], tz = vw[3 * l + 2] - vw[3 * i + 2];
        return (uy * wz - uz * wy) * tx + (uz * wx - ux * wz) * ty + (ux * wy - uy * wx) * tz;
    }
}
