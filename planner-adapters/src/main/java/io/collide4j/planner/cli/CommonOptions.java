package io.collide4j.planner.cli;

import picocli.CommandLine.Option;

/** Options every command has: {@code --help}, {@code --debug} and {@code --quiet}. */
final class CommonOptions {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this command's options and exit.")
    boolean help;

    @Option(names = "--debug", description = "On an internal error (exit 70), print the stack trace.")
    boolean debug;

    @Option(names = {"-q", "--quiet"}, description = "No progress output on stderr (errors are still printed).")
    boolean quiet;
}
