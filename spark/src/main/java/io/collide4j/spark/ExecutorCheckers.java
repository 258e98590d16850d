package io.collide4j.spark;

import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CertifyApi;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The checkers of one executor JVM: each robot-in-scene is loaded once, lazily, the first time a task needs it (other
 * tasks wanting it meanwhile wait), and then shared by every task thread of the executor and by later jobs that name
 * the same files with the same content ({@link CheckerSource#fingerprint}) and robot options; a reference that fails
 * to load fails once and its error is reused until its files change. Thread-safe. Entries live as long as the JVM (an
 * executor certifies a few robots and scenes; a driver in local mode is the executor): loading the Panda in a
 * MotionBenchMaker scene takes longer than certifying hundreds of short trajectories in it.
 */
final class ExecutorCheckers {
    /** A loaded checker, or the error {@code certify} reports for the reference. */
    record Loaded(Collide4j checker, CliException failure) {}

    private record Key(CheckerSource source, List<String> robotOptions) {}

    private static final ConcurrentHashMap<Key, Loaded> CACHE = new ConcurrentHashMap<>();

    private ExecutorCheckers() {}

    /** How many robot-and-scene checkers this JVM has loaded (or failed to load) so far. */
    static int loaded() {
        return CACHE.size();
    }

    /** The checker for a resolved reference and the job's robot options ({@code certify}'s, parsed the same way). */
    static Loaded get(CheckerSource resolved, List<String> robotOptions) {
        return CACHE.computeIfAbsent(
                new Key(resolved, robotOptions), k -> load(k.source().reference(), k.robotOptions()));
    }

    private static Loaded load(CheckerReference reference, List<String> robotOptions) {
        try {
            // load warnings (no SRDF, self-collision at zero) are the CLI's stderr lines; a job has no terminal for
            // them
            return new Loaded(
                    CertifyApi.checker(
                            reference.certifyArguments(robotOptions), new PrintStream(OutputStream.nullOutputStream())),
                    null);
        } catch (CliException e) {
            if (e.exitCode() == ExitCode.NO_INPUT.status()
                    && !Models.names().contains(reference.robot())
                    && e.getMessage().contains("--urdf")) {
                return new Loaded(
                        null,
                        new CliException(
                                e.code(),
                                "robot '" + reference.robot()
                                        + "' is neither a bundled robot " + Models.names()
                                        + " nor a readable URDF file (" + e.getMessage()
                                        + ")",
                                e));
            }
            return new Loaded(null, e);
        }
    }
}
