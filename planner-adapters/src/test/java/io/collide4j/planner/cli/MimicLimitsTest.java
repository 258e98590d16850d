package io.collide4j.planner.cli;

import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.Collide4j;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mimic joint has limits of its own, which its leader's range does not imply: j2 = 2·j1 with j1 in [−1, 1] and j2
 * in [−0.5, 0.5] leaves j2's limits for |j1| > 0.25. Such configurations were VALID (only the group's own variables
 * were compared with their limits).
 */
class MimicLimitsTest {
    @TempDir
    Path dir;

    private Path urdf() throws IOException {
        Path p = dir.resolve("mimic.urdf");
        Files.writeString(p, """
                <robot name="r">
                 <link name="base"/>
                 <link name="l1"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
                 <link name="l2"><collision><origin xyz="0.2 0 0"/><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
                 <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><origin xyz="0 0 1.5"/><axis xyz="0 0 1"/>
                  <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
                 <joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0 0 0.3"/><axis xyz="0 0 1"/>
                  <limit lower="-0.5" upper="0.5" effort="1" velocity="1"/><mimic joint="j1" multiplier="2"/></joint>
                </robot>
                """, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void aConfigurationDrivingAMimicPastItsOwnLimitsIsNotWithinLimits() throws IOException {
        Collide4j c = Collide4j.builder().urdf(urdf()).scene(Scene.empty()).build();
        assertEquals(1, c.variableNames().size(), "j2 is no variable: " + c.variableNames());
        for (double q1 : new double[] {-1, -0.26, 0.26, 0.8, 1}) {   // 2*q1 outside [-0.5, 0.5]
            assertFalse(c.withinLimits(new double[] {q1}), "j1 = " + q1 + " puts j2 at " + 2 * q1);
            assertFalse(c.isValid(new double[] {q1}), "j1 = " + q1);
        }
        for (double q1 : new double[] {-0.25, 0, 0.1, 0.25}) {
            assertTrue(c.withinLimits(new double[] {q1}), "j1 = " + q1);
            assertTrue(c.isValid(new double[] {q1}), "j1 = " + q1 + " in an empty scene");
        }
    }

    @Test
    void theCheckCommandReportsLimitsForIt() throws IOException {
        Object[] r = MainTest.cli("check", "--urdf", urdf().toString(), "--scene", "none", "--q", "0.8;0.1");
        String out = (String) r[1];
        assertEquals(1, r[0], out + r[2]);
        assertTrue(out.lines().anyMatch(l -> l.trim().startsWith("0  LIMITS")), out);
        assertTrue(out.lines().anyMatch(l -> l.trim().startsWith("1  VALID")), out);
    }
}
