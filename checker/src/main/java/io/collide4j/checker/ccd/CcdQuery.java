package io.collide4j.checker.ccd;

import java.util.Arrays;

/**
 * An immutable primitive CCD query: four vertices moving linearly from t = 0 to t = 1.
 *
 * <p>Flat float64 layout, mirrored by the batch engines: 8 rows × (x, y, z) in one {@code double[24]};
 * rows 0..3 are the vertices at t = 0 and rows 4..7 the same vertices at t = 1. For
 * {@link CcdKind#VERTEX_FACE} the rows are (p, f0, f1, f2), for {@link CcdKind#EDGE_EDGE}
 * (a0, a1, b0, b1) — the order of the Tight-Inclusion benchmark files.
 */
public final class CcdQuery {

    /** Number of doubles in one query's coordinate block. */
    public static final int SIZE = 24;

    private final CcdKind kind;
    private final double[] coords;

    private CcdQuery(CcdKind kind, double[] coords) {
        this.kind = kind;
        this.coords = coords;
    }

    /** Creates a query from 24 finite coordinates (copied); throws naming the first bad index. */
    public static CcdQuery of(CcdKind kind, double[] coords) {
        if (kind == null) {
            throw new IllegalArgumentException("CCD query kind must not be null");
        }
        if (coords == null || coords.length != SIZE) {
            throw new IllegalArgumentException("CCD query needs exactly " + SIZE + " coordinates (8 vertices x 3), got "
                    + (coords == null ? "null" : coords.length));
        }
        for (int i = 0; i < SIZE; i++) {
            if (!Double.isFinite(coords[i])) {
                throw new IllegalArgumentException("CCD query coordinate " + i + " (vertex row " + i / 3 + ", axis "
                        + "xyz".charAt(i % 3) + ") is not finite: " + coords[i]);
            }
        }
        return new CcdQuery(kind, coords.clone());
    }

    /** Vertex–face query from start and end positions given as {x, y, z} arrays. */
    public static CcdQuery vertexFace(
            double[] p0,
            double[] f00,
            double[] f10,
            double[] f20,
            double[] p1,
            double[] f01,
            double[] f11,
            double[] f21) {
        return of(CcdKind.VERTEX_FACE, pack(p0, f00, f10, f20, p1, f01, f11, f21));
    }

    /** Edge–edge query from start and end positions given as {x, y, z} arrays. */
    public static CcdQuery edgeEdge(
            double[] a00,
            double[] a10,
            double[] b00,
            double[] b10,
            double[] a01,
            double[] a11,
            double[] b01,
            double[] b11) {
        return of(CcdKind.EDGE_EDGE, pack(a00, a10, b00, b10, a01, a11, b01, b11));
    }

    private static double[] pack(double[]... rows) {
        double[] c = new double[SIZE];
        for (int r = 0; r < 8; r++) {
            if (rows[r] == null || rows[r].length != 3) {
                throw new IllegalArgumentException("CCD query vertex row " + r + " must have 3 coordinates");
            }
            System.arraycopy(rows[r], 0, c, 3 * r, 3);
        }
        return c;
    }

    /** The primitive pair kind. */
    public CcdKind kind() {
        return kind;
    }

    /** Coordinate {@code i} (0..23) of the flat layout. */
    public double coord(int i) {
        return coords[i];
    }

    /** Copies the 24 coordinates into dest at offset and returns dest. */
    public double[] copyTo(double[] dest, int offset) {
        System.arraycopy(coords, 0, dest, offset, SIZE);
        return dest;
    }

    /** A fresh copy of the 24 coordinates. */
    public double[] coords() {
        return coords.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CcdQuery q && q.kind == kind && Arrays.equals(q.coords, coords);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + Arrays.hashCode(coords);
    }

    @Override
    public String toString() {
        return "CcdQuery[" + kind + ", " + Arrays.toString(coords) + "]";
    }
}
