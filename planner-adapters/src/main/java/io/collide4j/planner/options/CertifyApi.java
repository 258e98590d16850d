package io.collide4j.planner.options;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code collide4j certify} as calls, for jobs that certify outside the command line (the Spark module): the checker
 * the command builds from the same robot and scene options, and the steps it takes on a trajectory, so that the same
 * inputs give the same verdict and the same certificate bytes, provenance included. Failures are
 * {@link CliException}s carrying the exit code and the one-line message the command prints (without its
 * {@code collide4j certify:} prefix). Stateless and thread-safe.
 */
public final class CertifyApi {
    private CertifyApi() {}

    /** The robot and scene options of {@code certify}, and nothing else. */
    @Command(name = "certify")
    public static final class RobotSceneOptions extends RobotSceneCommand {
        @Override
        public int run() {
            throw new UnsupportedOperationException("options only");
        }
    }

    /**
     * The checker {@code collide4j certify ARGS} builds, where {@code robotSceneArgs} are its robot and scene options
     * ({@code --robot NAME | --urdf FILE [--srdf FILE]}, {@code --scene NAME|FILE|none}, {@code --margin},
     * {@code --group}, {@code --hold}, ...; unset ones take certify's defaults). Load warnings go to {@code warnings}.
     *
     * @throws CliException a usage error (64), bad (65) or missing (66) input, with the command's message
     */
    public static Collide4j checker(List<String> robotSceneArgs, PrintStream warnings) {
        RobotSceneOptions options = parse(robotSceneArgs);
        options.err = warnings;
        try {
            return options.buildChecker();
        } catch (RuntimeException e) {
            CliException failure = CliFailures.failure(e, options);
            throw failure != null ? failure : e;
        }
    }

    /** Checks that {@code robotSceneArgs} are robot and scene options of certify (parsed only, nothing loaded). */
    public static void checkOptions(List<String> robotSceneArgs) {
        parse(robotSceneArgs);
    }

    private static RobotSceneOptions parse(List<String> args) {
        RobotSceneOptions options = new RobotSceneOptions();
        CommandLine cl = new CommandLine(options);
        cl.registerConverter(Double.class, CliFailures::finite);
        cl.registerConverter(double.class, CliFailures::finite);
        cl.setExpandAtFiles(false);
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            String m = e.getMessage() == null
                    ? "bad options"
                    : e.getMessage().lines().findFirst().orElse("").trim();
            throw new CliException(ExitCode.USAGE, m, e);
        }
        return options;
    }

    /**
     * The checks {@code certify} makes on a trajectory before it opens the certificate: columns map onto the planning
     * group (a header-less trajectory's positional mapping is said on {@code out}), at least 2 waypoints.
     *
     * @throws CliException bad input (65) naming {@code label}
     */
    public static void check(Collide4j c, JointTrajectory t, String label, PrintStream out) {
        ConfigurationReader.map(t, label, c, out);
        if (t.waypointCount() < 2) {
            throw new CliException(
                    ExitCode.DATA_ERROR, label + ": a trajectory needs at least 2 waypoints, got " + t.waypointCount());
        }
    }

    /**
     * Certifies a {@link #check checked} trajectory for {@code c}'s margin as {@code certify} does, streaming the
     * certificate (with {@code c}'s provenance) to {@code certificate}; {@code segmentsDone} (null: none) hears
     * progress.
     *
     * @throws CliException bad input (65) naming {@code label}: a waypoint or the motion between two leaves the
     *                      joint limits, a value that cannot be bounded
     */
    public static TrajectoryCertifier.Certification certify(
            Collide4j c,
            JointTrajectory t,
            String label,
            long budget,
            Writer certificate,
            @Nullable LongConsumer segmentsDone) {
        if (budget < 1) {
            throw new CliException(ExitCode.USAGE, "--budget must be >= 1");
        }
        try {
            return c.trajectoryCertifier().certify(t, c.margin(), budget, certificate, segmentsDone);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.DATA_ERROR, label + ": " + e.getMessage(), e);
        }
    }

    /** A certification and its certificate text, as {@code certify} writes it to its file. */
    public record CertifiedText(TrajectoryCertifier.Certification certification, String certificate) {}

    // what check says about a header-less trajectory's mapping goes nowhere here; one stream for every call (a
    // PrintStream allocates its encoder and a 16 kB buffer, per certificate on Spark), thread-safe and never full
    private static final PrintStream NO_OUTPUT = new PrintStream(OutputStream.nullOutputStream());

    /** {@link #check} and {@link #certify}, the certificate kept as text. */
    public static CertifiedText certifyToText(Collide4j c, JointTrajectory t, String label, long budget) {
        check(c, t, label, NO_OUTPUT);
        StringWriter text = new StringWriter();
        TrajectoryCertifier.Certification cert = certify(c, t, label, budget, text, null);
        return new CertifiedText(cert, text.toString());
    }
}
