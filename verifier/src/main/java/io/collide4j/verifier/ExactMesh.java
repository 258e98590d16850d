package io.collide4j.verifier;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An obstacle the certifier kept as an exact mesh (witness shape "mesh"): its vertices in the obstacle frame, its
 * triangles as vertex indices, the obstacle's pose and padding. Triangle t is the piece conv(a, b, c) of its three
 * vertices (lemma S2), so the triangles' pieces hold the mesh surface (lemma E1). Immutable.
 *
 * @param closed whether every edge, vertices welded when their coordinates are equal doubles, is shared by an even
 *               number of triangles: the certifier then also counts the solid the surface bounds (lemma E2)
 */
record ExactMesh(String name, double[] xyz, int[][] triangles, boolean closed, Frame pose, double padding) {

    /** The mesh, or null when some triangle names a vertex that does not exist or a vertex is not 3 numbers. */
    static ExactMesh of(String name, double[][] vertices, int[][] triangles, Frame pose, double padding) {
        double[] xyz = new double[3 * vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            if (vertices[i].length != 3) {
                return null;
            }
            System.arraycopy(vertices[i], 0, xyz, 3 * i, 3);
        }
        for (int[] t : triangles) {
            for (int v : t) {
                if (v < 0 || v >= vertices.length) {
                    return null;
                }
            }
        }
        return triangles.length == 0
                ? null
                : new ExactMesh(name, xyz, triangles, closed(vertices, triangles), pose, padding);
    }

    /** The piece conv(vertices of triangles first..last), placed and padded as the obstacle (lemmas S2, S3). */
    Piece piece(int first, int last) {
        double[] v = new double[9 * (last - first + 1)];
        for (int t = first; t <= last; t++) {
            for (int c = 0; c < 3; c++) {
                System.arraycopy(xyz, 3 * triangles[t][c], v, 9 * (t - first) + 3 * c, 3);
            }
        }
        return new Piece(name, false, 0, pose, new Shape.Points(v, 0), 1, padding);
    }

    private static boolean closed(double[][] vertices, int[][] triangles) {
        Map<List<Double>, Integer> weld = new HashMap<>();
        int[] id = new int[vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            // List.equals compares with Double.equals: the same doubles (bits) weld, as the certifier's MeshSurface
            // does
            List<Double> key = List.of(vertices[i][0], vertices[i][1], vertices[i][2]);
            id[i] = weld.computeIfAbsent(key, k -> weld.size());
        }
        Map<Long, Integer> uses = new HashMap<>();
        for (int[] t : triangles) {
            for (int c = 0; c < 3; c++) {
                int a = id[t[c]], b = id[t[(c + 1) % 3]];
                uses.merge((long) Math.min(a, b) << 32 | Math.max(a, b), 1, Integer::sum);
            }
        }
        return uses.values().stream().allMatch(u -> u % 2 == 0);
    }
}
