package io.collide4j.checker.srdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@code srdf} on MoveIt's dual-arm Panda (tests/data/xacro, moveit_resources, BSD): two Pandas with hands, 22 links
 * with geometry, 231 pairs. The arms' first joints are 3 m apart (world joints at y = ±1.5) and each arm, hand and
 * fingers included, stays within about 1.2 m of its first joint (the URDF's joint offsets after it sum to 1.13 m
 * with the fingers' 0.04 m travel; the meshes add a few centimetres), so no link of one arm can touch a link of the
 * other: every such pair must be Never, i.e. proven, except the two bases, which are Adjacent (both on the world
 * link). Before the anchored-reach proof the 56 cross pairs between the arms' outer links ran out of the proof's
 * 1,000,000 boxes each and stayed checked (54 s of CPU for this robot, against 3.6 s now).
 */
class SrdfTwoArmsTest {
    static final Path XACRO =
            Path.of(System.getProperty("collide4j.testdata", "../tests/data")).resolve("xacro");

    @Test
    void everyPairAcrossArmsMountedApartIsProven() {
        RobotDescription robot = UrdfParser.create()
                .withPackageRoots(List.of(XACRO.resolve("descriptions/moveit_resources")))
                .parse(XACRO.resolve("expected/moveit_dual_arm_panda.urdf"));
        SrdfGenerator.Result r = SrdfGenerator.generate(
                robot, SrdfGenerator.Parameters.defaults().withSamples(1_000));
        Map<String, String> reasons = new TreeMap<>();
        r.disabled()
                .forEach(
                        p -> reasons.put(p.link1() + " " + p.link2(), p.reason().srdfName()));
        int cross = 0;
        for (String left : links("left")) {
            for (String right : links("right")) {
                String expected = left.endsWith("link0") && right.endsWith("link0") ? "Adjacent" : "Never";
                assertEquals(expected, reasons.get(left + " " + right), left + "/" + right);
                cross++;
            }
        }
        assertEquals(121, cross);
        assertTrue(r.sampledOnly().isEmpty(), "apart in every sample, not proven: " + r.sampledOnly());
    }

    private static List<String> links(String side) {
        return List.of(
                        "link0",
                        "link1",
                        "link2",
                        "link3",
                        "link4",
                        "link5",
                        "link6",
                        "link7",
                        "hand",
                        "leftfinger",
                        "rightfinger")
                .stream()
                .map(l -> side + "_panda_" + l)
                .toList();
    }
}
