package io.collide4j.checker.robot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The covering margin is measured tightly or refused, never inflated: a merged decomposition of the bundled cup
 * (where re-searching a covering assignment used to give up with a 2.5 cm margin on a 12 cm mesh) is measured on
 * its own verified patches, and an independent sampled containment check agrees; a search whose patch budget runs
 * out before it finds a covering assignment is refused.
 */
class CoveringMarginTest {
    private static final Path CUP =
            Path.of(System.getProperty("collide4j.testdata", "../tests/data")).resolve("v-hacd/app/meshes/cup.obj");

    @Test
    void mergedCupPiecesCoverWithATinyMarginAndEverySampledPointIsInsideAPiece() {
        TriangleMesh mesh = MeshLoader.load(CUP).mesh();
        Decomposition d = Decomposer.decompose(
                mesh,
                DecompositionParameters.builder()
                        .maxVolumeExcess(0.1)
                        .threads(2)
                        .build());
        double diagonal = diagonal(mesh);
        double margin = PieceCover.of(d, mesh, null).margin();
        assertTrue(margin <= 1e-9 * diagonal + 1e-10, "margin " + margin + " m on a " + diagonal + " m mesh");
        // Independent check: points on every triangle (a barycentric grid, corners included) satisfy every face
        // plane of some piece, the planes computed here from the pieces' outward triangles.
        List<double[]> planes =
                d.pieces().stream().map(CoveringMarginTest::unitPlanes).toList();
        double eps = 1e-9 * diagonal;
        int n = 4;
        double[] p = new double[3];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int i = 0; i <= n; i++) {
                for (int j = 0; i + j <= n; j++) {
                    double a = (double) i / n, b = (double) j / n, c = 1 - a - b;
                    for (int k = 0; k < 3; k++) {
                        p[k] = a * mesh.vertex(mesh.index(t, 0), k)
                                + b * mesh.vertex(mesh.index(t, 1), k)
                                + c * mesh.vertex(mesh.index(t, 2), k);
                    }
                    double best = Double.POSITIVE_INFINITY;
                    for (double[] pl : planes) {
                        best = Math.min(best, violation(pl, p));
                    }
                    assertTrue(
                            best <= eps,
                            "triangle " + t + " point (" + i + "," + j + ")/" + n + " lies " + best
                                    + " m outside every piece");
                }
            }
        }
    }

    @Test
    void searchingTheMergedCupPiecesAgainRunsOutAndIsRefusedWhereItUsedToReportItsLooseBound() {
        // The case: without the verified patches, a search for a covering assignment of the merged pieces
        // halves patches along no common face; out of budget, its only bound is centimetres (2.5 cm was printed).
        TriangleMesh mesh = MeshLoader.load(CUP).mesh();
        Decomposition d = Decomposer.decompose(
                mesh,
                DecompositionParameters.builder()
                        .maxVolumeExcess(0.1)
                        .threads(2)
                        .build());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PieceCover.of(d.pieces(), mesh, 10_000, null));
        assertTrue(
                e.getMessage().contains("cannot be measured") && e.getMessage().contains("10000 sub-triangles"),
                e.getMessage());
    }

    @Test
    void aSearchWhoseBudgetRunsOutIsRefusedNotInflated() {
        // Two unit cubes meeting at x = 0; the triangle has one corner in each side, so no cube holds it whole: only
        // cutting it along x = 0 shows that the pair covers it.
        List<ConvexHull> cubes = List.of(cube(-1), cube(0));
        TriangleMesh straddling =
                new TriangleMesh(new double[] {-0.5, 0.2, 0.5, 0.5, 0.2, 0.5, 0.5, 0.8, 0.5}, new int[] {0, 1, 2});
        double cut = PieceCover.of(cubes, straddling, 1000, null).margin();
        assertTrue(cut <= 1e-9, "with budget to cut, the cubes hold the triangle: margin " + cut);
        // Without budget the only bound left is the corner at x = -0.5 against the right cube: 0.5 m, refused.
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PieceCover.of(cubes, straddling, 0, null));
        assertTrue(
                e.getMessage().contains("cannot be measured") && e.getMessage().contains("0 sub-triangles"),
                e.getMessage());
    }

    @Test
    void toleranceIsANanometrePerMetreOfDiagonalPlusATenthOfANanometre() {
        TriangleMesh box =
                new TriangleMesh(new double[] {0, 0, 0, 3, 0, 0, 3, 4, 0, 3, 4, 12}, new int[] {0, 1, 2, 0, 2, 3});
        assertEquals(13e-9 + 1e-10, PieceCover.tolerance(box), 1e-22);
    }

    private static ConvexHull cube(double x0) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = x0 + (i & 1);
            v[3 * i + 1] = (i >> 1) & 1;
            v[3 * i + 2] = (i >> 2) & 1;
        }
        return QuickHull.compute(v);
    }

    /** Unit outward normal and offset (nx, ny, nz, d) of each triangle of {@code h}. */
    private static double[] unitPlanes(ConvexHull h) {
        double[] v = h.copyVertices();
        int[] tri = h.copyTriangles();
        double[] out = new double[tri.length / 3 * 4];
        for (int t = 0; t < tri.length / 3; t++) {
            int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
            double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
            double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            out[4 * t] = nx / len;
            out[4 * t + 1] = ny / len;
            out[4 * t + 2] = nz / len;
            out[4 * t + 3] = (nx * v[a] + ny * v[a + 1] + nz * v[a + 2]) / len;
        }
        return out;
    }

    /** Largest signed distance of {@code p} above a plane: at most 0 (up to rounding) iff p is inside. */
    private static double violation(double[] planes, double[] p) {
        double worst = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < planes.length; f += 4) {
            // A NaN (degenerate face) propagates and fails the caller's check.
            worst = Math.max(worst, planes[f] * p[0] + planes[f + 1] * p[1] + planes[f + 2] * p[2] - planes[f + 3]);
        }
        return worst;
    }

    private static double diagonal(TriangleMesh m) {
        double d2 = 0;
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int v = 0; v < m.vertexCount(); v++) {
                lo = Math.min(lo, m.vertex(v, k));
                hi = Math.max(hi, m.vertex(v, k));
            }
            d2 += (hi - lo) * (hi - lo);
        }
        return Math.sqrt(d2);
    }
}
