package io.collide4j.checker.geometry.decomposition;

import java.util.Arrays;

/**
 * The patches a fresh decomposition verified each piece to hold: per piece, the corners of the triangles and
 * {@link SubTriangle}s assigned to it (nine numbers per patch), plus the largest {@link SubTriangle#roundingBound}
 * of the mesh's triangles (how far the patches can miss tiling their triangle). A covering margin measured on
 * these corners needs no search for a covering assignment, so it is exact up to that bound and the distance
 * bound's rounding, whatever the merging did. Immutable (arrays copied in and out).
 */
public final class CoverPatches {
    private final double[][] corners;
    private final double roundingBound;

    CoverPatches(double[][] corners, double roundingBound) {
        this.corners = new double[corners.length][];
        for (int i = 0; i < corners.length; i++) {
            this.corners[i] = corners[i].clone();
        }
        this.roundingBound = roundingBound;
    }

    /** Number of pieces (the decomposition's piece count). */
    public int pieceCount() {
        return corners.length;
    }

    /** The corners (x,y,z, three per patch) of the patches piece {@code i} holds; a copy. */
    public double[] corners(int i) {
        return corners[i].clone();
    }

    /** Largest rounding bound of a patch's tiling of its triangle (m); added to a margin measured on corners. */
    public double roundingBound() {
        return roundingBound;
    }

    @Override
    public String toString() {
        return "CoverPatches[" + corners.length + " pieces, "
                + Arrays.stream(corners).mapToInt(c -> c.length / 9).sum() + " patches]";
    }
}
