package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.TriangleMesh;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decomposition of every V-HACD example mesh and every Panda / UR5e collision link mesh. To keep the
 * module's test time small these run at 20 000 voxels and recursion depth 6 (defaults: 400 000 and
 * 10; default-parameter timings are in DecompositionBench); the coverage and convexity checks are
 * the same at any resolution.
 */
class DecomposerTest {
    static final DecompositionParameters TEST = DecompositionParameters.builder()
            .resolution(20_000)
            .maxRecursionDepth(6)
            .build();

    static List<Path> meshes() {
        return TestMeshes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void piecesAreConvexWithinBudgetsAndCoverEveryTriangle(Path file) {
        TriangleMesh mesh = TestMeshes.read(file);
        Decomposition d = Decomposer.decompose(mesh, TEST);
        List<ConvexHull> pieces = d.pieces();
        assertTrue(pieces.size() >= 1 && pieces.size() <= TEST.maxConvexHulls(), d.toString());
        assertEquals(pieces.size(), d.stats().pieces());
        for (ConvexHull h : pieces) {
            assertEquals(3, h.dimension());
            assertTrue(h.vertexCount() <= TEST.maxNumVerticesPerCH(), h.toString());
            // convex: the hull of the piece's vertices is the piece (same vertex set)
            assertEquals(
                    PieceChecks.vertexSet(h),
                    PieceChecks.vertexSet(QuickHull.compute(h.copyVertices())),
                    file + " " + h);
        }
        double tol = 1e-9 * PieceChecks.diagonal(mesh);
        assertEquals(-1, PieceChecks.firstUncovered(mesh, pieces, tol), file + ": uncovered triangle");
        double sum = pieces.stream().mapToDouble(ConvexHull::volume).sum();
        assertEquals(sum, d.stats().totalHullVolume(), 1e-9 * sum);
    }

    @Test
    void progressHookSeesEachStepOnceInOrderAndChangesNoPiece() {
        TriangleMesh notch = TestMeshes.read(TestMeshes.vhacd("cube-notch.obj")); // concave: every step runs
        List<Long> calls = new ArrayList<>();
        Decomposition with = Decomposer.decompose(notch, TEST, calls::add);
        Decomposition without = Decomposer.decompose(notch, TEST);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), calls);
        assertEquals(Decomposer.STEPS, calls.get(calls.size() - 1));
        assertTrue(with.pieces().size() > 1, with.toString());
        assertEquals(without.pieces().size(), with.pieces().size());
        for (int i = 0; i < with.pieces().size(); i++) {
            assertArrayEquals(
                    without.pieces().get(i).copyVertices(), with.pieces().get(i).copyVertices(), "piece " + i);
        }
        List<Long> convex = new ArrayList<>();
        Decomposer.decompose(box(2, 3, 4), DecompositionParameters.defaults(), convex::add);
        assertEquals(List.of((long) Decomposer.STEPS), convex, "one piece without voxels: straight to the last step");
    }

    @Test
    void convexInputGivesOnePieceOfItsOwnVolume() {
        TriangleMesh cube = TestMeshes.read(TestMeshes.vhacd("cube.obj"));
        Decomposition d = Decomposer.decompose(cube, TEST);
        assertEquals(1, d.pieces().size());
        assertEquals(100.0 * 100 * 100, d.pieces().get(0).volume(), 1e-6);
        Decomposition b = Decomposer.decompose(box(2, 3, 4), DecompositionParameters.defaults());
        assertEquals(1, b.pieces().size());
        assertEquals(24, b.pieces().get(0).volume(), 1e-9);
        assertEquals(8, b.pieces().get(0).vertexCount());
        assertEquals(0, b.stats().excessPercent(), 1e-7);
    }

    @Test
    void concaveInputIsSplitAndLeavesTheHoleFree() {
        TriangleMesh torus = TestMeshes.read(TestMeshes.vhacd("torus1.obj"));
        Decomposition d = Decomposer.decompose(
                torus, TEST.toBuilder().maxRecursionDepth(10).build());
        double[] b = torus.bounds();
        double cx = (b[0] + b[3]) / 2, cy = (b[1] + b[4]) / 2, cz = (b[2] + b[5]) / 2;
        assertTrue(QuickHull.compute(torus.copyVertices()).contains(cx, cy, cz, 0), "the single hull fills the hole");
        assertTrue(d.pieces().size() > 1, d.toString());
        for (ConvexHull h : d.pieces()) {
            assertTrue(
                    !PieceChecks.inside(PieceChecks.planesOf(h, 1e-9 * PieceChecks.diagonal(torus)), cx, cy, cz, 0),
                    "a piece covers the hole centre: " + h);
        }
    }

    @Test
    void mergingHonoursMaxConvexHullsAndKeepsCoverage() {
        TriangleMesh torus = TestMeshes.read(TestMeshes.vhacd("torus1.obj"));
        for (int max : new int[] {1, 4, 12}) {
            Decomposition d = Decomposer.decompose(
                    torus,
                    TEST.toBuilder().maxConvexHulls(max).maxRecursionDepth(10).build());
            assertTrue(d.pieces().size() <= max, max + ": " + d);
            assertEquals(-1, PieceChecks.firstUncovered(torus, d.pieces(), 1e-9 * PieceChecks.diagonal(torus)));
        }
    }

    @Test
    void vertexBudgetIsHonouredAndCoverageKept() {
        TriangleMesh teddy = TestMeshes.read(TestMeshes.vhacd("teddy.obj"));
        Decomposition d = Decomposer.decompose(
                teddy,
                TEST.toBuilder().maxNumVerticesPerCH(8).maxConvexHulls(16).build());
        for (ConvexHull h : d.pieces()) {
            assertTrue(h.vertexCount() <= 8, h.toString());
        }
        assertEquals(-1, PieceChecks.firstUncovered(teddy, d.pieces(), 1e-9 * PieceChecks.diagonal(teddy)));
    }

    /**
     * Pieces cut back to the mesh's hull (algorithm 4, HullClip): every piece below the vertex limit (one the limit
     * did not enclose again) has no vertex past the mesh's hull beyond rounding, most pieces are such, and the surface
     * stays covered. The oracle is the hull QuickHull computes from the mesh's own vertices.
     */
    @Test
    void piecesStayInsideTheMeshHull() {
        for (String name : List.of("cup.obj", "teddy.obj")) {
            TriangleMesh m = TestMeshes.read(TestMeshes.vhacd(name));
            Decomposition d = Decomposer.decompose(
                    m,
                    TEST.toBuilder()
                            .maxConvexHulls(16)
                            .maxNumVerticesPerCH(DecompositionParameters.COLLISION_MAX_VERTICES)
                            .build());
            assertTrue(d.pieces().size() > 1, name);
            double tol = 1e-9 * PieceChecks.diagonal(m);
            double[] hull = PieceChecks.planesOf(QuickHull.compute(m.copyVertices()), tol);
            int below = 0;
            for (ConvexHull h : d.pieces()) {
                if (h.vertexCount() >= DecompositionParameters.COLLISION_MAX_VERTICES) {
                    continue;
                }
                below++;
                for (int v = 0; v < h.vertexCount(); v++) {
                    assertTrue(
                            PieceChecks.inside(hull, h.vertex(v, 0), h.vertex(v, 1), h.vertex(v, 2), tol),
                            name + ": a piece vertex past the mesh's hull: " + h);
                }
            }
            assertTrue(
                    2 * below > d.pieces().size(),
                    name + ": " + below + " of " + d.pieces().size());
            assertEquals(-1, PieceChecks.firstUncovered(m, d.pieces(), tol), name);
        }
    }

    @Test
    void withoutShrinkWrapEveryOccupiedVoxelIsInsideAPiece() {
        TriangleMesh m = TestMeshes.read(TestMeshes.vhacd("box-thick.obj"));
        DecompositionParameters p = TEST.toBuilder().shrinkWrap(false).build();
        Decomposition d = Decomposer.decompose(m, p);
        VoxelGrid g = VoxelGrid.voxelize(m, p.resolution());
        List<double[]> planes = new ArrayList<>();
        for (ConvexHull h : d.pieces()) {
            planes.add(PieceChecks.planesOf(h, 1e-9 * PieceChecks.diagonal(m)));
        }
        double tol = 1e-6 * g.cellSize();
        int checked = 0;
        for (int z = 0; z < g.nz(); z++) {
            for (int y = 0; y < g.ny(); y++) {
                for (int x = 0; x < g.nx(); x++) {
                    if (g.occupied(x, y, z)) {
                        double cx = g.coordinate(0, x + 0.5),
                                cy = g.coordinate(1, y + 0.5),
                                cz = g.coordinate(2, z + 0.5);
                        assertTrue(
                                planes.stream().anyMatch(pl -> PieceChecks.inside(pl, cx, cy, cz, tol)),
                                "voxel " + x + "," + y + "," + z);
                        checked++;
                    }
                }
            }
        }
        assertEquals(g.surfaceCount() + g.interiorCount(), checked);
        assertTrue(g.interiorCount() > 0);
    }

    @Test
    void outputIsIdenticalForAnyThreadCount() {
        TriangleMesh m = TestMeshes.read(TestMeshes.vhacd("defsphere.obj"));
        Decomposition one = Decomposer.decompose(m, TEST.toBuilder().threads(1).build());
        Decomposition two = Decomposer.decompose(m, TEST.toBuilder().threads(2).build());
        Decomposition again =
                Decomposer.decompose(m, TEST.toBuilder().threads(2).build());
        assertEquals(one.pieces(), two.pieces()); // ConvexHull.equals: same vertex and triangle arrays
        assertEquals(two.pieces(), again.pieces());
    }

    @Test
    void objOutputHasOneObjectPerPieceWithExactVertices() throws Exception {
        TriangleMesh m = TestMeshes.read(TestMeshes.vhacd("cube-notch.obj"));
        Decomposition d = Decomposer.decompose(m, TEST);
        StringWriter w = new StringWriter();
        d.writeObj(w);
        List<List<Double>> vertices = new ArrayList<>();
        int objects = 0, faces = 0;
        for (String line : w.toString().split("\n")) {
            String[] t = line.trim().split("\\s+");
            if (t[0].equals("o")) {
                objects++;
            } else if (t[0].equals("v")) {
                vertices.add(List.of(Double.parseDouble(t[1]), Double.parseDouble(t[2]), Double.parseDouble(t[3])));
            } else if (t[0].equals("f")) {
                faces++;
            }
        }
        assertEquals(d.pieces().size(), objects);
        List<List<Double>> expected = new ArrayList<>();
        int expectedFaces = 0;
        for (ConvexHull h : d.pieces()) {
            double[] v = h.copyVertices();
            for (int i = 0; i < v.length; i += 3) {
                expected.add(List.of(v[i], v[i + 1], v[i + 2]));
            }
            expectedFaces += h.triangleCount();
        }
        assertEquals(expected, vertices);
        assertEquals(expectedFaces, faces);
    }

    @Test
    void emptyMeshIsRejected() {
        TriangleMesh empty = new TriangleMesh(new double[] {0, 0, 0}, new int[0]);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Decomposer.decompose(empty, TEST));
        assertTrue(e.getMessage().contains("no triangles"), e.getMessage());
    }

    @Test
    void flatMeshIsRejectedWithTheReason() {
        TriangleMesh quad =
                new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, new int[] {0, 1, 2, 0, 2, 3});
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Decomposer.decompose(quad, TEST));
        assertTrue(e.getMessage().contains("span no volume"), e.getMessage());
    }

    static TriangleMesh box(double sx, double sy, double sz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) * sx;
            v[3 * i + 1] = ((i >> 1) & 1) * sy;
            v[3 * i + 2] = ((i >> 2) & 1) * sz;
        }
        int[] f = {
            0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5
        };
        return new TriangleMesh(v, f);
    }
}
