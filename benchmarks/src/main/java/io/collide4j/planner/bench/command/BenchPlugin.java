package io.collide4j.planner.bench.command;

import io.collide4j.planner.cli.PluggedCommand;
import io.collide4j.planner.options.CliCommand;

/**
 * Plugs {@code collide4j bench} ({@link BenchCommand}) into the command line when this module is on the class path
 * (listed in {@code META-INF/services/io.collide4j.planner.cli.PluggedCommand}). Stateless.
 */
public final class BenchPlugin implements PluggedCommand {
    /** For {@link java.util.ServiceLoader}. */
    public BenchPlugin() {}

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public CliCommand create() {
        return new BenchCommand();
    }
}
