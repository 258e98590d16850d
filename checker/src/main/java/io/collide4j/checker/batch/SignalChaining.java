package io.collide4j.checker.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Whether this JVM keeps its own signal handlers while native OpenCL runtimes load (HotSpot signal chaining through
 * {@code libjsig}), and where that library is.
 *
 * <p>Why it matters: OpenCL runtimes that compile kernels in-process with LLVM (pocl, among others) let LLVM install
 * its crash handlers for SIGSEGV, SIGBUS and others with {@code SA_RESETHAND}, replacing HotSpot's. HotSpot raises
 * SIGSEGV itself in normal operation (safepoint polls, implicit null checks). The first such signal lands in LLVM's
 * handler, which resets the disposition to the default, deletes the compiler's temporary files (failing a kernel
 * build in progress) and only then restores HotSpot's handler; a second SIGSEGV from another thread in that window
 * kills the process with "Segmentation fault" and no {@code hs_err} file. {@code -Xcheck:jni} shows the
 * replaced handlers. With {@code libjsig} preloaded HotSpot's handlers stay installed and the runtime's are chained
 * behind them, which is the JDK's documented way to host native code that installs signal handlers.
 *
 * <p>{@link OpenClDevice} therefore touches no OpenCL runtime unless {@link #openClAllowed()}. Immutable facts of
 * the process, computed once; thread-safe.
 */
public final class SignalChaining {

    /** Set to {@code allow} to use OpenCL without signal chaining (only for runtimes known to install no handlers). */
    public static final String ALLOW_UNCHAINED_PROPERTY = "collide4j.opencl.unchainedSignals";

    /** The environment variable the dynamic loader reads to preload the chaining library. */
    public static final String PRELOAD_VARIABLE = "LD_PRELOAD";

    private static final boolean LINUX =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    private static final boolean ACTIVE = detect();

    private SignalChaining() {}

    /**
     * True when the chaining library is mapped into this process, or when the platform is not Linux (where this
     * class cannot look; there the caller is trusted).
     */
    public static boolean active() {
        return ACTIVE;
    }

    /** True when OpenCL runtimes may be loaded: chaining is active, or {@value #ALLOW_UNCHAINED_PROPERTY}=allow. */
    public static boolean openClAllowed() {
        return ACTIVE || "allow".equalsIgnoreCase(System.getProperty(ALLOW_UNCHAINED_PROPERTY, ""));
    }

    /** The running JDK's chaining library ({@code java.home/lib/libjsig.so}); it may not exist on a bare JRE. */
    public static Path library() {
        return Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
    }

    /** Why OpenCL is refused without chaining and what to do about it (the text of every such refusal). */
    public static String requirement() {
        Path lib = library();
        String missing = Files.isRegularFile(lib) ? "" : " (missing: install a full JDK)";
        return "OpenCL is not loaded because this JVM runs without signal chaining: in-process OpenCL compilers"
                + " (LLVM in pocl and others) replace the JVM's SIGSEGV handler and can crash the process."
                + " Start the JVM with " + PRELOAD_VARIABLE + "=" + lib + missing
                + " (the collide4j command does this itself), or set -D" + ALLOW_UNCHAINED_PROPERTY
                + "=allow if your OpenCL runtime installs no signal handlers";
    }

    private static boolean detect() {
        if (!LINUX) {
            return true;
        }
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            return maps.anyMatch(line -> line.endsWith("/libjsig.so"));
        } catch (IOException | RuntimeException e) {
            return false; // cannot tell: refuse rather than risk the crash
        }
    }
}
