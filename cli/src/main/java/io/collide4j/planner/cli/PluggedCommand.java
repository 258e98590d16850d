package io.collide4j.planner.cli;

import io.collide4j.planner.options.CliCommand;

/**
 * A {@code collide4j} command that lives in another module and joins the command line when that module is on the
 * class path, found with {@link java.util.ServiceLoader} (a {@code META-INF/services} entry naming the
 * implementation). The benchmarks module plugs {@code bench} in this way, so that the shipped {@code collide4j.jar}
 * carries no benchmark code while {@code collide4j-bench.jar} (the same command line plus the workloads) and the
 * benchmarks' tests run {@code bench} through {@link Main} as before. Implementations are stateless.
 */
public interface PluggedCommand {
    /** The command's name on the command line; it replaces a built-in command of that name. */
    String name();

    /** A fresh command instance (one per run, as for the built-in commands). */
    CliCommand create();
}
