package io.collide4j.checker.geometry.mesh;

import io.collide4j.checker.geometry.Orient3d;
import java.math.BigDecimal;

/**
 * Exact triangle–triangle intersection and exact-as-possible triangle–triangle distance. Intersection uses the
 * edge–triangle form (two closed triangles meet iff an edge of one meets the other; for non-coplanar triangles the
 * intersection segment ends on such edges, for coplanar ones an edge crosses or one contains the other) with exact
 * orientation predicates, so coplanar and touching configurations are decided exactly on the given doubles
 * (Möller's 1997 interval test needs an epsilon there). Distance: 0 when intersecting, otherwise the minimum over
 * the 6 vertex–triangle and 9 edge–edge pairs (Ericson, Real-Time Collision Detection §5.1.5, §5.1.9), which
 * contain the closest pair of two disjoint triangles. Stateless, thread-safe, allocation-free apart from the
 * rare exact fallback.
 */
public final class TriangleTests {
    private TriangleTests() {}

    /** Whether closed triangles (a, b, c) and (d, e, f), each given as 9 coordinates at offsets, intersect. */
    public static boolean intersect(double[] t, int o, double[] u, int p) {
        return segmentTriangle(t, o, o + 3, u, p)
                || segmentTriangle(t, o + 3, o + 6, u, p)
                || segmentTriangle(t, o + 6, o, u, p)
                || segmentTriangle(u, p, p + 3, t, o)
                || segmentTriangle(u, p + 3, p + 6, t, o)
                || segmentTriangle(u, p + 6, p, t, o);
    }

    /** Exact test: does segment (s[i], s[j]) meet closed triangle (u[p], u[p+3], u[p+6])? */
    static boolean segmentTriangle(double[] s, int i, int j, double[] u, int p) {
        int a = p, b = p + 3, c = p + 6;
        int o1 = o3(u, a, u, b, u, c, s, i), o2 = o3(u, a, u, b, u, c, s, j);
        if (o1 != 0 && o1 == o2) {
            return false;
        }
        if (o1 == 0 && o2 == 0) {
            return coplanar(s, i, j, u, p);
        }
        // the segment crosses (or touches) the plane: inside iff the three edge orientations agree
        int e1 = o3(s, i, s, j, u, a, u, b), e2 = o3(s, i, s, j, u, b, u, c), e3 = o3(s, i, s, j, u, c, u, a);
        boolean neg = e1 < 0 || e2 < 0 || e3 < 0, pos = e1 > 0 || e2 > 0 || e3 > 0;
        return !(neg && pos);
    }

    private static int o3(double[] pa, int a, double[] pb, int b, double[] pc, int c, double[] pd, int d) {
        return Orient3d.sign(
                pa[a], pa[a + 1], pa[a + 2], pb[b], pb[b + 1], pb[b + 2], pc[c], pc[c + 1], pc[c + 2], pd[d], pd[d + 1],
                pd[d + 2]);
    }

    /** Coplanar segment vs triangle, decided exactly in the projection that drops the normal's largest axis. */
    private static boolean coplanar(double[] s, int i, int j, double[] u, int p) {
        double ux = u[p + 3] - u[p], uy = u[p + 4] - u[p + 1], uz = u[p + 5] - u[p + 2];
        double vx = u[p + 6] - u[p], vy = u[p + 7] - u[p + 1], vz = u[p + 8] - u[p + 2];
        double nx = Math.abs(uy * vz - uz * vy), ny = Math.abs(uz * vx - ux * vz), nz = Math.abs(ux * vy - uy * vx);
        int x, y;
        if (nx >= ny && nx >= nz) {
            x = 1;
            y = 2;
        } else if (ny >= nz) {
            x = 0;
            y = 2;
        } else {
            x = 0;
            y = 1;
        }
        if (nx == 0 && ny == 0 && nz == 0) {
            // degenerate triangle: test against its three edges as segments
            return segSeg2d(s, i, j, u, p, p + 3, x, y)
                    || segSeg2d(s, i, j, u, p + 3, p + 6, x, y)
                    || segSeg2d(s, i, j, u, p + 6, p, x, y)
                    || degenerateSegmentCase(s, i, j, u, p);
        }
        if (inside2d(s, i, u, p, x, y) || inside2d(s, j, u, p, x, y)) {
            return true;
        }
        return segSeg2d(s, i, j, u, p, p + 3, x, y)
                || segSeg2d(s, i, j, u, p + 3, p + 6, x, y)
                || segSeg2d(s, i, j, u, p + 6, p, x, y);
    }

    private static boolean degenerateSegmentCase(double[] s, int i, int j, double[] u, int p) {
        // all of segment and triangle collinear/coincident: compare along each axis projection
        for (int x = 0; x < 3; x++) {
            for (int y = x + 1; y < 3; y++) {
                if (!(segSeg2d(s, i, j, u, p, p + 3, x, y)
                        || segSeg2d(s, i, j, u, p + 3, p + 6, x, y)
                        || segSeg2d(s, i, j, u, p + 6, p, x, y))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean inside2d(double[] s, int q, double[] u, int p, int x, int y) {
        int o1 = o2(u, p, u, p + 3, s, q, x, y),
                o2 = o2(u, p + 3, u, p + 6, s, q, x, y),
                o3 = o2(u, p + 6, u, p, s, q, x, y);
        boolean neg = o1 < 0 || o2 < 0 || o3 < 0, pos = o1 > 0 || o2 > 0 || o3 > 0;
        return !(neg && pos);
    }

    private static boolean segSeg2d(double[] s, int i, int j, double[] u, int a, int b, int x, int y) {
        int d1 = o2(u, a, u, b, s, i, x, y), d2 = o2(u, a, u, b, s, j, x, y);
        int d3 = o2(s, i, s, j, u, a, x, y), d4 = o2(s, i, s, j, u, b, x, y);
        if (d1 * d2 < 0 && d3 * d4 < 0) {
            return true;
        }
        return d1 == 0 && onSegment(u, a, u, b, s, i, x, y)
                || d2 == 0 && onSegment(u, a, u, b, s, j, x, y)
                || d3 == 0 && onSegment(s, i, s, j, u, a, x, y)
                || d4 == 0 && onSegment(s, i, s, j, u, b, x, y);
    }

    private static boolean onSegment(double[] pa, int a, double[] pb, int b, double[] pq, int q, int x, int y) {
        return Math.min(pa[a + x], pb[b + x]) <= pq[q + x]
                && pq[q + x] <= Math.max(pa[a + x], pb[b + x])
                && Math.min(pa[a + y], pb[b + y]) <= pq[q + y]
                && pq[q + y] <= Math.max(pa[a + y], pb[b + y]);
    }

    /** Exact sign of the 2-D orientation of (a, b, q) in coordinates x, y. */
    private static int o2(double[] pa, int a, double[] pb, int b, double[] pq, int q, int x, int y) {
        double ax = pa[a + x], ay = pa[a + y], bx = pb[b + x], by = pb[b + y], qx = pq[q + x], qy = pq[q + y];
        double l = (bx - ax) * (qy - ay), r = (by - ay) * (qx - ax);
        double det = l - r, bound = 8 * 0x1p-53 * (Math.abs(l) + Math.abs(r));
        if (det > bound) {
            return 1;
        }
        if (-det > bound) {
            return -1;
        }
        BigDecimal bax = new BigDecimal(bx).subtract(new BigDecimal(ax)),
                bay = new BigDecimal(by).subtract(new BigDecimal(ay));
        BigDecimal qax = new BigDecimal(qx).subtract(new BigDecimal(ax)),
                qay = new BigDecimal(qy).subtract(new BigDecimal(ay));
        return bax.multiply(qay).subtract(bay.multiply(qax)).signum();
    }

    /** Distance between two triangles (0 if they intersect). */
    public static double distance(double[] t, int o, double[] u, int p) {
        if (intersect(t, o, u, p)) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 9; k += 3) {
            best = Math.min(best, pointTriangle2(t[o + k], t[o + k + 1], t[o + k + 2], u, p));
            best = Math.min(best, pointTriangle2(u[p + k], u[p + k + 1], u[p + k + 2], t, o));
        }
        for (int k = 0; k < 9; k += 3) {
            int k2 = (k + 3) % 9;
            for (int l = 0; l < 9; l += 3) {
                int l2 = (l + 3) % 9;
                best = Math.min(best, segmentSegment2(t, o + k, o + k2, u, p + l, p + l2));
            }
        }
        return Math.sqrt(best);
    }

    /** Squared distance from a point to triangle (u[p..p+8]) (Ericson §5.1.5). */
    public static double pointTriangle2(double px, double py, double pz, double[] u, int p) {
        double ax = u[p], ay = u[p + 1], az = u[p + 2];
        double abx = u[p + 3] - ax, aby = u[p + 4] - ay, abz = u[p + 5] - az;
        double acx = u[p + 6] - ax, acy = u[p + 7] - ay, acz = u[p + 8] - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double cx, cy, cz;
        if (d1 <= 0 && d2 <= 0) {
            cx = ax;
            cy = ay;
            cz = az;
        } else {
            double bpx = apx - abx, bpy = apy - aby, bpz = apz - abz;
            double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = apx - acx, cpy = apy - acy, cpz = apz - acz;
            double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                cx = ax + abx;
                cy = ay + aby;
                cz = az + abz;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                double v = d1 / (d1 - d3);
                cx = ax + v * abx;
                cy = ay + v * aby;
                cz = az + v * abz;
            } else if (d6 >= 0 && d5 <= d6) {
                cx = ax + acx;
                cy = ay + acy;
                cz = az + acz;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                double w = d2 / (d2 - d6);
                cx = ax + w * acx;
                cy = ay + w * acy;
                cz = az + w * acz;
            } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
                double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                cx = ax + abx + w * (acx - abx);
                cy = ay + aby + w * (acy - aby);
                cz = az + abz + w * (acz - abz);
            } else {
                double sum = va + vb + vc;
                if (!(sum > 0)) {
                    // degenerate triangle: nearest of its edges
                    double e1 = pointSegment2(px, py, pz, u, p, p + 3),
                            e2 = pointSegment2(px, py, pz, u, p + 3, p + 6),
                            e3 = pointSegment2(px, py, pz, u, p + 6, p);
                    return Math.min(e1, Math.min(e2, e3));
                }
                double v = vb / sum, w = vc / sum;
                cx = ax + abx * v + acx * w;
                cy = ay + aby * v + acy * w;
                cz = az + abz * v + acz * w;
            }
        }
        double dx = px - cx, dy = py - cy, dz = pz - cz;
        return dx * dx + dy * dy + dz * dz;
    }

    static double pointSegment2(double px, double py, double pz, double[] u, int a, int b) {
        double ex = u[b] - u[a], ey = u[b + 1] - u[a + 1], ez = u[b + 2] - u[a + 2];
        double qx = px - u[a], qy = py - u[a + 1], qz = pz - u[a + 2];
        double ee = ex * ex + ey * ey + ez * ez;
        double t = ee > 0 ? Math.max(0, Math.min(1, (qx * ex + qy * ey + qz * ez) / ee)) : 0;
        double dx = qx - t * ex, dy = qy - t * ey, dz = qz - t * ez;
        return dx * dx + dy * dy + dz * dz;
    }

    /** Squared distance between segments (s[i], s[j]) and (u[a], u[b]) (Ericson §5.1.9). */
    public static double segmentSegment2(double[] s, int i, int j, double[] u, int a, int b) {
        double d1x = s[j] - s[i], d1y = s[j + 1] - s[i + 1], d1z = s[j + 2] - s[i + 2];
        double d2x = u[b] - u[a], d2y = u[b + 1] - u[a + 1], d2z = u[b + 2] - u[a + 2];
        double rx = s[i] - u[a], ry = s[i + 1] - u[a + 1], rz = s[i + 2] - u[a + 2];
        double aa = d1x * d1x + d1y * d1y + d1z * d1z, e = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double sp, tp;
        if (aa == 0 && e == 0) {
            return rx * rx + ry * ry + rz * rz;
        }
        if (aa == 0) {
            sp = 0;
            tp = clamp(f / e);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (e == 0) {
                tp = 0;
                sp = clamp(-c / aa);
            } else {
                double bb = d1x * d2x + d1y * d2y + d1z * d2z, den = aa * e - bb * bb;
                sp = den > 0 ? clamp((bb * f - c * e) / den) : 0;
                tp = (bb * sp + f) / e;
                if (tp < 0) {
                    tp = 0;
                    sp = clamp(-c / aa);
                } else if (tp > 1) {
                    tp = 1;
                    sp = clamp((bb - c) / aa);
                }
            }
        }
        double x = rx + d1x * sp - d2x * tp, y = ry + d1y * sp - d2y * tp, z = rz + d1z * sp - d2z * tp;
        return x * x + y * y + z * z;
    }

    private static double clamp(double x) {
        return x < 0 ? 0 : x > 1 ? 1 : x;
    }
}
