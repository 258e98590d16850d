package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad URDF input raises its specific exception naming file, element and line. */
class UrdfMalformedTest {
    @TempDir
    Path dir;

    private static final String CUBE_STL = """
            solid cube
            facet normal 0 0 -1
            outer loop
            vertex 0 0 0
            vertex 0 1 0
            vertex 1 1 0
            endloop
            endfacet
            facet normal 0 0 -1
            outer loop
            vertex 0 0 0
            vertex 1 1 0
            vertex 1 0 0
            endloop
            endfacet
            endsolid cube
            """;

    /** A two-link robot whose line 1 is {@code <robot>}; {@code extra} is inserted after line 6. */
    private String robot(String jointAndExtra) {
        return "<robot name=\"r\">\n" // 1
                + "  <link name=\"a\"/>\n" // 2
                + "  <link name=\"b\">\n" // 3
                + "    <collision><geometry><box size=\"1 1 1\"/></geometry></collision>\n" // 4
                + "  </link>\n" // 5
                + jointAndExtra
                + "</robot>\n";
    }

    private static final String GOOD_JOINT = "  <joint name=\"j\" type=\"revolute\">\n"
            + "    <parent link=\"a\"/><child link=\"b\"/>\n"
            + "    <limit lower=\"-1\" upper=\"1\" velocity=\"1\" effort=\"1\"/>\n"
            + "  </joint>\n";

    private Path write(String text) throws IOException {
        Path p = dir.resolve("robot.urdf");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private <T extends DescriptionException> T fails(Class<T> type, String text, int line, String... fragments)
            throws IOException {
        Path p = write(text);
        T e = assertThrows(type, () -> UrdfParser.create().parse(p));
        assertTrue(e.source().endsWith("robot.urdf"), e.source());
        assertEquals(line, e.line(), e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "'" + f + "' not in: " + e.getMessage());
        }
        return e;
    }

    @Test
    void wellFormedBaselineParses() throws IOException {
        RobotDescription r = UrdfParser.create().parse(write(robot(GOOD_JOINT)));
        assertEquals("a", r.rootLink());
        assertEquals(1.0, r.joint("j").orElseThrow().axisX()); // default axis 1 0 0
    }

    @Test
    void badXml() throws IOException {
        fails(XmlSyntaxException.class, "<robot name=\"r\">\n  <link name=\"a\">\n</robot>\n", 3, "malformed XML");
    }

    @Test
    void missingAttributes() throws IOException {
        fails(
                UrdfException.class,
                robot("  <joint type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"),
                6,
                "joint",
                "missing required attribute 'name'");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"fixed\">\n    <parent/><child link=\"b\"/></joint>\n"),
                7,
                "joint 'j' / parent",
                "'link'");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <limit lower=\"0\" upper=\"1\" effort=\"1\"/></joint>\n"),
                7,
                "joint 'j' / limit",
                "'velocity'");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"),
                6,
                "joint 'j'",
                "needs a <limit>");
    }

    @Test
    void nanAndMalformedNumbers() throws IOException {
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <origin xyz=\"0 NaN 0\"/></joint>\n"),
                7,
                "joint 'j' / origin",
                "finite number");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <origin rpy=\"0 0\"/></joint>\n"),
                7,
                "rpy",
                "expected 3 numbers");
        fails(
                UrdfException.class,
                "<robot name=\"r\">\n<link name=\"a\">\n<collision><geometry>\n<box size=\"1 x 1\"/>\n"
                        + "</geometry></collision></link></robot>",
                4,
                "link 'a' / collision[0] / geometry / box",
                "size");
        fails(
                UrdfException.class,
                "<robot name=\"r\">\n<link name=\"a\">\n<collision><geometry>\n<sphere radius=\"-1\"/>\n"
                        + "</geometry></collision></link></robot>",
                4,
                "sphere",
                "positive");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <limit lower=\"1\" upper=\"-1\" velocity=\"1\" effort=\"1\"/></joint>\n"),
                7,
                "above upper");
    }

    @Test
    void unsupportedJointTypesAndZeroAxis() throws IOException {
        fails(
                UrdfException.class,
                robot("  <joint name=\"free\" type=\"floating\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"),
                6,
                "joint 'free'",
                "floating",
                "not supported");
        fails(
                UrdfException.class,
                robot("  <joint name=\"flat\" type=\"planar\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"),
                6,
                "joint 'flat'",
                "planar");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"hinge\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"),
                6,
                "unknown joint type 'hinge'");
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <axis xyz=\"0 0 0\"/></joint>\n"),
                7,
                "joint 'j' / axis",
                "zero");
    }

    @Test
    void axisIsNormalised() throws IOException {
        RobotDescription r = UrdfParser.create()
                .parse(write(robot("  <joint name=\"j\" type=\"continuous\">"
                        + "<parent link=\"a\"/><child link=\"b\"/><axis xyz=\"0 3 4\"/></joint>\n")));
        JointDescription j = r.joint("j").orElseThrow();
        assertEquals(0.6, j.axisY(), 1e-16);
        assertEquals(0.8, j.axisZ(), 1e-16);
        assertEquals(JointLimits.UNBOUNDED, j.limits());
    }

    private KinematicTreeException tree(String text, int line, KinematicTreeException.Problem problem, String element)
            throws IOException {
        KinematicTreeException e = fails(KinematicTreeException.class, text, line, element);
        assertEquals(problem, e.problem());
        assertEquals(element, e.element());
        return e;
    }

    @Test
    void treeViolations() throws IOException {
        tree(
                robot("  <joint name=\"j\" type=\"fixed\"><parent link=\"a\"/><child link=\"ghost\"/></joint>\n"),
                6,
                KinematicTreeException.Problem.UNKNOWN_LINK,
                "joint 'j'");
        tree(
                "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n<link name=\"c\"/>\n"
                        + "<joint name=\"j1\" type=\"fixed\"><parent link=\"a\"/><child link=\"c\"/></joint>\n"
                        + "<joint name=\"j2\" type=\"fixed\"><parent link=\"b\"/><child link=\"c\"/></joint>\n</robot>",
                6,
                KinematicTreeException.Problem.TWO_PARENTS,
                "link 'c'");
        tree(
                "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n<link name=\"c\"/>\n"
                        + "<joint name=\"j1\" type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"
                        + "<joint name=\"j2\" type=\"fixed\"><parent link=\"b\"/><child link=\"c\"/></joint>\n"
                        + "<joint name=\"j3\" type=\"fixed\"><parent link=\"c\"/><child link=\"b\"/></joint>\n</robot>",
                7,
                KinematicTreeException.Problem.TWO_PARENTS,
                "link 'b'");
        tree(
                "<robot name=\"r\">\n<link name=\"root\"/>\n<link name=\"b\"/>\n<link name=\"c\"/>\n"
                        + "<joint name=\"j2\" type=\"fixed\"><parent link=\"b\"/><child link=\"c\"/></joint>\n"
                        + "<joint name=\"j3\" type=\"fixed\"><parent link=\"c\"/><child link=\"b\"/></joint>\n</robot>",
                6,
                KinematicTreeException.Problem.CYCLE,
                "joint 'j3'");
        tree(
                "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n"
                        + "<joint name=\"j1\" type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"
                        + "<joint name=\"j2\" type=\"fixed\"><parent link=\"b\"/><child link=\"a\"/></joint>\n</robot>",
                5,
                KinematicTreeException.Problem.CYCLE,
                "joint 'j2'");
        tree(
                "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n</robot>",
                3,
                KinematicTreeException.Problem.MULTIPLE_ROOTS,
                "link 'b'");
        tree("<robot name=\"r\">\n</robot>", 0, KinematicTreeException.Problem.NO_ROOT, "robot");
        tree(
                "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"a\"/>\n</robot>",
                3,
                KinematicTreeException.Problem.DUPLICATE_NAME,
                "link 'a'");
        tree(robot(GOOD_JOINT + GOOD_JOINT), 10, KinematicTreeException.Problem.DUPLICATE_NAME, "joint 'j'");
    }

    @Test
    void mimicOfUnknownJoint() throws IOException {
        fails(
                UrdfException.class,
                robot("  <joint name=\"j\" type=\"fixed\"><parent link=\"a\"/><child link=\"b\"/>\n"
                        + "    <mimic joint=\"nobody\"/></joint>\n"),
                7,
                "joint 'j' / mimic",
                "unknown joint 'nobody'");
    }

    @Test
    void missingCollisionMeshIsAnErrorMissingVisualMeshIsNot() throws IOException {
        String link = "<robot name=\"r\">\n<link name=\"a\">\n"
                + "<visual><geometry><mesh filename=\"meshes/absent.dae\"/></geometry></visual>\n"
                + "<collision><geometry>\n<mesh filename=\"package://pkg/meshes/absent.stl\"/></geometry></collision>\n"
                + "</link></robot>";
        MeshNotFoundException e =
                fails(MeshNotFoundException.class, link, 5, "link 'a' / collision[0]", "absent.stl", "looked at");
        assertEquals("package://pkg/meshes/absent.stl", e.filename());

        Files.createDirectories(dir.resolve("pkg/meshes"));
        Files.writeString(dir.resolve("pkg/meshes/absent.stl"), CUBE_STL);
        RobotDescription r = UrdfParser.create().parse(write(link));
        Geometry.Mesh visual = (Geometry.Mesh) r.links().get(0).visuals().get(0).geometry();
        assertFalse(visual.mesh().isPresent());
        Geometry.Mesh collision =
                (Geometry.Mesh) r.links().get(0).collisions().get(0).geometry();
        assertEquals(2, collision.mesh().orElseThrow().triangleCount());
    }

    @Test
    void collisionMeshWithoutSurfaceIsRejected() throws IOException {
        Files.writeString(
                dir.resolve("flat.stl"),
                "solid f\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                        + "vertex 2 0 0\nendloop\nendfacet\nendsolid f\n");
        Files.writeString(dir.resolve("empty.obj"), "# nothing\n");
        for (String f : new String[] {"flat.stl", "empty.obj"}) {
            fails(
                    UrdfException.class,
                    "<robot name=\"r\"><link name=\"a\">\n<collision><geometry>\n<mesh filename=\"" + f
                            + "\"/></geometry></collision></link></robot>",
                    3,
                    "link 'a' / collision[0]",
                    "no non-degenerate triangles");
        }
    }

    @Test
    void malformedCollisionMeshNamesTheMeshFile() throws IOException {
        Files.writeString(
                dir.resolve("bad.stl"), CUBE_STL.replace("vertex 1 1 0\nendloop", "vertex 1 oops 0\nendloop"));
        // the URDF element that referenced the mesh first, then the mesh file and its line
        UrdfException e = assertThrows(
                UrdfException.class,
                () -> UrdfParser.create()
                        .parse(write(
                                "<robot name=\"r\"><link name=\"a\"><collision><geometry><mesh filename=\"bad.stl\"/></geometry>"
                                        + "</collision></link></robot>")));
        assertTrue(e.getMessage().contains("link 'a'") && e.getMessage().contains("bad.stl:6:"), e.getMessage());
    }

    @Test
    void meshScaleIsAppliedAndMirroringKeepsOrientation() throws IOException {
        Files.writeString(dir.resolve("tri.stl"), CUBE_STL);
        RobotDescription r = UrdfParser.create()
                .parse(write("<robot name=\"r\"><link name=\"a\">"
                        + "<collision><geometry><mesh filename=\"tri.stl\" scale=\"2 -3 0.5\"/></geometry></collision>"
                        + "</link></robot>"));
        TriangleMesh m = ((Geometry.Mesh) r.links().get(0).collisions().get(0).geometry())
                .mesh()
                .orElseThrow();
        assertEquals(
                java.util.List.of(0.0, -3.0, 0.0, 2.0, 0.0, 0.0),
                java.util.Arrays.stream(m.bounds()).boxed().toList());
        // first triangle (0,0,0) (0,1,0) (1,1,0) had normal -z; mirrored in y it must still point to -z
        double[] n = normal(m, 0);
        assertTrue(n[2] < 0, java.util.Arrays.toString(n));
    }

    static double[] normal(TriangleMesh m, int t) {
        int a = m.index(t, 0);
        int b = m.index(t, 1);
        int c = m.index(t, 2);
        double[] u = new double[3];
        double[] w = new double[3];
        for (int k = 0; k < 3; k++) {
            u[k] = m.vertex(b, k) - m.vertex(a, k);
            w[k] = m.vertex(c, k) - m.vertex(a, k);
        }
        return new double[] {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    }
}
