package io.collide4j.urdf.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real meshes against facts computed independently by urdf/src/test/python/mesh_facts.py
 * (plain Python struct/text parsing: facet count, distinct exact vertices, degenerate facets,
 * bounding box), run as {@code python3 mesh_facts.py tests/data <files>}.
 */
class MeshLoaderRealDataTest {
    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));

    static Stream<Object[]> facts() {
        return Stream.of(
                new Object[] {
                    "example-robot-data/robots/panda_description/meshes/collision/link0.stl",
                    200,
                    102,
                    new double[] {
                        -0.15407869219779968,
                        -0.09461374580860138,
                        -3.249277506256476e-05,
                        0.07156699150800705,
                        0.09467043727636337,
                        0.14000283181667328
                    }
                },
                new Object[] {
                    "example-robot-data/robots/panda_description/meshes/collision/hand.stl",
                    200,
                    102,
                    new double[] {
                        -0.031635917723178864,
                        -0.10398972034454346,
                        -0.02592480182647705,
                        0.03161578252911568,
                        0.10042587667703629,
                        0.06596215069293976
                    }
                },
                new Object[] {
                    "universal-robot/ur_description/meshes/ur5e/collision/base.stl",
                    420,
                    212,
                    new double[] {
                        -0.07547873258590698,
                        -0.0755084678530693,
                        -9.570882042453377e-08,
                        0.0754990205168724,
                        0.07547910511493683,
                        0.09909871220588684
                    }
                },
                new Object[] {
                    "universal-robot/ur_description/meshes/ur5e/collision/forearm.stl",
                    1064,
                    534,
                    new double[] {
                        -0.057792432606220245,
                        -0.05645761266350746,
                        -0.05835448578000069,
                        0.058035317808389664,
                        0.05344926193356514,
                        0.43106967210769653
                    }
                },
                new Object[] {
                    "vamp/resources/panda/meshes/collision/link6.obj",
                    1308,
                    942,
                    new double[] {-0.047922, -0.051209, -0.044242, 0.132309, 0.081648, 0.056396}
                },
                new Object[] {
                    "vamp/resources/panda/meshes/collision/link0.obj",
                    200,
                    102,
                    new double[] {-0.154079, -0.0946137, -3.24928e-05, 0.071567, 0.0946704, 0.140003}
                },
                new Object[] {
                    "curobo/curobo/content/assets/robot/franka_description/meshes/collision/link3.obj",
                    300,
                    152,
                    new double[] {-0.054646, -0.054917, -0.121018, 0.137561, 0.111203, 0.055156}
                });
    }

    @ParameterizedTest
    @MethodSource("facts")
    void trianglesWeldedVerticesAndBoundsMatchIndependentCount(
            String rel, int triangles, int distinct, double[] bounds) {
        MeshLoadResult r = MeshLoader.load(DATA.resolve(rel));
        // the script found no degenerate facets in these files, so all survive
        assertEquals(new MeshStatistics(triangles, 3 * triangles, distinct, 0), r.statistics());
        assertEquals(triangles, r.mesh().triangleCount());
        assertEquals(distinct, r.mesh().vertexCount());
        assertArrayEquals(bounds, r.mesh().bounds());
    }
}
