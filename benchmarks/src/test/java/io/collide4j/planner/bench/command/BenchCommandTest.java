package io.collide4j.planner.bench.command;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.OpenClDevice;
import io.collide4j.checker.batch.SignalChaining;
import io.collide4j.planner.cli.ChainedRelaunch;
import io.collide4j.planner.cli.Main;
import io.collide4j.planner.options.ExitCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code collide4j bench} as this module plugs it into the command line: its options, its table, the throw benchmark,
 * and a plain {@code java} start restarting under signal chaining (moved here with the command from the cli
 * module's CommandsTest, MainTest and ChainedRelaunchTest).
 */
class BenchCommandTest {

    /** {@code bench --help} lists every option of the real command (the cli module's jar has only the pointer). */
    @Test
    void benchHelpListsItsOptions() {
        Object[] one = cli("bench", "--help");
        assertEquals(ExitCode.FREE.status(), one[0], (String) one[2]);
        for (String option :
                List.of("--states", "--motions", "--ccd", "--step", "--seed", "--threads", "--scene", "--throw")) {
            assertTrue(((String) one[1]).contains(option), "bench --help lacks " + option + ":\n" + one[1]);
        }
        assertEquals(one[1], cli("help", "bench")[1], "help bench is bench --help");
    }

    /** A count that is not a number is a usage error naming the option, on one line (was a cli BadInputsTest case). */
    @Test
    void aCountThatIsNotANumberIsAUsageErrorNamingTheOption() {
        Object[] r = cli("bench", "--states", "many");
        assertEquals(ExitCode.USAGE.status(), r[0], (String) r[2]);
        assertEquals(1, ((String) r[2]).lines().count(), (String) r[2]);
        assertTrue(((String) r[2]).contains("--states"), (String) r[2]);
    }

    /** The first word of the notes column ("N valid"/"N free") of the row starting with {@code label} (labels are 34 wide). */
    private static String field(String table, String label) {
        String row = table.lines().filter(l -> l.startsWith(label)).findFirst().orElseThrow();
        String[] cells = row.substring(34).trim().split("\\s+"); // count, seconds, per second, notes...
        return cells[3];
    }

    /**
     * The throw benchmark, one throw per pair per speed: every D2M answer leaves a positive exact mesh distance and
     * Capoeira is never later (exit 0), and the table ends with the count line over 6 pairs x 2 speeds.
     */
    @Test
    void benchThrowEndsWithTheTouchingCount() {
        Object[] r = cli("bench", "--throw=1");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        List<String> lines = ((String) r[1]).lines().toList();
        assertEquals("touching or penetrating: 0 of 12", lines.get(lines.size() - 1), (String) r[1]);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("tet/tet (high)")), (String) r[1]);
    }

    @Test
    void benchThrowRefusesANonPositiveCountNamingTheOption() {
        for (String n : new String[] {"0", "-3"}) {
            Object[] r = cli("bench", "--throw=" + n);
            assertEquals(ExitCode.USAGE.status(), r[0], (String) r[2]);
            assertTrue(((String) r[2]).contains("--throw") && ((String) r[2]).contains("got " + n), (String) r[2]);
        }
    }

    @Test
    void benchPrintsItsTable() {
        Object[] r = cli("bench", "--states", "200", "--motions", "20", "--ccd", "200");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        String out = (String) r[1];
        assertTrue(
                out.contains("state (isValid, certified)")
                        && out.contains("motion (certified CA")
                        && out.contains("CCD"),
                out);
        assertTrue(out.contains("motion, batch CPU engine") && out.contains("state, batch engine"), out);
        // the parallel and batch rows check the same states and motions as the single-thread rows
        assertEquals(field(out, "state (isValid, certified)"), field(out, "state, parallel (certified)"));
        assertEquals(field(out, "state (isValid, certified)"), field(out, "state, batch engine"));
        assertEquals(field(out, "motion (certified CA"), field(out, "motion, batch CPU engine"));
        // stderr is not a terminal here: no \r-drawn bar, and work this short prints no periodic line (ProgressTest)
        assertTrue(!((String) r[2]).contains("\r") && !((String) r[1]).contains("%)"), "progress: " + r[2]);
    }

    /** The bench command started without LD_PRELOAD: the batch engines are the ones a chained JVM (this one) gets. */
    @Test
    void benchStartedWithoutChainingUsesTheDevicesAChainedJvmSees() throws Exception {
        assumeTrue(Files.isRegularFile(SignalChaining.library()), "this JDK has no " + SignalChaining.library());
        assumeTrue(SignalChaining.active(), "this JVM runs without chaining, so it cannot list devices to compare");
        boolean devices = !OpenClDevice.listDevices().isEmpty();
        String out = bench(List.of());
        assertTrue(out.contains("state, batch engine"), out);
        assertFalse(out.contains("signal chaining"), "the restart should have made OpenCL usable:\n" + out);
        String engine = devices ? "OPENCL [" : "CPU [";
        assertEquals(
                2,
                out.lines()
                        .filter(l -> l.contains("batch engine") && l.contains(engine))
                        .count(),
                out);

        String cpu = bench(List.of("-D" + EngineChoice.PROPERTY + "=cpu"));
        assertEquals(
                2,
                cpu.lines()
                        .filter(l -> l.contains("batch engine") && l.contains("CPU ["))
                        .count(),
                cpu);
    }

    private static String bench(List<String> jvmOptions) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "bench",
                "--states",
                "300",
                "--motions",
                "10",
                "--ccd",
                "300"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove(SignalChaining.PRELOAD_VARIABLE);
        pb.environment().remove(ChainedRelaunch.MARKER);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), out);
        assertEquals(ExitCode.FREE.status(), p.exitValue(), out);
        return out;
    }
}
