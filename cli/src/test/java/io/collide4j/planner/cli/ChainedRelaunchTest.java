package io.collide4j.planner.cli;

import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.OpenClDevice;
import io.collide4j.checker.batch.SignalChaining;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A plain {@code java} start of the command restarts under signal chaining exactly when OpenCL may be loaded. */
class ChainedRelaunchTest {

    @Test
    void onlyCommandsThatMayLoadOpenClRestart() {
        assertTrue(ChainedRelaunch.mayUseOpenCl("bench", null), "bench defaults to AUTO");
        assertTrue(ChainedRelaunch.mayUseOpenCl("serve", "opencl"));
        assertTrue(ChainedRelaunch.mayUseOpenCl("plan", "auto"));
        assertFalse(ChainedRelaunch.mayUseOpenCl("bench", "CPU"));
        assertFalse(ChainedRelaunch.mayUseOpenCl("certify", null), "certify never builds a batch engine by default");
        assertFalse(ChainedRelaunch.mayUseOpenCl("serve", null), "the server's engine is the CPU unless named");
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
        assertEquals(2, out.lines().filter(l -> l.contains("batch engine") && l.contains(engine)).count(), out);

        String cpu = bench(List.of("-D" + EngineChoice.PROPERTY + "=cpu"));
        assertEquals(2, cpu.lines().filter(l -> l.contains("batch engine") && l.contains("CPU [")).count(), cpu);
    }

    private static String bench(List<String> jvmOptions) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "bench", "--states", "300", "--motions", "10", "--ccd", "300"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove(SignalChaining.PRELOAD_VARIABLE);
        pb.environment().remove(ChainedRelaunch.MARKER);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), out);
        assertEquals(ExitCode.FREE, p.exitValue(), out);
        return out;
    }
}
