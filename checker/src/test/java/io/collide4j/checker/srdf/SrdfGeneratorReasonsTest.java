package io.collide4j.checker.srdf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Each reason on a robot built so that the answer is known by construction: a slides along x over [0.1, 5] (m)
 * inside a's long bar (which starts at x = 0.2), so a–c touch for x ≥ 0.15 (99 % of the range, not at the
 * default x = 0.1): Always; e is a thin rod through every other link at every x: Default; d sits 5 m behind a
 * and b 1 m to the side: Never against c; the joints make a–b, b–c, b–e and a–d Adjacent.
 */
class SrdfGeneratorReasonsTest {
    static final String URDF = """
            <robot name="slider">
              <link name="a">
                <collision><origin xyz="5.2 0 0"/><geometry><box size="10 0.04 0.04"/></geometry></collision>
              </link>
              <link name="b">
                <collision><origin xyz="0 1 0"/><geometry><sphere radius="0.01"/></geometry></collision>
              </link>
              <link name="c"><collision><geometry><sphere radius="0.05"/></geometry></collision></link>
              <link name="d"><collision><geometry><sphere radius="0.1"/></geometry></collision></link>
              <link name="e"><collision><geometry><box size="20 0.02 0.02"/></geometry></collision></link>
              <joint name="slide" type="prismatic"><parent link="a"/><child link="b"/><axis xyz="1 0 0"/>
                <limit lower="0.1" upper="5" velocity="1" effort="1"/></joint>
              <joint name="bc" type="fixed"><parent link="b"/><child link="c"/></joint>
              <joint name="be" type="fixed"><parent link="b"/><child link="e"/></joint>
              <joint name="ad" type="fixed"><parent link="a"/><child link="d"/><origin xyz="-5 0 0"/></joint>
            </robot>
            """;

    @Test
    void everyReasonOnARobotWithKnownAnswers() {
        RobotDescription r = UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(URDF.getBytes(StandardCharsets.UTF_8)),
                        URI.create("file:///mem/slider.urdf"));
        SrdfGenerator.Result res = SrdfGenerator.generate(
                r, SrdfGenerator.Parameters.defaults().withSamples(1000).withSeed(7));
        Map<String, String> got = new TreeMap<>();
        res.disabled()
                .forEach(p -> got.put(p.link1() + "-" + p.link2(), p.reason().srdfName()));
        Map<String, String> expected = new TreeMap<>(Map.of(
                "a-b",
                "Adjacent",
                "b-c",
                "Adjacent",
                "b-e",
                "Adjacent",
                "a-d",
                "Adjacent",
                "a-c",
                "Always",
                "a-e",
                "Default",
                "c-e",
                "Default",
                "d-e",
                "Default",
                "b-d",
                "Never",
                "c-d",
                "Never"));
        assertEquals(expected, got);
        assertEquals(
                List.of("a e", "c e", "d e"),
                res.defaultCollisions().stream().sorted().toList());
        assertEquals(Map.of(), res.checkedPairCollisions());
    }
}
