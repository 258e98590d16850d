package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ModelLimits}: lengths up to 1e6 m and angles up to 1e3 rad are read; one step past either is refused naming
 * the line, the element and the attribute. And mimic cycles are refused naming the cycle.
 */
class UrdfRangeTest {
    @TempDir
    Path dir;

    /** One link whose collision element is {@code collision}, on line 2, below a joint whose origin is on line 3. */
    private RobotDescription parse(String collision, String jointOrigin, String jointTypeAndLimit) throws IOException {
        Path p = dir.resolve("r.urdf");
        Files.writeString(
                p,
                "<robot name=\"r\">\n"
                        + "<link name=\"base\"><collision>" + collision + "</collision></link><link name=\"tip\"/>\n"
                        + "<joint name=\"j1\" " + jointTypeAndLimit + "><parent link=\"base\"/><child link=\"tip\"/>"
                        + "<origin " + jointOrigin + "/><axis xyz=\"0 0 1\"/></joint>\n"
                        + "</robot>\n",
                StandardCharsets.UTF_8);
        return UrdfParser.create().parse(p);
    }

    private static final String BOX = "<geometry><box size=\"0.1 0.1 0.1\"/></geometry>";
    private static final String REVOLUTE =
            "type=\"revolute\"><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/";

    private UrdfException refused(String collision, String jointOrigin, String joint) {
        return assertThrows(UrdfException.class, () -> parse(collision, jointOrigin, joint));
    }

    @Test
    void lengthsAndAnglesAtTheLimitAreRead() throws IOException {
        RobotDescription d = parse(
                "<origin xyz=\"1e6 -1e6 1e6\" rpy=\"1e3 -1e3 1000\"/>"
                        + "<geometry><box size=\"1e6 1e6 1e6\"/></geometry>",
                "xyz=\"-1e6 0 0\"",
                REVOLUTE);
        Pose o = d.link("base").orElseThrow().collisions().get(0).origin();
        assertEquals(1e6, o.x());
        assertTrue(o.rotationError() < 1e-12, "a 1e3 rad angle is known to u*3e3: " + o.rotationError());
    }

    @Test
    void oneStepPastTheLimitIsRefusedNamingLineElementAndAttribute() {
        double pastLength = Math.nextUp(ModelLimits.MAX_LENGTH);
        double pastAngle = Math.nextUp(ModelLimits.MAX_ANGLE);
        record Case(String collision, String jointOrigin, String joint, int line, String element, String attribute) {}
        for (Case c : new Case[] {
            new Case(
                    "<geometry><box size=\"0.1 " + pastLength + " 0.1\"/></geometry>",
                    "",
                    REVOLUTE,
                    2,
                    "link 'base' / collision[0] / geometry / box",
                    "size"),
            new Case(
                    "<geometry><sphere radius=\"" + pastLength + "\"/></geometry>",
                    "",
                    REVOLUTE,
                    2,
                    "link 'base' / collision[0] / geometry / sphere",
                    "radius"),
            new Case(
                    "<geometry><cylinder radius=\"1\" length=\"1e308\"/></geometry>",
                    "",
                    REVOLUTE,
                    2,
                    "link 'base' / collision[0] / geometry / cylinder",
                    "length"),
            new Case(
                    "<origin xyz=\"0 0 -" + pastLength + "\"/>" + BOX,
                    "",
                    REVOLUTE,
                    2,
                    "link 'base' / collision[0] / origin",
                    "xyz"),
            new Case(
                    "<origin rpy=\"0 " + pastAngle + " 0\"/>" + BOX,
                    "",
                    REVOLUTE,
                    2,
                    "link 'base' / collision[0] / origin",
                    "rpy"),
            new Case(BOX, "rpy=\"0 0 -1e308\"", REVOLUTE, 3, "joint 'j1' / origin", "rpy"),
            new Case(BOX, "xyz=\"1e308 0 0\"", REVOLUTE, 3, "joint 'j1' / origin", "xyz"),
            new Case(
                    BOX,
                    "",
                    "type=\"prismatic\"><limit lower=\"0\" upper=\"1e300\" effort=\"1\" velocity=\"1\"/",
                    3,
                    "joint 'j1' / limit",
                    "upper")
        }) {
            UrdfException e = refused(c.collision(), c.jointOrigin(), c.joint());
            assertEquals(c.element(), e.element(), e.getMessage());
            assertTrue(e.getMessage().contains("r.urdf:" + c.line() + ":"), e.getMessage());
            assertTrue(e.getMessage().contains("attribute " + c.attribute() + "=\""), e.getMessage());
            assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        }
    }

    @Test
    void aMeshScaledPastTheLimitIsRefusedNamingTheMeshAndScale() throws IOException {
        Files.writeString(dir.resolve("tri.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", StandardCharsets.UTF_8);
        UrdfException e = refused("<geometry><mesh filename=\"tri.obj\" scale=\"2e6 1 1\"/></geometry>", "", REVOLUTE);
        assertTrue(e.getMessage().contains("scale"), e.getMessage()); // the factor itself is past the length limit
        Files.writeString(dir.resolve("far.obj"), "v 0 0 0\nv 600000 0 0\nv 0 1 0\nf 1 2 3\n", StandardCharsets.UTF_8);
        UrdfException far = refused("<geometry><mesh filename=\"far.obj\" scale=\"2 1 1\"/></geometry>", "", REVOLUTE);
        assertTrue(
                far.getMessage().contains("'far.obj'") && far.getMessage().contains("1200000.0 m"), far.getMessage());
    }

    @Test
    void mimicCyclesAreRefusedNamingTheCycle() throws IOException {
        Path p = dir.resolve("cycle.urdf");
        Files.writeString(
                p,
                "<robot name=\"r\">\n<link name=\"a\"/><link name=\"b\"/><link name=\"c\"/><link name=\"d\"/>\n"
                        + "<joint name=\"j1\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/>"
                        + "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/><mimic joint=\"j3\"/></joint>\n"
                        + "<joint name=\"j2\" type=\"revolute\"><parent link=\"b\"/><child link=\"c\"/>"
                        + "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/><mimic joint=\"j1\"/></joint>\n"
                        + "<joint name=\"j3\" type=\"revolute\"><parent link=\"c\"/><child link=\"d\"/>"
                        + "<limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/><mimic joint=\"j2\"/></joint>\n"
                        + "</robot>\n",
                StandardCharsets.UTF_8);
        UrdfException e =
                assertThrows(UrdfException.class, () -> UrdfParser.create().parse(p));
        assertTrue(e.getMessage().contains("cycle.urdf:3:"), e.getMessage());
        assertTrue(e.getMessage().contains("mimic cycle j1 -> j3 -> j2 -> j1"), e.getMessage());
        // a chain that ends at a joint mimicking nothing is fine
        Files.writeString(p, Files.readString(p).replace("<mimic joint=\"j3\"/>", ""), StandardCharsets.UTF_8);
        assertEquals(3, UrdfParser.create().parse(p).joints().size());
    }
}
