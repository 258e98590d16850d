package io.collide4j.planner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test mesh: an L-shaped slab (the polygon (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), z in ±0.25) as a closed OBJ, its
 * boundary cut into three unit squares (triangles of mesh-like size). Area 3 against its hull's 3.5, so one hull adds
 * 1/6 of its volume, all of it in the notch.
 */
public final class EllMesh {
    private EllMesh() {}

    /** Writes the L as an OBJ file. */
    public static void write(Path file) throws IOException {
        double[][] ring = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 1}};
        int[][] squares = {{0, 1, 4, 7}, {1, 2, 3, 4}, {7, 4, 5, 6}};
        int n = ring.length;
        StringBuilder obj = new StringBuilder();
        for (double z : new double[] {-0.25, 0.25}) {
            for (double[] p : ring) {
                obj.append("v ")
                        .append(p[0])
                        .append(' ')
                        .append(p[1])
                        .append(' ')
                        .append(z)
                        .append('\n');
            }
        }
        for (int[] q : squares) { // top faces up, bottom faces down (1-based OBJ indices)
            int a = q[0] + 1, b = q[1] + 1, c = q[2] + 1, d = q[3] + 1;
            obj.append(String.format("f %d %d %d%nf %d %d %d%n", a + n, b + n, c + n, a + n, c + n, d + n));
            obj.append(String.format("f %d %d %d%nf %d %d %d%n", a, c, b, a, d, c));
        }
        for (int k = 0; k < n; k++) { // sides, outward
            int a = k + 1, b = (k + 1) % n + 1;
            obj.append(String.format("f %d %d %d%nf %d %d %d%n", a, b, b + n, a, b + n, a + n));
        }
        Files.writeString(file, obj.toString());
    }
}
