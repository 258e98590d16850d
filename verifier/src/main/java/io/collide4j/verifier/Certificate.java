package io.collide4j.verifier;

import java.util.List;
import java.util.Map;

/**
 * A {@code collide4j-certificate/3} document as {@link CertificateReader} read it (types and shapes checked, nothing
 * proven yet). Arrays are the reader's own; nothing here is shared with the certifier's schema classes.
 */
record Certificate(
        double margin,
        String interpolation,
        double[][] waypoints,
        double[][] velocities,
        double[][] accelerations,
        double[] times,
        Witness witness,
        List<List<PairSteps>> segments,
        String verdict,
        Violation violation,
        Map<String, Double> pairClearance,
        List<CoverSpec> cover) {

    /**
     * A decomposed mesh element's cover: which DECOMPOSED piece of the element holds which part of each mesh triangle,
     * as the split tree {@link MeshCover} reads and checks against the mesh.
     */
    record CoverSpec(String link, int element, String tree, String path) {}

    record Witness(
            List<String> joints,
            Map<String, Double> held,
            List<Allowed> allowed,
            Map<String, List<PieceSpec>> pieces,
            List<ObstacleSpec> obstacles,
            List<AttachedSpec> attached) {}

    /**
     * An attached object: a primitive, the hull of {@code vertices} ("hull") or a mesh ("mesh": vertices and
     * triangles, covered by DECOMPOSED pieces), unused members null, fixed to {@code link} at {@code pose} =
     * [x, y, z, qx, qy, qz, qw] in the link frame.
     */
    record AttachedSpec(
            String name,
            String link,
            String shape,
            double[] size,
            Double radius,
            Double length,
            double[][] vertices,
            int[][] triangles,
            double[] pose,
            String path) {}

    /** A self pair the certifier does not check, and why: "Adjacent", "SRDF", "Drake", "Attached" or "User". */
    record Allowed(String linkA, String linkB, String reason, String path) {}

    /**
     * {@code element}: index of the link's collision element (0 for ATTACHED); kind HULL, PRIMITIVE, DECOMPOSED,
     * ATTACHED or OTHER.
     */
    record PieceSpec(int element, String kind, double padding, double scale, String path) {}

    /**
     * An obstacle: shape with its numbers (unused ones null; {@code triangles} only for shape "mesh", an exact mesh),
     * 4×4 row-major pose, padding.
     */
    record ObstacleSpec(
            String name,
            String shape,
            double[] size,
            Double radius,
            Double length,
            double[][] vertices,
            int[][] triangles,
            double[] pose,
            double padding,
            String path) {}

    /** {@code [first, firstPiece, second, secondPiece, environment]}. */
    record PairTuple(String first, int firstPiece, String second, int secondPiece, boolean environment) {
        /** The key of {@code pairClearance}: {@code first#p|second#q}, {@code first#p|env:obstacle#q}. */
        String key() {
            return first + "#" + firstPiece + "|" + (environment ? "env:" : "") + second + "#" + secondPiece;
        }

        @Override
        public String toString() {
            return "[" + first + ", " + firstPiece + ", " + second + ", " + secondPiece + ", " + environment + "]";
        }
    }

    /**
     * One listed pair of a segment: step k spans [ends[k−1], ends[k]] (ends[−1] = 0); planes[k] = {nx, ny, nz, c, gA,
     * gB}, or null for a Tight-Inclusion window; windows[k] (windows null when the certificate has none) is null for
     * a plane step and, for a window, its per-triangle planes ({@link MeshWindows}).
     */
    record PairSteps(PairTuple pair, double[] ends, double[] lb, double[][] planes, TrianglePlanes[][] windows) {}

    /** Triangles first..last (inclusive) of an exact-mesh obstacle lie in n·y ≥ c + gB; plane = {nx, ny, nz, c, gA, gB}. */
    record TrianglePlanes(int first, int last, double[] plane) {}

    record Violation(int segment, double fraction, PairTuple pair) {}
}
