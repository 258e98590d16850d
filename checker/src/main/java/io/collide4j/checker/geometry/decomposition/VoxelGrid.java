package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;

/**
 * An immutable cubic-voxel classification of a triangle mesh: every cell is {@link #OUTSIDE},
 * {@link #SURFACE} (its closed box overlaps some triangle, by an exact separating-axis test on a
 * box inflated by a relative 1e-9 so rounding only adds surface cells) or {@link #INTERIOR}
 * (not reachable from the grid corner through non-surface cells, 6-connected). The grid is the
 * finest whose cell count over the mesh bounds is at most the resolution (V-HACD's meaning), with
 * a two-cell empty margin on each side so the flood fill always starts outside. Deterministic;
 * each surface cell also lists the triangles overlapping it.
 */
public final class VoxelGrid {
    public static final byte OUTSIDE = 2;
    public static final byte SURFACE = 1;
    public static final byte INTERIOR = 3;
    private static final int MARGIN = 2;

    private final int nx;
    private final int ny;
    private final int nz;
    private final double ox;
    private final double oy;
    private final double oz;
    private final double h;
    private final byte[] state;
    private final int[] triStart;
    private final int[] tris;
    private final int surfaceCount;
    private final int interiorCount;

    private VoxelGrid(
            int nx,
            int ny,
            int nz,
            double ox,
            double oy,
            double oz,
            double h,
            byte[] state,
            int[] triStart,
            int[] tris) {
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.ox = ox;
        this.oy = oy;
        this.oz = oz;
        this.h = h;
        this.state = state;
        this.triStart = triStart;
        this.tris = tris;
        int s = 0, in = 0;
        for (byte b : state) {
            if (b == SURFACE) {
                s++;
            } else if (b == INTERIOR) {
                in++;
            }
        }
        this.surfaceCount = s;
        this.interiorCount = in;
    }

    /**
     * Voxelises {@code mesh} with at most {@code resolution} cells over its bounding box.
     *
     * @throws IllegalArgumentException if the mesh has no triangles or its bounds have no extent
     */
    public static VoxelGrid voxelize(TriangleMesh mesh, int resolution) {
        if (mesh.triangleCount() == 0) {
            throw new IllegalArgumentException("cannot voxelise " + mesh + ": it has no triangles");
        }
        if (resolution < 1) {
            throw new IllegalArgumentException("resolution " + resolution + ", expected >= 1");
        }
        double[] b = mesh.bounds();
        double ex = b[3] - b[0], ey = b[4] - b[1], ez = b[5] - b[2];
        double emax = Math.max(ex, Math.max(ey, ez));
        if (!(emax > 0)) {
            throw new IllegalArgumentException("cannot voxelise " + mesh + ": all vertices coincide");
        }
        // Smallest cell size whose inner cell count fits the resolution (count is monotone in h).
        double lo = emax / resolution / 2, hi = emax;
        for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (cellCount(ex, ey, ez, mid) <= resolution) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        double h = hi;
        int mx = cells(ex, h), my = cells(ey, h), mz = cells(ez, h);
        int nx = mx + 2 * MARGIN, ny = my + 2 * MARGIN, nz = mz + 2 * MARGIN;
        double ox = b[0] - MARGIN * h - (mx * h - ex) / 2;
        double oy = b[1] - MARGIN * h - (my * h - ey) / 2;
        double oz = b[2] - MARGIN * h - (mz * h - ez) / 2;
        long total = (long) nx * ny * nz;
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("voxel grid " + nx + "x" + ny + "x" + nz + " is too large");
        }
        byte[] state = new byte[(int) total];
        int[] count = new int[(int) total + 1];
        int triCount = mesh.triangleCount();
        double half = 0.5 * h * (1 + 1e-9);
        // Two passes (count, then fill) give a compact cell -> triangles table without boxing.
        for (int pass = 0; pass < 2; pass++) {
            int[] fill = pass == 1 ? new int[count[(int) total]] : null;
            int[] cursor = pass == 1 ? count.clone() : null;
            for (int t = 0; t < triCount; t++) {
                int a = mesh.index(t, 0), c1 = mesh.index(t, 1), c2 = mesh.index(t, 2);
                double ax = mesh.vertex(a, 0), ay = mesh.vertex(a, 1), az = mesh.vertex(a, 2);
                double bx = mesh.vertex(c1, 0), by = mesh.vertex(c1, 1), bz = mesh.vertex(c1, 2);
                double cx = mesh.vertex(c2, 0), cy = mesh.vertex(c2, 1), cz = mesh.vertex(c2, 2);
                int x0 = clamp((int) Math.floor((Math.min(ax, Math.min(bx, cx)) - ox) / h) - 1, nx);
                int x1 = clamp((int) Math.floor((Math.max(ax, Math.max(bx, cx)) - ox) / h) + 1, nx);
                int y0 = clamp((int) Math.floor((Math.min(ay, Math.min(by, cy)) - oy) / h) - 1, ny);
                int y1 = clamp((int) Math.floor((Math.max(ay, Math.max(by, cy)) - oy) / h) + 1, ny);
                int z0 = clamp((int) Math.floor((Math.min(az, Math.min(bz, cz)) - oz) / h) - 1, nz);
                int z1 = clamp((int) Math.floor((Math.max(az, Math.max(bz, cz)) - oz) / h) + 1, nz);
                for (int z = z0; z <= z1; z++) {
                    double pz = oz + (z + 0.5) * h;
                    for (int y = y0; y <= y1; y++) {
                        double py = oy + (y + 0.5) * h;
                        for (int x = x0; x <= x1; x++) {
                            double px = ox + (x + 0.5) * h;
                            if (TriangleBoxOverlap.overlaps(
                                    px, py, pz, half, half, half, ax, ay, az, bx, by, bz, cx, cy, cz)) {
                                int cell = x + nx * (y + ny * z);
                                if (pass == 0) {
                                    state[cell] = SURFACE;
                                    count[cell]++;
                                } else {
                                    fill[cursor[cell]++] = t;
                                }
                            }
                        }
                    }
                }
            }
            if (pass == 0) {
                // prefix sums: count[i] becomes the start of cell i
                int run = 0;
                for (int i = 0; i <= total; i++) {
                    int c = i < total ? count[i] : 0;
                    count[i] = run;
                    run += c;
                }
            } else {
                floodOutside(state, nx, ny, nz);
                return new VoxelGrid(nx, ny, nz, ox, oy, oz, h, state, count, fill);
            }
        }
        throw new AssertionError("unreachable");
    }

    private static long cellCount(double ex, double ey, double ez, double h) {
        return (long) cells(ex, h) * cells(ey, h) * cells(ez, h);
    }

    private static int cells(double e, double h) {
        double c = Math.ceil(e / h);
        return c > 1e9 ? 1_000_000_000 : Math.max(1, (int) c);
    }

    private static int clamp(int i, int n) {
        return i < 0 ? 0 : (i >= n ? n - 1 : i);
    }

    private static void floodOutside(byte[] state, int nx, int ny, int nz) {
        int[] queue = new int[state.length];
        int head = 0, tail = 0;
        state[0] = OUTSIDE; // corner of the empty margin
        queue[tail++] = 0;
        int plane = nx * ny;
        while (head < tail) {
            int c = queue[head++];
            int x = c % nx, y = (c / nx) % ny, z = c / plane;
            if (x > 0 && state[c - 1] == 0) {
                state[c - 1] = OUTSIDE;
                queue[tail++] = c - 1;
            }
            if (x < nx - 1 && state[c + 1] == 0) {
                state[c + 1] = OUTSIDE;
                queue[tail++] = c + 1;
            }
            if (y > 0 && state[c - nx] == 0) {
                state[c - nx] = OUTSIDE;
                queue[tail++] = c - nx;
            }
            if (y < ny - 1 && state[c + nx] == 0) {
                state[c + nx] = OUTSIDE;
                queue[tail++] = c + nx;
            }
            if (z > 0 && state[c - plane] == 0) {
                state[c - plane] = OUTSIDE;
                queue[tail++] = c - plane;
            }
            if (z < nz - 1 && state[c + plane] == 0) {
                state[c + plane] = OUTSIDE;
                queue[tail++] = c + plane;
            }
        }
        for (int i = 0; i < state.length; i++) {
            if (state[i] == 0) {
                state[i] = INTERIOR;
            }
        }
    }

    public int nx() {
        return nx;
    }

    public int ny() {
        return ny;
    }

    public int nz() {
        return nz;
    }

    /** Number of cells along {@code axis} (0..2). */
    public int n(int axis) {
        return axis == 0 ? nx : (axis == 1 ? ny : nz);
    }

    /** Edge length of a (cubic) cell. */
    public double cellSize() {
        return h;
    }

    /** World coordinate of lattice plane {@code i} along {@code axis} (cell i spans planes i..i+1). */
    public double coordinate(int axis, double i) {
        return (axis == 0 ? ox : (axis == 1 ? oy : oz)) + i * h;
    }

    /** Index of the cell containing coordinate {@code v} along {@code axis}, clamped to the grid. */
    public int cellIndex(int axis, double v) {
        double o = axis == 0 ? ox : (axis == 1 ? oy : oz);
        return clamp((int) Math.floor((v - o) / h), n(axis));
    }

    /** State of cell (x,y,z): {@link #OUTSIDE}, {@link #SURFACE} or {@link #INTERIOR}. */
    public byte state(int x, int y, int z) {
        return state[x + nx * (y + ny * z)];
    }

    /** True if cell (x,y,z) is surface or interior. */
    public boolean occupied(int x, int y, int z) {
        return state[x + nx * (y + ny * z)] != OUTSIDE;
    }

    /** Number of triangles overlapping cell (x,y,z). */
    public int triangleCount(int x, int y, int z) {
        int c = x + nx * (y + ny * z);
        return triStart[c + 1] - triStart[c];
    }

    /** The {@code k}-th triangle overlapping cell (x,y,z), ascending triangle order. */
    public int triangle(int x, int y, int z, int k) {
        return tris[triStart[x + nx * (y + ny * z)] + k];
    }

    public int surfaceCount() {
        return surfaceCount;
    }

    public int interiorCount() {
        return interiorCount;
    }

    @Override
    public String toString() {
        return "VoxelGrid[" + nx + "x" + ny + "x" + nz + ", h=" + h + ", surface=" + surfaceCount + ", interior="
                + interiorCount + "]";
    }
}
