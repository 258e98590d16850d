package io.collide4j.planner.cli;

import io.collide4j.checker.query.Contact;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ConfigurationReader;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.planner.options.RobotSceneCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j check}: discrete validity of configurations given with {@code --q a,b,..[;a,b,..]}
 * or read from {@code --configs FILE} (trajectory CSV/JSON rows). One line per configuration: VALID or
 * COLLISION, the certified clearance lower bound and the closest pair. Exit 0 when all are valid, 1
 * otherwise.
 */
@Command(
        name = "check",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Certified validity and clearance of configurations (exit 0 all valid, 1 any invalid).")
final class CheckCommand extends RobotSceneCommand {
    @Option(
            names = "--q",
            paramLabel = "a,b,..[;a,b,..]",
            description = "Configurations of the planning group, ';'-separated.")
    String inline;

    @Option(
            names = "--configs",
            paramLabel = "FILE",
            description = "Configurations from a trajectory file (CSV or JSON rows).")
    Path file;

    @Override
    public int run() {
        RobotOptions.readable("--configs", file);
        Collide4j c = buildChecker();
        if ((file == null) == (inline == null)) {
            throw new CliException(ExitCode.USAGE, "give exactly one of --q a,b,..[;a,b,..] or --configs FILE");
        }
        List<double[]> qs = new ArrayList<>();
        if (file != null) {
            ConfigurationReader.Columns t = load(file.toString(), () -> ConfigurationReader.readMapped(file, c, out));
            for (int k = 0; k < t.trajectory().waypointCount(); k++) {
                qs.add(t.waypoint(k));
            }
        } else {
            for (String part : inline.split(";")) {
                qs.add(RobotOptions.vector("--q", part, c.dimension()));
            }
        }
        int invalid = 0;
        Progress progress = Progress.of(this, "checking", qs.size());
        // the closest pair overall may be two links of the robot; the closest obstacle answers "how near the shelf"
        out.printf(
                Locale.ROOT,
                "%5s  %-9s %12s  %-36s %12s  %s%n",
                "#",
                "verdict",
                "clearance lb",
                "closest pair",
                "obstacle lb",
                "closest obstacle");
        for (int i = 0; i < qs.size(); i++) {
            double[] q = qs.get(i);
            boolean limits = c.withinLimits(q);
            boolean ok = limits && c.isValid(q);
            invalid += ok ? 0 : 1;
            Contact closest = c.closestPair(q);
            Contact obstacle = c.closestObstacle(q);
            out.printf(
                    Locale.ROOT,
                    "%5d  %-9s %12s  %-36s %12s  %s%n",
                    i,
                    ok ? "VALID" : limits ? "COLLISION" : "LIMITS",
                    closest == null ? "inf" : Fixed.lowerBound(closest.lowerBound()),
                    closest == null ? "-" : closest.pair().key(),
                    obstacle == null ? "inf" : Fixed.lowerBound(obstacle.lowerBound()),
                    obstacle == null ? "-" : obstacle.pair().key());
            progress.update(i + 1);
        }
        out.printf(
                Locale.ROOT,
                "%d of %d configurations valid (required margin %s m)%n",
                qs.size() - invalid,
                qs.size(),
                Fixed.exact(c.margin()));
        return invalid == 0 ? ExitCode.FREE.status() : ExitCode.VIOLATION.status();
    }
}
