package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The test meshes, read with the urdf module's loader. */
final class TestMeshes {
    private TestMeshes() {}

    static Path data() {
        return Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    }

    static Path vhacd(String name) {
        return data().resolve("v-hacd/app/meshes").resolve(name);
    }

    /** All V-HACD example meshes and the Panda and UR5e collision link meshes, sorted. */
    static List<Path> all() {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(
                data().resolve("v-hacd/app/meshes"),
                data().resolve("vamp/resources/panda/meshes/collision"),
                data().resolve("universal-robot/ur_description/meshes/ur5e/collision"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".obj") || p.toString().endsWith(".stl"))
                        .sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static String label(Path p) {
        return p.getParent().getFileName() + "/" + p.getFileName();
    }

    static TriangleMesh read(Path p) {
        return MeshLoader.load(p).mesh();
    }
}
