package io.collide4j.checker.geometry.hull;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.Orient3d;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * 3-D Quickhull (Barber, Dobkin and Huhdanpaa 1996; conflict lists and ordered horizon, seed 004 §4.1 with its
 * errata applied: the points of every removed face are reassigned) with EXACT visibility: a point sees a face
 * only when {@link Orient3d} finds it strictly above it, so the surface stays exactly convex (coplanar
 * neighbours allowed) for any input and construction never fails on degenerate sets (lattices, duplicates,
 * coplanar and collinear points). The vertex set is then made canonical, independent of the input order:
 * vertices that are exactly not extreme (inside a facet, or on an edge between two other vertices) are removed
 * and the rest re-hulled; then vertices within the tolerance of being flat (all facet neighbours within the
 * tolerance of a plane through them, or within the tolerance of a segment between two of them) are removed in
 * lexicographic order, an independent set per round, until none is left, so hulling a hull's vertices again
 * gives the same vertex set. Input within the tolerance of a plane, line or point gives a lower-dimensional
 * hull. Face planes are conservative (see {@link ConvexHull#plane}). The builder here builds exact surfaces; the
 * {@link Canonicaliser} decides which vertices go and makes the final hull. Stateless and thread-safe.
 */
public final class QuickHull {
    private QuickHull() {}

    /** Rounds of flat-vertex removal before the current hull is accepted as is (each round re-hulls). */
    private static final int MAX_ROUNDS = 24;

    /** Hull of the points given as x,y,z triples; lower-dimensional input yields a lower-dimensional hull. */
    public static ConvexHull compute(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "point array length " + xyz.length + " must be a positive multiple of 3");
        }
        for (int i = 0; i < xyz.length; i++) {
            if (!Double.isFinite(xyz[i])) {
                throw new IllegalArgumentException("point " + i / 3 + " has a non-finite coordinate: " + xyz[i]);
            }
        }
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < xyz.length; i += 3) {
            sx = Math.max(sx, Math.abs(xyz[i]));
            sy = Math.max(sy, Math.abs(xyz[i + 1]));
            sz = Math.max(sz, Math.abs(xyz[i + 2]));
        }
        double tol = 3 * Math.ulp(1.0) * (sx + sy + sz);
        if (tol == 0) {
            tol = Double.MIN_NORMAL;
        }
        return new Builder(xyz, tol).build();
    }

    private static final class Builder {
        final double[] p;
        final int n;
        final double tol;
        final FacePool pool;
        final Canonicaliser canon;
        final int[] next;
        final double[] pdist;
        int stamp;

        Builder(double[] p, double tol) {
            this.p = p;
            this.n = p.length / 3;
            this.tol = tol;
            this.pool = new FacePool(p);
            this.canon = new Canonicaliser(p, tol, pool);
            this.next = new int[n];
            this.pdist = new double[n];
        }

        ConvexHull build() {
            // Initial extreme points along the axes; dimension decided with the tolerance.
            int[] ext = new int[6];
            for (int i = 1; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    if (p[3 * i + k] < p[3 * ext[k] + k]) {
                        ext[k] = i;
                    }
                    if (p[3 * i + k] > p[3 * ext[k + 3] + k]) {
                        ext[k + 3] = i;
                    }
                }
            }
            int v0 = ext[0], v1 = ext[3];
            double best = -1;
            for (int a = 0; a < 6; a++) {
                for (int b = a + 1; b < 6; b++) {
                    double d = dist2(ext[a], ext[b]);
                    if (d > best) {
                        best = d;
                        v0 = ext[a];
                        v1 = ext[b];
                    }
                }
            }
            if (Math.sqrt(best) <= tol) {
                return new ConvexHull(
                        0,
                        new double[] {p[3 * v0], p[3 * v0 + 1], p[3 * v0 + 2]},
                        new int[0],
                        new double[0],
                        new int[] {0, 0},
                        new int[0],
                        null,
                        tol);
            }
            double lx = p[3 * v1] - p[3 * v0], ly = p[3 * v1 + 1] - p[3 * v0 + 1], lz = p[3 * v1 + 2] - p[3 * v0 + 2];
            double ll = Math.sqrt(lx * lx + ly * ly + lz * lz);
            lx /= ll;
            ly /= ll;
            lz /= ll;
            int v2 = -1;
            best = -1;
            for (int i = 0; i < n; i++) {
                double qx = p[3 * i] - p[3 * v0], qy = p[3 * i + 1] - p[3 * v0 + 1], qz = p[3 * i + 2] - p[3 * v0 + 2];
                double cx = qy * lz - qz * ly, cy = qz * lx - qx * lz, cz = qx * ly - qy * lx;
                double d = cx * cx + cy * cy + cz * cz;
                if (d > best) {
                    best = d;
                    v2 = i;
                }
            }
            if (Math.sqrt(best) <= tol) {
                return LowerDimensionalHulls.segment(p, tol, lx, ly, lz);
            }
            double nx, ny, nz;
            {
                double ax = p[3 * v1] - p[3 * v0],
                        ay = p[3 * v1 + 1] - p[3 * v0 + 1],
                        az = p[3 * v1 + 2] - p[3 * v0 + 2];
                double bx = p[3 * v2] - p[3 * v0],
                        by = p[3 * v2 + 1] - p[3 * v0 + 1],
                        bz = p[3 * v2 + 2] - p[3 * v0 + 2];
                nx = ay * bz - az * by;
                ny = az * bx - ax * bz;
                nz = ax * by - ay * bx;
                double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
                nx /= nl;
                ny /= nl;
                nz /= nl;
            }
            best = -1;
            double off = nx * p[3 * v0] + ny * p[3 * v0 + 1] + nz * p[3 * v0 + 2];
            for (int i = 0; i < n; i++) {
                best = Math.max(best, Math.abs(nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - off));
            }
            if (best <= tol) {
                return LowerDimensionalHulls.polygon(p, tol, nx, ny, nz);
            }
            int[] idx = new int[n];
            for (int i = 0; i < n; i++) {
                idx[i] = i;
            }
            int[] simplex = simplex(idx);
            if (simplex == null) {
                // Exactly coplanar although the rounded plane distance exceeded the tolerance.
                return LowerDimensionalHulls.polygon(p, tol, nx, ny, nz);
            }
            List<Integer> dropped = new ArrayList<>();
            List<int[]> tris = null;
            Canonicaliser.Analysis an = null;
            for (int round = 0; round < MAX_ROUNDS; round++) {
                int[] s = round == 0 ? simplex : simplex(idx);
                if (s == null) {
                    break; // cannot happen for a solid's extreme points; keep the previous hull
                }
                tris = exactHull(idx, s);
                an = canon.analyse(tris);
                int[] removed = an.exactlyRedundant();
                boolean byTolerance = false;
                if (removed.length == 0) {
                    removed = an.toleranceFlat();
                    byTolerance = true;
                }
                if (removed.length == 0) {
                    break;
                }
                if (round == MAX_ROUNDS - 1) {
                    break;
                }
                boolean[] gone = new boolean[n];
                for (int v : removed) {
                    gone[v] = true;
                    if (byTolerance) {
                        dropped.add(v);
                    }
                }
                int k = 0;
                idx = new int[an.verts.length - removed.length];
                for (int v : an.verts) {
                    if (!gone[v]) {
                        idx[k++] = v;
                    }
                }
            }
            return canon.finish(tris, an, dropped);
        }

        /** Four points of idx spanning a solid exactly (largest spread found by rounding, confirmed exactly), or null. */
        private int[] simplex(int[] idx) {
            int[] ext = new int[6];
            Arrays.fill(ext, idx[0]);
            for (int i : idx) {
                for (int k = 0; k < 3; k++) {
                    if (p[3 * i + k] < p[3 * ext[k] + k]) {
                        ext[k] = i;
                    }
                    if (p[3 * i + k] > p[3 * ext[k + 3] + k]) {
                        ext[k + 3] = i;
                    }
                }
            }
            int v0 = -1, v1 = -1;
            double best = -1;
            for (int a = 0; a < 6; a++) {
                for (int b = a + 1; b < 6; b++) {
                    double d = dist2(ext[a], ext[b]);
                    if (d > best) {
                        best = d;
                        v0 = ext[a];
                        v1 = ext[b];
                    }
                }
            }
            if (!(best > 0)) {
                return null;
            }
            double lx = p[3 * v1] - p[3 * v0], ly = p[3 * v1 + 1] - p[3 * v0 + 1], lz = p[3 * v1 + 2] - p[3 * v0 + 2];
            int v2 = -1;
            best = -1;
            for (int i : idx) {
                double qx = p[3 * i] - p[3 * v0], qy = p[3 * i + 1] - p[3 * v0 + 1], qz = p[3 * i + 2] - p[3 * v0 + 2];
                double cx = qy * lz - qz * ly, cy = qz * lx - qx * lz, cz = qx * ly - qy * lx;
                double d = cx * cx + cy * cy + cz * cz;
                if (d > best && !collinear(v0, v1, i)) {
                    best = d;
                    v2 = i;
                }
            }
            if (v2 < 0) {
                return null;
            }
            int v3 = -1;
            best = -1;
            double ax = p[3 * v1] - p[3 * v0], ay = p[3 * v1 + 1] - p[3 * v0 + 1], az = p[3 * v1 + 2] - p[3 * v0 + 2];
            double bx = p[3 * v2] - p[3 * v0], by = p[3 * v2 + 1] - p[3 * v0 + 1], bz = p[3 * v2 + 2] - p[3 * v0 + 2];
            double cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
            for (int i : idx) {
                double d = Math.abs(cx * (p[3 * i] - p[3 * v0])
                        + cy * (p[3 * i + 1] - p[3 * v0 + 1])
                        + cz * (p[3 * i + 2] - p[3 * v0 + 2]));
                // exact check only for a new best (the rounded farthest point is exactly off the plane but for ties)
                if (d > best && i != v0 && i != v1 && i != v2 && orient(v0, v1, v2, i) != 0) {
                    best = d;
                    v3 = i;
                }
            }
            if (v3 < 0) {
                return null;
            }
            if (orient(v0, v1, v2, v3) > 0) {
                return new int[] {v0, v2, v1, v3};
            }
            return new int[] {v0, v1, v2, v3};
        }

        private boolean collinear(int a, int b, int c) {
            return HullMath.collinear(p, a, b, c);
        }

        private int orient(int a, int b, int c, int d) {
            return HullMath.orient(p, a, b, c, d);
        }

        /** Exact Quickhull of the points idx from the outward tetrahedron s; returns the outward triangles. */
        private List<int[]> exactHull(int[] idx, int[] s) {
            pool.nf = 0;
            int v0 = s[0], v1 = s[1], v2 = s[2], v3 = s[3];
            int f0 = pool.newFace(v0, v1, v2), f1 = pool.newFace(v0, v3, v1);
            int f2 = pool.newFace(v1, v3, v2), f3 = pool.newFace(v2, v3, v0);
            int[] faces = {f0, f1, f2, f3};
            pool.linkAll(faces);
            for (int i : idx) {
                if (i != v0 && i != v1 && i != v2 && i != v3) {
                    assign(i, faces, 4);
                }
            }
            int[] work = new int[64];
            int wn = 0;
            for (int f : faces) {
                if (pool.head[f] >= 0) {
                    work = push(work, wn++, f);
                }
            }
            int[] visible = new int[64];
            int[] horizonFace = new int[64];
            int[] horizonEdge = new int[64];
            int[] stackF = new int[64];
            int[] stackS = new int[64];
            int[] stackK = new int[64];
            int[] created = new int[64];
            while (wn > 0) {
                int f = work[--wn];
                if (!pool.alive[f] || pool.head[f] < 0) {
                    continue;
                }
                int eye = -1;
                double far = Double.NEGATIVE_INFINITY;
                for (int q = pool.head[f]; q >= 0; q = next[q]) {
                    if (eye < 0 || pdist[q] > far) {
                        far = pdist[q];
                        eye = q;
                    }
                }
                // Ordered horizon by a depth-first walk over the faces the eye strictly sees (exactly): they form a
                // disk, so the horizon is one simple cycle.
                stamp++;
                int nv = 0, nh = 0;
                pool.stampOf[f] = stamp;
                visible = push(visible, nv++, f);
                stackF[0] = f;
                stackS[0] = 0;
                stackK[0] = 0;
                int sp = 1;
                while (sp > 0) {
                    int top = sp - 1;
                    int g = stackF[top];
                    if (stackK[top] == 3) {
                        sp--;
                        continue;
                    }
                    int e = (stackS[top] + stackK[top]) % 3;
                    stackK[top]++;
                    int h = pool.fadj[3 * g + e];
                    if (pool.stampOf[h] == stamp) {
                        continue;
                    }
                    if (sees(h, eye)) {
                        pool.stampOf[h] = stamp;
                        visible = push(visible, nv++, h);
                        int j = pool.edgeIndex(h, g, pool.fv[3 * g + (e + 1) % 3]);
                        if (sp == stackF.length) {
                            stackF = Arrays.copyOf(stackF, sp * 2);
                            stackS = Arrays.copyOf(stackS, sp * 2);
                            stackK = Arrays.copyOf(stackK, sp * 2);
                        }
                        stackF[sp] = h;
                        stackS[sp] = (j + 1) % 3;
                        stackK[sp] = 0;
                        sp++;
                    } else {
                        horizonFace = push(horizonFace, nh, g);
                        horizonEdge = push(horizonEdge, nh, e);
                        nh++;
                    }
                }
                if (!simpleCycle(horizonFace, horizonEdge, nh)) {
                    throw new IllegalStateException("exact visible region of point " + eye + " is not a disk");
                }
                int firstNew = pool.nf;
                for (int k = 0; k < nh; k++) {
                    int g = horizonFace[k], e = horizonEdge[k];
                    int a = pool.fv[3 * g + e], b = pool.fv[3 * g + (e + 1) % 3];
                    int out = pool.fadj[3 * g + e];
                    int nfc = pool.newFace(a, b, eye);
                    int j = pool.edgeIndex(out, g, b);
                    pool.fadj[3 * nfc] = out;
                    pool.fadj[3 * out + j] = nfc;
                    created = push(created, k, nfc);
                }
                for (int k = 0; k < nh; k++) {
                    int c = created[k], d = created[(k + 1) % nh];
                    pool.fadj[3 * c + 1] = d;
                    pool.fadj[3 * d + 2] = c;
                }
                for (int k = 0; k < nv; k++) {
                    pool.alive[visible[k]] = false;
                }
                int cnt = pool.nf - firstNew;
                int[] newFaces = Arrays.copyOfRange(created, 0, cnt);
                for (int k = 0; k < nv; k++) {
                    int vf = visible[k];
                    int q = pool.head[vf];
                    pool.head[vf] = -1;
                    while (q >= 0) {
                        int nq = next[q];
                        if (q != eye) {
                            assign(q, newFaces, cnt);
                        }
                        q = nq;
                    }
                }
                for (int nfc : newFaces) {
                    if (pool.head[nfc] >= 0) {
                        work = push(work, wn++, nfc);
                    }
                }
            }
            List<int[]> tris = new ArrayList<>();
            for (int f = 0; f < pool.nf; f++) {
                if (pool.alive[f]) {
                    tris.add(new int[] {pool.fv[3 * f], pool.fv[3 * f + 1], pool.fv[3 * f + 2]});
                }
            }
            return tris;
        }

        /** Exact: point q lies strictly above face f. */
        private boolean sees(int f, int q) {
            return side(f, q) > 0;
        }

        /** Exact sign of q's side of face f; the filter repeats Orient3d.sign's first stage bit for bit. */
        private int side(int f, int q) {
            return HullMath.side(p, pool, f, q);
        }

        /** Rounded distance of q above face f (a heuristic for picking eyes; exactness comes from sees). */
        private double distance(int f, int q) {
            int a = 3 * pool.fv[3 * f];
            int o = 6 * f;
            return (pool.fc[o] * (p[3 * q] - p[a])
                            + pool.fc[o + 1] * (p[3 * q + 1] - p[a + 1])
                            + pool.fc[o + 2] * (p[3 * q + 2] - p[a + 2]))
                    * pool.finv[f];
        }

        private void assign(int q, int[] faces, int count) {
            int bestF = -1;
            double bestD = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < count; k++) {
                int f = faces[k];
                if (sees(f, q)) {
                    double d = distance(f, q);
                    if (bestF < 0 || d > bestD) {
                        bestD = d;
                        bestF = f;
                    }
                }
            }
            if (bestF >= 0) {
                pdist[q] = bestD;
                next[q] = pool.head[bestF];
                pool.head[bestF] = q;
            }
        }

        private int[] vstamp;
        private int vs;

        /** True when the horizon edges chain pool.head to tail into one cycle visiting each vertex once. */
        private boolean simpleCycle(int[] hf, int[] he, int nh) {
            if (nh < 3) {
                return false;
            }
            if (vstamp == null) {
                vstamp = new int[n];
            }
            vs++;
            for (int k = 0; k < nh; k++) {
                int a = pool.fv[3 * hf[k] + he[k]];
                int b = pool.fv[3 * hf[k] + (he[k] + 1) % 3];
                int na = pool.fv[3 * hf[(k + 1) % nh] + he[(k + 1) % nh]];
                if (b != na || vstamp[a] == vs) {
                    return false;
                }
                vstamp[a] = vs;
            }
            return true;
        }

        private double dist2(int i, int j) {
            return HullMath.dist2(p, i, j);
        }

        private static int[] push(int[] a, int i, int v) {
            return HullMath.push(a, i, v);
        }
    }
}
