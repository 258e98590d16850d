package io.collide4j.checker.geometry.mesh;

import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Orient3d;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Exact mesh queries: mesh A at pose A against mesh B at pose B (boolean and distance by simultaneous descent of
 * both AABB trees with exact triangle tests), and mesh against a convex shape (GJK per candidate triangle). Mesh B
 * is mapped into A's frame (relative pose) and node boxes are inflated by a rounding allowance, so pruning never
 * drops a pair that the triangle tests would accept. Results are exact on the mapped coordinates. Not
 * thread-safe: one instance per thread (scratch stacks); immutable trees may be shared.
 */
public final class MeshQuery {
    private int[] stack = new int[256];
    private final double[] rel = new double[12], sa = new double[12], sb = new double[12];
    private final double[] tb = new double[9];
    private final Gjk gjk = new Gjk();
    private final DistanceResult dres = new DistanceResult();
    private final TriangleShape triangle = new TriangleShape();
    private final double[] cb = new double[6];
    private final Vector3d tmp = new Vector3d();

    /** Closest pair found by the last distance query (A's frame for mesh–mesh: world for mesh–convex). */
    public final Vector3d lastWitnessA = new Vector3d(), lastWitnessB = new Vector3d();

    /** Whether the meshes' triangle sets intersect (touching counts). Poses may be null (identity). */
    public boolean intersects(MeshBvh a, Matrix4dc poseA, MeshBvh b, Matrix4dc poseB) {
        return traverse(a, poseA, b, poseB, true, Double.POSITIVE_INFINITY, 0, 0) == 0;
    }

    /** Minimum distance between the meshes' triangle sets (0 when they intersect). */
    public double distance(MeshBvh a, Matrix4dc poseA, MeshBvh b, Matrix4dc poseB) {
        return traverse(a, poseA, b, poseB, false, Double.POSITIVE_INFINITY, 0, 0);
    }

    /**
     * Early-out threshold query: a value ≤ {@code d} as soon as some triangle pair is found within d (that pair's
     * exact distance); otherwise a lower bound L on the distance D with min(D, cap) / (1 + tol) ≤ L ≤ min(D, cap)
     * (tol = 0: exact). Node pairs farther apart than d whose gap is within a factor 1 + tol of the best distance
     * so far (initially cap) are pruned, so a loose bound costs few triangle tests. Requires 0 ≤ d &lt; cap, tol ≥ 0.
     */
    public double distanceWithin(
            MeshBvh a, Matrix4dc poseA, MeshBvh b, Matrix4dc poseB, double d, double cap, double tol) {
        if (!(d >= 0 && d < cap && tol >= 0)) {
            throw new IllegalArgumentException(
                    "need 0 <= d < cap and tol >= 0, got d = " + d + ", cap = " + cap + ", tol = " + tol);
        }
        prunedGap = Double.POSITIVE_INFINITY;
        double v = traverse(a, poseA, b, poseB, false, cap, d, tol);
        return v <= d ? v : Math.min(v, prunedGap);
    }

    private double prunedGap;

    private double traverse(
            MeshBvh a,
            Matrix4dc poseA,
            MeshBvh b,
            Matrix4dc poseB,
            boolean booleanOnly,
            double best,
            double stop,
            double tol) {
        relative(poseA, poseB);
        double relScale =
                Math.abs(rel[9]) + Math.abs(rel[10]) + Math.abs(rel[11]) + maxAbs(b.box, 0) + maxAbs(a.box, 0);
        double slack = 1e-12 * relScale;
        double bestSq = best * best;
        int sp = 0;
        stack = push(stack, sp++, 0);
        stack = push(stack, sp++, 0);
        while (sp > 0) {
            int nb = stack[--sp], na = stack[--sp];
            mapBox(b.box, nb);
            double gap = boxGap(a.box, na, cb) - slack;
            if (gap > 0 && (booleanOnly || gap * gap >= bestSq)) {
                continue;
            }
            if (tol > 0 && gap > stop && gap * (1 + tol) >= best) {
                prunedGap = Math.min(prunedGap, gap);
                continue;
            }
            boolean leafA = a.node[4 * na] < 0, leafB = b.node[4 * nb] < 0;
            if (leafA && leafB) {
                for (int i = a.node[4 * na + 2], ie = i + a.node[4 * na + 3]; i < ie; i++) {
                    for (int j = b.node[4 * nb + 2], je = j + b.node[4 * nb + 3]; j < je; j++) {
                        mapTriangle(b.tri, 9 * j);
                        if (booleanOnly) {
                            if (TriangleTests.intersect(a.tri, 9 * i, tb, 0)) {
                                return 0;
                            }
                        } else {
                            double d = TriangleTests.distance(a.tri, 9 * i, tb, 0);
                            if (d * d < bestSq) {
                                bestSq = d * d;
                                best = d;
                                if (d <= stop) {
                                    return d;
                                }
                            }
                        }
                    }
                }
                continue;
            }
            // descend into the larger node (or the one that is not a leaf)
            boolean splitA = !leafA && (leafB || volume(a.box, na) >= volume(b.box, nb));
            if (splitA) {
                stack = push(stack, sp++, a.node[4 * na + 1]);
                stack = push(stack, sp++, nb);
                stack = push(stack, sp++, a.node[4 * na]);
                stack = push(stack, sp++, nb);
            } else {
                stack = push(stack, sp++, na);
                stack = push(stack, sp++, b.node[4 * nb + 1]);
                stack = push(stack, sp++, na);
                stack = push(stack, sp++, b.node[4 * nb]);
            }
        }
        return booleanOnly ? Double.POSITIVE_INFINITY : best;
    }

    /**
     * Distance between mesh {@code m} at {@code poseM} and a convex shape at {@code poseC} (0 when touching or
     * intersecting the triangle set), via GJK on each triangle whose box can still beat the best distance; the
     * value is GJK's estimate and {@link #lastLowerBound} its certified lower bound over all triangles.
     */
    public double distance(MeshBvh m, Matrix4dc poseM, ConvexShape c, Matrix4dc poseC) {
        relative(poseM, poseC);
        // convex shape bounds in the mesh frame: its local box mapped by the relative pose
        c.localBounds(cb);
        mapBoxInPlace(cb);
        double best = Double.POSITIVE_INFINITY;
        double lower = Double.POSITIVE_INFINITY;
        int sp = 0;
        stack = push(stack, sp++, 0);
        while (sp > 0) {
            int n = stack[--sp];
            double gap = boxGap(m.box, n, cb) * (1 - 1e-12);
            if (gap > 0 && gap >= best) {
                lower = Math.min(lower, gap);
                continue;
            }
            if (m.node[4 * n] >= 0) {
                stack = push(stack, sp++, m.node[4 * n + 1]);
                stack = push(stack, sp++, m.node[4 * n]);
                continue;
            }
            for (int i = m.node[4 * n + 2], e = i + m.node[4 * n + 3]; i < e; i++) {
                triangle.set(m.tri, 9 * i);
                gjk.distance(triangle, poseM, c, poseC, dres);
                lower = Math.min(lower, dres.lowerBound);
                if (dres.distance < best) {
                    best = dres.distance;
                    lastWitnessA.set(dres.witnessA);
                    lastWitnessB.set(dres.witnessB);
                }
            }
        }
        lastLowerBound = Math.min(lower, best);
        return best;
    }

    /** Certified lower bound from the last mesh–convex distance query. */
    public double lastLowerBound;

    /** Exact decision for one candidate triangle (world coordinates, 9 values): is some point of it within d? */
    @FunctionalInterface
    public interface TriangleCheck {
        boolean within(double[] worldTriangle, double d);
    }

    /**
     * Whether the last mesh–convex
     * {@link #distanceWithin(MeshBvh, Matrix4dc, ConvexShape, Matrix4dc, double, double, double, TriangleCheck)
     * distanceWithin} found a triangle within d.
     */
    public boolean lastWithin;

    /**
     * Early-out threshold query, mesh against a convex shape: a certified lower bound on the distance, capped at
     * {@code cap}; triangles whose GJK lower bound is at most d go to {@code confirm}, and the search stops at the
     * first one it accepts ({@link #lastWithin} true, the value then ≤ d). Nodes at least the current bound apart,
     * or farther than d and within a factor 1 + tol of it, are pruned: the bound L then satisfies
     * min(L', cap) / (1 + tol) ≤ L, L' being the tol = 0 bound. Requires 0 ≤ d &lt; cap, tol ≥ 0.
     */
    public double distanceWithin(
            MeshBvh m,
            Matrix4dc poseM,
            ConvexShape c,
            Matrix4dc poseC,
            double d,
            double cap,
            double tol,
            TriangleCheck confirm) {
        if (!(d >= 0 && d < cap && tol >= 0)) {
            throw new IllegalArgumentException(
                    "need 0 <= d < cap and tol >= 0, got d = " + d + ", cap = " + cap + ", tol = " + tol);
        }
        lastWithin = false;
        relative(poseM, poseC);
        c.localBounds(cb);
        mapBoxInPlace(cb);
        double best = cap, pruned = Double.POSITIVE_INFINITY;
        int sp = 0;
        stack = push(stack, sp++, 0);
        while (sp > 0) {
            int n = stack[--sp];
            double gap = boxGap(m.box, n, cb) * (1 - 1e-12);
            if (gap > 0 && gap >= best) {
                continue;
            }
            if (gap > d && gap * (1 + tol) >= best) {
                pruned = Math.min(pruned, gap);
                continue;
            }
            if (m.node[4 * n] >= 0) {
                stack = push(stack, sp++, m.node[4 * n + 1]);
                stack = push(stack, sp++, m.node[4 * n]);
                continue;
            }
            for (int i = m.node[4 * n + 2], e = i + m.node[4 * n + 3]; i < e; i++) {
                triangle.set(m.tri, 9 * i);
                gjk.distance(triangle, poseM, c, poseC, dres);
                best = Math.min(best, dres.lowerBound);
                if (dres.lowerBound <= d) {
                    toWorld(m.tri, 9 * i, poseM);
                    if (confirm.within(tw, d)) {
                        lastWithin = true;
                        return best;
                    }
                }
            }
        }
        return Math.min(best, pruned);
    }

    private final double[] tw = new double[9];

    private int[] near = new int[64];
    private int nearCount;

    /**
     * Collects the tree-order indices of every triangle whose box comes within {@code grow} (per axis) of the
     * box {@code q} = {minX, minY, minZ, maxX, maxY, maxZ} in the mesh frame (a superset of the triangles within
     * Euclidean distance grow of q); returns their number, read them with {@link #near(int)}.
     */
    public int trianglesNear(MeshBvh m, double[] q, double grow) {
        nearCount = 0;
        int sp = 0;
        stack = push(stack, sp++, 0);
        while (sp > 0) {
            int n = stack[--sp];
            boolean apart = false;
            for (int k = 0; k < 3 && !apart; k++) {
                apart = m.box[6 * n + k] > q[k + 3] + grow || q[k] - grow > m.box[6 * n + k + 3];
            }
            if (apart) {
                continue;
            }
            if (m.node[4 * n] >= 0) {
                stack = push(stack, sp++, m.node[4 * n + 1]);
                stack = push(stack, sp++, m.node[4 * n]);
                continue;
            }
            for (int i = m.node[4 * n + 2], e = i + m.node[4 * n + 3]; i < e; i++) {
                near = push(near, nearCount++, i);
            }
        }
        return nearCount;
    }

    /** The i-th triangle found by the last {@link #trianglesNear}. */
    public int near(int i) {
        return near[i];
    }

    // Ray directions for the parity test: generic (no two coordinates simple multiples), unit length not needed.
    private static final double[][] RAYS = {
        {0.5773, 0.6412, 0.5061},
        {-0.3821, 0.8107, -0.4437},
        {0.7129, -0.2293, -0.6627},
        {-0.6019, -0.5333, 0.5946},
        {0.1377, -0.9138, 0.3821},
        {-0.8812, 0.1519, -0.4478},
        {0.4243, 0.3187, -0.8476},
        {-0.2153, -0.4429, -0.8704}
    };

    /**
     * Whether the point (mesh frame) lies inside the closed triangle surface, by the parity of the crossings of a
     * ray (Jordan–Brouwer; every edge of a closed surface is shared by an even number of triangles). Crossings are
     * classified with exact orientation signs ({@link Orient3d}); a ray that meets a
     * triangle edge, vertex or plane degenerately is replaced by the next direction, and when every direction is
     * degenerate the answer is {@code true} (inside), the conservative one. The point must not lie on the surface.
     */
    public boolean insideClosed(MeshBvh m, double px, double py, double pz) {
        double cx = (m.box[0] + m.box[3]) / 2, cy = (m.box[1] + m.box[4]) / 2, cz = (m.box[2] + m.box[5]) / 2;
        double diag = Math.sqrt(sq(m.box[3] - m.box[0]) + sq(m.box[4] - m.box[1]) + sq(m.box[5] - m.box[2]));
        if (px < m.box[0] || py < m.box[1] || pz < m.box[2] || px > m.box[3] || py > m.box[4] || pz > m.box[5]) {
            return false;
        }
        double reach = 2 * (Math.sqrt(sq(px - cx) + sq(py - cy) + sq(pz - cz)) + diag) + 1;
        double slack = 1e-9 * (1 + maxAbs(m.box, 0) + diag);
        for (double[] r : RAYS) {
            double len = Math.sqrt(sq(r[0]) + sq(r[1]) + sq(r[2]));
            double qx = px + reach * r[0] / len, qy = py + reach * r[1] / len, qz = pz + reach * r[2] / len;
            int crossings = rayCrossings(m, px, py, pz, qx, qy, qz, slack);
            if (crossings >= 0) {
                return (crossings & 1) == 1;
            }
        }
        return true;
    }

    private static double sq(double x) {
        return x * x;
    }

    // Crossings of segment p→q with the triangles, or −1 when some crossing is degenerate.
    private int rayCrossings(
            MeshBvh m, double px, double py, double pz, double qx, double qy, double qz, double slack) {
        double dx = qx - px, dy = qy - py, dz = qz - pz;
        int count = 0;
        int sp = 0;
        stack = push(stack, sp++, 0);
        while (sp > 0) {
            int n = stack[--sp];
            if (!segmentMeetsBox(m.box, n, px, py, pz, dx, dy, dz, slack)) {
                continue;
            }
            if (m.node[4 * n] >= 0) {
                stack = push(stack, sp++, m.node[4 * n + 1]);
                stack = push(stack, sp++, m.node[4 * n]);
                continue;
            }
            for (int i = m.node[4 * n + 2], e = i + m.node[4 * n + 3]; i < e; i++) {
                int c = crossing(m.tri, 9 * i, px, py, pz, qx, qy, qz);
                if (c < 0) {
                    return -1;
                }
                count += c;
            }
        }
        return count;
    }

    // 1: segment p→q crosses the triangle's interior properly; 0: misses it; −1: touches an edge, vertex or plane.
    private static int crossing(double[] t, int o, double px, double py, double pz, double qx, double qy, double qz) {
        double ax = t[o],
                ay = t[o + 1],
                az = t[o + 2],
                bx = t[o + 3],
                by = t[o + 4],
                bz = t[o + 5],
                cx = t[o + 6],
                cy = t[o + 7],
                cz = t[o + 8];
        int sp = Orient3d.sign(ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz);
        int sq = Orient3d.sign(ax, ay, az, bx, by, bz, cx, cy, cz, qx, qy, qz);
        if (sp != 0 && sp == sq) {
            return 0;
        }
        int e1 = Orient3d.sign(px, py, pz, qx, qy, qz, ax, ay, az, bx, by, bz);
        int e2 = Orient3d.sign(px, py, pz, qx, qy, qz, bx, by, bz, cx, cy, cz);
        int e3 = Orient3d.sign(px, py, pz, qx, qy, qz, cx, cy, cz, ax, ay, az);
        boolean pos = e1 > 0 || e2 > 0 || e3 > 0, neg = e1 < 0 || e2 < 0 || e3 < 0;
        if (pos && neg) {
            return 0; // the line passes the triangle's plane outside it
        }
        if (sp == 0 || sq == 0 || e1 == 0 || e2 == 0 || e3 == 0) {
            return -1;
        }
        return 1;
    }

    // Slab test of the segment p + t·dir, t in [0, 1], against node n's box grown by slack (t widened by 1e-9).
    private boolean segmentMeetsBox(
            double[] box, int n, double px, double py, double pz, double dx, double dy, double dz, double slack) {
        slabLo = 0;
        slabHi = 1;
        return slab(px, dx, box[6 * n] - slack, box[6 * n + 3] + slack)
                && slab(py, dy, box[6 * n + 1] - slack, box[6 * n + 4] + slack)
                && slab(pz, dz, box[6 * n + 2] - slack, box[6 * n + 5] + slack);
    }

    private double slabLo, slabHi;

    private boolean slab(double p, double d, double mn, double mx) {
        if (d == 0) {
            return p >= mn && p <= mx;
        }
        double t0 = (mn - p) / d, t1 = (mx - p) / d;
        slabLo = Math.max(slabLo, Math.min(t0, t1) - 1e-9);
        slabHi = Math.min(slabHi, Math.max(t0, t1) + 1e-9);
        return slabLo <= slabHi;
    }

    private void toWorld(double[] t, int o, Matrix4dc pose) {
        for (int k = 0; k < 9; k += 3) {
            if (pose == null) {
                System.arraycopy(t, o + k, tw, k, 3);
            } else {
                pose.transformPosition(t[o + k], t[o + k + 1], t[o + k + 2], tmp);
                tw[k] = tmp.x;
                tw[k + 1] = tmp.y;
                tw[k + 2] = tmp.z;
            }
        }
    }

    private void relative(Matrix4dc pa, Matrix4dc pb) {
        // rel = inverse(pa) * pb, for rigid pa: R = Raᵀ Rb, t = Raᵀ (tb − ta)
        double[] a = AffineRows.load(pa, sa), b = AffineRows.load(pb, sb);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                rel[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
            }
            rel[9 + i] = a[i] * (b[9] - a[9]) + a[3 + i] * (b[10] - a[10]) + a[6 + i] * (b[11] - a[11]);
        }
    }

    private void mapTriangle(double[] t, int o) {
        for (int c = 0; c < 9; c += 3) {
            double x = t[o + c], y = t[o + c + 1], z = t[o + c + 2];
            tb[c] = rel[0] * x + rel[1] * y + rel[2] * z + rel[9];
            tb[c + 1] = rel[3] * x + rel[4] * y + rel[5] * z + rel[10];
            tb[c + 2] = rel[6] * x + rel[7] * y + rel[8] * z + rel[11];
        }
    }

    private void mapBox(double[] box, int n) {
        System.arraycopy(box, 6 * n, cb, 0, 6);
        mapBoxInPlace(cb);
    }

    private void mapBoxInPlace(double[] b) {
        double cx = (b[0] + b[3]) / 2, cy = (b[1] + b[4]) / 2, cz = (b[2] + b[5]) / 2;
        double ex = (b[3] - b[0]) / 2, ey = (b[4] - b[1]) / 2, ez = (b[5] - b[2]) / 2;
        double ncx = rel[0] * cx + rel[1] * cy + rel[2] * cz + rel[9];
        double ncy = rel[3] * cx + rel[4] * cy + rel[5] * cz + rel[10];
        double ncz = rel[6] * cx + rel[7] * cy + rel[8] * cz + rel[11];
        double nex = Math.abs(rel[0]) * ex + Math.abs(rel[1]) * ey + Math.abs(rel[2]) * ez;
        double ney = Math.abs(rel[3]) * ex + Math.abs(rel[4]) * ey + Math.abs(rel[5]) * ez;
        double nez = Math.abs(rel[6]) * ex + Math.abs(rel[7]) * ey + Math.abs(rel[8]) * ez;
        b[0] = ncx - nex;
        b[1] = ncy - ney;
        b[2] = ncz - nez;
        b[3] = ncx + nex;
        b[4] = ncy + ney;
        b[5] = ncz + nez;
    }

    /** Euclidean distance between node n's box and box q (0 when they overlap). */
    private static double boxGap(double[] box, int n, double[] q) {
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double d = Math.max(box[6 * n + k] - q[k + 3], q[k] - box[6 * n + k + 3]);
            if (d > 0) {
                s += d * d;
            }
        }
        return Math.sqrt(s);
    }

    private static double volume(double[] box, int n) {
        return (box[6 * n + 3] - box[6 * n]) * (box[6 * n + 4] - box[6 * n + 1]) * (box[6 * n + 5] - box[6 * n + 2]);
    }

    private static double maxAbs(double[] box, int n) {
        double m = 0;
        for (int k = 0; k < 6; k++) {
            m = Math.max(m, Math.abs(box[6 * n + k]));
        }
        return m;
    }

    private static int[] push(int[] s, int i, int v) {
        if (i == s.length) {
            s = java.util.Arrays.copyOf(s, 2 * s.length);
        }
        s[i] = v;
        return s;
    }
}
