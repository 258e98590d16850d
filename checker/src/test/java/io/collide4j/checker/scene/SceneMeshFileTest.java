package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.urdf.TriangleMesh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scene obstacles from mesh files: a tetrahedron written here as ASCII STL and as OBJ, scaled per axis. */
class SceneMeshFileTest {
    /** Corners of the tetrahedron; faces counter-clockwise seen from outside. */
    private static final double[][] CORNERS = {{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}};

    private static final int[][] FACES = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};

    @TempDir
    Path dir;

    private Path stl(Path file) throws Exception {
        StringBuilder b = new StringBuilder("solid t\n");
        for (int[] f : FACES) {
            b.append("facet normal 0 0 0\nouter loop\n");
            for (int i : f) {
                b.append("vertex ")
                        .append(CORNERS[i][0])
                        .append(' ')
                        .append(CORNERS[i][1])
                        .append(' ')
                        .append(CORNERS[i][2])
                        .append('\n');
            }
            b.append("endloop\nendfacet\n");
        }
        return Files.writeString(file, b.append("endsolid t\n").toString());
    }

    private Path obj(Path file) throws Exception {
        StringBuilder b = new StringBuilder();
        for (double[] c : CORNERS) {
            b.append("v ")
                    .append(c[0])
                    .append(' ')
                    .append(c[1])
                    .append(' ')
                    .append(c[2])
                    .append('\n');
        }
        for (int[] f : FACES) {
            b.append("f ")
                    .append(f[0] + 1)
                    .append(' ')
                    .append(f[1] + 1)
                    .append(' ')
                    .append(f[2] + 1)
                    .append('\n');
        }
        return Files.writeString(file, b.toString());
    }

    private Path scene(String object) throws Exception {
        return Files.writeString(dir.resolve("scene.json"), "{\"objects\": [" + object + "]}");
    }

    /** The corners, each scaled by (sx, sy, sz), sorted for comparison with a mesh's vertex list. */
    private static double[] scaledCorners(double sx, double sy, double sz) {
        double[][] c = new double[CORNERS.length][];
        for (int i = 0; i < c.length; i++) {
            c[i] = new double[] {CORNERS[i][0] * sx, CORNERS[i][1] * sy, CORNERS[i][2] * sz};
        }
        return sorted(c);
    }

    private static double[] sorted(double[][] points) {
        return Arrays.stream(points)
                .sorted((a, b) -> Arrays.compare(a, b))
                .flatMapToDouble(Arrays::stream)
                .toArray();
    }

    private static double[] sortedVertices(TriangleMesh m) {
        double[][] p = new double[m.vertexCount()][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {m.vertex(i, 0), m.vertex(i, 1), m.vertex(i, 2)};
        }
        return sorted(p);
    }

    @Test
    void stlAndObjFilesLoadScaledAndPosedInTheSceneFilesFolder() throws Exception {
        Files.createDirectories(dir.resolve("meshes"));
        stl(dir.resolve("meshes/tet.stl"));
        obj(dir.resolve("meshes/tet.obj"));
        Scene s = SceneJson.read(scene("{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"meshes/tet.stl\","
                + " \"scale\": [2, 3, 4], \"pose\": {\"xyz\": [0.5, 0, 0.4]}},"
                + " {\"name\": \"b\", \"type\": \"mesh_file\", \"file\": \"meshes/tet.obj\"}"));
        assertEquals(2, s.size());
        TriangleMesh a = ((ObstacleShape.Mesh) s.obstacles().get(0).shape()).mesh();
        assertEquals(4, a.triangleCount());
        assertTrue(Arrays.equals(scaledCorners(2, 3, 4), sortedVertices(a)), Arrays.toString(sortedVertices(a)));
        assertEquals(0.5, s.obstacles().get(0).pose().x(), 0.0);
        TriangleMesh b = ((ObstacleShape.Mesh) s.obstacles().get(1).shape()).mesh();
        assertTrue(Arrays.equals(scaledCorners(1, 1, 1), sortedVertices(b)), Arrays.toString(sortedVertices(b)));
    }

    @Test
    void filesOutsideTheFolderTextScenesAndBadScalesAreRefusedNamingTheMember() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path inner = Files.createDirectories(dir.resolve("inner"));
        stl(outside.resolve("tet.stl"));
        Files.createSymbolicLink(inner.resolve("link.stl"), outside.resolve("tet.stl"));
        String[][] cases = {
            {"{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"../outside/tet.stl\"}", "inside it"},
            {"{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"" + outside.resolve("tet.stl") + "\"}", "relative"
            },
            {"{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"none.stl\"}", "no mesh file"},
            {"{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"tet.stl\", \"scale\": [1, 0, 1]}", "scale"},
            {"{\"name\": \"a\", \"type\": \"box\", \"size\": [1, 1, 1], \"scale\": [1, 1, 1]}", "only of mesh_file"},
            {"{\"name\": \"a\", \"type\": \"mesh_file\"}", "needs member 'file'"},
        };
        stl(inner.resolve("tet.stl"));
        for (String[] c : cases) {
            Path f = Files.writeString(inner.resolve("scene.json"), "{\"objects\": [" + c[0] + "]}");
            InputFormatException e = assertThrows(InputFormatException.class, () -> SceneJson.read(f), c[0]);
            assertTrue(e.getMessage().contains("objects[0]") && e.getMessage().contains(c[1]), e.getMessage());
        }
        Path viaLink = Files.writeString(
                inner.resolve("scene.json"),
                "{\"objects\": [{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"link.stl\"}]}");
        assertTrue(assertThrows(InputFormatException.class, () -> SceneJson.read(viaLink))
                .getMessage()
                .contains("leads out of the scene file's folder"));
        InputFormatException text = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"mesh_file\", \"file\": \"tet.stl\"}]}",
                        "request"));
        assertTrue(text.getMessage().contains("may not name mesh files"), text.getMessage());
    }
}
