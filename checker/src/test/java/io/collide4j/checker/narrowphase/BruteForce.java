package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.testutil.ExactDistance;

/**
 * Independent test oracles: exact feature-pair distances (Ericson's closest-point routines, written separately from
 * the production code), brute-force polytope intersection and SAT penetration depth.
 */
final class BruteForce {
    private BruteForce() {}

    /** A convex polytope in world coordinates. */
    record Poly(double[] v, int[] tri, int[] edges, double[] planes) {
        static Poly of(ConvexHull h, double[] m) {
            int n = h.vertexCount();
            double[] v = new double[3 * n];
            for (int i = 0; i < n; i++) {
                double x = h.vertex(i, 0), y = h.vertex(i, 1), z = h.vertex(i, 2);
                v[3 * i] = m[0] * x + m[1] * y + m[2] * z + m[9];
                v[3 * i + 1] = m[3] * x + m[4] * y + m[5] * z + m[10];
                v[3 * i + 2] = m[6] * x + m[7] * y + m[8] * z + m[11];
            }
            int[] t = h.copyTriangles();
            java.util.List<Integer> e = new java.util.ArrayList<>();
            for (int f = 0; f < t.length; f += 3) {
                for (int k = 0; k < 3; k++) {
                    int a = t[f + k], b = t[f + (k + 1) % 3];
                    if (a < b) {
                        e.add(a);
                        e.add(b);
                    }
                }
            }
            int[] edges = e.stream().mapToInt(Integer::intValue).toArray();
            double[] pl = new double[4 * (t.length / 3)];
            for (int f = 0; f < t.length / 3; f++) {
                double nx = m[0] * h.plane(f, 0) + m[1] * h.plane(f, 1) + m[2] * h.plane(f, 2);
                double ny = m[3] * h.plane(f, 0) + m[4] * h.plane(f, 1) + m[5] * h.plane(f, 2);
                double nz = m[6] * h.plane(f, 0) + m[7] * h.plane(f, 1) + m[8] * h.plane(f, 2);
                int a = t[3 * f];
                pl[4 * f] = nx;
                pl[4 * f + 1] = ny;
                pl[4 * f + 2] = nz;
                pl[4 * f + 3] = nx * v[3 * a] + ny * v[3 * a + 1] + nz * v[3 * a + 2];
            }
            return new Poly(v, t, edges, pl);
        }

        /** Bounding sphere (x, y, z, radius) of each edge; the edge starting at edges[e] uses slots 2e..2e+3. */
        double[] edgeSpheres() {
            double[] s = new double[2 * edges.length];
            for (int e = 0; e < edges.length; e += 2) {
                int a = 3 * edges[e], b = 3 * edges[e + 1];
                s[2 * e] = (v[a] + v[b]) / 2;
                s[2 * e + 1] = (v[a + 1] + v[b + 1]) / 2;
                s[2 * e + 2] = (v[a + 2] + v[b + 2]) / 2;
                s[2 * e + 3] = Math.sqrt(d2(v[a], v[a + 1], v[a + 2], v[b], v[b + 1], v[b + 2])) / 2 * (1 + 1e-12);
            }
            return s;
        }

        boolean contains(double x, double y, double z) {
            for (int f = 0; f < planes.length; f += 4) {
                if (planes[f] * x + planes[f + 1] * y + planes[f + 2] * z > planes[f + 3]) {
                    return false;
                }
            }
            return true;
        }

        /** Signed distance of a point: positive outside (exact distance), negative inside (−depth to the boundary). */
        double signedDistance(double x, double y, double z) {
            if (contains(x, y, z)) {
                double best = Double.POSITIVE_INFINITY;
                for (int f = 0; f < planes.length; f += 4) {
                    best = Math.min(best, planes[f + 3] - (planes[f] * x + planes[f + 1] * y + planes[f + 2] * z));
                }
                return -best;
            }
            double best = Double.POSITIVE_INFINITY;
            for (int f = 0; f < tri.length; f += 3) {
                best = Math.min(best, pointTriangle2(x, y, z, v, tri[f], tri[f + 1], tri[f + 2]));
            }
            return Math.sqrt(best);
        }
    }

    static double pointTriangle2(double px, double py, double pz, double[] v, int ia, int ib, int ic) {
        double ax = v[3 * ia], ay = v[3 * ia + 1], az = v[3 * ia + 2];
        double bx = v[3 * ib], by = v[3 * ib + 1], bz = v[3 * ib + 2];
        double cx = v[3 * ic], cy = v[3 * ic + 1], cz = v[3 * ic + 2];
        return pointTriangle2(px, py, pz, ax, ay, az, bx, by, bz, cx, cy, cz);
    }

    /** Squared distance from p to triangle abc (Ericson 5.1.5, independent copy for the oracle). */
    static double pointTriangle2(
            double px,
            double py,
            double pz,
            double ax,
            double ay,
            double az,
            double bx,
            double by,
            double bz,
            double cx,
            double cy,
            double cz) {
        double abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double qx, qy, qz;
        if (d1 <= 0 && d2 <= 0) {
            return d2(px, py, pz, ax, ay, az);
        }
        double bpx = px - bx, bpy = py - by, bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            return d2(px, py, pz, bx, by, bz);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double t = d1 / (d1 - d3);
            return d2(px, py, pz, ax + t * abx, ay + t * aby, az + t * abz);
        }
        double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            return d2(px, py, pz, cx, cy, cz);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double t = d2 / (d2 - d6);
            return d2(px, py, pz, ax + t * acx, ay + t * acy, az + t * acz);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            return d2(px, py, pz, bx + t * (cx - bx), by + t * (cy - by), bz + t * (cz - bz));
        }
        double den = 1 / (va + vb + vc);
        double vv = vb * den, ww = vc * den;
        qx = ax + abx * vv + acx * ww;
        qy = ay + aby * vv + acy * ww;
        qz = az + abz * vv + acz * ww;
        return d2(px, py, pz, qx, qy, qz);
    }

    static double d2(double ax, double ay, double az, double bx, double by, double bz) {
        double x = ax - bx, y = ay - by, z = az - bz;
        return x * x + y * y + z * z;
    }

    /** Squared distance between segments p1q1 and p2q2 (the one exact test oracle, {@link ExactDistance}). */
    static double segSeg2(double[] p1, double[] q1, double[] p2, double[] q2) {
        double d = ExactDistance.segmentSegment(p1, q1, p2, q2);
        return d * d;
    }

    static double pointSeg2(double[] p, double[] a, double[] b) {
        double[] ab = sub(b, a), ap = sub(p, a);
        double ee = dot(ab, ab);
        double t = ee > 0 ? clamp(dot(ap, ab) / ee) : 0;
        double x = a[0] + t * ab[0] - p[0], y = a[1] + t * ab[1] - p[1], z = a[2] + t * ab[2] - p[2];
        return x * x + y * y + z * z;
    }

    /** Whether segment pq crosses triangle abc (closed). */
    static boolean segTriangle(double[] p, double[] q, double[] v, int ia, int ib, int ic) {
        double[] a = {v[3 * ia], v[3 * ia + 1], v[3 * ia + 2]},
                b = {v[3 * ib], v[3 * ib + 1], v[3 * ib + 2]},
                c = {v[3 * ic], v[3 * ic + 1], v[3 * ic + 2]};
        double[] n = cross(sub(b, a), sub(c, a));
        double sp = dot(n, sub(p, a)), sq = dot(n, sub(q, a));
        if (sp > 0 && sq > 0 || sp < 0 && sq < 0 || sp == sq) {
            return false;
        }
        double t = sp / (sp - sq);
        double[] x = {p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])};
        double s1 = dot(cross(sub(b, a), sub(x, a)), n),
                s2 = dot(cross(sub(c, b), sub(x, b)), n),
                s3 = dot(cross(sub(a, c), sub(x, c)), n);
        return s1 >= 0 && s2 >= 0 && s3 >= 0;
    }

    static boolean intersects(Poly p, Poly q) {
        for (int i = 0; i < p.v.length; i += 3) {
            if (q.contains(p.v[i], p.v[i + 1], p.v[i + 2])) {
                return true;
            }
        }
        for (int i = 0; i < q.v.length; i += 3) {
            if (p.contains(q.v[i], q.v[i + 1], q.v[i + 2])) {
                return true;
            }
        }
        return edgesCross(p, q) || edgesCross(q, p);
    }

    private static boolean edgesCross(Poly p, Poly q) {
        double[] qb = bounds(q.v);
        for (int e = 0; e < p.edges.length; e += 2) {
            double[] a = vtx(p, p.edges[e]), b = vtx(p, p.edges[e + 1]);
            boolean outside = false;
            for (int k = 0; k < 3 && !outside; k++) {
                outside = Math.max(a[k], b[k]) < qb[k] || Math.min(a[k], b[k]) > qb[k + 3];
            }
            if (outside) {
                continue;
            }
            for (int f = 0; f < q.tri.length; f += 3) {
                if (segTriangle(a, b, q.v, q.tri[f], q.tri[f + 1], q.tri[f + 2])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Exact distance between disjoint polytopes (0 if they intersect). */
    static double distance(Poly p, Poly q) {
        if (intersects(p, q)) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p.v.length; i += 3) {
            for (int f = 0; f < q.tri.length; f += 3) {
                best = Math.min(
                        best,
                        pointTriangle2(p.v[i], p.v[i + 1], p.v[i + 2], q.v, q.tri[f], q.tri[f + 1], q.tri[f + 2]));
            }
        }
        for (int i = 0; i < q.v.length; i += 3) {
            for (int f = 0; f < p.tri.length; f += 3) {
                best = Math.min(
                        best,
                        pointTriangle2(q.v[i], q.v[i + 1], q.v[i + 2], p.v, p.tri[f], p.tri[f + 1], p.tri[f + 2]));
            }
        }
        double[] ep = p.edgeSpheres(), eq = q.edgeSpheres();
        for (int e = 0; e < p.edges.length; e += 2) {
            double[] a = vtx(p, p.edges[e]), b = vtx(p, p.edges[e + 1]);
            for (int g = 0; g < q.edges.length; g += 2) {
                // skip pairs whose bounding spheres are already farther apart than the best so far
                double c =
                        Math.sqrt(d2(ep[2 * e], ep[2 * e + 1], ep[2 * e + 2], eq[2 * g], eq[2 * g + 1], eq[2 * g + 2]))
                                - ep[2 * e + 3]
                                - eq[2 * g + 3];
                if (c > 0 && c * c > best) {
                    continue;
                }
                best = Math.min(best, segSeg2(a, b, vtx(q, q.edges[g]), vtx(q, q.edges[g + 1])));
            }
        }
        return Math.sqrt(best);
    }

    /** Segment vs polytope distance (0 if they intersect). */
    static double distance(double[] a, double[] b, Poly q) {
        if (q.contains(a[0], a[1], a[2]) || q.contains(b[0], b[1], b[2])) {
            return 0;
        }
        for (int f = 0; f < q.tri.length; f += 3) {
            if (segTriangle(a, b, q.v, q.tri[f], q.tri[f + 1], q.tri[f + 2])) {
                return 0;
            }
        }
        double best = Double.POSITIVE_INFINITY;
        for (int f = 0; f < q.tri.length; f += 3) {
            best = Math.min(best, pointTriangle2(a[0], a[1], a[2], q.v, q.tri[f], q.tri[f + 1], q.tri[f + 2]));
            best = Math.min(best, pointTriangle2(b[0], b[1], b[2], q.v, q.tri[f], q.tri[f + 1], q.tri[f + 2]));
        }
        for (int g = 0; g < q.edges.length; g += 2) {
            best = Math.min(best, segSeg2(a, b, vtx(q, q.edges[g]), vtx(q, q.edges[g + 1])));
        }
        return Math.sqrt(best);
    }

    /** Penetration depth of intersecting polytopes: minimal overlap over face normals and edge-pair axes (SAT). */
    static double satDepth(Poly p, Poly q) {
        double best = Double.POSITIVE_INFINITY;
        for (Poly s : new Poly[] {p, q}) {
            for (int f = 0; f < s.planes.length; f += 4) {
                best = Math.min(best, overlap(p, q, s.planes[f], s.planes[f + 1], s.planes[f + 2]));
            }
        }
        for (int e = 0; e < p.edges.length; e += 2) {
            double[] d1 = sub(vtx(p, p.edges[e + 1]), vtx(p, p.edges[e]));
            for (int g = 0; g < q.edges.length; g += 2) {
                double[] n = cross(d1, sub(vtx(q, q.edges[g + 1]), vtx(q, q.edges[g])));
                double l = Math.sqrt(dot(n, n));
                if (l > 1e-9 * Math.sqrt(dot(d1, d1))) {
                    best = Math.min(best, overlap(p, q, n[0] / l, n[1] / l, n[2] / l));
                }
            }
        }
        return best;
    }

    private static double overlap(Poly p, Poly q, double nx, double ny, double nz) {
        double pmin = Double.POSITIVE_INFINITY, pmax = Double.NEGATIVE_INFINITY, qmin = pmin, qmax = pmax;
        for (int i = 0; i < p.v.length; i += 3) {
            double s = nx * p.v[i] + ny * p.v[i + 1] + nz * p.v[i + 2];
            pmin = Math.min(pmin, s);
            pmax = Math.max(pmax, s);
        }
        for (int i = 0; i < q.v.length; i += 3) {
            double s = nx * q.v[i] + ny * q.v[i + 1] + nz * q.v[i + 2];
            qmin = Math.min(qmin, s);
            qmax = Math.max(qmax, s);
        }
        return Math.min(pmax - qmin, qmax - pmin);
    }

    static double[] bounds(double[] v) {
        double[] b = {
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        for (int i = 0; i < v.length; i++) {
            b[i % 3] = Math.min(b[i % 3], v[i]);
            b[3 + i % 3] = Math.max(b[3 + i % 3], v[i]);
        }
        return b;
    }

    static double[] vtx(Poly p, int i) {
        return new double[] {p.v[3 * i], p.v[3 * i + 1], p.v[3 * i + 2]};
    }

    static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double clamp(double x) {
        return x < 0 ? 0 : x > 1 ? 1 : x;
    }
}
