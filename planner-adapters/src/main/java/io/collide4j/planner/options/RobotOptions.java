package io.collide4j.planner.options;

import io.collide4j.checker.robot.ConcaveLinks;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.checker.robot.LinkConvexity;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.urdf.DecimalText;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The robot options every checking command shares (a picocli mixin): {@code --robot NAME} (bundled,
 * default panda) or {@code --urdf FILE [--srdf FILE] [--package-path DIR]}; {@code --group},
 * {@code --hold}, {@code --margin}, {@code --padding}, {@code --scale}, {@code --allow}, {@code --decompose},
 * {@code --no-decompose}, {@code --exact-meshes}.
 * {@link #build} prints the robot's warnings (no SRDF, self-collision at the zero configuration) once on stderr.
 */
public final class RobotOptions {
    /** The robot used when neither {@code --robot} nor {@code --urdf} is given. */
    public static final String DEFAULT_ROBOT = "panda";

    @Option(
            names = "--robot",
            paramLabel = "NAME",
            description = "Bundled robot (default " + DEFAULT_ROBOT + "); one of the names 'collide4j info' accepts.")
    public @Nullable String robot;

    @Option(
            names = "--urdf",
            paramLabel = "FILE",
            description = "Robot description (URDF, or xacro: robot.urdf.xacro) instead of --robot.")
    public @Nullable Path urdf;

    @Option(
            names = "--srdf",
            paramLabel = "FILE",
            description = "Semantic description (SRDF): planning groups and disabled collision pairs.")
    public @Nullable Path srdf;

    @Mixin
    public PackagePathOption packagePath = new PackagePathOption();

    @Option(
            names = "--group",
            paramLabel = "NAME",
            description = "Planning group of the SRDF (default: a bundled robot's first group; else every joint).")
    public @Nullable String group;

    @Option(
            names = "--hold",
            paramLabel = "JOINT=VALUE",
            split = ",",
            description =
                    "Value of a joint outside the planning group (default 0 clamped into its limits); repeatable.")
    public List<String> hold = new ArrayList<>();

    @Option(
            names = "--margin",
            paramLabel = "M",
            description = "Required separation in metres (default 0: valid means not touching).")
    public @Nullable Double margin; // null: not given (verify tells "not asked" from 0)

    /** The required separation: --margin, or 0 when not given. */
    public double margin() {
        return margin == null ? 0 : margin;
    }

    @Option(
            names = "--padding",
            paramLabel = "LINK=P",
            split = ",",
            description = "Extra padding in metres around one link or attached body; repeatable or comma-separated.")
    public List<String> padding = new ArrayList<>();

    @Option(
            names = "--scale",
            paramLabel = "LINK=S",
            split = ",",
            description = "Scale (>= 1) of one link's collision geometry; repeatable or comma-separated.")
    public List<String> scale = new ArrayList<>();

    @Option(
            names = "--allow",
            paramLabel = "A,B",
            description = "Do not check this pair (two link, attached body or obstacle names, comma-separated), as an"
                    + " SRDF's disable_collisions; repeatable. Part of the robot hash.")
    public List<String> allow = new ArrayList<>();

    @Option(
            names = "--decompose",
            description = "Every mesh (links and scene) as a convex decomposition (cached on disk; bundled robots:"
                    + " precomputed) instead of one covering hull each: fewer false collisions in concave links, same"
                    + " guarantee. Default: only links far from convex (one hull adding over "
                    + ConcaveLinks.DEFAULT_PERCENT + " %% volume) are decomposed.")
    public boolean decompose;

    @Option(
            names = "--no-decompose",
            description =
                    "One covering hull per mesh, also for links far from convex (which are decomposed by default).")
    public boolean noDecompose;

    /** The decomposition mode --decompose / --no-decompose choose; both is a usage error. */
    public DecompositionMode decomposition() {
        if (decompose && noDecompose) {
            throw new CliException(ExitCode.USAGE, "give --decompose or --no-decompose, not both");
        }
        return decompose ? DecompositionMode.ALL : noDecompose ? DecompositionMode.HULLS : DecompositionMode.CONCAVE;
    }

    @Option(
            names = "--exact-meshes",
            description = "Check mesh obstacles exactly against their triangles instead of covering hulls.")
    public boolean exactMeshes;

    /** Which robot this resolves to, and whether it was the default, for messages. */
    public String describe() {
        if (urdf != null) {
            return "robot " + urdf;
        }
        return robot == null
                ? "robot '" + DEFAULT_ROBOT + "' (the default; give --robot or --urdf)"
                : "robot '" + robot + "'";
    }

    /** True when no robot was named and the bundled default is used. */
    public boolean robotIsDefault() {
        return robot == null && urdf == null;
    }

    /** The label of the robot's source for reports: the URDF path or the bundled name. */
    public String label() {
        return urdf != null ? urdf.toString() : robot != null ? robot : DEFAULT_ROBOT;
    }

    /**
     * The checker for this robot in {@code scene} (read as input: see {@link CliCommand#load}); a {@code --hold}
     * of a planning joint is a usage error (the planner moves it, so the held value would be ignored).
     */
    public Collide4j build(SceneOption scene, PrintStream err) {
        return build(scene, err, true);
    }

    /** As {@link #build(SceneOption, PrintStream)}; unless {@code quiet}, names each mesh --decompose works on after 2 s. */
    public Collide4j build(SceneOption scene, PrintStream err, boolean quiet) {
        Collide4jBuilder b = builder();
        if (decomposition() != DecompositionMode.HULLS && !quiet) {
            // the first --decompose of a robot computes every mesh's decomposition (seconds each), later runs read the
            // cache: say what is being worked on once the load has taken 2 s, so a long first run is not silent
            long start = System.nanoTime();
            int[] count = {0};
            b.meshListener(what -> {
                count[0]++;
                if (System.nanoTime() - start > 2_000_000_000L) {
                    err.println("decomposing mesh " + count[0] + ": " + what + " (first time only; cached in "
                            + io.collide4j.checker.geometry.decomposition.DecompositionCache.defaultDirectory() + ")");
                }
            });
        }
        Collide4j c = CliCommand.load(
                describe() + " in " + scene.describe(), () -> scene.apply(b).build());
        checkHeldOutsideGroup(c);
        c.warnings().forEach(w -> err.println("warning: " + w));
        if (!quiet && !c.decomposedByDefault().isEmpty()) {
            err.println(decomposedNote(c.decomposedByDefault()));
        }
        return c;
    }

    /** The note naming the links decomposed by default, and why (one line). */
    public static String decomposedNote(List<LinkConvexity> links) {
        StringBuilder sb =
                new StringBuilder("note: decomposed by default, far from convex (--no-decompose: one hull" + " each):");
        for (int i = 0; i < links.size(); i++) {
            sb.append(i == 0 ? " " : "; ")
                    .append(links.get(i).link())
                    .append(" (")
                    .append(links.get(i).reason())
                    .append(')');
        }
        return sb.toString();
    }

    public void checkHeldOutsideGroup(Collide4j c) {
        for (String joint : pairs("--hold", hold).keySet()) {
            if (c.variableNames().contains(joint)) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--hold " + joint + ": a joint of the planning group "
                                + (c.groupName().isEmpty() ? "(every joint)" : "'" + c.groupName() + "'")
                                + " is moved by the trajectory or planner; hold joints outside it, or choose another --group");
            }
        }
    }

    /** The robot default this run used, if any (see {@link CliCommand#defaultsUsed}). */
    public List<String> defaultsUsed() {
        return robotIsDefault() ? List.of("robot '" + DEFAULT_ROBOT + "' (give --robot or --urdf)") : List.of();
    }

    /** The robot part (no scene) as a builder. */
    public Collide4jBuilder builder() {
        Collide4jBuilder b = Collide4j.builder();
        if (urdf != null) {
            if (robot != null) {
                throw new CliException(ExitCode.USAGE, "give --robot or --urdf, not both");
            }
            b.urdf(readable("--urdf", urdf)).packageRoots(packagePath.checkedRoots());
            b.xacroArgs(packagePath.xacroArgs());
        } else {
            String name = robot == null ? DEFAULT_ROBOT : robot;
            if (!Models.names().contains(name)) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--robot: no bundled robot '" + name + "'; bundled: " + Models.names()
                                + " (or give --urdf FILE)");
            }
            b.robot(name);
            if (!packagePath.xacroArgs.isEmpty()) {
                throw new CliException(
                        ExitCode.USAGE, "--xacro-arg applies to a .xacro --urdf (or --srdf), not to a bundled robot");
            }
        }
        if (srdf != null) {
            b.srdf(readable("--srdf", srdf));
        }
        if (group != null) {
            b.group(group);
        }
        if (!(margin() >= 0)) {
            throw new CliException(ExitCode.USAGE, "--margin must be >= 0, got " + margin);
        }
        b.margin(margin());
        pairs("--padding", padding).forEach(b::padding);
        pairs("--scale", scale).forEach(b::scale);
        pairs("--hold", hold).forEach(b::hold);
        for (String item : allow) {
            String[] ab = item.split(",", -1);
            if (ab.length != 2 || ab[0].isBlank() || ab[1].isBlank()) {
                throw new CliException(ExitCode.USAGE, "--allow expects two names A,B, got '" + item + "'");
            }
            b.allow(ab[0].trim(), ab[1].trim());
        }
        b.exactMeshes(exactMeshes);
        b.decomposition(decomposition());
        return b;
    }

    /**
     * An input file option: must exist, be readable and not be a folder, else exit 66 naming the option and path (a
     * folder was read as a file before: "Content is not allowed in prolog" or "java.io.IOException: Is a directory").
     */
    public static @Nullable Path readable(String option, @Nullable Path p) {
        if (p != null && !Files.isReadable(p)) {
            throw new CliException(ExitCode.NO_INPUT, option + ": file not found or unreadable: " + p);
        }
        if (p != null && Files.isDirectory(p)) {
            throw new CliException(ExitCode.NO_INPUT, option + ": expected a file, got the folder " + p);
        }
        return p;
    }

    /** {@code NAME=VALUE} items into a map; a malformed item or a name given twice is a usage error. */
    public static Map<String, Double> pairs(String option, List<String> items) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new CliException(ExitCode.USAGE, option + " expects NAME=VALUE, got '" + item + "'");
            }
            String name = item.substring(0, eq).trim();
            if (out.put(name, number(option, item.substring(eq + 1))) != null) {
                throw new CliException(ExitCode.USAGE, option + " names '" + name + "' twice");
            }
        }
        return out;
    }

    /** A comma-separated configuration of {@code expected} finite numbers. */
    public static double[] vector(String option, String text, int expected) {
        String[] parts = text.split(",", -1);
        if (parts.length != expected) {
            throw new CliException(
                    ExitCode.USAGE,
                    String.format(
                            Locale.ROOT,
                            "%s has %d values, the planning group has %d joints",
                            option,
                            parts.length,
                            expected));
        }
        double[] q = new double[parts.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = number(option, parts[i]);
        }
        return q;
    }

    public static double number(String option, String text) {
        try {
            double d = DecimalText.parse(text);
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the option's name
        }
        throw new CliException(ExitCode.USAGE, option + ": '" + text + "' is not a finite number");
    }
}
