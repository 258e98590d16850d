package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.ExitCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        for (double q1 : new double[] {-1, -0.26, 0.26, 0.8, 1}) { // 2*q1 outside [-0.5, 0.5]
            assertFalse(c.withinLimits(new double[] {q1}), "j1 = " + q1 + " puts j2 at " + 2 * q1);
            assertFalse(c.isValid(new double[] {q1}), "j1 = " + q1);
        }
        for (double q1 : new double[] {-0.25, 0, 0.1, 0.25}) {
            assertTrue(c.withinLimits(new double[] {q1}), "j1 = " + q1);
            assertTrue(c.isValid(new double[] {q1}), "j1 = " + q1 + " in an empty scene");
        }
    }

    /**
     * A certificate of a motion inside the limits, edited so that the mimic leaves its own (j1 0.2 -> 0.4 puts j2 at
     * 0.8 > 0.5) with the trajectory hash recomputed as anyone can: verify said VALID, as no plane looks at limits.
     */
    @Test
    void verifyRefusesACertificateWhoseMotionLeavesAMimicsLimits() throws IOException {
        Path urdf = urdf();
        Path traj = Files.writeString(
                dir.resolve("t.json"),
                "{\"joint_names\":[\"j1\"],\"points\":["
                        + "{\"positions\":[0],\"time_from_start\":0},{\"positions\":[0.2],\"time_from_start\":1}]}");
        Path cert = dir.resolve("c.json");
        Object[] made = MainTest.cli(
                "certify",
                "--urdf",
                urdf.toString(),
                "--scene",
                "none",
                "--trajectory",
                traj.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                dir.resolve("r.html").toString(),
                "-q");
        assertEquals(ExitCode.FREE.status(), made[0], made[1] + "" + made[2]);
        Object[] honest =
                MainTest.cli("verify", "--urdf", urdf.toString(), "--scene", "none", "--certificate", cert.toString());
        assertEquals(ExitCode.FREE.status(), honest[0], honest[1] + "" + honest[2]);

        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode doc =
                (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(cert.toFile());
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.get("waypoints").get(1)).set(0, 0.4);
        double[][] waypoints = m.treeToValue(doc.get("waypoints"), double[][].class);
        double[] times = m.treeToValue(doc.get("times"), double[].class);
        doc.put(
                "trajectoryHash",
                io.collide4j.checker.certificate.TrajectoryCertifier.trajectoryHash(waypoints, times));
        Path edited = dir.resolve("edited.json");
        m.writeValue(edited.toFile(), doc);
        Object[] r = MainTest.cli(
                "verify", "--urdf", urdf.toString(), "--scene", "none", "--certificate", edited.toString());
        String err = (String) r[2];
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], r[1] + err);
        assertTrue(err.contains("joint j2 reaches 0.8") && err.contains("outside [-0.5, 0.5]"), err);
        Object[] recompute = MainTest.cli(
                "verify",
                "--urdf",
                urdf.toString(),
                "--scene",
                "none",
                "--verifier",
                "recompute",
                "--certificate",
                edited.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), recompute[0], recompute[1] + "" + recompute[2]);

        // the Java API (which view uses) refuses it too: its recompute verifier rebuilds the segments, which check
        // limits
        Collide4j c = Collide4j.builder().urdf(urdf).scene(Scene.empty()).build();
        assertTrue(c.trajectoryCertifier().verify(Files.readString(cert)).valid(), "the honest certificate");
        io.collide4j.checker.certificate.CertificateVerifier.Report api =
                c.trajectoryCertifier().verify(Files.readString(edited));
        assertFalse(api.valid(), "the edited certificate verified through the library");
        assertTrue(
                api.problems().stream()
                        .anyMatch(p -> p.contains("joint j2 reaches 0.8") && p.contains("outside [-0.5, 0.5]")),
                api.problems().toString());
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
