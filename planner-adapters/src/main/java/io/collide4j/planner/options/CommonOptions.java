package io.collide4j.planner.options;

import picocli.CommandLine.Option;

/** Options every command has: {@code --help}, {@code --debug} and {@code --quiet}. */
public final class CommonOptions {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this command's options and exit.")
    public boolean help;

    @Option(names = "--debug", description = "On an internal error (exit 70), print the stack trace.")
    public boolean debug;

    @Option(
            names = {"-q", "--quiet"},
            description = "No progress output on stderr (errors are still printed).")
    public boolean quiet;
}
