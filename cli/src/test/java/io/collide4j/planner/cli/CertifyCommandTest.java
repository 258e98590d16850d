package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.MbmProblems;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code certify} and {@code verify} end to end: the bundled demo, a violating motion, budgets, tampering, MBM. */
class CertifyCommandTest {
    static final String READY = "0,-0.785,0,-2.356,0,1.571,0.785";

    @Test
    void noArgumentsCertifiesTheBundledDemoInTheWorkingDirectory(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), "io.collide4j.planner.cli.Main", "certify")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        // models/.../trajectories/README.md: an independent script certifies 0.068 m of clearance to the scene
        assertEquals(ExitCode.FREE.status(), p.exitValue(), out);
        assertTrue(out.startsWith("CERTIFIED_FREE"), out);
        Path cert = dir.resolve("collide4j-certificate.json");
        String html = Files.readString(dir.resolve("collide4j-report.html"));
        assertTrue(
                html.contains("<svg") && html.contains("class=\"clearance\"") && html.contains("class=\"margin\""),
                html);
        assertTrue(html.contains("CERTIFIED_FREE") && !html.contains("class=\"violation\""));
        Object[] v = cli("verify", "--certificate", cert.toString());
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        String said = (String) v[1];
        assertTrue(
                said.contains("robot:   bundled panda (from the certificate)")
                        && said.contains("scene:   bundled table_shelf")
                        && said.contains("margin:  0 m")
                        && said.contains("verdict: CERTIFIED_FREE (VALID"),
                said);
        // no Java object dumps in what a user reads
        for (String text : List.of(out, said, html)) {
            assertTrue(!text.contains("RobotCollisionModel[") && !text.contains("[D@"), text);
        }
        // the clearance certify reports is what the certificate proves: verify --margin accepts it (every plane step
        // and
        // unlisted pair re-checked against it), and the closest scene obstacle is named beside it
        Matcher proven = Pattern.compile("certified clearance >= ([0-9.]+) m, the largest this certificate proves")
                .matcher(out);
        assertTrue(proven.find() && out.contains("closest scene obstacle: >= ") && !out.contains("E-"), out);
        assertTrue(Double.parseDouble(proven.group(1)) > 0, out);
        Object[] atProven = cli("verify", "--certificate", cert.toString(), "--margin", proven.group(1));
        assertEquals(ExitCode.FREE.status(), atProven[0], (String) atProven[1] + atProven[2]);
        assertTrue(((String) atProven[1]).contains("proven:  clearance >= " + proven.group(1) + " m"), (String)
                atProven[1]);
        // --margin: the demo was certified for margin 0, which proves nothing about 5 cm (exit 65, not VALID)
        Object[] m5 = cli("verify", "--certificate", cert.toString(), "--margin", "0.05");
        assertEquals(ExitCode.DATA_ERROR.status(), m5[0], (String) m5[1] + m5[2]);
        assertTrue(
                ((String) m5[2]).contains("not the --margin 0.05 m asked") && !((String) m5[1]).contains("VALID"),
                (String) m5[1] + m5[2]);
        assertEquals(ExitCode.FREE.status(), cli("verify", "--certificate", cert.toString(), "--margin", "0")[0]);
        // tampered: a larger margin than the steps prove
        Path bad = dir.resolve("tampered.json");
        Files.writeString(bad, Files.readString(cert).replace("\"margin\":0.0", "\"margin\":0.01"));
        Object[] t = cli("verify", "--certificate", bad.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), t[0], (String) t[1]);
        assertTrue(
                ((String) t[2]).contains("tampered.json")
                        && ((String) t[2]).lines().count() == 1,
                (String) t[2]);
        // made for another scene: the hash check says so
        Object[] other = cli("verify", "--certificate", cert.toString(), "--scene", "none");
        assertEquals(ExitCode.DATA_ERROR.status(), other[0]);
        assertTrue(((String) other[1]).contains("scene hash"), (String) other[1]);
    }

    @Test
    void violationInconclusiveAndBadInput(@TempDir Path dir) throws Exception {
        // ready pose, then joint 2 pitched forward into the table (top at z = 0.40 m)
        Path traj = Files.writeString(
                dir.resolve("into_table.csv"),
                SplineCertifyTest.POSITIONS + "\n0," + READY + "\n2,0,1.5,0,-0.5,0,1.571,0.785\n");
        Path cert = dir.resolve("c.json"), html = dir.resolve("r.html");
        Object[] r = cli(
                "certify",
                "--trajectory",
                traj.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                html.toString());
        assertEquals(ExitCode.VIOLATION.status(), r[0], (String) r[1] + r[2]);
        assertTrue(((String) r[1]).contains("first contact at t = "), (String) r[1]);
        // with a positive margin the violation is of the margin, not necessarily a contact
        Object[] m = cli(
                "certify",
                "--trajectory",
                traj.toString(),
                "--margin",
                "0.01",
                "--certificate",
                cert.toString(),
                "--report",
                html.toString());
        assertEquals(ExitCode.VIOLATION.status(), m[0], (String) m[1] + m[2]);
        assertTrue(
                ((String) m[1]).contains("margin violated at t = ")
                        && ((String) m[1]).contains("required margin 0.01 m")
                        && !((String) m[1]).contains("contact at"),
                (String) m[1]);
        String page = Files.readString(html);
        assertTrue(page.contains("class=\"violation\"") && page.contains("table_top"), "plot marks the violation");
        Object[] v = cli("verify", "--certificate", cert.toString());
        assertEquals(ExitCode.VIOLATION.status(), v[0], (String) v[1] + v[2]);
        Object[] inc = cli("certify", "--budget", "20", "--certificate", cert.toString(), "--report", html.toString());
        assertEquals(ExitCode.INCONCLUSIVE.status(), inc[0], (String) inc[1] + inc[2]);
        Path wrong = Files.writeString(dir.resolve("wrong.csv"), "time,a,b\n0,1,2\n1,1,2\n");
        Object[] w = cli(
                "certify",
                "--trajectory",
                wrong.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                html.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), w[0]);
        assertTrue(
                ((String) w[2]).contains("wrong.csv") && ((String) w[2]).lines().count() == 1, (String) w[2]);
        Object[] missing =
                cli("certify", "--trajectory", dir.resolve("nope.csv").toString());
        assertEquals(ExitCode.NO_INPUT.status(), missing[0]);
    }

    @Test
    void mbmProblemPlannedThenCertifiedAndVerified(@TempDir Path dir) throws Exception {
        Path zip = MbmPlanningTestData.zip();
        Path scene;
        MotionPlanRequest req;
        try (ZipFile z = new ZipFile(zip.toFile())) {
            scene = Files.write(
                    dir.resolve("scene0002.yaml"),
                    z.getInputStream(z.getEntry("problems/box_panda/scene0002.yaml"))
                            .readAllBytes());
            req = MotionPlanRequest.parse(
                    "request0002.yaml",
                    new String(
                            z.getInputStream(z.getEntry("problems/box_panda/request0002.yaml"))
                                    .readAllBytes(),
                            StandardCharsets.UTF_8));
        }
        List<String> arm = List.of(
                "panda_joint1",
                "panda_joint2",
                "panda_joint3",
                "panda_joint4",
                "panda_joint5",
                "panda_joint6",
                "panda_joint7");
        double[][] sg = req.startAndGoal(arm);
        Path path = dir.resolve("path.csv");
        Object[] plan = cli(
                "plan",
                "--scene",
                scene.toString(),
                "--start",
                join(sg[0]),
                "--goal",
                join(sg[1]),
                "--out",
                path.toString(),
                "--time-limit",
                "20");
        assertEquals(ExitCode.FREE.status(), plan[0], (String) plan[1] + plan[2]);
        Path cert = dir.resolve("c.json");
        Object[] c = cli(
                "certify",
                "--scene",
                scene.toString(),
                "--trajectory",
                path.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(
                ExitCode.FREE.status(), c[0], "a planned path has certified edges, so it certifies: " + c[1] + c[2]);
        String page = Files.readString(dir.resolve("r.html"));
        assertTrue(
                page.contains("<svg") && page.contains("class=\"clearance\"") && page.contains("scene0002.yaml"), page);
        Object[] v = cli("verify", "--scene", scene.toString(), "--certificate", cert.toString());
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        // the scene came from a file: without --scene, verify says which file to give (no silent default)
        Object[] noScene = cli("verify", "--certificate", cert.toString());
        assertEquals(ExitCode.NO_INPUT.status(), noScene[0], (String) noScene[1] + noScene[2]);
        assertTrue(
                ((String) noScene[2])
                        .contains("give --scene " + scene.toAbsolutePath().normalize()),
                (String) noScene[2]);
        assertTrue(new MbmProblems(zip).scenarios().contains("box_panda"));
    }

    /**
     * issue 14: a MoveIt scene with {@code colision_objects} used to load as an empty scene, and the bundled Panda
     * demo then certified free through the table. Now the scene is refused, naming file, key and the fix.
     */
    @Test
    void misspeltYamlSceneIsRefusedNotCertifiedFree(@TempDir Path dir) throws Exception {
        String table = """
                world:
                  colision_objects:
                    - id: table_top
                      primitives:
                        - type: box
                          dimensions: [1.2, 0.8, 0.04]
                      primitive_poses:
                        - position: [0.6, 0, 0.38]
                          orientation: [0, 0, 0, 1]
                """;
        Path typo = Files.writeString(dir.resolve("table_typo.yaml"), table);
        Object[] r = cli(
                "certify",
                "--scene",
                typo.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[1] + r[2]);
        assertTrue(
                ((String) r[2])
                        .contains("table_typo.yaml:2:3: world.colision_objects: unknown key; did you mean "
                                + "collision_objects?"),
                (String) r[2]);
        // spelt right, the same table stops the bundled demo short of free: it certifies only with the table in it
        Path fixed =
                Files.writeString(dir.resolve("table.yaml"), table.replace("colision_objects", "collision_objects"));
        Object[] ok = cli(
                "certify",
                "--scene",
                fixed.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertTrue(
                (int) ok[0] == ExitCode.FREE.status() || (int) ok[0] == ExitCode.VIOLATION.status(),
                (String) ok[1] + ok[2]);
        Path empty = Files.writeString(dir.resolve("empty.yaml"), "");
        Object[] e = cli(
                "certify",
                "--scene",
                empty.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.DATA_ERROR.status(), e[0], (String) e[1] + e[2]);
        assertTrue(((String) e[2]).contains("empty.yaml") && ((String) e[2]).contains("empty document"), (String) e[2]);
    }

    private static String join(double[] q) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < q.length; i++) {
            sb.append(i == 0 ? "" : ",").append(q[i]);
        }
        return sb.toString();
    }

    /** Where the MBM problems are. */
    static final class MbmPlanningTestData {
        static Path zip() {
            return Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
                    .resolve("vamp/resources/panda/problems.zip");
        }
    }
}
