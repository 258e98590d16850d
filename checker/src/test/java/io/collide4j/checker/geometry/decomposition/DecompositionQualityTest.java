package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tightness of the decomposition: the volume-excess target, flat meshes against V-HACD at the tests'
 * resolution and, in the {@code slow} group ({@code mvn verify -Pslow}), every closed mesh against V-HACD v4's
 * published results at its default parameters and piece count (slow: seconds per mesh).
 * Excess is measured here from the pieces' own volumes and the mesh's enclosed volume (divergence
 * theorem, computed in the test), not taken from the decomposer's statistics.
 */
class DecompositionQualityTest {
    static final DecompositionParameters FAST = DecomposerTest.TEST;

    @Test
    void aLargerExcessTargetGivesFewerPiecesAndIsMetUnlessTheHullCapIsReached() {
        TriangleMesh cup = TestMeshes.read(TestMeshes.vhacd("cup.obj"));
        double volume = enclosedVolume(cup);
        int previous = Integer.MAX_VALUE;
        for (double target : new double[] {0, 0.1, 0.3, 1.0}) {
            Decomposition d = Decomposer.decompose(
                    cup, FAST.toBuilder().maxVolumeExcess(target).build());
            int pieces = d.pieces().size();
            double excess = d.pieces().stream().mapToDouble(ConvexHull::volume).sum() / volume - 1;
            assertTrue(pieces <= previous, "target " + target + ": " + pieces + " pieces, more than " + previous);
            // met, or every piece of the budget spent (the documented reason it may not be)
            assertTrue(
                    excess <= target + 0.005 || pieces == FAST.maxConvexHulls(),
                    "target " + target + ": excess " + excess + " with " + pieces + " pieces");
            assertEquals(-1, PieceChecks.firstUncovered(cup, d.pieces(), 1e-9 * PieceChecks.diagonal(cup)));
            previous = pieces;
        }
        assertTrue(previous < FAST.maxConvexHulls(), "a 100 % target needs far fewer pieces: " + previous);
    }

    /**
     * Flat-faced meshes, whose tight decomposition is exact (boxes, prisms): even at the tests' 20 000 voxels the
     * pieces meet V-HACD's published ratio at its default 400 000 voxels with no more pieces than V-HACD returned
     * (patches straddling two leaves are cut at the box face, so no piece grows across a cut).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"wall.obj, 48, 1.018", "box-thick.obj, 64, 1.018"})
    void flatMeshesAreTightAtFewerPiecesEvenAtTestResolution(String file, int vhacdHulls, double vhacd) {
        assertNoWorseThanVhacd(
                TestMeshes.vhacd(file),
                FAST.toBuilder().maxConvexHulls(vhacdHulls).build(),
                vhacdHulls,
                vhacd);
    }

    /**
     * V-HACD v4 (kmammou/v-hacd f900e42, header defaults) from ../shared/peers/vhacd/NUMBERS.md (copied to
     * tests/data/v-hacd/NUMBERS.md): hulls returned and summed hull volume over mesh volume, on every closed mesh
     * of the V-HACD examples and the Panda and UR5e collision links (bunny, teapot, chair and chess table are
     * open). At V-HACD's piece count ({@code maxConvexHulls} = its hulls, otherwise its defaults), ours is no
     * worse, compared at the 3 decimals V-HACD's numbers are given with.
     */
    @ParameterizedTest(name = "{0}")
    @Tag("slow")
    @CsvSource({
        "v-hacd/app/meshes/box-thick.obj, 64, 1.018",
        "v-hacd/app/meshes/cube.obj, 1, 1.000",
        "v-hacd/app/meshes/cube-notch.obj, 38, 1.002",
        "v-hacd/app/meshes/cup.obj, 64, 1.169",
        "v-hacd/app/meshes/cylinder.obj, 64, 1.184",
        "v-hacd/app/meshes/defsphere.obj, 64, 1.151",
        "v-hacd/app/meshes/sphere.obj, 64, 1.098",
        "v-hacd/app/meshes/torus1.obj, 64, 1.440",
        "v-hacd/app/meshes/wall.obj, 48, 1.018",
        "v-hacd/app/meshes/hose.obj, 64, 1.303",
        "v-hacd/app/meshes/plaque.obj, 64, 1.063",
        "v-hacd/app/meshes/teddy.obj, 64, 1.284",
        "PANDA/link0.stl, 64, 1.099",
        "PANDA/link1.stl, 64, 1.105",
        "PANDA/link2.stl, 64, 1.110",
        "PANDA/link3.stl, 64, 1.109",
        "PANDA/link4.stl, 64, 1.114",
        "PANDA/link5.stl, 64, 1.142",
        "PANDA/link6.stl, 64, 1.102",
        "PANDA/link7.stl, 64, 1.099",
        "PANDA/hand.stl, 64, 1.144",
        "PANDA/finger.stl, 64, 1.067",
        "UR5E/base.stl, 64, 1.066",
        "UR5E/shoulder.stl, 64, 1.055",
        "UR5E/upperarm.stl, 64, 1.085",
        "UR5E/forearm.stl, 64, 1.135",
        "UR5E/wrist1.stl, 64, 1.065",
        "UR5E/wrist2.stl, 64, 1.066",
        "UR5E/wrist3.stl, 64, 1.059"
    })
    void atVhacdsPieceCountTheSummedVolumeIsNoWorseThanVhacds(String file, int vhacdHulls, double vhacd) {
        Path path = TestMeshes.data()
                .resolve(file.replace("PANDA/", "example-robot-data/robots/panda_description/meshes/collision/")
                        .replace("UR5E/", "universal-robot/ur_description/meshes/ur5e/collision/"));
        assertNoWorseThanVhacd(
                path,
                DecompositionParameters.defaults().toBuilder()
                        .maxConvexHulls(vhacdHulls)
                        .build(),
                vhacdHulls,
                vhacd);
    }

    private static void assertNoWorseThanVhacd(Path path, DecompositionParameters p, int vhacdHulls, double vhacd) {
        TriangleMesh m = TestMeshes.read(path);
        assertTrue(MeshSolid.of(m).closed(), path + " should be closed for the volume ratio to mean anything");
        Decomposition d = Decomposer.decompose(m, p);
        double ratio = d.pieces().stream().mapToDouble(ConvexHull::volume).sum() / enclosedVolume(m);
        assertTrue(d.pieces().size() <= vhacdHulls, path + ": " + d.pieces().size() + " pieces, V-HACD " + vhacdHulls);
        assertTrue(
                Math.round(ratio * 1000) / 1000.0 <= vhacd,
                path + ": " + ratio + " vs V-HACD " + vhacd + " (" + d + ")");
        assertEquals(-1, PieceChecks.firstUncovered(m, d.pieces(), 1e-9 * PieceChecks.diagonal(m)));
    }

    /** |Σ a·(b×c)| / 6 over the triangles: the enclosed volume of a closed, consistently wound mesh. */
    static double enclosedVolume(TriangleMesh m) {
        double six = 0;
        for (int t = 0; t < m.triangleCount(); t++) {
            double[][] p = new double[3][3];
            for (int c = 0; c < 3; c++) {
                for (int a = 0; a < 3; a++) {
                    p[c][a] = m.vertex(m.index(t, c), a);
                }
            }
            six += p[0][0] * (p[1][1] * p[2][2] - p[1][2] * p[2][1])
                    + p[0][1] * (p[1][2] * p[2][0] - p[1][0] * p[2][2])
                    + p[0][2] * (p[1][0] * p[2][1] - p[1][1] * p[2][0]);
        }
        return Math.abs(six) / 6;
    }
}
