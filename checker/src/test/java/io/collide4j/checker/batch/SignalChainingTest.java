package io.collide4j.checker.batch;

import static org.jocl.CL.clReleaseProgram;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * OpenCL is loaded only under HotSpot signal chaining: a JVM started without {@code libjsig} refuses OpenCL with an
 * actionable reason and its batch engine falls back to the CPU; one started with it sees the same devices as this one.
 */
class SignalChainingTest {

    /** Runs in a child JVM: prints what OpenCL discovery and the engines decided there, a fact per line. */
    static final class Probe {
        public static void main(String[] args) {
            System.out.println("active=" + SignalChaining.active());
            System.out.println("devices=" + OpenClDevice.listDevices().size());
            System.out.println("reason=" + OpenClDevice.lastProbeFailure());
            try (BatchChecker auto =
                    BatchChecker.builder().engine(EngineChoice.AUTO).threads(1).build()) {
                System.out.println("auto=" + auto.engine().kind());
                System.out.println("fallback=" + auto.fallbackReason());
            }
            try (BatchChecker forced = BatchChecker.builder()
                    .engine(EngineChoice.OPENCL)
                    .threads(1)
                    .build()) {
                System.out.println("forced=" + forced.engine().kind());
            } catch (IllegalStateException e) {
                System.out.println("forced=refused " + e.getMessage());
            }
        }
    }

    static Map<String, String> probe(String preload) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), Probe.class.getName())
                .redirectErrorStream(true);
        pb.environment().remove(SignalChaining.PRELOAD_VARIABLE);
        if (preload != null) {
            pb.environment().put(SignalChaining.PRELOAD_VARIABLE, preload);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "probe JVM did not finish: " + out);
        assertEquals(0, p.exitValue(), out);
        Map<String, String> facts = new HashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith(" ")) {
                facts.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
        }
        assertTrue(facts.containsKey("forced"), "probe output incomplete: " + out);
        return facts;
    }

    @Test
    void detectionAgreesWithWhatTheLoaderWasAskedToPreload() {
        String preload = System.getenv(SignalChaining.PRELOAD_VARIABLE);
        boolean asked = preload != null
                && preload.contains("libjsig.so")
                && Files.isRegularFile(Path.of(preload.trim().split("[: ]")[0]));
        assertEquals(asked, SignalChaining.active(), "LD_PRELOAD=" + preload);
    }

    @Test
    void withoutChainingOpenClIsRefusedWithTheFixAndTheEngineFallsBackToTheCpu() throws Exception {
        Map<String, String> f = probe(null);
        assertEquals("false", f.get("active"));
        assertEquals("0", f.get("devices"), "no OpenCL runtime may be loaded without chaining");
        String reason = f.get("reason");
        assertTrue(reason.contains(SignalChaining.PRELOAD_VARIABLE + "=" + SignalChaining.library()), reason);
        assertTrue(reason.contains(SignalChaining.ALLOW_UNCHAINED_PROPERTY), reason);
        assertEquals(EngineKind.CPU.toString(), f.get("auto"));
        assertEquals(reason, f.get("fallback"), "AUTO must say why it uses the CPU");
        assertTrue(f.get("forced").startsWith("refused ") && f.get("forced").contains(reason), f.get("forced"));
    }

    @Test
    void withChainingTheChildSeesTheDevicesThisJvmSees() throws Exception {
        assumeTrue(Files.isRegularFile(SignalChaining.library()), "this JDK has no " + SignalChaining.library());
        Map<String, String> f = probe(SignalChaining.library().toString());
        assertEquals("true", f.get("active"));
        assumeTrue(SignalChaining.active(), "this JVM runs without chaining, so it cannot list devices to compare");
        int here = OpenClDevice.listDevices().size();
        assertEquals(String.valueOf(here), f.get("devices"), f.get("reason"));
        assertEquals((here > 0 ? EngineKind.OPENCL : EngineKind.CPU).toString(), f.get("auto"), f.get("fallback"));
    }

    static volatile Object sink;

    /**
     * The failure chaining prevents: while LLVM's handlers are installed, the JVM's own SIGSEGVs (implicit null
     * checks, safepoint polls) reach LLVM, which deletes the compiler's temporary files (POCL then reports "unable
     * to rename temporary ...") or lets a second SIGSEGV kill the process. Without chaining (forced with
     * {@value SignalChaining#ALLOW_UNCHAINED_PROPERTY}=allow) the first build under this load failed in 7 of 7 runs
     * on POCL 3.1; with it every build must succeed.
     */
    @Test
    void kernelBuildsSurviveTheJvmsOwnSegvSignals() throws Exception {
        assumeTrue(SignalChaining.active(), "this JVM runs without chaining, so OpenCL is refused here");
        Optional<OpenClDevice> device = OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST);
        assumeTrue(device.isPresent(), "no OpenCL platform: " + OpenClDevice.lastProbeFailure());
        AtomicBoolean stop = new AtomicBoolean();
        Thread[] storm = new Thread[2];
        for (int t = 0; t < storm.length; t++) {
            storm[t] = new Thread(() -> {
                long sum = 0;
                for (long i = 0; !stop.get(); i++) {
                    Object o = i % 3 == 0 ? null : "x";
                    try {
                        sum += o.hashCode();
                    } catch (NullPointerException e) {
                        sum--;
                    }
                    if (i % 1000 == 0) {
                        sink = new byte[1000 + (int) (sum & 7)];
                    }
                }
            });
            storm[t].start();
        }
        long nonce = System.nanoTime(); // a source the kernel cache has never seen, so each build compiles
        try (OpenClDevice d = device.get()) {
            for (int r = 0; r < 5; r++) {
                String source = "__kernel void k(__global int* a) { a[get_global_id(0)] += " + r + " + (int) "
                        + (nonce % 100000) + "; }";
                clReleaseProgram(d.build("storm " + r, source, ""));
            }
        } finally {
            stop.set(true);
            for (Thread t : storm) {
                t.join();
            }
        }
    }
}
