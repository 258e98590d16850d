package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Drake's collision filter groups become disabled link pairs, as Drake's own semantics define them. */
class DrakeCollisionFiltersTest {
    static RobotDescription parse(String filters) {
        StringBuilder sb = new StringBuilder("<robot name=\"r\" xmlns:drake=\"http://drake.mit.edu\">\n");
        for (int i = 0; i < 5; i++) {
            sb.append("<link name=\"l").append(i).append("\"/>\n");
        }
        for (int i = 1; i < 5; i++) {
            sb.append("<joint name=\"j")
                    .append(i)
                    .append("\" type=\"fixed\"><parent link=\"l")
                    .append(i - 1)
                    .append("\"/><child link=\"l")
                    .append(i)
                    .append("\"/></joint>\n");
        }
        sb.append(filters).append("</robot>\n");
        return UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(sb.toString().getBytes(StandardCharsets.UTF_8)),
                        URI.create("file:///mem/r.urdf"));
    }

    static Set<String> pairs(RobotDescription r) {
        Set<String> out = new TreeSet<>();
        for (SemanticDescription.DisabledCollision d : r.collisionFilters()) {
            assertEquals("Drake", d.reason());
            out.add(d.link1().compareTo(d.link2()) < 0 ? d.link1() + "-" + d.link2() : d.link2() + "-" + d.link1());
        }
        return out;
    }

    @Test
    void selfIgnoringGroupDisablesAllItsPairsAndCrossGroupsDisableTheProduct() {
        RobotDescription r = parse("""
                <drake:collision_filter_group name="wrist">
                  <drake:member link="l2"/><drake:member link="l3"/><drake:member link="l4"/>
                  <drake:ignored_collision_filter_group name="wrist"/>
                </drake:collision_filter_group>
                <drake:collision_filter_group name="base">
                  <drake:member link="l0"/>
                  <drake:ignored_collision_filter_group name="tool"/>
                </drake:collision_filter_group>
                <drake:collision_filter_group name="tool">
                  <drake:member_group name="wrist"/><drake:member link="l1"/>
                </drake:collision_filter_group>
                <drake:collision_filter_group name="off" ignore="true">
                  <drake:member link="l0"/><drake:member link="l4"/>
                  <drake:ignored_collision_filter_group name="off"/>
                </drake:collision_filter_group>
                """);
        // wrist×wrist: 3 pairs; base×tool: l0 with l1..l4 (4); "off" is ignored
        assertEquals(
                new TreeSet<>(List.of("l2-l3", "l2-l4", "l3-l4", "l0-l1", "l0-l2", "l0-l3", "l0-l4"))
                        .stream().toList(),
                pairs(r).stream().toList());
        assertEquals(List.of(), parse("").collisionFilters());
    }

    @Test
    void unknownLinksAndGroupsAreErrorsWithTheLine() {
        UrdfException e = assertThrows(
                UrdfException.class,
                () -> parse(
                        "<drake:collision_filter_group name=\"g\">\n<drake:member link=\"nope\"/>\n</drake:collision_filter_group>\n"));
        assertTrue(
                e.getMessage().contains(":12:") && e.getMessage().contains("link 'nope' is not defined"),
                e.getMessage());
        UrdfException g = assertThrows(
                UrdfException.class,
                () -> parse("<drake:collision_filter_group name=\"g\"><drake:member link=\"l1\"/>"
                        + "<drake:ignored_collision_filter_group name=\"h\"/></drake:collision_filter_group>\n"));
        assertTrue(g.getMessage().contains("group 'h' is not defined"), g.getMessage());
    }
}
