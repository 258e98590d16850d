package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.TriangleMesh;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VoxelGridTest {

    /** Oracle: clip the triangle by the box's six slabs (Sutherland-Hodgman); non-empty means overlap. */
    private static boolean clipOverlap(double[] tri, double[] lo, double[] hi) {
        double[][] poly = {{tri[0], tri[1], tri[2]}, {tri[3], tri[4], tri[5]}, {tri[6], tri[7], tri[8]}};
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                double bound = side == 0 ? lo[axis] : hi[axis];
                double sign = side == 0 ? -1 : 1; // inside: sign*(p-bound) <= 0
                java.util.List<double[]> out = new java.util.ArrayList<>();
                for (int i = 0; i < poly.length; i++) {
                    double[] a = poly[i], b = poly[(i + 1) % poly.length];
                    double da = sign * (a[axis] - bound), db = sign * (b[axis] - bound);
                    if (da <= 0) {
                        out.add(a);
                    }
                    if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
                        double t = da / (da - db);
                        out.add(new double[] {
                            a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])
                        });
                    }
                }
                poly = out.toArray(new double[0][]);
                if (poly.length == 0) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void triangleBoxOverlapAgreesWithClippingOracle() {
        Random r = new Random(7);
        int overlaps = 0;
        for (int i = 0; i < 200_000; i++) {
            double[] tri = new double[9];
            for (int k = 0; k < 9; k++) {
                tri[k] = r.nextDouble() * 4 - 2;
            }
            double[] lo = {r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5};
            double[] hi = {lo[0] + r.nextDouble() * 0.6, lo[1] + r.nextDouble() * 0.6, lo[2] + r.nextDouble() * 0.6};
            boolean expected = clipOverlap(tri, lo, hi);
            boolean got = TriangleBoxOverlap.overlaps(
                    (lo[0] + hi[0]) / 2,
                    (lo[1] + hi[1]) / 2,
                    (lo[2] + hi[2]) / 2,
                    (hi[0] - lo[0]) / 2,
                    (hi[1] - lo[1]) / 2,
                    (hi[2] - lo[2]) / 2,
                    tri[0],
                    tri[1],
                    tri[2],
                    tri[3],
                    tri[4],
                    tri[5],
                    tri[6],
                    tri[7],
                    tri[8]);
            assertEquals(expected, got, "case " + i);
            overlaps += expected ? 1 : 0;
        }
        assertTrue(overlaps > 10_000 && overlaps < 190_000, "both outcomes exercised: " + overlaps);
    }

    @Test
    void cubeCellsMatchTheAnalyticClassification() {
        TriangleMesh cube = TestMeshes.read(TestMeshes.vhacd("cube.obj")); // [-50,50]^2 x [0,100]
        VoxelGrid g = VoxelGrid.voxelize(cube, 20_000);
        double[] lo = {-50, -50, 0}, hi = {50, 50, 100};
        int surface = 0, interior = 0;
        for (int z = 0; z < g.nz(); z++) {
            for (int y = 0; y < g.ny(); y++) {
                for (int x = 0; x < g.nx(); x++) {
                    int[] c = {x, y, z};
                    boolean touches = true, strictlyInside = true;
                    for (int a = 0; a < 3; a++) {
                        double c0 = g.coordinate(a, c[a]), c1 = g.coordinate(a, c[a] + 1);
                        touches &= c1 >= lo[a] - 1e-9 && c0 <= hi[a] + 1e-9;
                        strictlyInside &= c0 > lo[a] + 1e-9 && c1 < hi[a] - 1e-9;
                    }
                    byte expected =
                            !touches ? VoxelGrid.OUTSIDE : (strictlyInside ? VoxelGrid.INTERIOR : VoxelGrid.SURFACE);
                    assertEquals(expected, g.state(x, y, z), "cell " + x + "," + y + "," + z);
                    surface += expected == VoxelGrid.SURFACE ? 1 : 0;
                    interior += expected == VoxelGrid.INTERIOR ? 1 : 0;
                }
            }
        }
        assertTrue(interior > 10_000, "interior " + interior);
        assertEquals(surface, g.surfaceCount());
        assertEquals(interior, g.interiorCount());
    }

    @Test
    void gridIsTheFinestWithinTheResolution() {
        TriangleMesh bunny = TestMeshes.read(TestMeshes.vhacd("bunny.obj"));
        for (int res : new int[] {1_000, 50_000, 400_000}) {
            VoxelGrid g = VoxelGrid.voxelize(bunny, res);
            long inner = (long) (g.nx() - 4) * (g.ny() - 4) * (g.nz() - 4);
            assertTrue(inner <= res, res + ": " + g);
            // a 1% finer grid would exceed the resolution
            double[] b = bunny.bounds();
            double h = g.cellSize() * 0.99;
            long finer = 1;
            for (int a = 0; a < 3; a++) {
                finer *= Math.max(1, (long) Math.ceil((b[3 + a] - b[a]) / h));
            }
            assertTrue(finer > res, res + ": finer grid has " + finer + " cells");
        }
    }

    @Test
    void sphereCellsAgreeWithDistanceBounds() {
        TriangleMesh sphere = TestMeshes.read(TestMeshes.vhacd("sphere.obj"));
        double[] b = sphere.bounds();
        double cx = (b[0] + b[3]) / 2, cy = (b[1] + b[4]) / 2, cz = (b[2] + b[5]) / 2;
        double rOut = 0, rIn = Double.POSITIVE_INFINITY;
        for (int v = 0; v < sphere.vertexCount(); v++) {
            rOut = Math.max(
                    rOut,
                    Math.hypot(
                            sphere.vertex(v, 0) - cx, Math.hypot(sphere.vertex(v, 1) - cy, sphere.vertex(v, 2) - cz)));
        }
        // inscribed radius: distance from the centre to each triangle plane
        for (int t = 0; t < sphere.triangleCount(); t++) {
            double[][] p = new double[3][3];
            for (int k = 0; k < 3; k++) {
                for (int a = 0; a < 3; a++) {
                    p[k][a] = sphere.vertex(sphere.index(t, k), a) - (a == 0 ? cx : a == 1 ? cy : cz);
                }
            }
            double[] u = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
            double[] w = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
            double nx = u[1] * w[2] - u[2] * w[1], ny = u[2] * w[0] - u[0] * w[2], nz = u[0] * w[1] - u[1] * w[0];
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len > 0) {
                rIn = Math.min(rIn, Math.abs(nx * p[0][0] + ny * p[0][1] + nz * p[0][2]) / len);
            }
        }
        VoxelGrid g = VoxelGrid.voxelize(sphere, 30_000);
        double halfDiag = g.cellSize() * Math.sqrt(3) / 2;
        int checkedIn = 0, checkedOut = 0;
        for (int z = 0; z < g.nz(); z++) {
            for (int y = 0; y < g.ny(); y++) {
                for (int x = 0; x < g.nx(); x++) {
                    double d = Math.sqrt(Math.pow(g.coordinate(0, x + 0.5) - cx, 2)
                            + Math.pow(g.coordinate(1, y + 0.5) - cy, 2)
                            + Math.pow(g.coordinate(2, z + 0.5) - cz, 2));
                    if (d < rIn - halfDiag) {
                        assertEquals(VoxelGrid.INTERIOR, g.state(x, y, z));
                        checkedIn++;
                    } else if (d > rOut + halfDiag) {
                        assertEquals(VoxelGrid.OUTSIDE, g.state(x, y, z));
                        checkedOut++;
                    }
                }
            }
        }
        assertTrue(checkedIn > 5_000 && checkedOut > 5_000, checkedIn + " / " + checkedOut);
    }

    @Test
    void surfaceCellsListExactlyTheOverlappingTriangles() {
        TriangleMesh teddy = TestMeshes.read(TestMeshes.vhacd("teddy.obj"));
        VoxelGrid g = VoxelGrid.voxelize(teddy, 2_000);
        double hs = g.cellSize() / 2;
        for (int z = 0; z < g.nz(); z++) {
            for (int y = 0; y < g.ny(); y++) {
                for (int x = 0; x < g.nx(); x++) {
                    double[] lo = {
                        g.coordinate(0, x) - 1e-7 * hs, g.coordinate(1, y) - 1e-7 * hs, g.coordinate(2, z) - 1e-7 * hs
                    };
                    double[] hi = {
                        g.coordinate(0, x + 1) + 1e-7 * hs,
                        g.coordinate(1, y + 1) + 1e-7 * hs,
                        g.coordinate(2, z + 1) + 1e-7 * hs
                    };
                    int k = 0, listed = g.triangleCount(x, y, z);
                    for (int t = 0; t < teddy.triangleCount(); t++) {
                        double[] tri = new double[9];
                        for (int c = 0; c < 3; c++) {
                            for (int a = 0; a < 3; a++) {
                                tri[3 * c + a] = teddy.vertex(teddy.index(t, c), a);
                            }
                        }
                        boolean boundsTouch = true;
                        for (int a = 0; a < 3; a++) {
                            boundsTouch &= Math.max(tri[a], Math.max(tri[3 + a], tri[6 + a])) >= lo[a]
                                    && Math.min(tri[a], Math.min(tri[3 + a], tri[6 + a])) <= hi[a];
                        }
                        if (boundsTouch && clipOverlap(tri, lo, hi)) {
                            assertTrue(
                                    k < listed && g.triangle(x, y, z, k) == t,
                                    "cell " + x + "," + y + "," + z + " misses triangle " + t);
                            k++;
                        }
                    }
                    assertEquals(listed, k, "cell " + x + "," + y + "," + z);
                    assertEquals(listed > 0, g.state(x, y, z) == VoxelGrid.SURFACE);
                }
            }
        }
    }
}
