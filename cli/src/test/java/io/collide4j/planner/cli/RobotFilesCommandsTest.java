package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.models.Models;
import io.collide4j.planner.options.ExitCode;
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
 * warnings, {@code info}'s convexity report, and {@code --decompose} on every checking command. The UR5's checks give
 * {@code --no-decompose}: its concave links would otherwise be decomposed by default (seconds on a cold cache), which
 * these tests are not about (DefaultDecompositionCliTest is).
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
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        assertTrue(((String) r[1]).contains("link pairs disabled"), (String) r[1]);
        assertTrue(
                ((String) r[1])
                        .matches("(?s).*Never: \\d+ pairs proven apart everywhere in their joint ranges; \\d+ apart in"
                                + " every sample but not proven \\(still checked.*"),
                (String) r[1]);
        assertEquals(
                ExitCode.FREE.status(),
                cli("srdf", "--urdf", PANDA.toString(), "--out", b.toString(), "--samples", "300", "--seed", "5")[0]);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        SemanticDescription s = SrdfParser.parse(a, UrdfParser.create().parse(PANDA));
        // the Panda's 7 revolute joints plus the hand: each link with its geometric neighbour is Adjacent
        assertEquals(
                10,
                s.disabledCollisions().stream()
                        .filter(d -> d.reason().equals("Adjacent"))
                        .count());
        assertTrue(
                s.disabledCollisions().stream()
                        .allMatch(d -> List.of("Adjacent", "Default", "Always", "Never")
                                .contains(d.reason())),
                s.toString());
        // another seed may differ only in sampled reasons: the Adjacent pairs are the same
        assertEquals(
                ExitCode.FREE.status(),
                cli("srdf", "--urdf", PANDA.toString(), "--out", c.toString(), "--samples", "300", "--seed", "6")[0]);
        assertEquals(
                s.disabledCollisions().stream()
                        .filter(d -> d.reason().equals("Adjacent"))
                        .toList(),
                SrdfParser.parse(c, UrdfParser.create().parse(PANDA)).disabledCollisions().stream()
                        .filter(d -> d.reason().equals("Adjacent"))
                        .toList());
        assertEquals(ExitCode.USAGE.status(), cli("srdf", "--urdf", PANDA.toString())[0], "--out is required");
        assertEquals(
                ExitCode.USAGE.status(),
                cli("srdf", "--urdf", PANDA.toString(), "--out", a.toString(), "--samples", "0")[0]);
    }

    @Test
    void aUrdfWithoutSrdfWarnsOnceAndNamesTheSelfCollidingPairs() throws Exception {
        // the Panda at joint 6 = 0 (its zero configuration) folds the hand onto link 5
        Object[] r = cli("check", "--urdf", PANDA.toString(), "--q", "0,0,0,-1.5,0,1.5,0.8", "--scene", "none");
        String err = (String) r[2];
        assertEquals(
                1,
                err.lines()
                        .filter(l -> l.startsWith("warning: robot 'panda' has no SRDF"))
                        .count(),
                err);
        assertTrue(err.contains("collide4j srdf --urdf"), err);
        String self = err.lines()
                .filter(l -> l.contains("collides with itself"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(err));
        assertTrue(self.contains("panda_link5") && self.contains("panda_hand"), self);
        // with the shipped SRDF there is no "no SRDF" warning
        Path srdf = PANDA.resolveSibling("panda.srdf");
        Object[] withSrdf = cli(
                "check",
                "--urdf",
                PANDA.toString(),
                "--srdf",
                srdf.toString(),
                "--group",
                "panda_arm",
                "--q",
                "0,-0.785,0,-2.356,0,1.571,0.785",
                "--scene",
                "none");
        assertEquals(ExitCode.FREE.status(), withSrdf[0], (String) withSrdf[2]);
        assertTrue(!((String) withSrdf[2]).contains("no SRDF"), (String) withSrdf[2]);
    }

    @Test
    void infoReportsConvexityPerMeshAndDecomposeIsAnOptionOfEveryCheckingCommand() {
        // example-robot-data's UR5: package://example-robot-data/... found by folder name, no option needed
        Object[] r = cli("info", UR5.toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        String out = (String) r[1];
        assertTrue(
                out.lines()
                        .anyMatch(l -> l.contains("forearm_link")
                                && l.contains("not convex: one hull adds")
                                && l.contains("decomposed by default")),
                out);
        // the wrists' hulls add 7-8 %: below the default's 10 %, so they keep one hull unless --decompose
        assertTrue(
                out.lines().anyMatch(l -> l.contains("wrist_1_link") && l.contains("--decompose covers it tighter")),
                out);
        // the bundled UR5e's collision meshes are closed and convex up to rounding
        String ur5e = (String) cli("info", "ur5e")[1];
        assertTrue(
                ur5e.lines()
                        .filter(l -> l.contains("collision/"))
                        .allMatch(l -> l.contains("convex (one hull is exact)") || l.contains("nearly convex")),
                ur5e);
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
        assertEquals(ExitCode.FREE.status(), hull[0], (String) hull[2]);
        assertEquals(ExitCode.FREE.status(), dec[0], (String) dec[2]);
    }

    /**
     * srdf proposes a chain per tip, so --group works on a robot that came without SRDF: the UR5 arm has six
     * revolute joints (Universal Robots' datasheet), so its chain to tool0 takes six values and refuses seven; a
     * group named on the command line is written as given, and a reversed chain is refused naming the links.
     */
    @Test
    void srdfWritesPlanningGroupsThatGroupAccepts() throws Exception {
        Path srdf = dir.resolve("ur5.srdf");
        Object[] r = cli("srdf", "--urdf", UR5.toString(), "--out", srdf.toString(), "--samples", "200");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        SemanticDescription s = SrdfParser.parse(srdf, UrdfParser.create().parse(UR5));
        assertTrue(
                s.groups().stream().anyMatch(g -> g.name().equals("tool0")),
                s.groups().toString());
        String q6 = "0,-1.57,0,0,0,0";
        Object[] ok = cli(
                "check",
                "--no-decompose",
                "--urdf",
                UR5.toString(),
                "--srdf",
                srdf.toString(),
                "--group",
                "tool0",
                "--q",
                q6,
                "--scene",
                "none");
        assertEquals(ExitCode.FREE.status(), ok[0], (String) ok[1] + ok[2]);
        assertEquals(
                ExitCode.USAGE.status(),
                cli(
                        "check",
                        "--no-decompose",
                        "--urdf",
                        UR5.toString(),
                        "--srdf",
                        srdf.toString(),
                        "--group",
                        "tool0",
                        "--q",
                        q6 + ",0",
                        "--scene",
                        "none")[0]);
        Object[] named = cli(
                "srdf",
                "--urdf",
                UR5.toString(),
                "--out",
                srdf.toString(),
                "--samples",
                "200",
                "--group",
                "arm=base_link:tool0");
        assertEquals(ExitCode.FREE.status(), named[0], (String) named[2]);
        assertEquals(
                List.of("arm"),
                SrdfParser.parse(srdf, UrdfParser.create().parse(UR5)).groups().stream()
                        .map(SemanticDescription.Group::name)
                        .toList());
        Object[] reversed =
                cli("srdf", "--urdf", UR5.toString(), "--out", srdf.toString(), "--group", "arm=tool0:base_link");
        assertEquals(ExitCode.USAGE.status(), reversed[0]);
        assertTrue(((String) reversed[2]).contains("'base_link' is not below 'tool0'"), (String) reversed[2]);
        Object[] unknown =
                cli("srdf", "--urdf", UR5.toString(), "--out", srdf.toString(), "--group", "arm=base_link:tool");
        assertEquals(ExitCode.USAGE.status(), unknown[0]);
        assertTrue(((String) unknown[2]).contains("no link 'tool'") && ((String) unknown[2]).contains("tool0"), (String)
                unknown[2]);
    }

    /** --allow A,B leaves that pair unchecked (the closest pair at q is no longer reported); names are checked. */
    @Test
    void allowLeavesAPairUncheckedAndNamesAreChecked() {
        String q = "0,-1.57,0,0,0,0";
        Object[] before = cli("check", "--no-decompose", "--urdf", UR5.toString(), "--q", q, "--scene", "none");
        assertEquals(ExitCode.FREE.status(), before[0], (String) before[2]);
        String[] row = ((String) before[1])
                .lines()
                .filter(l -> l.trim().startsWith("0 "))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s+");
        String[] pair = row[3].split("\\|");
        String a = pair[0].substring(0, pair[0].indexOf('#')), b = pair[1].substring(0, pair[1].indexOf('#'));
        Object[] after = cli(
                "check",
                "--no-decompose",
                "--urdf",
                UR5.toString(),
                "--q",
                q,
                "--scene",
                "none",
                "--allow",
                a + "," + b);
        assertEquals(ExitCode.FREE.status(), after[0], (String) after[2]);
        String afterRow = ((String) after[1])
                .lines()
                .filter(l -> l.trim().startsWith("0 "))
                .findFirst()
                .orElseThrow();
        assertTrue(!afterRow.contains(a + "#0|" + b + "#0") && !afterRow.contains(b + "#0|" + a + "#0"), afterRow);
        Object[] typo = cli(
                "check",
                "--no-decompose",
                "--urdf",
                UR5.toString(),
                "--q",
                q,
                "--scene",
                "none",
                "--allow",
                a + "x," + b);
        assertEquals(ExitCode.DATA_ERROR.status(), typo[0]);
        assertTrue(((String) typo[2]).contains("did you mean " + a), (String) typo[2]);
        assertEquals(
                ExitCode.USAGE.status(),
                cli("check", "--no-decompose", "--urdf", UR5.toString(), "--q", q, "--allow", a)[0]);
    }

    /** The no-SRDF warning's command works as printed, --package-path included (only --out goes to a temp file). */
    @Test
    void theNoSrdfWarningPrintsACommandThatWorks() {
        Path roots = Path.of("../tests/data");
        Object[] r = cli(
                "check",
                "--no-decompose",
                "--urdf",
                UR5.toString(),
                "--package-path",
                roots.toString(),
                "--q",
                "0,-1.57,0,0,0,0",
                "--scene",
                "none");
        String warning = ((String) r[2])
                .lines()
                .filter(l -> l.contains("generate one with: collide4j srdf"))
                .findFirst()
                .orElseThrow(() -> new AssertionError((String) r[2]));
        String command = warning.substring(
                warning.indexOf("collide4j srdf") + "collide4j ".length(), warning.indexOf("  (then give --srdf"));
        assertTrue(command.contains("--package-path " + roots), command);
        List<String> words = new java.util.ArrayList<>(List.of(command.split(" ")));
        words.set(words.indexOf("--out") + 1, dir.resolve("printed.srdf").toString());
        words.addAll(List.of("--samples", "50"));
        Object[] ran = cli(words.toArray(new String[0]));
        assertEquals(ExitCode.FREE.status(), ran[0], words + ": " + ran[1] + ran[2]);
    }

    /**
     * A mesh obstacle given on the command line (--mesh-obstacle, --obstacle-scale, --obstacle-pose) is the same
     * obstacle as in a scene file (mesh_file with scale and pose): check reports the same closest-obstacle bound.
     * The board is written here as ASCII STL in millimetres, 400 x 600 x 20, two triangles per face.
     */
    @Test
    void aMeshObstacleFromTheCommandLineEqualsTheSameFromASceneFile() throws Exception {
        double[][] c = new double[8][];
        for (int i = 0; i < 8; i++) {
            c[i] = new double[] {(i & 4) == 0 ? -200 : 200, (i & 2) == 0 ? -300 : 300, (i & 1) == 0 ? -10 : 10};
        }
        int[][] quads = {{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 6, 7, 5}};
        StringBuilder stl = new StringBuilder("solid board\n");
        for (int[] q : quads) {
            for (int[] t : new int[][] {{q[0], q[1], q[2]}, {q[0], q[2], q[3]}}) {
                stl.append("facet normal 0 0 0\nouter loop\n");
                for (int k : t) {
                    stl.append("vertex ")
                            .append(c[k][0])
                            .append(' ')
                            .append(c[k][1])
                            .append(' ')
                            .append(c[k][2])
                            .append('\n');
                }
                stl.append("endloop\nendfacet\n");
            }
        }
        Files.createDirectories(dir.resolve("meshes"));
        Path board = Files.writeString(
                dir.resolve("meshes/board.stl"), stl.append("endsolid board\n").toString());
        Path scene = Files.writeString(
                dir.resolve("scene.json"),
                "{\"objects\": [{\"name\": \"board\", \"type\":"
                        + " \"mesh_file\", \"file\": \"meshes/board.stl\", \"scale\": [0.001, 0.001, 0.001],"
                        + " \"pose\": {\"xyz\": [0.5, 0, 0.3], \"rpy\": [0, 0, 0.4]}}]}");
        String q = "0,-0.785,0,-2.356,0,1.571,0.785";
        Object[] fromFile = cli("check", "--q", q, "--scene", scene.toString());
        Object[] fromCli = cli(
                "check",
                "--q",
                q,
                "--scene",
                "none",
                "--mesh-obstacle",
                "board=" + board,
                "--obstacle-scale",
                "board=0.001",
                "--obstacle-pose",
                "board=0.5,0,0.3,0,0,0.4");
        assertEquals(ExitCode.FREE.status(), fromFile[0], (String) fromFile[1] + fromFile[2]);
        assertEquals(ExitCode.FREE.status(), fromCli[0], (String) fromCli[1] + fromCli[2]);
        String rowFile = ((String) fromFile[1])
                .lines()
                .filter(l -> l.trim().startsWith("0 "))
                .findFirst()
                .orElseThrow();
        String rowCli = ((String) fromCli[1])
                .lines()
                .filter(l -> l.trim().startsWith("0 "))
                .findFirst()
                .orElseThrow();
        assertTrue(rowFile.contains("|env:board#0"), rowFile);
        assertEquals(rowFile, rowCli);
        Object[] unknown = cli(
                "check",
                "--q",
                q,
                "--scene",
                "none",
                "--mesh-obstacle",
                "board=" + board,
                "--obstacle-pose",
                "bord=0,0,0");
        assertEquals(ExitCode.USAGE.status(), unknown[0]);
        assertTrue(((String) unknown[2]).contains("bord"), (String) unknown[2]);
        assertEquals(
                ExitCode.NO_INPUT.status(),
                cli("check", "--q", q, "--mesh-obstacle", "b=" + dir.resolve("none.stl"))[0]);
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
        Path urdf = java.nio.file.Files.writeString(
                dir.resolve("elsewhere.urdf"),
                "<robot name=\"r\"><link name=\"a\">"
                        + "<collision><geometry><mesh filename=\"package://my_robot_description/meshes/cube.stl\"/></geometry>"
                        + "</collision></link></robot>");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (boolean set : new boolean[] {false, true}) {
            ProcessBuilder pb = new ProcessBuilder(
                            javaBin,
                            "-cp",
                            System.getProperty("java.class.path"),
                            "io.collide4j.planner.cli.Main",
                            "info",
                            urdf.toString())
                    .redirectErrorStream(true);
            pb.environment().remove("ROS_PACKAGE_PATH");
            if (set) {
                pb.environment()
                        .put(
                                "ROS_PACKAGE_PATH",
                                dir.resolve("nothing_here") + java.io.File.pathSeparator + dir.resolve("ws/pkgs"));
            }
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            if (set) {
                assertEquals(ExitCode.FREE.status(), p.exitValue(), out);
                assertTrue(out.contains("mesh package://my_robot_description/meshes/cube.stl: 3 vertices"), out);
            } else {
                assertEquals(ExitCode.DATA_ERROR.status(), p.exitValue(), out);
                assertTrue(out.contains("--package-path DIR"), out);
            }
        }
    }
}
