package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** package://, file://, relative and jar: references resolve as documented. */
class ResourceResolverTest {
    @TempDir
    Path dir;

    static final String TRI_STL = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n"
            + "endloop\nendfacet\nendsolid t\n";

    static String robot(String meshRef) {
        return "<robot name=\"r\"><link name=\"a\"><collision><geometry><mesh filename=\"" + meshRef
                + "\"/></geometry></collision></link></robot>";
    }

    private Path jar(String... entriesAndContents) throws IOException {
        Path jar = dir.resolve("models.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (int i = 0; i < entriesAndContents.length; i += 2) {
                out.putNextEntry(new JarEntry(entriesAndContents[i]));
                out.write(entriesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void relativeAndPackageReferencesResolveInsideAJarOnTheClasspath() throws Exception {
        Path jar = jar(
                "res/bot/robot.urdf",
                robot("meshes/t.stl"),
                "res/bot/meshes/t.stl",
                TRI_STL,
                "res/bot/pkg.urdf",
                robot("package://mypkg/m/t.stl"),
                "res/pkgs/mypkg/m/t.stl",
                TRI_STL);
        try (URLClassLoader cl = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            URI urdf = cl.getResource("res/bot/robot.urdf").toURI();
            assertEquals("jar", urdf.getScheme());
            RobotDescription r = UrdfParser.create().parse(urdf);
            Geometry.Mesh m =
                    (Geometry.Mesh) r.links().get(0).collisions().get(0).geometry();
            assertTrue(
                    m.resolved().toString().endsWith("!/res/bot/meshes/t.stl"),
                    m.resolved().toString());
            assertEquals(1, m.mesh().orElseThrow().triangleCount());

            // jars need not hold directory entries: derive the root from a resource URI
            URI root = URI.create(urdf.toString().replace("bot/robot.urdf", "pkgs/"));
            RobotDescription p = UrdfParser.create()
                    .withResolver(ResourceResolver.ofUris(List.of(root)))
                    .parse(cl.getResource("res/bot/pkg.urdf").toURI());
            Geometry.Mesh pm =
                    (Geometry.Mesh) p.links().get(0).collisions().get(0).geometry();
            assertTrue(
                    pm.resolved().toString().endsWith("!/res/pkgs/mypkg/m/t.stl"),
                    pm.resolved().toString());
            // a missing entry inside the jar is "not found", not an I/O crash
            assertFalse(ResourceResolver.exists(URI.create(urdf.toString().replace("robot.urdf", "nope.stl"))));
        }
    }

    @Test
    void packageRootsAreSearchedInOrderThenTheDocumentFolder() throws IOException {
        Path first = Files.createDirectories(dir.resolve("first"));
        Path second = Files.createDirectories(dir.resolve("second/mypkg/m"));
        Files.writeString(second.resolve("t.stl"), TRI_STL);
        ResourceResolver r = ResourceResolver.ofPaths(List.of(first, dir.resolve("second")));
        URI base = dir.resolve("robot.urdf").toUri();
        assertEquals(
                List.of(
                        first.toUri().resolve("mypkg/m/t.stl"),
                        dir.resolve("second/").toUri().resolve("mypkg/m/t.stl"),
                        dir.toUri().resolve("mypkg/m/t.stl")),
                r.candidates("package://mypkg/m/t.stl", base));
        assertEquals(
                second.resolve("t.stl").toUri(),
                r.resolve("package://mypkg/m/t.stl", base).orElseThrow());
        // a root that is itself the package folder
        ResourceResolver self = ResourceResolver.ofPaths(List.of(dir.resolve("second/mypkg")));
        assertEquals(
                second.resolve("t.stl").toUri(),
                self.resolve("package://mypkg/m/t.stl", base).orElseThrow());
        // file:// and absolute paths are taken as written
        assertEquals(
                second.resolve("t.stl").toUri(),
                r.resolve(second.resolve("t.stl").toUri().toString(), base).orElseThrow());
        assertEquals(
                second.resolve("t.stl").toUri(),
                r.resolve(second.resolve("t.stl").toString(), base).orElseThrow());
        // relative to the document
        assertEquals(
                second.resolve("t.stl").toUri(),
                r.resolve("second/mypkg/m/t.stl", base).orElseThrow());
        assertTrue(r.resolve("package://other/t.stl", base).isEmpty());
    }

    @Test
    void spacesInPathsAreEncoded() throws IOException {
        Path d = Files.createDirectories(dir.resolve("with space"));
        Files.writeString(d.resolve("my mesh.stl"), TRI_STL);
        Path urdf = d.resolve("r.urdf");
        Files.writeString(urdf, robot("my mesh.stl"));
        RobotDescription r = UrdfParser.create().parse(urdf);
        assertEquals(
                1,
                ((Geometry.Mesh) r.links().get(0).collisions().get(0).geometry())
                        .mesh()
                        .orElseThrow()
                        .triangleCount());
    }

    @Test
    void missingMeshInsideJarIsMeshNotFound() throws Exception {
        Path jar = jar("bot/robot.urdf", robot("meshes/absent.stl"));
        try (URLClassLoader cl = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            URI urdf = cl.getResource("bot/robot.urdf").toURI();
            MeshNotFoundException e = assertThrows(
                    MeshNotFoundException.class, () -> UrdfParser.create().parse(urdf));
            assertTrue(e.getMessage().contains("!/bot/meshes/absent.stl"), e.getMessage());
        }
    }
}
