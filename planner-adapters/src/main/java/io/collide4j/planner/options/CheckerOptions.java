package io.collide4j.planner.options;

import io.collide4j.planner.Collide4j;
import java.io.PrintStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;

/**
 * Builds a checker from the command line's robot and scene options ({@code --robot}, {@code --urdf}, {@code --srdf},
 * {@code --package-path}, {@code --scene}, {@code --margin}, {@code --group}, {@code --hold}, ...) for programs that
 * embed collide4j without running a command (the C++ OMPL plug-in): the same defaults, the same checks and the same
 * messages and exit codes as {@code collide4j check}, so a plug-in's error reads like the CLI's.
 */
public final class CheckerOptions {
    private CheckerOptions() {}

    /** The robot and scene options of every checking command, with nothing to run. */
    @Command(name = "open")
    public static final class Open extends RobotSceneCommand {
        Collide4j built;

        @Override
        public int run() {
            built = buildChecker();
            return ExitCode.FREE.status();
        }
    }

    /**
     * The checker for {@code args}; load warnings go to {@code err}. Failures are {@link CliException}s with the CLI's
     * exit code (64 usage, 65 bad data, 66 missing input) and its one-line message; anything else is thrown as is
     * (an internal error).
     */
    public static Collide4j open(String[] args, PrintStream err) {
        Open command = new Open();
        command.err = err;
        CommandLine line = new CommandLine(command);
        line.registerConverter(Double.class, CliFailures::finite);
        line.registerConverter(double.class, CliFailures::finite);
        line.setExpandAtFiles(false);
        try {
            line.parseArgs(args);
        } catch (ParameterException e) {
            throw new CliException(ExitCode.USAGE, CliFailures.firstLine(e.getMessage()), e);
        }
        try {
            command.run();
        } catch (RuntimeException | Error e) {
            CliException failure = CliFailures.failure(e, command);
            if (failure == null) {
                throw e;
            }
            throw failure;
        }
        return command.built;
    }
}
