package io.collide4j.checker.geometry.hull;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.Orient3d;

import java.math.BigDecimal;
import java.math.MathContext;
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
 * hull. Face planes are conservative (see {@link ConvexHull#plane}). Stateless and thread-safe.
 */
public final class QuickHull {
    private QuickHull() {
    }

    /** Rounds of flat-vertex removal before the current hull is accepted as is (each round re-hulls). */
    private static final int MAX_ROUNDS = 24;

    /** Hull of the points given as x,y,z triples; lower-dimensional input yields a lower-dimensional hull. */
    public static ConvexHull compute(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("point array length " + xyz.length + " must be a positive multiple of 3");
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
        final int[] next;
        final double[] pdist;
        int stamp;

        Builder(double[] p, double tol) {
            this.p = p;
            this.n = p.length / 3;
            this.tol = tol;
            this.pool = new FacePool(p);
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
                return new ConvexHull(0, new double[]{p[3 * v0], p[3 * v0 + 1], p[3 * v0 + 2]}, new int[0], new double[0],
                        new int[]{0, 0}, new int[0], null, tol);
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
                double ax = p[3 * v1] - p[3 * v0], ay = p[3 * v1 + 1] - p[3 * v0 + 1], az = p[3 * v1 + 2] - p[3 * v0 + 2];
                double bx = p[3 * v2] - p[3 * v0], by = p[3 * v2 + 1] - p[3 * v0 + 1], bz = p[3 * v2 + 2] - p[3 * v0 + 2];
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
            Analysis an = null;
            for (int round = 0; round < MAX_ROUNDS; round++) {
                int[] s = round == 0 ? simplex : simplex(idx);
                if (s == null) {
                    break;   // cannot happen for a solid's extreme points; keep the previous hull
                }
                tris = exactHull(idx, s);
                an = new Analysis(tris);
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
            return finish(tris, an, dropped);
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
                double d = Math.abs(cx * (p[3 * i] - p[3 * v0]) + cy * (p[3 * i + 1] - p[3 * v0 + 1]) + cz * (p[3 * i + 2] - p[3 * v0 + 2]));
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
                return new int[]{v0, v2, v1, v3};
            }
            return new int[]{v0, v1, v2, v3};
        }

        private boolean collinear(int a, int b, int c) {
            double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
            double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
            double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            double c2 = cx * cx + cy * cy + cz * cz;
            double l2 = (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz);
            if (a == b || a == c || b == c) {
                return true;
            }
            if (c2 > 1e-20 * l2) {
                return false;   // far from collinear: the rounding error of the cross product is ~1e-16 relative
            }
            return Orient3d.collinear(p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2],
                    p[3 * c], p[3 * c + 1], p[3 * c + 2]);
        }

        private int orient(int a, int b, int c, int d) {
            return Orient3d.sign(p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2],
                    p[3 * c], p[3 * c + 1], p[3 * c + 2], p[3 * d], p[3 * d + 1], p[3 * d + 2]);
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
                    tris.add(new int[]{pool.fv[3 * f], pool.fv[3 * f + 1], pool.fv[3 * f + 2]});
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
            int a = 3 * pool.fv[3 * f];
            double wx = p[3 * q] - p[a], wy = p[3 * q + 1] - p[a + 1], wz = p[3 * q + 2] - p[a + 2];
            int o = 6 * f;
            double det = pool.fc[o] * wx + pool.fc[o + 1] * wy + pool.fc[o + 2] * wz;
            double perm = pool.fc[o + 3] * Math.abs(wx) + pool.fc[o + 4] * Math.abs(wy) + pool.fc[o + 5] * Math.abs(wz);
            double bound = Orient3d.FILTER * perm;
            if (det > bound) {
                return 1;
            }
            if (-det > bound) {
                return -1;
            }
            return orient(pool.fv[3 * f], pool.fv[3 * f + 1], pool.fv[3 * f + 2], q);
        }

        /** Rounded distance of q above face f (a heuristic for picking eyes; exactness comes from sees). */
        private double distance(int f, int q) {
            int a = 3 * pool.fv[3 * f];
            int o = 6 * f;
            return (pool.fc[o] * (p[3 * q] - p[a]) + pool.fc[o + 1] * (p[3 * q + 1] - p[a + 1])
                    + pool.fc[o + 2] * (p[3 * q + 2] - p[a + 2])) * pool.finv[f];
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

        /** Facets, neighbours and flatness of the vertices of one exact hull. */
        private final class Analysis {
            final List<int[]> tris;
            final int[] verts;          // global indices, ascending
            final int[] loc;            // global → local, −1 when not a vertex
            final int[] root;           // facet (exactly coplanar triangles) of each triangle
            final double[] area;        // facet area normals (summed triangle cross products), by root
            final int[][] nbr;          // triangulation neighbours, local → global indices, ascending
            final int[][] incident;     // incident triangles, by local vertex
            final int[][] facetVerts;   // vertices of each facet, by root (empty for non-roots)

            Analysis(List<int[]> tris) {
                this.tris = tris;
                int nt = tris.size();
                loc = new int[n];
                Arrays.fill(loc, -1);
                boolean[] used = new boolean[n];
                for (int[] t : tris) {
                    for (int v : t) {
                        used[v] = true;
                    }
                }
                int nv = 0;
                for (int i = 0; i < n; i++) {
                    if (used[i]) {
                        loc[i] = nv++;
                    }
                }
                verts = new int[nv];
                for (int i = 0; i < n; i++) {
                    if (used[i]) {
                        verts[loc[i]] = i;
                    }
                }
                // Triangle t is alive face faceOf[t] of the builder (same order); neighbours come from its adjacency.
                int[] triOf = new int[pool.nf];
                int[] faceOf = new int[nt];
                for (int f = 0, t = 0; f < pool.nf; f++) {
                    if (pool.alive[f]) {
                        triOf[f] = t;
                        faceOf[t++] = f;
                    }
                }
                root = new int[nt];
                for (int t = 0; t < nt; t++) {
                    root[t] = t;
                }
                for (int t = 0; t < nt; t++) {
                    int f = faceOf[t];
                    for (int k = 0; k < 3; k++) {
                        int g = pool.fadj[3 * f + k];
                        int u = triOf[g];
                        if (t < u) {
                            int a = pool.fv[3 * f + k], b = pool.fv[3 * f + (k + 1) % 3], c = pool.fv[3 * f + (k + 2) % 3];
                            int d = pool.fv[3 * g] != a && pool.fv[3 * g] != b ? pool.fv[3 * g]
                                    : pool.fv[3 * g + 1] != a && pool.fv[3 * g + 1] != b ? pool.fv[3 * g + 1]
                                    : pool.fv[3 * g + 2];
                            if (side(f, d) != 0) {
                                continue;
                            }
                            int ra = find(t), rb = find(u);
                            if (ra != rb) {
                                root[Math.max(ra, rb)] = Math.min(ra, rb);
                            }
                        }
                    }
                }
                area = new double[3 * nt];
                int[] fcount = new int[nt];
                for (int t = 0; t < nt; t++) {
                    int r = find(t);
                    root[t] = r;
                    double[] c = triangleCross(tris.get(t));
                    area[3 * r] += c[0];
                    area[3 * r + 1] += c[1];
                    area[3 * r + 2] += c[2];
                    fcount[r] += 3;
                }
                facetVerts = new int[nt][];
                int[] seen = new int[n];
                Arrays.fill(seen, -1);
                int[][] fbuf = new int[nt][];
                int[] flen = new int[nt];
                for (int t = 0; t < nt; t++) {
                    int r = root[t];
                    if (fbuf[r] == null) {
                        fbuf[r] = new int[fcount[r]];
                    }
                    for (int v : tris.get(t)) {
                        if (seen[v] != r) {
                            seen[v] = r;
                            fbuf[r][flen[r]++] = v;
                        }
                    }
                }
                for (int r = 0; r < nt; r++) {
                    facetVerts[r] = fbuf[r] == null ? new int[0] : Arrays.copyOf(fbuf[r], flen[r]);
                }
                int[] deg = new int[nv];
                for (int[] t : tris) {
                    for (int v : t) {
                        deg[loc[v]]++;
                    }
                }
                incident = new int[nv][];
                nbr = new int[nv][];
                for (int i = 0; i < nv; i++) {
                    incident[i] = new int[deg[i]];
                    nbr[i] = new int[deg[i]];   // closed surface: as many neighbours as incident triangles
                    deg[i] = 0;
                }
                for (int t = 0; t < nt; t++) {
                    int[] tr = tris.get(t);
                    for (int k = 0; k < 3; k++) {
                        int l = loc[tr[k]];
                        incident[l][deg[l]] = t;
                        nbr[l][deg[l]++] = tr[(k + 1) % 3];
                    }
                }
                for (int[] a : nbr) {
                    Arrays.sort(a);
                }
            }

            int find(int t) {
                while (root[t] != t) {
                    root[t] = root[root[t]];
                    t = root[t];
                }
                return t;
            }

            /** Vertices that are exactly not extreme: inside a facet, or inside a segment between two neighbours. */
            int[] exactlyRedundant() {
                int[] out = new int[verts.length];
                int k = 0;
                for (int l = 0; l < verts.length; l++) {
                    int v = verts[l];
                    boolean flat = true;
                    for (int t : incident[l]) {
                        flat &= root[t] == root[incident[l][0]];
                    }
                    if (!flat) {
                        int[] nb = nbr[l];
                        for (int i = 0; i < nb.length && !flat; i++) {
                            for (int j = i + 1; j < nb.length && !flat; j++) {
                                flat = opposite(v, nb[i], nb[j]) && collinear(v, nb[i], nb[j]);
                            }
                        }
                    }
                    if (flat) {
                        out[k++] = v;
                    }
                }
                return Arrays.copyOf(out, k);
            }

            /** u and w lie on opposite sides of v along some axis (exact comparisons; meaningful when collinear). */
            private boolean opposite(int v, int u, int w) {
                for (int a = 0; a < 3; a++) {
                    double du = p[3 * u + a] - p[3 * v + a], dw = p[3 * w + a] - p[3 * v + a];
                    if (p[3 * u + a] != p[3 * v + a]) {
                        return (p[3 * u + a] > p[3 * v + a]) != (p[3 * w + a] > p[3 * v + a]) && du != 0 && dw != 0;
                    }
                }
                return false;
            }

            /**
             * An independent set (no two share a facet), chosen in lexicographic coordinate order, of vertices within
             * the tolerance of being flat: all facet neighbours within tol of a plane through the vertex, or the vertex
             * within tol of a segment between two of them. Depends only on the polytope, not on its triangulation.
             */
            int[] toleranceFlat() {
                List<Integer> cand = new ArrayList<>();
                int[][] around = new int[verts.length][];
                int[] mark = new int[n];
                Arrays.fill(mark, -1);
                for (int l = 0; l < verts.length; l++) {
                    int v = verts[l];
                    double mx = 0, my = 0, mz = 0;
                    int[] buf = new int[16];
                    int bn = 0;
                    mark[v] = l;
                    for (int t : incident[l]) {
                        int r = root[t];
                        boolean first = true;
                        for (int t2 : incident[l]) {
                            if (t2 == t) {
                                break;
                            }
                            if (root[t2] == r) {
                                first = false;
                                break;
                            }
                        }
                        if (!first) {
                            continue;
                        }
                        mx += area[3 * r];
                        my += area[3 * r + 1];
                        mz += area[3 * r + 2];
                        for (int u : facetVerts[r]) {
                            if (mark[u] != l) {
                                mark[u] = l;
                                buf = push(buf, bn++, u);
                            }
                        }
                    }
                    int[] nb = Arrays.copyOf(buf, bn);
                    around[l] = nb;
                    double ml = Math.sqrt(mx * mx + my * my + mz * mz);
                    boolean flat = false;
                    if (ml > 0) {
                        flat = true;
                        for (int u : nb) {
                            double h = (mx * (p[3 * u] - p[3 * v]) + my * (p[3 * u + 1] - p[3 * v + 1])
                                    + mz * (p[3 * u + 2] - p[3 * v + 2])) / ml;
                            if (Math.abs(h) > tol) {
                                flat = false;
                                break;
                            }
                        }
                    }
                    if (!flat) {
                        // Within tol of a segment between two neighbours: only pairs seen from v at an angle above
                        // 120° qualify unless a neighbour is itself within 2·tol of v.
                        double[] dir = new double[3 * nb.length];
                        for (int i = 0; i < nb.length && !flat; i++) {
                            double dx = p[3 * nb[i]] - p[3 * v], dy = p[3 * nb[i] + 1] - p[3 * v + 1], dz = p[3 * nb[i] + 2] - p[3 * v + 2];
                            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
                            flat = len <= 2 * tol;
                            dir[3 * i] = dx / len;
                            dir[3 * i + 1] = dy / len;
                            dir[3 * i + 2] = dz / len;
                        }
                        for (int i = 0; i < nb.length && !flat; i++) {
                            for (int j = i + 1; j < nb.length && !flat; j++) {
                                if (dir[3 * i] * dir[3 * j] + dir[3 * i + 1] * dir[3 * j + 1] + dir[3 * i + 2] * dir[3 * j + 2] < -0.5) {
                                    flat = segmentDistance2(v, nb[i], nb[j]) <= tol * tol;
                                }
                            }
                        }
                    }
                    if (flat) {
                        cand.add(l);
                    }
                }
                cand.sort((x, y) -> {
                    int a = verts[x], b = verts[y];
                    for (int k = 0; k < 3; k++) {
                        int c = Double.compare(p[3 * a + k], p[3 * b + k]);
                        if (c != 0) {
                            return c;
                        }
                    }
                    return 0;
                });
                boolean[] blocked = new boolean[n];
                int[] out = new int[cand.size()];
                int k = 0;
                for (int l : cand) {
                    if (!blocked[verts[l]]) {
                        out[k++] = verts[l];
                        blocked[verts[l]] = true;
                        for (int u : around[l]) {
                            blocked[u] = true;
                        }
                    }
                }
                return Arrays.copyOf(out, k);
            }

            private double segmentDistance2(int v, int a, int b) {
                double ex = p[3 * b] - p[3 * a], ey = p[3 * b + 1] - p[3 * a + 1], ez = p[3 * b + 2] - p[3 * a + 2];
                double qx = p[3 * v] - p[3 * a], qy = p[3 * v + 1] - p[3 * a + 1], qz = p[3 * v + 2] - p[3 * a + 2];
                double ee = ex * ex + ey * ey + ez * ez;
                double t = ee > 0 ? Math.max(0, Math.min(1, (qx * ex + qy * ey + qz * ez) / ee)) : 0;
                qx -= t * ex;
                qy -= t * ey;
                qz -= t * ez;
                return qx * qx + qy * qy + qz * qz;
            }
        }

        /** Cross product of a triangle's two shortest edges (the most accurate rounded normal), length 2·area. */
        private double[] triangleCross(int[] t) {
            int best = 0;
            double longest = -1;
            for (int k = 0; k < 3; k++) {
                double d = dist2(t[(k + 1) % 3], t[(k + 2) % 3]);
                if (d > longest) {
                    longest = d;
                    best = k;
                }
            }
            int a = t[best], b = t[(best + 1) % 3], c = t[(best + 2) % 3];
            double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
            double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
            return new double[]{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
        }

        /** Unit normal of triangle t from the exact cross product (for triangles whose rounded one vanishes). */
        private double[] exactNormal(int[] t) {
            BigDecimal[] u = new BigDecimal[3], v = new BigDecimal[3];
            for (int k = 0; k < 3; k++) {
                BigDecimal a = new BigDecimal(p[3 * t[0] + k]);
                u[k] = new BigDecimal(p[3 * t[1] + k]).subtract(a);
                v[k] = new BigDecimal(p[3 * t[2] + k]).subtract(a);
            }
            BigDecimal[] c = {u[1].multiply(v[2]).subtract(u[2].multiply(v[1])),
                    u[2].multiply(v[0]).subtract(u[0].multiply(v[2])), u[0].multiply(v[1]).subtract(u[1].multiply(v[0]))};
            BigDecimal m = c[0].abs().max(c[1].abs()).max(c[2].abs());
            double[] out = new double[3];
            for (int k = 0; k < 3; k++) {
                out[k] = c[k].divide(m, MathContext.DECIMAL64).doubleValue();
            }
            return out;
        }

        private ConvexHull finish(List<int[]> tris, Analysis an, List<Integer> dropped) {
            int nv = an.verts.length, nt = tris.size();
            double[] verts = new double[3 * nv];
            double sx = 0, sy = 0, sz = 0;
            for (int l = 0; l < nv; l++) {
                System.arraycopy(p, 3 * an.verts[l], verts, 3 * l, 3);
                sx = Math.max(sx, Math.abs(verts[3 * l]));
                sy = Math.max(sy, Math.abs(verts[3 * l + 1]));
                sz = Math.max(sz, Math.abs(verts[3 * l + 2]));
            }
            int[] start = new int[nv + 1];
            for (int l = 0; l < nv; l++) {
                start[l + 1] = start[l] + an.nbr[l].length;
            }
            int[] adj = new int[start[nv]];
            for (int l = 0; l < nv; l++) {
                for (int k = 0; k < an.nbr[l].length; k++) {
                    adj[start[l] + k] = an.loc[an.nbr[l][k]];
                }
                Arrays.sort(adj, start[l], start[l + 1]);
            }
            int[] tri = new int[3 * nt];
            double[] planes = new double[4 * nt];
            // Rounding bound of one evaluation of n·v with |n| = 1 over these coordinates (with room to spare).
            double margin = 8 * 0x1p-53 * (sx + sy + sz);
            for (int t = 0; t < nt; t++) {
                int[] tr = tris.get(t);
                for (int k = 0; k < 3; k++) {
                    tri[3 * t + k] = an.loc[tr[k]];
                }
                int r = an.root[t];
                double nx = an.area[3 * r], ny = an.area[3 * r + 1], nz = an.area[3 * r + 2];
                double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (!(len > 0) || !Double.isFinite(len)) {
                    double[] e = exactNormal(tr);
                    nx = e[0];
                    ny = e[1];
                    nz = e[2];
                    len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                }
                nx /= len;
                ny /= len;
                nz /= len;
                // Conservative offset: the largest n·v over ALL vertices, found by hill climbing from a corner (the
                // surface is exactly convex, so the climb reaches the maximum), plus the rounding bound.
                int cur = tri[3 * t];
                double val = nx * verts[3 * cur] + ny * verts[3 * cur + 1] + nz * verts[3 * cur + 2];
                for (boolean moved = true; moved; ) {
                    moved = false;
                    for (int k = start[cur]; k < start[cur + 1]; k++) {
                        int u = adj[k];
                        double w = nx * verts[3 * u] + ny * verts[3 * u + 1] + nz * verts[3 * u + 2];
                        if (w > val) {
                            val = w;
                            cur = u;
                            moved = true;
                            break;
                        }
                    }
                }
                planes[4 * t] = nx;
                planes[4 * t + 1] = ny;
                planes[4 * t + 2] = nz;
                planes[4 * t + 3] = val + margin;
            }
            // Points dropped as flat lie within about the tolerance outside the vertices' hull: raise the planes to
            // cover them too and report the largest excess as the hull's tolerance.
            double excess = 0;
            for (int q : dropped) {
                for (int t = 0; t < nt; t++) {
                    double w = planes[4 * t] * p[3 * q] + planes[4 * t + 1] * p[3 * q + 1] + planes[4 * t + 2] * p[3 * q + 2];
                    if (w + margin > planes[4 * t + 3]) {
                        excess = Math.max(excess, w - (planes[4 * t + 3] - margin));
                        planes[4 * t + 3] = w + margin;
                    }
                }
            }
            return new ConvexHull(3, verts, tri, planes, start, adj, null, Math.max(tol, excess));
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
            double x = p[3 * i] - p[3 * j], y = p[3 * i + 1] - p[3 * j + 1], z = p[3 * i + 2] - p[3 * j + 2];
            return x * x + y * y + z * z;
        }

        private static int[] push(int[] a, int i, int v) {
            if (i >= a.length) {
                a = Arrays.copyOf(a, Math.max(2 * a.length, i + 1));
            }
            a[i] = v;
            return a;
        }
    }
}
