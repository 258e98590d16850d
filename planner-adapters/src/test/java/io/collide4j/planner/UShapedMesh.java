package io.collide4j.planner;

import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;

/**
 * A U-shaped prism for decomposition tests: outer x in [−1.5, 1.5], y in [−2, 1], the mouth x in [−0.5, 0.5],
 * y in [−1, 1], z in [−0.25, 0.25]; its single hull holds the mouth, its decomposition does not. 44 triangles: per
 * quad of the face (three along the bottom, two posts) two on top and two below, then two per side. Stateless.
 */
public final class UShapedMesh {
    /** The U's boundary, counter-clockwise seen from +z. */
    static final double[][] RING = {
        {-1.5, -2},
        {-0.5, -2},
        {0.5, -2},
        {1.5, -2},
        {1.5, -1},
        {1.5, 1},
        {0.5, 1},
        {0.5, -1},
        {-0.5, -1},
        {-0.5, 1},
        {-1.5, 1},
        {-1.5, -1}
    };
    /** The U's face cut into five quads (ring indices, counter-clockwise): three along the bottom, two posts. */
    static final int[][] QUADS = {{0, 1, 8, 11}, {1, 2, 7, 8}, {2, 3, 4, 7}, {11, 8, 9, 10}, {7, 4, 5, 6}};

    static final double HALF_Z = 0.25;

    private UShapedMesh() {}

    /** Triangles as 0-based vertex indices: lower ring 0..11 at z = −0.25, upper ring 12..23 at z = +0.25; outward. */
    static int[] triangles() {
        int n = RING.length;
        List<int[]> t = new ArrayList<>();
        for (int[] q : QUADS) {
            t.add(new int[] {q[0] + n, q[1] + n, q[2] + n});
            t.add(new int[] {q[0] + n, q[2] + n, q[3] + n});
            t.add(new int[] {q[0], q[2], q[1]});
            t.add(new int[] {q[0], q[3], q[2]});
        }
        for (int k = 0; k < n; k++) {
            int a = k, b = (k + 1) % n;
            t.add(new int[] {a, b, b + n});
            t.add(new int[] {a, b + n, a + n});
        }
        return t.stream().flatMapToInt(java.util.Arrays::stream).toArray();
    }

    static double[] vertices() {
        double[] v = new double[6 * RING.length];
        for (int layer = 0; layer < 2; layer++) {
            for (int i = 0; i < RING.length; i++) {
                int o = 3 * (layer * RING.length + i);
                v[o] = RING[i][0];
                v[o + 1] = RING[i][1];
                v[o + 2] = layer == 0 ? -HALF_Z : HALF_Z;
            }
        }
        return v;
    }

    static TriangleMesh mesh() {
        return new TriangleMesh(vertices(), triangles());
    }

    /** Wavefront OBJ text of {@link #mesh}. */
    public static String obj() {
        StringBuilder s = new StringBuilder();
        double[] v = vertices();
        for (int i = 0; i < v.length; i += 3) {
            s.append("v ")
                    .append(v[i])
                    .append(' ')
                    .append(v[i + 1])
                    .append(' ')
                    .append(v[i + 2])
                    .append('\n');
        }
        int[] t = triangles();
        for (int i = 0; i < t.length; i += 3) {
            s.append("f ")
                    .append(t[i] + 1)
                    .append(' ')
                    .append(t[i + 1] + 1)
                    .append(' ')
                    .append(t[i + 2] + 1)
                    .append('\n');
        }
        return s.toString();
    }

    /** The side triangle on y = 1 with every corner's x in [x0, x1] (a post's top face). */
    static int postTop(double x0, double x1) {
        int[] t = triangles();
        for (int i = 0; i < t.length / 3; i++) {
            boolean on = true;
            for (int k = 0; k < 3; k++) {
                double[] p = RING[t[3 * i + k] % RING.length];
                on &= p[1] == 1 && p[0] >= x0 && p[0] <= x1;
            }
            if (on) {
                return i;
            }
        }
        throw new AssertionError("no such triangle");
    }

    /** The hull of the box [x0, x1] × [y0, y1] × [−0.25, 0.25] (a hand-made decomposition piece). */
    static io.collide4j.checker.geometry.ConvexShape prism(double x0, double x1, double y0, double y1) {
        double[] v = new double[24];
        int i = 0;
        for (double x : new double[] {x0, x1}) {
            for (double y : new double[] {y0, y1}) {
                for (double z : new double[] {-HALF_Z, HALF_Z}) {
                    v[i++] = x;
                    v[i++] = y;
                    v[i++] = z;
                }
            }
        }
        return io.collide4j.checker.geometry.Shapes.hull(io.collide4j.checker.geometry.hull.QuickHull.compute(v));
    }
}
