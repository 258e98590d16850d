package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.models.Models;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Robots as files: {@code srdf} (deterministic, parseable, MoveIt's reasons), the no-SRDF and self-collision
 * warnings, {@code info}'s convexity report, and {@code --decompose} on every checking command.
 */
class RobotFilesCommandsTest {
    static final Path PANDA = Path.of("../models/src/main/resources/io/collide4j/models/panda/panda.urdf");

    static final Path UR5 = Path.of("../tests/data/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf");

    @TempDir
    Path dir;

    @Test
    void srdfIsByteIdenticalForOneSeedAndParsesAgainstTheRobot() throws Exception {
        Path a = dir.resolve("a.srdf"), b = dir.resolve("b.srdf"), c = dir.resolve("c.srdf");
        Object[] r = cli("srdf", "--urdf", PANDA.toString(), "--out", a.toString(), "--samples", "300", "--seed", "5");
        assertEquals(ExitCode.FREE, r[0], (String) r[2]);
        assertTrue(((String) r[1]).contains("link pairs disabled"), (String) r[1]);
        assertTrue(((String) r[1]).matches("(?s).*Never: \\d+ pairs proven apart everywhere in their joint ranges; \\d+ apart in"
                + " every sample but not proven \\(still checked.*"), (String) r[1]);
        assertEquals(ExitCode.FREE, cli("srdf", "--urdf", PANDA.toString(), "--out", b.toString(), "--samples", "300",
                "--seed", "5")[0]);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        SemanticDescription s = SrdfParser.parse(a, UrdfParser.create().parse(PANDA));
        // the Panda's 7 revolute joints plus the hand: each link with its geometric neighbour is Adjacent
        assertEquals(10, s.disabledCollisions().stream().filter(d -> d.reason().equals("Adjacent")).count());
        assertTrue(s.disabledCollisions().stream().allMatch(d -> List.of("Adjacent", "Default", "Always", "Never")
                .contains(d.reason())), s.toString());
        // another seed may differ only in sampled reasons: the Adjacent pairs are the same
        assertEquals(ExitCode.FREE, cli("srdf", "--urdf", PANDA.toString(), "--out", c.toString(), "--samples", "300",
                "--seed", "6")[0]);
        assertEquals(s.disabledCollisions().stream().filter(d -> d.reason().equals("Adjacent")).toList(),
                SrdfParser.parse(c, UrdfParser.create().parse(PANDA)).disabledCollisions().stream()
                        .filter(d -> d.reason().equals("Adjacent")).toList());
        assertEquals(ExitCode.USAGE, cli("srdf", "--urdf", PANDA.toString())[0], "--out is required");
        assertEquals(ExitCode.USAGE, cli("srdf", "--urdf", PANDA.toString(), "--out", a.toString(), "--samples", "0")[0]);
    }

    @Test
    void aUrdfWithoutSrdfWarnsOnceAndNamesTheSelfCollidingPairs() throws Exception {
        // the Panda at joint 6 = 0 (its zero configuration) folds the hand onto link 5
        Object[] r = cli("check", "--urdf", PANDA.toString(), "--q", "0,0,0,-1.5,0,1.5,0.8", "--scene", "none");
        String err = (String) r[2];
        assertEquals(1, err.lines().filter(l -> l.startsWith("warning: robot 'panda' has no SRDF")).count(), err);
        assertTrue(err.contains("collide4j srdf --urdf"), err);
        String self = err.lines().filter(l -> l.contains("collides with itself")).findFirst().orElseThrow(() ->
                new AssertionError(err));
        assertTrue(self.contains("panda_link5") && self.contains("panda_hand"), self);
        // with the shipped SRDF there is no "no SRDF" warning
        Path srdf = PANDA.resolveSibling("panda.srdf");
        Object[] withSrdf = cli("check", "--urdf", PANDA.toString(), "--srdf", srdf.toString(), "--group", "panda_arm",
                "--q", "0,-0.785,0,-2.356,0,1.571,0.785", "--scene", "none");
        assertEquals(ExitCode.FREE, withSrdf[0], (String) withSrdf[2]);
        assertTrue(!((String) withSrdf[2]).contains("no SRDF"), (String) withSrdf[2]);
    }

    @Test
    void infoReportsConvexityPerMeshAndDecomposeIsAnOptionOfEveryCheckingCommand() {
        // example-robot-data's UR5: package://example-robot-data/... found by folder name, no option needed
        Object[] r = cli("info", UR5.toString());
        assertEquals(ExitCode.FREE, r[0], (String) r[2]);
        String out = (String) r[1];
        assertTrue(out.lines().anyMatch(l -> l.contains("forearm_link") && l.contains("not convex: one hull adds")), out);
        // the bundled UR5e's collision meshes are closed and convex up to rounding
        String ur5e = (String) cli("info", "ur5e")[1];
        assertTrue(ur5e.lines().filter(l -> l.contains("collision/")).allMatch(l -> l.contains("convex (one hull is exact)")
                || l.contains("nearly convex")), ur5e);
        for (String cmd : List.of("check", "certify", "plan", "serve")) {
            Object[] help = cli(cmd, "--help");
            assertTrue(((String) help[1]).contains("--decompose"), cmd + ": " + help[1]);
        }
        assertTrue(((String) cli("srdf", "--help")[1]).contains("--samples"));
        assertTrue(Models.names().contains("ur5e"));
    }

    @Test
    void decomposeOnABundledRobotUsesItsPrecomputedPiecesAndKeepsVerdicts() {
        String q = "0,-0.785,0,-2.356,0,1.571,0.785";
        Object[] hull = cli("check", "--q", q, "--scene", "table_shelf");
        Object[] dec = cli("check", "--q", q, "--scene", "table_shelf", "--decompose");
        assertEquals(ExitCode.FREE, hull[0], (String) hull[2]);
        assertEquals(ExitCode.FREE, dec[0], (String) dec[2]);
    }

    /** The CLI's default parser reads ROS_PACKAGE_PATH (a child process, so the variable is really set). */
    @Test
    void rosPackagePathFromTheEnvironmentResolvesPackages() throws Exception {
        Path pkg = java.nio.file.Files.createDirectories(dir.resolve("ws/pkgs/my_robot_description/meshes"));
        java.nio.file.Files.writeString(pkg.resolve("cube.stl"), """
                solid c
                facet normal 0 0 1
                outer loop
                vertex 0 0 0
                vertex 1 0 0
                vertex 0 1 0
                endloop
                endfacet
                endsolid c
                """);
        Path urdf = java.nio.file.Files.writeString(dir.resolve("elsewhere.urdf"), "<robot name=\"r\"><link name=\"a\">"
                + "<collision><geometry><mesh filename=\"package://my_robot_description/meshes/cube.stl\"/></geometry>"
                + "</collision></link></robot>");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (boolean set : new boolean[] {false, true}) {
            ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                    "io.collide4j.planner.cli.Main", "info", urdf.toString()).redirectErrorStream(true);
            pb.environment().remove("ROS_PACKAGE_PATH");
            if (set) {
                pb.environment().put("ROS_PACKAGE_PATH", dir.resolve("nothing_here") + java.io.File.pathSeparator
                        + dir.resolve("ws/pkgs"));
            }
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            if (set) {
                assertEquals(ExitCode.FREE, p.exitValue(), out);
                assertTrue(out.contains("mesh package://my_robot_description/meshes/cube.stl: 3 vertices"), out);
            } else {
                assertEquals(ExitCode.DATA_ERROR, p.exitValue(), out);
                assertTrue(out.contains("--package-path DIR"), out);
            }
        }
    }
}
