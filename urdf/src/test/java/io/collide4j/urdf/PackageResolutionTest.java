package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * package:// the way ROS users lay out workspaces: explicit roots, ROS_PACKAGE_PATH, and package.xml
 * discovery (a package's declared name need not be its folder's name); non-local schemes are refused
 * without any connection.
 */
class PackageResolutionTest {
    @TempDir
    Path ws;

    static final String PKG_REF = "package://acme_description/meshes/t.stl";

    /** ws/src/robot_bringup/urdf/r.urdf refers to package acme_description, which lives in folder {@code folder}. */
    private Path workspace(Path packageFolder) throws IOException {
        Files.createDirectories(packageFolder.resolve("meshes"));
        Files.writeString(packageFolder.resolve("meshes/t.stl"), ResourceResolverTest.TRI_STL);
        Files.writeString(
                packageFolder.resolve("package.xml"),
                "<?xml version=\"1.0\"?>\n<package format=\"3\">\n"
                        + "  <name> acme_description </name>\n  <version>1.0.0</version>\n</package>\n");
        Path urdf = ws.resolve("src/robot_bringup/urdf/r.urdf");
        Files.createDirectories(urdf.getParent());
        Files.writeString(urdf, ResourceResolverTest.robot(PKG_REF));
        return urdf;
    }

    private static URI resolvedMesh(RobotDescription r) {
        return ((Geometry.Mesh) r.links().get(0).collisions().get(0).geometry()).resolved();
    }

    @Test
    void siblingPackageIsDiscoveredByItsPackageXmlEvenUnderAnotherFolderName() throws IOException {
        Path pkg = ws.resolve("src/acme-ros2-description"); // folder name differs from <name>
        Path urdf = workspace(pkg);
        RobotDescription r = UrdfParser.create()
                .withResolver(ResourceResolver.standard(List.of(), null))
                .parse(urdf);
        assertEquals(pkg.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
        // without discovery the same URDF does not load, and the error says where it looked and what to add
        MeshNotFoundException e = assertThrows(
                MeshNotFoundException.class,
                () -> UrdfParser.create().withResolver(ResourceResolver.none()).parse(urdf));
        assertTrue(e.getMessage().contains("--package-path DIR"), e.getMessage());
        assertTrue(e.getMessage().contains("acme_description"), e.getMessage());
    }

    @Test
    void enclosingPackageIsDiscoveredUpward() throws IOException {
        // the URDF sits inside the package it refers to: ws/src/robot_bringup is acme_description
        Path pkg = ws.resolve("src/robot_bringup");
        Path urdf = workspace(pkg);
        RobotDescription r = UrdfParser.create()
                .withResolver(ResourceResolver.standard(List.of(), null))
                .parse(urdf);
        assertEquals(pkg.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
    }

    @Test
    void anAncestorOrSiblingFolderNamedLikeThePackageIsFoundWithoutPackageXml() throws IOException {
        Path pkg = ws.resolve("src/acme_description");
        Path urdf = workspace(pkg);
        Files.delete(pkg.resolve("package.xml"));
        RobotDescription r = UrdfParser.create()
                .withResolver(ResourceResolver.standard(List.of(), null))
                .parse(urdf);
        assertEquals(pkg.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
    }

    @Test
    void aDeclaredPackageWinsOverAFolderThatOnlyHasTheName() throws IOException {
        Path declared = ws.resolve("src/vendor-desc");
        Path urdf = workspace(declared);
        Path impostor = Files.createDirectories(ws.resolve("src/acme_description/meshes")); // no package.xml
        Files.writeString(impostor.resolve("t.stl"), ResourceResolverTest.TRI_STL);
        RobotDescription r = UrdfParser.create()
                .withResolver(ResourceResolver.standard(List.of(), null))
                .parse(urdf);
        assertEquals(declared.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
    }

    @Test
    void explicitPackageRootFindsAPackageByFolderNameOrByPackageXml() throws IOException {
        Path elsewhere = Files.createDirectories(ws.resolve("elsewhere"));
        Path pkg = elsewhere.resolve("vendor/acme_desc_v2"); // two levels down, name differs
        Path urdf = workspace(pkg);
        // discovery off: only the explicit root can find it (crawl of its package.xml files)
        RobotDescription r = UrdfParser.create()
                .withResolver(ResourceResolver.ofPaths(List.of(elsewhere)))
                .parse(urdf);
        assertEquals(pkg.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
        // the usual layout ROOT/NAME/... needs no package.xml
        Path plain = Files.createDirectories(ws.resolve("plain/acme_description/meshes"));
        Files.writeString(plain.resolve("t.stl"), ResourceResolverTest.TRI_STL);
        RobotDescription p = UrdfParser.create()
                .withPackageRoots(List.of(ws.resolve("plain")))
                .parse(urdf);
        assertEquals(plain.resolve("t.stl").toUri(), resolvedMesh(p));
    }

    @Test
    void rosPackagePathRootsAreSearchedAfterGivenRoots() throws IOException {
        Path a = ws.resolve("a");
        Path pkg = ws.resolve("b/acme_description");
        Path urdf = workspace(pkg);
        Files.delete(pkg.resolve("package.xml")); // found by folder name only, through ROS_PACKAGE_PATH
        Files.createDirectories(a);
        String rosPath = a + File.pathSeparator + File.pathSeparator + ws.resolve("b");
        assertEquals(List.of(a, ws.resolve("b")), ResourceResolver.rosPackagePath(rosPath));
        ResourceResolver res = ResourceResolver.standard(List.of(ws.resolve("given")), rosPath);
        assertEquals(
                List.of(
                        URI.create(ws.resolve("given").toUri() + "/"),
                        a.toUri(),
                        ws.resolve("b").toUri()),
                res.packageRoots());
        RobotDescription r = UrdfParser.create().withResolver(res).parse(urdf);
        assertEquals(pkg.resolve("meshes/t.stl").toUri(), resolvedMesh(r));
        // unset or empty variable: no roots
        assertEquals(List.of(), ResourceResolver.standard(List.of(), null).packageRoots());
        assertEquals(List.of(), ResourceResolver.standard(List.of(), "").packageRoots());
    }

    @Test
    void notFoundErrorListsWhereItLookedAndTheOptionToAdd() throws IOException {
        Path urdf = ws.resolve("lonely/r.urdf");
        Files.createDirectories(urdf.getParent());
        Files.writeString(urdf, ResourceResolverTest.robot(PKG_REF));
        MeshNotFoundException e = assertThrows(
                MeshNotFoundException.class,
                () -> UrdfParser.create()
                        .withPackageRoots(List.of(ws.resolve("root1")))
                        .parse(urdf));
        String m = e.getMessage();
        assertTrue(m.contains(urdf.toUri().toString()), m); // the file
        assertTrue(m.contains(ws.resolve("root1").toUri().toString()), m); // the root searched
        assertTrue(m.contains("package.xml or folder name in " + urdf.getParent()), m); // the discovery searched
        assertTrue(m.contains("--package-path DIR"), m); // what to do
        assertEquals(PKG_REF, e.filename());
    }

    /** A local listener that counts connections; none may arrive. */
    private static void assertNoConnection(ServerSocket server) throws IOException {
        server.setSoTimeout(300);
        try (Socket s = server.accept()) {
            throw new AssertionError("the loader connected to " + s.getLocalSocketAddress());
        } catch (SocketTimeoutException expected) {
            // nothing connected
        }
    }

    @Test
    void httpAndFtpMeshUrlsAreRefusedWithoutAnyConnection() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            String host = "127.0.0.1:" + server.getLocalPort();
            for (String[] c : new String[][] {
                {"http://" + host + "/m.stl", "collision"}, {"https://" + host + "/m.stl", "collision"},
                {"ftp://" + host + "/m.stl", "collision"}, {"ftp://" + host + "/v.dae", "visual"},
                {"HTTP://" + host + "/m.obj", "visual"}, {"gopher://" + host + "/m.stl", "collision"}
            }) {
                Path urdf = ws.resolve("net-" + Math.abs(c[0].hashCode()) + ".urdf");
                Files.writeString(
                        urdf,
                        "<robot name=\"r\">\n<link name=\"a\">\n<" + c[1] + "><geometry>\n<mesh filename=\"" + c[0]
                                + "\"/></geometry></" + c[1] + ">\n</link>\n</robot>\n");
                UrdfException e = assertTimeoutPreemptively(
                        Duration.ofSeconds(1),
                        () -> assertThrows(
                                UrdfException.class, () -> UrdfParser.create().parse(urdf)));
                String m = e.getMessage();
                assertTrue(m.startsWith(urdf.toUri() + ":4:"), m); // file and line
                assertTrue(m.contains("/ filename") && m.contains(c[0]), m); // attribute and value
                assertTrue(m.contains("refused"), m);
            }
            // the URDF itself and an SRDF at a network URL are refused too
            URI remote = URI.create("http://" + host + "/r.urdf");
            IllegalArgumentException u = assertThrows(
                    IllegalArgumentException.class, () -> UrdfParser.create().parse(remote));
            assertTrue(u.getMessage().contains("URDF 'http://"), u.getMessage());
            assertTrue(!ResourceResolver.exists(remote));
            assertTrue(!ResourceResolver.isLocal(URI.create("jar:http://" + host + "/x.jar!/r.urdf")));
            assertNoConnection(server);
        }
    }
}
