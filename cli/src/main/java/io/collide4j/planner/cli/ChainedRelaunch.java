package io.collide4j.planner.cli;

import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.SignalChaining;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Restarts the {@code collide4j} command in a JVM with HotSpot signal chaining when the command may load an OpenCL
 * runtime and this JVM was started without it (see {@link SignalChaining}), so that {@code java -jar collide4j.jar
 * bench} uses OpenCL safely instead of refusing it.
 *
 * <p>The child gets this JVM's options, class path and arguments, inherits standard input and output, and its exit
 * code becomes this process's. Nothing is restarted when chaining is active, the JDK lacks the library, the engine
 * is the CPU, or {@value #MARKER} is set (the child itself): those cases run in place.
 */
public final class ChainedRelaunch {

    /** Set in the child's environment; a JVM that sees it never restarts again. */
    public static final String MARKER = "COLLIDE4J_CHAINED_RELAUNCH";

    private ChainedRelaunch() {}

    /** True when the command may load OpenCL: {@code bench} unless the engine is {@code cpu}; any command that names an OpenCL engine. */
    static boolean mayUseOpenCl(String command, String engineProperty) {
        String engine = engineProperty == null ? "" : engineProperty.trim();
        if (engine.equalsIgnoreCase("cpu")) {
            return false;
        }
        return command.equals("bench") || !engine.isEmpty();
    }

    /** The child's command line, or empty when this JVM should run the command itself. */
    static Optional<List<String>> childCommand(String[] argv) {
        String command = argv.length == 0 ? "info" : argv[0];
        if (SignalChaining.active()
                || System.getenv(MARKER) != null
                || !mayUseOpenCl(command, System.getProperty(EngineChoice.PROPERTY))
                || !Files.isRegularFile(SignalChaining.library())) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // a debugger agent would try to bind the parent's port a second time
            if (!option.startsWith("-agentlib:jdwp") && !option.startsWith("-Xrunjdwp")) {
                cmd.add(option);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(argv));
        return Optional.of(cmd);
    }

    /**
     * Runs the child and returns its exit code; empty when it could not be started (the caller then runs the
     * command in place, where OpenCL is refused with the reason and the CPU engine answers).
     */
    static Optional<Integer> run(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        String preload = pb.environment().get(SignalChaining.PRELOAD_VARIABLE);
        pb.environment()
                .put(
                        SignalChaining.PRELOAD_VARIABLE,
                        SignalChaining.library() + (preload == null || preload.isBlank() ? "" : ":" + preload));
        pb.environment().put(MARKER, "1");
        try {
            Process child = pb.start();
            // a parent stopped by a signal (e.g. the planner ending a TCP server) must not leave the child running
            Runtime.getRuntime().addShutdownHook(new Thread(child::destroy, "collide4j-chained-child"));
            while (true) {
                try {
                    return Optional.of(child.waitFor());
                } catch (InterruptedException e) {
                    child.destroy(); // ^C reaches the child too; if it is somehow still running, stop it
                }
            }
        } catch (IOException e) {
            System.err.println("collide4j: could not restart with signal chaining (" + e.getMessage()
                    + "); running without OpenCL");
            return Optional.empty();
        }
    }
}
