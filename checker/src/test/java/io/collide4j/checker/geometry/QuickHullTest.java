package io.collide4j.checker.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import io.collide4j.checker.geometry.hull.QuickHull;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuickHullTest {

    /** Brute-force validation of a 3-D hull against its input. */
    static void checkHull(double[] pts, ConvexHull h) {
        assertEquals(3, h.dimension());
        double scale = 0;
        for (double c : pts) {
            scale = Math.max(scale, Math.abs(c));
        }
        Set<String> input = new HashSet<>();
        for (int i = 0; i < pts.length; i += 3) {
            input.add(pts[i] + "," + pts[i + 1] + "," + pts[i + 2]);
        }
        for (int v = 0; v < h.vertexCount(); v++) {
            assertTrue(
                    input.contains(h.vertex(v, 0) + "," + h.vertex(v, 1) + "," + h.vertex(v, 2)),
                    "vertex " + v + " not an input point");
        }
        // every input point inside or on every face plane (within a small multiple of the build tolerance)
        double allowed = 1e-12 * Math.max(scale, 1e-300) + 10 * h.tolerance();
        double worst = 0;
        for (int f = 0; f < h.triangleCount(); f++) {
            double nx = h.plane(f, 0), ny = h.plane(f, 1), nz = h.plane(f, 2), d = h.plane(f, 3);
            assertEquals(1.0, Math.sqrt(nx * nx + ny * ny + nz * nz), 1e-12);
            for (int i = 0; i < pts.length; i += 3) {
                worst = Math.max(worst, nx * pts[i] + ny * pts[i + 1] + nz * pts[i + 2] - d);
            }
        }
        assertTrue(worst <= allowed, "point outside a face plane by " + worst + " > " + allowed);
        // closed, oriented 2-manifold; Euler characteristic 2
        Map<Long, Integer> directed = new HashMap<>();
        for (int f = 0; f < h.triangleCount(); f++) {
            for (int k = 0; k < 3; k++) {
                long key = ((long) h.triangle(f, k) << 32) | h.triangle(f, (k + 1) % 3);
                assertTrue(directed.put(key, f) == null, "directed edge used twice");
            }
        }
        for (long key : directed.keySet()) {
            long rev = ((key & 0xffffffffL) << 32) | (key >>> 32);
            assertTrue(directed.containsKey(rev), "open edge");
        }
        int edges = directed.size() / 2;
        assertEquals(2, h.vertexCount() - edges + h.triangleCount(), "Euler characteristic");
        // exact local convexity of every edge: the opposite vertex of the neighbour face is not above the face
        for (int f = 0; f < h.triangleCount(); f++) {
            for (int k = 0; k < 3; k++) {
                int a = h.triangle(f, k), b = h.triangle(f, (k + 1) % 3), c = h.triangle(f, (k + 2) % 3);
                int g = directed.get(((long) b << 32) | a);
                int d = -1;
                for (int j = 0; j < 3; j++) {
                    int x = h.triangle(g, j);
                    if (x != a && x != b) {
                        d = x;
                    }
                }
                int s = Orient3d.sign(
                        h.vertex(a, 0),
                        h.vertex(a, 1),
                        h.vertex(a, 2),
                        h.vertex(b, 0),
                        h.vertex(b, 1),
                        h.vertex(b, 2),
                        h.vertex(c, 0),
                        h.vertex(c, 1),
                        h.vertex(c, 2),
                        h.vertex(d, 0),
                        h.vertex(d, 1),
                        h.vertex(d, 2));
                assertTrue(s <= 0, "reflex edge");
            }
        }
        // adjacency equals the edge set and is symmetric
        int adjCount = 0;
        for (int v = 0; v < h.vertexCount(); v++) {
            assertTrue(h.degree(v) >= 3, "vertex degree " + h.degree(v));
            for (int k = 0; k < h.degree(v); k++) {
                int w = h.neighbour(v, k);
                assertTrue(directed.containsKey(((long) v << 32) | w), "adjacency not an edge");
                adjCount++;
            }
        }
        assertEquals(directed.size(), adjCount);
        double[] c = h.interiorPoint();
        for (int f = 0; f < h.triangleCount(); f++) {
            assertTrue(
                    h.plane(f, 0) * c[0] + h.plane(f, 1) * c[1] + h.plane(f, 2) * c[2] - h.plane(f, 3) < 0,
                    "interior point not interior");
        }
        for (int i = 0; i < pts.length; i += 3) {
            assertTrue(h.contains(pts[i], pts[i + 1], pts[i + 2], allowed));
        }
        assertTrue(h.volume() > 0);
    }

    static double[] randomBall(Random r, int n, double radius, boolean surface) {
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x, y, z, l;
            do {
                x = 2 * r.nextDouble() - 1;
                y = 2 * r.nextDouble() - 1;
                z = 2 * r.nextDouble() - 1;
                l = Math.sqrt(x * x + y * y + z * z);
            } while (l > 1 || l < 1e-3);
            double s = surface ? radius / l : radius;
            p[3 * i] = x * s;
            p[3 * i + 1] = y * s;
            p[3 * i + 2] = z * s;
        }
        return p;
    }

    @Test
    void randomCloudsAtManyScales() {
        Random r = new Random(1);
        for (double scale : new double[] {1e-4, 1, 1e3}) {
            for (int n : new int[] {4, 5, 10, 100, 2000}) {
                double[] p = randomBall(r, n, scale, false);
                for (int i = 0; i < p.length; i++) {
                    p[i] += scale * 3; // off-origin
                }
                checkHull(p, QuickHull.compute(p));
            }
        }
    }

    @Test
    void pointsOnSphereAreAllVertices() {
        Random r = new Random(2);
        double[] p = randomBall(r, 3000, 1, true);
        ConvexHull h = QuickHull.compute(p);
        checkHull(p, h);
        assertEquals(3000, h.vertexCount());
        // inscribed polytope: volume below the ball's and close to it
        assertTrue(h.volume() < 4 / 3.0 * Math.PI && h.volume() > 0.99 * 4 / 3.0 * Math.PI, "volume " + h.volume());
    }

    @Test
    void cubeGridGivesEightCornersAndExactVolume() {
        for (double side : new double[] {1e-4, 1, 7.5, 1e3}) {
            int m = 6;
            double[] p = new double[3 * m * m * m];
            int k = 0;
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    for (int l = 0; l < m; l++) {
                        p[k++] = side * i / (m - 1) - side / 3;
                        p[k++] = side * j / (m - 1);
                        p[k++] = side * l / (m - 1) + side;
                    }
                }
            }
            ConvexHull h = QuickHull.compute(p);
            checkHull(p, h);
            assertEquals(8, h.vertexCount());
            assertEquals(12, h.triangleCount());
            assertEquals(side * side * side, h.volume(), 1e-12 * side * side * side);
            assertTrue(h.contains(side / 6, side / 2, 1.5 * side, 0));
            assertTrue(!h.contains(side, side / 2, 1.5 * side, 0));
        }
    }

    @Test
    void tetrahedronWithInteriorAndDuplicatePoints() {
        double[] t = {0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4};
        Random r = new Random(3);
        int extra = 500;
        double[] p = new double[t.length * 3 + 3 * extra];
        System.arraycopy(t, 0, p, 0, 12);
        System.arraycopy(t, 0, p, 12, 12);
        System.arraycopy(t, 0, p, 24, 12);
        for (int i = 0; i < extra; i++) {
            double a = r.nextDouble(), b = r.nextDouble() * (1 - a), c = r.nextDouble() * (1 - a - b);
            if (i % 5 == 0) {
                c = 1 - a - b; // exactly on the slanted face (up to rounding)
            }
            p[36 + 3 * i] = 2 * a;
            p[36 + 3 * i + 1] = 3 * b;
            p[36 + 3 * i + 2] = 4 * c;
        }
        ConvexHull h = QuickHull.compute(p);
        checkHull(p, h);
        assertEquals(4, h.vertexCount());
        assertEquals(2 * 3 * 4 / 6.0, h.volume(), 1e-14);
    }

    @Test
    void nearlyCoplanarAndCospherical() {
        // a regular octagonal prism with many extra points on its side faces and lids
        Random r = new Random(4);
        int n = 4000;
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            int side = r.nextInt(8);
            double a0 = side * Math.PI / 4, a1 = (side + 1) * Math.PI / 4, s = r.nextDouble();
            double x = (1 - s) * Math.cos(a0) + s * Math.cos(a1), y = (1 - s) * Math.sin(a0) + s * Math.sin(a1);
            double z = r.nextInt(3) == 0 ? r.nextInt(2) : r.nextDouble();
            if (z == 0 || z == 1) {
                double f = r.nextDouble();
                x *= f;
                y *= f;
            }
            p[3 * i] = x;
            p[3 * i + 1] = y;
            p[3 * i + 2] = z;
        }
        for (int side = 0; side < 8; side++) { // make sure the 16 corners are present
            p[6 * side] = Math.cos(side * Math.PI / 4);
            p[6 * side + 1] = Math.sin(side * Math.PI / 4);
            p[6 * side + 2] = 0;
            p[6 * side + 3] = Math.cos(side * Math.PI / 4);
            p[6 * side + 4] = Math.sin(side * Math.PI / 4);
            p[6 * side + 5] = 1;
        }
        ConvexHull h = QuickHull.compute(p);
        checkHull(p, h);
        // all 16 corners are vertices; points lying on the side faces up to rounding may stay as flat vertices
        Set<String> verts = new HashSet<>();
        for (int v = 0; v < h.vertexCount(); v++) {
            verts.add(h.vertex(v, 0) + "," + h.vertex(v, 1) + "," + h.vertex(v, 2));
        }
        for (int i = 0; i < 48; i += 3) {
            assertTrue(verts.contains(p[i] + "," + p[i + 1] + "," + p[i + 2]), "corner missing");
        }
        assertTrue(h.vertexCount() <= 40, "too many flat vertices: " + h.vertexCount());
        assertEquals(2 * Math.sqrt(2), h.volume(), 1e-12); // octagon area 2√2 · height 1
    }

    @Test
    void lowerDimensionalInputs() {
        Random r = new Random(5);
        // single point repeated
        double[] one = new double[30];
        for (int i = 0; i < 30; i += 3) {
            one[i] = 1.5;
            one[i + 1] = -2;
            one[i + 2] = 3;
        }
        ConvexHull h0 = QuickHull.compute(one);
        assertEquals(0, h0.dimension());
        assertEquals(1, h0.vertexCount());
        // collinear points
        double[] line = new double[300];
        for (int i = 0; i < 100; i++) {
            double t = r.nextDouble() * 4 - 1;
            line[3 * i] = 1 + t;
            line[3 * i + 1] = 2 + 2 * t;
            line[3 * i + 2] = -t;
        }
        ConvexHull h1 = QuickHull.compute(line);
        assertEquals(1, h1.dimension());
        assertEquals(2, h1.vertexCount());
        for (int i = 0; i < 300; i += 3) {
            assertTrue(h1.contains(line[i], line[i + 1], line[i + 2], 1e-12));
        }
        assertTrue(!h1.contains(1, 2.5, 0, 1e-3));
        // coplanar points on a tilted plane: a square with interior and edge points
        double[] ux = {1 / Math.sqrt(2), 1 / Math.sqrt(2), 0}, uy = {-0.5, 0.5, 1 / Math.sqrt(2)};
        int n = 200;
        double[] plane = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double s = i < 4 ? (i & 1) : r.nextDouble(), t = i < 4 ? (i >> 1) : r.nextDouble();
            if (i % 7 == 0 && i >= 4) {
                s = 0;
            }
            for (int k = 0; k < 3; k++) {
                plane[3 * i + k] = 5 + s * ux[k] + t * uy[k];
            }
        }
        ConvexHull h2 = QuickHull.compute(plane);
        assertEquals(2, h2.dimension());
        assertEquals(4, h2.vertexCount());
        for (int v = 0; v < 4; v++) {
            assertEquals(2, h2.degree(v));
        }
        for (int i = 0; i < 3 * n; i += 3) {
            assertTrue(h2.contains(plane[i], plane[i + 1], plane[i + 2], 1e-12));
        }
        double[] nrm = h2.polygonNormal();
        assertTrue(!h2.contains(5.5 + nrm[0] * 1e-3, 5.5 + nrm[1] * 1e-3, 5 + nrm[2] * 1e-3, 1e-6));
        assertThrows(IllegalArgumentException.class, () -> QuickHull.compute(new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> QuickHull.compute(new double[] {1, 2, Double.NaN}));
    }

    @Test
    void robotCollisionMeshes() {
        for (TestMeshes.Indexed m : TestMeshes.allRobotMeshes()) {
            ConvexHull h = QuickHull.compute(m.vertices());
            checkHull(m.vertices(), h);
            assertTrue(h.vertexCount() >= 4 && h.vertexCount() <= m.vertices().length / 3, m.name());
            // the hull of a closed mesh contains it, so its volume is at least the mesh's (divergence theorem)
            double[] v = m.vertices();
            int[] t = m.triangles();
            double vol = 0;
            for (int f = 0; f < t.length; f += 3) {
                int a = 3 * t[f], b = 3 * t[f + 1], c = 3 * t[f + 2];
                vol += v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1])
                        + v[a + 1] * (v[b + 2] * v[c] - v[b] * v[c + 2])
                        + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c]);
            }
            vol = Math.abs(vol) / 6;
            assertTrue(
                    h.volume() >= vol * (1 - 1e-9), m.name() + " hull volume " + h.volume() + " < mesh volume " + vol);
            // hull of the hull's vertices is the same hull (convex input keeps all its vertices)
            ConvexHull again = QuickHull.compute(h.copyVertices());
            assertEquals(h.vertexCount(), again.vertexCount(), m.name());
            assertEquals(h.volume(), again.volume(), 1e-12 * Math.max(1, h.volume()));
        }
    }
}
