package io.collide4j.checker.geometry.hull;

import io.collide4j.checker.geometry.ConvexHull;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The canonicaliser of {@link QuickHull}: reads one exact Quickhull surface (the builder's triangles and its
 * {@link FacePool}) and finds what makes the vertex set canonical, independent of the input order: the vertices
 * that are exactly not extreme (inside a facet, or on an edge between two other vertices) and, once none is left,
 * an independent set of vertices within the tolerance of being flat, in lexicographic order; the builder re-hulls
 * without them until neither remains. {@link #finish} then turns the last surface into the {@link ConvexHull}:
 * facets (exactly coplanar triangles merged), vertex adjacency and conservative face planes. Split out of the
 * builder; the arithmetic is unchanged, so hulls are bit-identical (decomposition caches and certificates hash them).
 *
 * <p>One per build, on the builder's thread; not thread-safe.
 */
final class Canonicaliser {
    private final double[] p;
    private final int n;
    private final double tol;
    private final FacePool pool;

    /**
     * @param p    the input points, x,y,z triples
     * @param tol  the flatness tolerance of this build
     * @param pool the builder's faces; {@link #analyse} reads the surface of its latest exact hull
     */
    Canonicaliser(double[] p, double tol, FacePool pool) {
        this.p = p;
        this.n = p.length / 3;
        this.tol = tol;
        this.pool = pool;
    }

    /** Facets, neighbours and flatness of the builder's latest exact hull, whose alive faces are {@code tris}. */
    Analysis analyse(List<int[]> tris) {
        return new Analysis(tris);
    }

    /** Facets, neighbours and flatness of the vertices of one exact hull. */
    final class Analysis {
        final List<int[]> tris;
        final int[] verts; // global indices, ascending
        final int[] loc; // global → local, −1 when not a vertex
        final int[] root; // facet (exactly coplanar triangles) of each triangle
        final double[] area; // facet area normals (summed triangle cross products), by root
        final int[][] nbr; // triangulation neighbours, local → global indices, ascending
        final int[][] incident; // incident triangles, by local vertex
        final int[][] facetVerts; // vertices of each facet, by root (empty for non-roots)

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
                        int d = pool.fv[3 * g] != a && pool.fv[3 * g] != b
                                ? pool.fv[3 * g]
                                : pool.fv[3 * g + 1] != a && pool.fv[3 * g + 1] != b
                                        ? pool.fv[3 * g + 1]
                                        : pool.fv[3 * g + 2];
                        if (HullMath.side(p, pool, f, d) != 0) {
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
                nbr[i] = new int[deg[i]]; // closed surface: as many neighbours as incident triangles
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
                            flat = opposite(v, nb[i], nb[j]) && HullMath.collinear(p, v, nb[i], nb[j]);
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
                            buf = HullMath.push(buf, bn++, u);
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
                        double h = (mx * (p[3 * u] - p[3 * v])
                                        + my * (p[3 * u + 1] - p[3 * v + 1])
                                        + mz * (p[3 * u + 2] - p[3 * v + 2]))
                                / ml;
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
                        double dx = p[3 * nb[i]] - p[3 * v],
                                dy = p[3 * nb[i] + 1] - p[3 * v + 1],
                                dz = p[3 * nb[i] + 2] - p[3 * v + 2];
                        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
                        flat = len <= 2 * tol;
                        dir[3 * i] = dx / len;
                        dir[3 * i + 1] = dy / len;
                        dir[3 * i + 2] = dz / len;
                    }
                    for (int i = 0; i < nb.length && !flat; i++) {
                        for (int j = i + 1; j < nb.length && !flat; j++) {
                            if (dir[3 * i] * dir[3 * j]
                                            + dir[3 * i + 1] * dir[3 * j + 1]
                                            + dir[3 * i + 2] * dir[3 * j + 2]
                                    < -0.5) {
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
            double d = HullMath.dist2(p, t[(k + 1) % 3], t[(k + 2) % 3]);
            if (d > longest) {
                longest = d;
                best = k;
            }
        }
        int a = t[best], b = t[(best + 1) % 3], c = t[(best + 2) % 3];
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        return new double[] {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    }

    /** Unit normal of triangle t from the exact cross product (for triangles whose rounded one vanishes). */
    private double[] exactNormal(int[] t) {
        BigDecimal[] u = new BigDecimal[3], v = new BigDecimal[3];
        for (int k = 0; k < 3; k++) {
            BigDecimal a = new BigDecimal(p[3 * t[0] + k]);
            u[k] = new BigDecimal(p[3 * t[1] + k]).subtract(a);
            v[k] = new BigDecimal(p[3 * t[2] + k]).subtract(a);
        }
        BigDecimal[] c = {
            u[1].multiply(v[2]).subtract(u[2].multiply(v[1])),
            u[2].multiply(v[0]).subtract(u[0].multiply(v[2])),
            u[0].multiply(v[1]).subtract(u[1].multiply(v[0]))
        };
        BigDecimal m = c[0].abs().max(c[1].abs()).max(c[2].abs());
        double[] out = new double[3];
        for (int k = 0; k < 3; k++) {
            out[k] = c[k].divide(m, MathContext.DECIMAL64).doubleValue();
        }
        return out;
    }

    /**
     * The hull of the final round: its vertices (in ascending input order), triangles, vertex adjacency and
     * conservative face planes, the planes raised over the points {@code dropped} as tolerance-flat.
     */
    ConvexHull finish(List<int[]> tris, Analysis an, List<Integer> dropped) {
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
                double w =
                        planes[4 * t] * p[3 * q] + planes[4 * t + 1] * p[3 * q + 1] + planes[4 * t + 2] * p[3 * q + 2];
                if (w + margin > planes[4 * t + 3]) {
                    excess = Math.max(excess, w - (planes[4 * t + 3] - margin));
                    planes[4 * t + 3] = w + margin;
                }
            }
        }
        return new ConvexHull(3, verts, tri, planes, start, adj, null, Math.max(tol, excess));
    }
}
