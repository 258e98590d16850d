package io.collide4j.planner.cli;

import io.collide4j.checker.geometry.decomposition.MeshConvexity;
import io.collide4j.checker.robot.ConcaveLinks;
import io.collide4j.models.Models;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.PackagePathOption;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code collide4j info}: a robot's links, joints and collision geometry, as loaded; per collision mesh whether
 * it is convex and, if not, how much volume one covering hull adds (hull volume / mesh volume).
 */
@Command(
        name = "info",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Links, joints and collision geometry of a bundled robot or a URDF file (default panda).")
final class InfoCommand extends CliCommand {
    @Parameters(
            arity = "0..1",
            paramLabel = "ROBOT|FILE.urdf",
            description = "A bundled robot's name or a URDF file (default " + RobotOptions.DEFAULT_ROBOT + ").")
    String robot;

    @Option(names = "--urdf", paramLabel = "FILE", description = "A URDF file (same as giving it as the argument).")
    Path urdf;

    @Mixin
    PackagePathOption packagePath = new PackagePathOption();

    @Override
    public int run() {
        if (urdf != null && robot != null) {
            throw new CliException(ExitCode.USAGE, "give a robot name, a URDF path or --urdf, not two");
        }
        Path file = urdf;
        if (file == null && robot != null && !Models.names().contains(robot)) {
            if (!robot.toLowerCase(Locale.ROOT).endsWith(".urdf") && !Files.exists(Path.of(robot))) {
                throw new CliException(
                        ExitCode.USAGE,
                        "'" + robot + "' is neither a bundled robot " + Models.names() + " nor a URDF file");
            }
            file = Path.of(robot);
        }
        RobotDescription description;
        if (file != null) {
            description = packagePath
                    .parser()
                    .parse(RobotOptions.readable(urdf != null ? "--urdf" : "ROBOT|FILE.urdf", file));
        } else {
            if (!packagePath.xacroArgs.isEmpty()) {
                throw new CliException(ExitCode.USAGE, "--xacro-arg applies to a .xacro file, not to a bundled robot");
            }
            description = Models.robot(robot == null ? RobotOptions.DEFAULT_ROBOT : robot);
        }
        print(description, out);
        return ExitCode.FREE.status();
    }

    static void print(RobotDescription robot, PrintStream out) {
        out.printf(Locale.ROOT, "robot %s (%s)%n", robot.name(), robot.source());
        out.printf(
                Locale.ROOT,
                "root link %s; %d links, %d joints%n",
                robot.rootLink(),
                robot.links().size(),
                robot.joints().size());
        out.println("joints:");
        for (JointDescription j : robot.joints()) {
            String limits = j.type().isMovable()
                    ? String.format(
                            Locale.ROOT,
                            " [%.4f, %.4f]",
                            j.limits().lower(),
                            j.limits().upper())
                    : "";
            String mimic = j.mimic() != null ? " mimics " + j.mimic().joint() : "";
            out.printf(
                    Locale.ROOT,
                    "  %-28s %-10s %s -> %s%s%s%n",
                    j.name(),
                    j.type().name().toLowerCase(Locale.ROOT),
                    j.parent(),
                    j.child(),
                    limits,
                    mimic);
        }
        out.println("links (collision geometry):");
        int triangles = 0;
        for (LinkDescription l : robot.links()) {
            if (l.collisions().isEmpty()) {
                out.printf(Locale.ROOT, "  %-28s none%n", l.name());
            }
            for (GeometryElement e : l.collisions()) {
                out.printf(Locale.ROOT, "  %-28s %s%n", l.name(), describe(e.geometry()));
                if (e.geometry() instanceof Geometry.Mesh m && m.mesh().isPresent()) {
                    triangles += m.mesh().get().triangleCount();
                }
            }
        }
        out.printf(Locale.ROOT, "total collision mesh triangles: %d%n", triangles);
    }

    /** Whether one covering hull is exact, and how much volume it adds otherwise (what --decompose can win back). */
    static String convexity(MeshConvexity c) {
        if (!c.closed()) {
            return "open mesh (no volume): its hull's excess is undefined (one hull by default; --decompose decomposes it)";
        }
        if (c.convex()) {
            return "convex (one hull is exact)";
        }
        if (c.hullExcess() < 1.005) {
            return String.format(
                    Locale.ROOT,
                    "nearly convex: one hull adds %.2f %% volume (hull/mesh %.4f)",
                    100 * (c.hullExcess() - 1),
                    c.hullExcess());
        }
        // the default decomposes a link past ConcaveLinks' threshold; below it only --decompose does
        return String.format(
                Locale.ROOT,
                "not convex: one hull adds %.1f %% volume (hull/mesh %.3f; %s)",
                100 * (c.hullExcess() - 1),
                c.hullExcess(),
                c.hullExcess() > ConcaveLinks.DEFAULT_THRESHOLD
                        ? "decomposed by default, --no-decompose for one hull"
                        : "--decompose covers it tighter");
    }

    private static String describe(Geometry g) {
        if (g instanceof Geometry.Box b) {
            return String.format(Locale.ROOT, "box %.4f x %.4f x %.4f", b.sizeX(), b.sizeY(), b.sizeZ());
        } else if (g instanceof Geometry.Cylinder c) {
            return String.format(Locale.ROOT, "cylinder r=%.4f l=%.4f", c.radius(), c.length());
        } else if (g instanceof Geometry.Sphere s) {
            return String.format(Locale.ROOT, "sphere r=%.4f", s.radius());
        } else if (g instanceof Geometry.Mesh m) {
            if (m.mesh().isEmpty()) {
                return "mesh " + m.filename() + " (not loaded)";
            }
            double[] b = m.mesh().get().bounds();
            return String.format(
                    Locale.ROOT,
                    "mesh %s: %d vertices, %d triangles, bounds [%.3f %.3f %.3f]..[%.3f %.3f %.3f]; %s",
                    m.filename(),
                    m.mesh().get().vertexCount(),
                    m.mesh().get().triangleCount(),
                    b[0],
                    b[1],
                    b[2],
                    b[3],
                    b[4],
                    b[5],
                    convexity(MeshConvexity.of(m.mesh().get())));
        }
        throw new IllegalStateException("unknown geometry " + g);
    }
}
