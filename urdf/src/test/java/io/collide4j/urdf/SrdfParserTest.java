package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SrdfParserTest {
    static final Path DATA = UrdfRealDataTest.DATA;

    @Test
    void exampleRobotDataPanda() {
        RobotDescription robot = UrdfRealDataTest.parser()
                .parse(DATA.resolve("example-robot-data/robots/panda_description/urdf/panda.urdf"));
        SemanticDescription s =
                SrdfParser.parse(DATA.resolve("example-robot-data/robots/panda_description/srdf/panda.srdf"), robot);
        assertEquals("panda", s.robotName());
        assertEquals(
                List.of("arm", "hand", "arm_and_hand"),
                s.groups().stream().map(SemanticDescription.Group::name).toList());
        assertEquals(7, s.groups().get(0).joints().size());
        assertEquals(List.of("arm", "hand"), s.groups().get(2).subgroups());
        assertEquals(35, s.disabledCollisions().size()); // grep -c disable_collisions
        assertEquals(
                new SemanticDescription.DisabledCollision("panda_hand", "panda_leftfinger", "Adjacent"),
                s.disabledCollisions().get(0));
        SemanticDescription.GroupState d = s.groupStates().get(0);
        assertEquals("default", d.name());
        assertEquals(-2.35619, d.values().get("panda_joint4"));
        assertEquals(8, d.values().size());
        assertEquals(
                new SemanticDescription.EndEffector("end_effector", "panda_hand_tcp", "arm", null),
                s.endEffectors().get(0));
    }

    @Test
    void vampPandaWithChainsAndVirtualJoint() {
        RobotDescription robot =
                UrdfParser.create().withVisualMeshes(false).parse(DATA.resolve("vamp/resources/panda/panda.urdf"));
        SemanticDescription s = SrdfParser.parse(DATA.resolve("vamp/resources/panda/panda.srdf"), robot);
        SemanticDescription.Group arm = s.groups().stream()
                .filter(g -> g.name().equals("panda_arm"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(new SemanticDescription.Chain("panda_link0", "panda_link8")), arm.chains());
        assertEquals(34, s.disabledCollisions().size());
        SemanticDescription.GroupState ready = s.groupStates().stream()
                .filter(g -> g.name().equals("ready"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of(0.0, -0.785, 0.0, -2.356, 0.0, 1.571, 0.785),
                List.copyOf(ready.values().values()));
        assertEquals(
                new SemanticDescription.EndEffector("hand", "panda_link8", "hand", "panda_arm"),
                s.endEffectors().get(0));
    }

    @Test
    void ur5PairsOnly() {
        RobotDescription robot = UrdfRealDataTest.parser()
                .parse(DATA.resolve("example-robot-data/robots/ur_description/urdf/ur5_robot.urdf"));
        SemanticDescription s =
                SrdfParser.parse(DATA.resolve("example-robot-data/robots/ur_description/srdf/ur5.srdf"), robot);
        assertEquals(10, s.disabledCollisions().size());
        assertTrue(s.groups().isEmpty());
    }

    @Test
    void everyUnknownNameIsReportedWithItsLine() {
        RobotDescription robot = UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(
                                ("<robot name=\"r\"><link name=\"a\"/><link name=\"b\"/><link name=\"c\"/>"
                                                + "<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/></joint>"
                                                + "<joint name=\"k\" type=\"continuous\"><parent link=\"a\"/><child link=\"c\"/></joint></robot>")
                                        .getBytes(StandardCharsets.UTF_8)),
                        Path.of("r.urdf").toUri());
        String srdf = "<robot name=\"r\">\n" // 1
                + "<group name=\"g\"><joint name=\"j\"/>\n" // 2
                + "<joint name=\"ghost\"/>\n" // 3
                + "<link name=\"nolink\"/>\n" // 4
                + "<chain base_link=\"b\" tip_link=\"c\"/>\n" // 5 (c is not below b)
                + "<group name=\"missing\"/></group>\n" // 6
                + "<disable_collisions link1=\"a\" link2=\"zz\" reason=\"Never\"/>\n" // 7
                + "<group_state name=\"s\" group=\"nogroup\"><joint name=\"j\" value=\"NaN\"/></group_state>\n" // 8
                + "<end_effector name=\"e\" parent_link=\"b\" group=\"g\" parent_group=\"pg\"/>\n" // 9
                + "<disable_collisions link1=\"a\"/>\n" // 10
                + "</robot>\n";
        SrdfException e = assertThrows(
                SrdfException.class,
                () -> SrdfParser.parse(
                        new ByteArrayInputStream(srdf.getBytes(StandardCharsets.UTF_8)), "r.srdf", robot));
        List<Integer> lines =
                e.problems().stream().map(SrdfException.Problem::line).toList();
        assertEquals(List.of(3, 4, 5, 6, 7, 8, 8, 9, 10), lines, e.getMessage());
        String m = e.getMessage();
        for (String f : new String[] {
            "unknown joint 'ghost'",
            "unknown link 'nolink'",
            "tip_link 'c' is not below base_link 'b'",
            "unknown group 'missing'",
            "unknown link 'zz'",
            "unknown group 'nogroup'",
            "expected one finite number",
            "unknown parent_group 'pg'",
            "missing required attribute 'link2'"
        }) {
            assertTrue(m.contains(f), f + " not in " + m);
        }
        assertTrue(m.startsWith("r.srdf:3: 9 problem(s)"), m);
    }
}
