package io.collide4j.checker.geometry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * 3-D Quickhull (Barber, Dobkin and Huhdanpaa 1996; conflict lists and ordered horizon as in the Quickhull
 * literature, seed 004 §4.1 with its errata applied: points of every removed face are reassigned).
 * Points within a tolerance of a face plane (scaled by the coordinates' magnitude) count as on it, so
 * duplicates, coplanar and collinear points never create slivers. A final pass flips every edge that an
 * exact orientation test finds reflex, so the returned surface is exactly locally convex; if the topology
 * check or the flips fail the hull is rebuilt with a 10× larger tolerance (up to 4 times) and otherwise a
 * {@link IllegalArgumentException} is thrown: a broken hull is never returned. Stateless and thread-safe.
 */
public final class QuickHull {
    private QuickHull() {
    }

    /** Hull of the points given as x,y,z triples; lower-dimensional input yields a lower-dimensional hull. */
    public static ConvexHull compute(double[] xyz) {
        if (xyz.length == 0 || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("point array length " + xyz.length + " must be a positive multiple of 3");
        }
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < xyz.length; i++) {
            if (!Double.isFinite(xyz[i])) {
                throw new IllegalArgumentException("point " + i / 3 + " has a non-finite coordinate: " + xyz[i]);
            }
        }
        for (int i = 0; i < xyz.length; i += 3) {
            sx = Math.max(sx, Math.abs(xyz[i]));
            sy = Math.max(sy, Math.abs(xyz[i + 1]));
            sz = Math.max(sz, Math.abs(xyz[i + 2]));
        }
        double base = 3 * Math.ulp(1.0) * (sx + sy + sz);
        if (base == 0) {
            base = Double.MIN_NORMAL;
        }
        String last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            double tol = base * Math.pow(10, attempt);
            double[] pts = xyz;
            try {
                for (int round = 0; ; round++) {
                    try {
                        return new Builder(pts, tol).build();
                    } catch (FlatVertices fv) {
                        // Points processed before the final extreme points can stay as vertices lying on a later
                        // face; when flips cannot make such a pit convex, drop it and hull the remaining vertices.
                        if (round == 20) {
                            throw new Retry("could not remove flat vertices");
                        }
                        pts = fv.remaining;
                    }
                }
            } catch (Retry r) {
                last = r.getMessage();
            }
        }
        throw new IllegalArgumentException("convex hull of " + xyz.length / 3
                + " points failed its consistency checks even with a 10^4 times larger tolerance: " + last);
    }

    /** Internal signal: the current tolerance produced an inconsistent surface. */
    private static final class Retry extends RuntimeException {
        Retry(String message) {
            super(message, null, false, false);
        }
    }

    /** Internal signal: vertices on an unflippable reflex edge; {@code remaining} are the other hull vertices. */
    private static final class FlatVertices extends RuntimeException {
        final double[] remaining;

        FlatVertices(double[] remaining) {
            super("flat vertices", null, false, false);
            this.remaining = remaining;
        }
    }

    /** Visibility thresholds, in units of the tolerance, tried in turn until the visible region is a disk. */
    private static final double[] THRESHOLDS = {1, 0, -1, -10, -100};

    private static final class Builder {
        final double[] p;
        final int n;
        final double tol;
        int[] fv = new int[96];
        int[] fadj = new int[96];
        double[] fpl = new double[128];
        boolean[] alive = new boolean[32];
        int[] head = new int[32];
        int[] stampOf = new int[32];
        int nf;
        final int[] next;
        final double[] pdist;
        int stamp;

        Builder(double[] p, double tol) {
            this.p = p;
            this.n = p.length / 3;
            this.tol = tol;
            this.next = new int[n];
            this.pdist = new double[n];
        }

        ConvexHull build() {
            // Initial extreme points along the axes.
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
            // Farthest point from the line v0 v1.
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
                return segment(lx, ly, lz);
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
            int v3 = -1;
            best = -1;
            double off = nx * p[3 * v0] + ny * p[3 * v0 + 1] + nz * p[3 * v0 + 2];
            for (int i = 0; i < n; i++) {
                double d = Math.abs(nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - off);
                if (d > best) {
                    best = d;
                    v3 = i;
                }
            }
            if (best <= tol) {
                return polygon(nx, ny, nz);
            }
            // Tetrahedron with outward faces.
            if (nx * p[3 * v3] + ny * p[3 * v3 + 1] + nz * p[3 * v3 + 2] - off > 0) {
                int t = v1;
                v1 = v2;
                v2 = t;
            }
            int f0 = newFace(v0, v1, v2), f1 = newFace(v0, v3, v1), f2 = newFace(v1, v3, v2), f3 = newFace(v2, v3, v0);
            linkAll(new int[]{f0, f1, f2, f3});
            // Assign points to the face they are farthest outside of.
            int[] faces = {f0, f1, f2, f3};
            for (int i = 0; i < n; i++) {
                if (i == v0 || i == v1 || i == v2 || i == v3) {
                    continue;
                }
                assign(i, faces, 4);
            }
            int[] work = new int[64];
            int wn = 0;
            for (int f : faces) {
                if (head[f] >= 0) {
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
                if (!alive[f] || head[f] < 0) {
                    continue;
                }
                int eye = -1;
                double far = -1;
                for (int q = head[f]; q >= 0; q = next[q]) {
                    if (pdist[q] > far) {
                        far = pdist[q];
                        eye = q;
                    }
                }
                double ex = p[3 * eye], ey = p[3 * eye + 1], ez = p[3 * eye + 2];
                // Ordered horizon by depth-first walk over the visible faces. Tolerance-based visibility can make the
                // visible region pinched (not a disk); then faces the eye sees almost edge-on are absorbed too,
                // which the exact flip pass later repairs if it leaves a reflex edge.
                int nv = 0, nh = 0;
                boolean simple = false;
                for (int attempt = 0; attempt < THRESHOLDS.length && !simple; attempt++) {
                    double thr = THRESHOLDS[attempt] * tol;
                    stamp++;
                    nv = 0;
                    nh = 0;
                    int sp;
                    stampOf[f] = stamp;
                    visible = push(visible, nv++, f);
                    stackF[0] = f;
                    stackS[0] = 0;
                    stackK[0] = 0;
                    sp = 1;
                    while (sp > 0) {
                        int top = sp - 1;
                        int g = stackF[top];
                        if (stackK[top] == 3) {
                            sp--;
                            continue;
                        }
                        int e = (stackS[top] + stackK[top]) % 3;
                        stackK[top]++;
                        int h = fadj[3 * g + e];
                        if (stampOf[h] == stamp) {
                            continue;
                        }
                        if (distance(h, ex, ey, ez) > thr) {
                            stampOf[h] = stamp;
                            visible = push(visible, nv++, h);
                            int j = edgeIndex(h, g, fv[3 * g + (e + 1) % 3]);
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
                    simple = simpleCycle(horizonFace, horizonEdge, nh);
                }
                if (!simple) {
                    throw new Retry("visible region is not a disk");
                }
                // Cone of new faces from the eye to the horizon.
                int firstNew = nf;
                for (int k = 0; k < nh; k++) {
                    int g = horizonFace[k], e = horizonEdge[k];
                    int a = fv[3 * g + e], b = fv[3 * g + (e + 1) % 3];
                    int out = fadj[3 * g + e];
                    int nfc = newFace(a, b, eye);
                    int j = edgeIndex(out, g, b);
                    fadj[3 * nfc] = out;
                    fadj[3 * out + j] = nfc;
                    created = push(created, k, nfc);
                }
                for (int k = 0; k < nh; k++) {
                    int c = created[k], d = created[(k + 1) % nh];
                    fadj[3 * c + 1] = d;
                    fadj[3 * d + 2] = c;
                }
                for (int k = 0; k < nv; k++) {
                    alive[visible[k]] = false;
                }
                // Reassign the conflict points of every removed face.
                int cnt = nf - firstNew;
                int[] newFaces = Arrays.copyOfRange(created, 0, cnt);
                for (int k = 0; k < nv; k++) {
                    int vf = visible[k];
                    int q = head[vf];
                    head[vf] = -1;
                    while (q >= 0) {
                        int nq = next[q];
                        if (q != eye) {
                            assign(q, newFaces, cnt);
                        }
                        q = nq;
                    }
                }
                for (int nfc : newFaces) {
                    if (head[nfc] >= 0) {
                        work = push(work, wn++, nfc);
                    }
                }
            }
            List<int[]> tris = new ArrayList<>();
            for (int f = 0; f < nf; f++) {
                if (alive[f]) {
                    tris.add(new int[]{fv[3 * f], fv[3 * f + 1], fv[3 * f + 2]});
                }
            }
            return finish(tris);
        }

        private ConvexHull finish(List<int[]> tris) {
            flipReflexEdges(tris);
            int[] map = new int[n];
            Arrays.fill(map, -1);
            int nvtx = 0;
            for (int[] t : tris) {
                for (int v : t) {
                    if (map[v] < 0) {
                        map[v] = nvtx++;
                    }
                }
            }
            double[] verts = new double[3 * nvtx];
            for (int i = 0; i < n; i++) {
                if (map[i] >= 0) {
                    System.arraycopy(p, 3 * i, verts, 3 * map[i], 3);
                }
            }
            int nt = tris.size();
            int[] tri = new int[3 * nt];
            double[] planes = new double[4 * nt];
            List<Set<Integer>> nb = new ArrayList<>();
            for (int i = 0; i < nvtx; i++) {
                nb.add(new HashSet<>());
            }
            for (int t = 0; t < nt; t++) {
                int[] tr = tris.get(t);
                for (int k = 0; k < 3; k++) {
                    tri[3 * t + k] = map[tr[k]];
                }
                for (int k = 0; k < 3; k++) {
                    nb.get(tri[3 * t + k]).add(tri[3 * t + (k + 1) % 3]);
                    nb.get(tri[3 * t + (k + 1) % 3]).add(tri[3 * t + k]);
                }
                int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
                double ux = verts[b] - verts[a], uy = verts[b + 1] - verts[a + 1], uz = verts[b + 2] - verts[a + 2];
                double vx = verts[c] - verts[a], vy = verts[c + 1] - verts[a + 1], vz = verts[c + 2] - verts[a + 2];
                double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
                double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                if (!(len > 0)) {
                    throw new Retry("degenerate face");
                }
                nx /= len;
                ny /= len;
                nz /= len;
                double d = Math.max(nx * verts[a] + ny * verts[a + 1] + nz * verts[a + 2],
                        Math.max(nx * verts[b] + ny * verts[b + 1] + nz * verts[b + 2],
                                nx * verts[c] + ny * verts[c + 1] + nz * verts[c + 2]));
                planes[4 * t] = nx;
                planes[4 * t + 1] = ny;
                planes[4 * t + 2] = nz;
                planes[4 * t + 3] = d;
            }
            int[] start = new int[nvtx + 1];
            for (int i = 0; i < nvtx; i++) {
                start[i + 1] = start[i] + nb.get(i).size();
            }
            int[] adj = new int[start[nvtx]];
            for (int i = 0; i < nvtx; i++) {
                int k = start[i];
                for (int j : nb.get(i)) {
                    adj[k++] = j;
                }
                Arrays.sort(adj, start[i], start[i + 1]);
            }
            int edges = start[nvtx] / 2;
            if (nvtx - edges + nt != 2) {
                throw new Retry("Euler characteristic " + (nvtx - edges + nt));
            }
            return new ConvexHull(3, verts, tri, planes, start, adj, null, tol);
        }

        /** Flips edges an exact orientation test finds reflex; checks the surface is closed and 2-manifold. */
        private void flipReflexEdges(List<int[]> tris) {
            for (int pass = 0; pass < 200; pass++) {
                Map<Long, Integer> edge = new HashMap<>(tris.size() * 4);
                for (int t = 0; t < tris.size(); t++) {
                    int[] tr = tris.get(t);
                    for (int k = 0; k < 3; k++) {
                        if (edge.put(key(tr[k], tr[(k + 1) % 3]), 3 * t + k) != null) {
                            throw new Retry("directed edge used twice");
                        }
                    }
                }
                boolean[] touched = new boolean[tris.size()];
                boolean flipped = false;
                boolean blocked = false;
                Set<Integer> flat = new HashSet<>();
                for (int t = 0; t < tris.size(); t++) {
                    for (int k = 0; k < 3 && !touched[t]; k++) {
                        int[] tr = tris.get(t);
                        int a = tr[k], b = tr[(k + 1) % 3], c = tr[(k + 2) % 3];
                        Integer o = edge.get(key(b, a));
                        if (o == null) {
                            throw new Retry("open edge");
                        }
                        int u = o / 3;
                        if (a > b || touched[u]) {
                            continue;
                        }
                        int[] tu = tris.get(u);
                        int d = tu[(o % 3 + 2) % 3];
                        if (Orient3d.sign(p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2],
                                p[3 * c], p[3 * c + 1], p[3 * c + 2], p[3 * d], p[3 * d + 1], p[3 * d + 2]) <= 0) {
                            continue;
                        }
                        if (edge.containsKey(key(c, d)) || edge.containsKey(key(d, c))) {
                            blocked = true;
                            flat.add(degree(edge, a) <= degree(edge, b) ? a : b);
                            continue;
                        }
                        for (int j = 0; j < 3; j++) {
                            edge.remove(key(tr[j], tr[(j + 1) % 3]));
                            edge.remove(key(tu[j], tu[(j + 1) % 3]));
                        }
                        int[] nt = {a, d, c}, nu = {d, b, c};
                        tris.set(t, nt);
                        tris.set(u, nu);
                        for (int j = 0; j < 3; j++) {
                            edge.put(key(nt[j], nt[(j + 1) % 3]), 3 * t + j);
                            edge.put(key(nu[j], nu[(j + 1) % 3]), 3 * u + j);
                        }
                        touched[t] = true;
                        touched[u] = true;
                        flipped = true;
                    }
                }
                if (!flipped) {
                    if (blocked) {
                        Set<Integer> keep = new HashSet<>();
                        for (int[] tr : tris) {
                            for (int v : tr) {
                                if (!flat.contains(v)) {
                                    keep.add(v);
                                }
                            }
                        }
                        double[] rem = new double[3 * keep.size()];
                        int k = 0;
                        for (int v : keep) {
                            System.arraycopy(p, 3 * v, rem, 3 * k++, 3);
                        }
                        throw new FlatVertices(rem);
                    }
                    return;
                }
            }
            throw new Retry("edge flips did not converge");
        }

        private static int degree(Map<Long, Integer> edge, int v) {
            int d = 0;
            for (long k : edge.keySet()) {
                if ((int) (k >>> 32) == v) {
                    d++;
                }
            }
            return d;
        }

        private static long key(int a, int b) {
            return ((long) a << 32) | (b & 0xffffffffL);
        }

        private ConvexHull segment(double lx, double ly, double lz) {
            int lo = 0, hi = 0;
            double mn = Double.POSITIVE_INFINITY, mx = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                double s = lx * p[3 * i] + ly * p[3 * i + 1] + lz * p[3 * i + 2];
                if (s < mn) {
                    mn = s;
                    lo = i;
                }
                if (s > mx) {
                    mx = s;
                    hi = i;
                }
            }
            double[] v = {p[3 * lo], p[3 * lo + 1], p[3 * lo + 2], p[3 * hi], p[3 * hi + 1], p[3 * hi + 2]};
            return new ConvexHull(1, v, new int[0], new double[0], new int[]{0, 1, 2}, new int[]{1, 0}, null, tol);
        }

        /** Planar input: Andrew's monotone chain in plane coordinates; collinear points are dropped. */
        private ConvexHull polygon(double nx, double ny, double nz) {
            double ux, uy, uz;
            if (Math.abs(nx) < 0.6) {
                ux = 0;
                uy = nz;
                uz = -ny;
            } else {
                ux = -nz;
                uy = 0;
                uz = nx;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul;
            uy /= ul;
            uz /= ul;
            double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
            Integer[] idx = new Integer[n];
            double[] s = new double[n], t = new double[n];
            for (int i = 0; i < n; i++) {
                idx[i] = i;
                s[i] = ux * p[3 * i] + uy * p[3 * i + 1] + uz * p[3 * i + 2];
                t[i] = wx * p[3 * i] + wy * p[3 * i + 1] + wz * p[3 * i + 2];
            }
            Arrays.sort(idx, (i, j) -> s[i] != s[j] ? Double.compare(s[i], s[j]) : Double.compare(t[i], t[j]));
            int[] h = new int[2 * n + 1];
            int k = 0;
            for (int m = 0; m < n; m++) {
                int i = idx[m];
                while (k >= 2 && turn(h[k - 2], h[k - 1], i, s, t) <= tol * edge(h[k - 2], i, s, t)) {
                    k--;
                }
                h[k++] = i;
            }
            int lower = k + 1;
            for (int m = n - 2; m >= 0; m--) {
                int i = idx[m];
                while (k >= lower && turn(h[k - 2], h[k - 1], i, s, t) <= tol * edge(h[k - 2], i, s, t)) {
                    k--;
                }
                h[k++] = i;
            }
            k--;
            int m = Math.max(k, 1);
            if (m < 3) {
                throw new Retry("planar hull with " + m + " vertices");
            }
            double[] v = new double[3 * m];
            for (int i = 0; i < m; i++) {
                System.arraycopy(p, 3 * h[i], v, 3 * i, 3);
            }
            int[] start = new int[m + 1];
            int[] adj = new int[2 * m];
            for (int i = 0; i < m; i++) {
                start[i + 1] = 2 * (i + 1);
                adj[2 * i] = (i + m - 1) % m;
                adj[2 * i + 1] = (i + 1) % m;
            }
            return new ConvexHull(2, v, new int[0], new double[0], start, adj, new double[]{nx, ny, nz}, tol);
        }

        private static double turn(int a, int b, int c, double[] s, double[] t) {
            return (s[b] - s[a]) * (t[c] - t[a]) - (t[b] - t[a]) * (s[c] - s[a]);
        }

        private static double edge(int a, int c, double[] s, double[] t) {
            return Math.hypot(s[c] - s[a], t[c] - t[a]);
        }

        private void assign(int q, int[] faces, int count) {
            double x = p[3 * q], y = p[3 * q + 1], z = p[3 * q + 2];
            int bestF = -1;
            double bestD = tol;
            for (int k = 0; k < count; k++) {
                double d = distance(faces[k], x, y, z);
                if (d > bestD) {
                    bestD = d;
                    bestF = faces[k];
                }
            }
            if (bestF >= 0) {
                pdist[q] = bestD;
                next[q] = head[bestF];
                head[bestF] = q;
            }
        }

        private int[] vstamp;
        private int vs;

        /** True when the horizon edges chain head to tail into one cycle visiting each vertex once. */
        private boolean simpleCycle(int[] hf, int[] he, int nh) {
            if (nh < 3) {
                return false;
            }
            if (vstamp == null) {
                vstamp = new int[n];
            }
            vs++;
            for (int k = 0; k < nh; k++) {
                int a = fv[3 * hf[k] + he[k]];
                int b = fv[3 * hf[k] + (he[k] + 1) % 3];
                int na = fv[3 * hf[(k + 1) % nh] + he[(k + 1) % nh]];
                if (b != na || vstamp[a] == vs) {
                    return false;
                }
                vstamp[a] = vs;
            }
            return true;
        }

        private double distance(int f, double x, double y, double z) {
            return fpl[4 * f] * x + fpl[4 * f + 1] * y + fpl[4 * f + 2] * z - fpl[4 * f + 3];
        }

        /** Index j of the edge of face h that runs from vertex {@code from} and borders face g. */
        private int edgeIndex(int h, int g, int from) {
            for (int j = 0; j < 3; j++) {
                if (fadj[3 * h + j] == g && fv[3 * h + j] == from) {
                    return j;
                }
            }
            throw new Retry("adjacency is inconsistent");
        }

        private int newFace(int a, int b, int c) {
            if (nf == alive.length) {
                int cap = nf * 2;
                fv = Arrays.copyOf(fv, 3 * cap);
                fadj = Arrays.copyOf(fadj, 3 * cap);
                fpl = Arrays.copyOf(fpl, 4 * cap);
                alive = Arrays.copyOf(alive, cap);
                head = Arrays.copyOf(head, cap);
                stampOf = Arrays.copyOf(stampOf, cap);
            }
            int f = nf++;
            fv[3 * f] = a;
            fv[3 * f + 1] = b;
            fv[3 * f + 2] = c;
            fadj[3 * f] = fadj[3 * f + 1] = fadj[3 * f + 2] = -1;
            double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
            double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 0)) {
                throw new Retry("degenerate face");
            }
            nx /= len;
            ny /= len;
            nz /= len;
            fpl[4 * f] = nx;
            fpl[4 * f + 1] = ny;
            fpl[4 * f + 2] = nz;
            fpl[4 * f + 3] = (nx * (p[3 * a] + p[3 * b] + p[3 * c]) + ny * (p[3 * a + 1] + p[3 * b + 1] + p[3 * c + 1])
                    + nz * (p[3 * a + 2] + p[3 * b + 2] + p[3 * c + 2])) / 3;
            alive[f] = true;
            head[f] = -1;
            stampOf[f] = 0;
            return f;
        }

        /** Sets the adjacency of a closed set of faces by matching reversed edges. */
        private void linkAll(int[] faces) {
            for (int f : faces) {
                for (int e = 0; e < 3; e++) {
                    int a = fv[3 * f + e], b = fv[3 * f + (e + 1) % 3];
                    for (int g : faces) {
                        for (int j = 0; j < 3; j++) {
                            if (fv[3 * g + j] == b && fv[3 * g + (j + 1) % 3] == a) {
                                fadj[3 * f + e] = g;
                            }
                        }
                    }
                }
            }
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
