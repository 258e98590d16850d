package io.collide4j.planner.cli;

import picocli.CommandLine.Mixin;

import java.io.PrintStream;

/**
 * One {@code collide4j} sub-command: its options are picocli-annotated fields (so {@code <cmd> --help}
 * lists every option it reads), {@link #run} answers with an {@link ExitCode}. {@link Main} sets the
 * streams, parses the command line into a fresh instance and maps whatever {@link #run} throws.
 */
abstract class CliCommand {
    @Mixin
    CommonOptions common = new CommonOptions();

    PrintStream out = System.out;
    PrintStream err = System.err;

    /** Runs the command; failures are thrown ({@link CliException} carries its exit code). */
    abstract int run();
}
