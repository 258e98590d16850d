package io.collide4j.planner.options;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Mixin;

/**
 * One {@code collide4j} sub-command: its options are picocli-annotated fields (so {@code <cmd> --help}
 * lists every option it reads), {@link #run} answers with an {@link ExitCode}. The command line ({@code Main}, module cli) sets the
 * streams, parses the command line into a fresh instance and maps whatever {@link #run} throws.
 */
public abstract class CliCommand {
    @Mixin
    public CommonOptions common = new CommonOptions();

    public PrintStream out = System.out;
    public PrintStream err = System.err;

    /** Runs the command; failures are thrown ({@link CliException} carries its exit code). */
    public abstract int run();

    /**
     * The defaults this run used that the user did not choose (e.g. the bundled Panda), appended to input
     * errors so that "robot 'panda' has no joint 'shoulder_pan_joint'" says Panda was only the default.
     */
    public List<String> defaultsUsed() {
        return List.of();
    }

    /**
     * Reads inputs: running out of heap or stack while reading is the input's size or nesting, reported as bad
     * input (65) naming {@code what}, not as an internal error.
     */
    public static <T> T load(String what, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (OutOfMemoryError e) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    what + ": input too large for this JVM's heap ("
                            + (Runtime.getRuntime().maxMemory() >> 20)
                            + " MiB); give java a larger -Xmx or split the input",
                    e);
        } catch (StackOverflowError e) {
            throw new CliException(ExitCode.DATA_ERROR, what + ": input nested too deeply to read", e);
        }
    }

    /** Writes an output file as UTF-8; a failure is exit 73 naming the option and the file. */
    public static void writeText(Path file, String text, String option) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCode.CANNOT_CREATE, option + ": cannot write " + file + " (" + e + ")");
        }
    }
}
