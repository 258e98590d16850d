package io.collide4j.planner.cli;

import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code collide4j bench} in the shipped jar: the benchmarks and their workloads are the module {@code benchmarks}
 * (they stay out of the jar a user installs), so this command only says which build runs them. The benchmarks'
 * jar plugs the real command in ({@link PluggedCommand}), replacing this one.
 */
@Command(
        name = "bench",
        footer = Main.EXIT_CODES,
        description = "Throughput and the seeds' benchmarks: in collide4j-bench.jar, built from the repository by"
                + " mvn -B -q package -DskipTests -pl benchmarks -am (then: java -jar benchmarks/target/collide4j-bench.jar"
                + " bench --help).")
final class BenchElsewhere extends CliCommand {
    static final String WHERE = "the benchmarks are not in this jar; build them from the repository with"
            + " 'mvn -B -q package -DskipTests -pl benchmarks -am' and run"
            + " 'java -jar benchmarks/target/collide4j-bench.jar bench ...'";

    /** Whatever options were meant for the real command: refused below with the pointer, not as unknown options. */
    @Unmatched
    List<String> options = new ArrayList<>();

    @Override
    public int run() {
        throw new CliException(ExitCode.USAGE, WHERE);
    }
}
