package io.collide4j.planner.cli;

import picocli.CommandLine.Option;

/** Options every command has: {@code --help} and {@code --debug}. */
final class CommonOptions {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this command's options and exit.")
    boolean help;

    @Option(names = "--debug", description = "On an internal error (exit 70), print the stack trace.")
    boolean debug;
}
