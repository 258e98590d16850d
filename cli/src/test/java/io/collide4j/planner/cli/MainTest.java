package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

public class MainTest {
    /** Runs the CLI in-process; returns {exit code, stdout, stderr}. */
    public static Object[] cli(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(
                argv,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[] {code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void infoListsThePandasSevenArmJoints() {
        Object[] r = cli("info", "panda");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        String out = (String) r[1];
        // The Franka Panda arm has seven revolute joints (manufacturer's datasheet).
        assertEquals(
                7,
                out.lines()
                        .filter(l -> l.matches("\\s+panda_joint[1-7]\\s+revolute.*"))
                        .count(),
                out);
    }

    @Test
    void usageAndInputErrorsHaveTheirExitCodesAndOneLine() {
        Object[] unknownCommand = cli("fly");
        assertEquals(ExitCode.USAGE.status(), unknownCommand[0]);
        Object[] unknownOption = cli("info", "--colour", "red");
        assertEquals(ExitCode.USAGE.status(), unknownOption[0]);
        assertTrue(((String) unknownOption[2]).contains("--colour"), (String) unknownOption[2]);
        Object[] missingFile = cli("info", "--urdf", "/no/such/robot.urdf");
        assertEquals(ExitCode.NO_INPUT.status(), missingFile[0]);
        assertTrue(((String) missingFile[2]).contains("/no/such/robot.urdf"));
        assertEquals(1, ((String) missingFile[2]).lines().count());
        // picocli's parse errors are one line naming the option and what it expected
        Object[] notANumber = cli("check", "--q", "0,0,0,0,0,0,0", "--margin", "NaN");
        assertEquals(ExitCode.USAGE.status(), notANumber[0]);
        String e = (String) notANumber[2];
        assertTrue(
                e.contains("--margin")
                        && e.contains("finite number")
                        && e.lines().count() == 1,
                e);
        Object[] noValue = cli("certify", "--trajectory");
        assertEquals(ExitCode.USAGE.status(), noValue[0]);
        assertTrue(((String) noValue[2]).contains("--trajectory"), (String) noValue[2]);
        Object[] oldName = cli("certify", "--clearance", "0.01");
        assertEquals(ExitCode.USAGE.status(), oldName[0], "the required separation is --margin everywhere");
    }

    /**
     * Every option each command reads is in its help: the help text is compared with the option names in
     * the command's source (an independent list: whatever the parser would accept must be documented).
     */
    @Test
    void helpListsEveryOptionOfEveryCommand() throws Exception {
        java.util.Map<String, java.util.List<String>> expected = java.util.Map.of(
                "certify",
                        java.util.List.of(
                                "--trajectory",
                                "--budget",
                                "--certificate",
                                "--report",
                                "--samples",
                                "--margin",
                                "--robot",
                                "--urdf",
                                "--srdf",
                                "--package-path",
                                "--group",
                                "--hold",
                                "--padding",
                                "--scale",
                                "--exact-meshes",
                                "--scene",
                                "--debug",
                                "--help"),
                "check",
                        java.util.List.of(
                                "--q", "--configs", "--margin", "--scene", "--hold", "--group", "--package-path"),
                "plan",
                        java.util.List.of(
                                "--start",
                                "--goal",
                                "--out",
                                "--problems",
                                "--scenario",
                                "--index",
                                "--count",
                                "--verbose",
                                "--time-limit",
                                "--range",
                                "--seed",
                                "--shortcut",
                                "--eager-edges",
                                "--hold",
                                "--group",
                                "--package-path"),
                "verify", java.util.List.of("--certificate", "--urdf", "--scene", "--margin"),
                "info", java.util.List.of("--urdf", "--package-path"),
                "decompose",
                        java.util.List.of(
                                "--out",
                                "--max-hulls",
                                "--resolution",
                                "--max-vertices",
                                "--max-excess",
                                "--threads",
                                "--cache"),
                "serve",
                        java.util.List.of(
                                "--port",
                                "--root",
                                "--max-request-bytes",
                                "--max-nesting-depth",
                                "--max-connections",
                                "--idle-timeout",
                                "--request-timeout",
                                "--max-evaluations",
                                "--log-level"));
        for (var e : expected.entrySet()) {
            Object[] one = cli(e.getKey(), "--help");
            assertEquals(ExitCode.FREE.status(), one[0], (String) one[2]);
            for (String option : e.getValue()) {
                assertTrue(((String) one[1]).contains(option), e.getKey() + " --help lacks " + option + ":\n" + one[1]);
            }
            assertEquals(one[1], cli("help", e.getKey())[1], "help " + e.getKey() + " is " + e.getKey() + " --help");
        }
    }

    /** {@code help} fits a 80 x 24 terminal: every command on one line of its own, the options left to COMMAND --help. */
    @Test
    void helpIsOneScreenWithOneLinePerCommand() {
        Object[] all = cli("help");
        assertEquals(ExitCode.FREE.status(), all[0], (String) all[2]);
        String text = (String) all[1];
        assertTrue(text.lines().count() <= 24, text);
        text.lines().forEach(l -> assertTrue(l.length() <= 80, "longer than 80 columns: " + l));
        for (String command : java.util.List.of(
                "info", "certify", "verify", "check", "plan", "decompose", "srdf", "bench", "serve", "view")) {
            assertEquals(
                    1,
                    text.lines().filter(l -> l.startsWith("  " + command + " ")).count(),
                    command + ":\n" + text);
        }
        assertEquals(text, cli("--help")[1]);
    }

    /**
     * {@code --version} names the version in the POM and the commit git reports for this checkout (the build wrote
     * both in at compile time; "-dirty" may follow when tracked files have uncommitted changes).
     */
    @Test
    void versionNamesThePomVersionAndTheGitCommit() throws Exception {
        Object[] v = cli("--version");
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[2]);
        String line = ((String) v[1]).strip();
        String pom = java.nio.file.Files.readString(java.nio.file.Path.of("pom.xml"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "<parent>.*?<version>([^<]+)</version>", java.util.regex.Pattern.DOTALL)
                .matcher(pom);
        assertTrue(m.find(), "no parent version in cli/pom.xml");
        assertTrue(line.startsWith("collide4j " + m.group(1) + " (commit "), line);
        assertEquals(1, line.lines().count(), line);
        String head = gitHead();
        if (head != null) {
            assertTrue(
                    line.contains("(commit " + head + ",") || line.contains("(commit " + head + "-dirty,"),
                    line + " vs " + head);
        } else { // a source tarball: the commit git archive wrote in, or unknown; never an unfilled placeholder
            assertTrue(!line.contains("${") && !line.contains("$Format"), line);
        }
        assertEquals(v[1], cli("-V")[1]);
    }

    /** A class path whose version.properties Maven did not filter (an IDE build) says unknown, never "${...}". */
    @Test
    void unfilledBuildInformationIsUnknown() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("version", "${project.version}");
        p.setProperty("commit", "${collide4j.commit}");
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(p));
        assertEquals(new BuildInfo("unknown", "unknown"), BuildInfo.of(new java.util.Properties()));
        p.setProperty("version", "1.2.3");
        p.setProperty("commit", "0123456789ab-dirty");
        assertEquals(new BuildInfo("1.2.3", "0123456789ab-dirty"), BuildInfo.of(p));
    }

    /** {@code git rev-parse --short=12 HEAD} here, or null without git or outside a checkout. */
    private static String gitHead() throws InterruptedException {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD")
                    .redirectErrorStream(false)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor() == 0 && out.matches("[0-9a-f]{12}") ? out : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
