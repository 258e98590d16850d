package io.collide4j.planner.options;

import io.collide4j.urdf.UrdfParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --package-path DIR} (repeatable): roots against which {@code package://NAME/...} URIs (and xacro's
 * {@code $(find NAME)}) resolve; {@code --xacro-arg NAME:=VALUE} (repeatable): arguments of a {@code .xacro} description.
 */
public final class PackagePathOption {
    @Option(
            names = "--package-path",
            paramLabel = "DIR",
            description =
                    "A folder holding ROS packages (package://NAME/... resolves to DIR/NAME/..., or to the folder under DIR whose package.xml names NAME); searched before ROS_PACKAGE_PATH and package.xml discovery around the URDF; repeatable.")
    public List<Path> roots = new ArrayList<>();

    @Option(
            names = "--xacro-arg",
            paramLabel = "NAME:=VALUE",
            description =
                    "An argument of a .xacro robot description (--urdf/--srdf robot.urdf.xacro), as xacro takes it on"
                            + " its command line; repeatable.")
    public List<String> xacroArgs = new ArrayList<>();

    /** {@code --xacro-arg} items as a map; an item without {@code :=} or a name given twice is a usage error. */
    public Map<String, String> xacroArgs() {
        return arguments("--xacro-arg", xacroArgs);
    }

    /** The roots, each checked to be a readable folder (else exit 66 naming the option). */
    public List<Path> checkedRoots() {
        for (Path p : roots) {
            if (!Files.isDirectory(p)) {
                throw new CliException(ExitCode.NO_INPUT, "--package-path: not a folder: " + p);
            }
        }
        return List.copyOf(roots);
    }

    /** A URDF parser that resolves {@code package://} against these roots. */
    public UrdfParser parser() {
        return UrdfParser.create().withPackageRoots(checkedRoots()).withXacroArgs(xacroArgs());
    }

    /** {@code NAME:=VALUE} items (xacro's remapping syntax) as a map; malformed items and repeated names are usage errors. */
    public static Map<String, String> arguments(String option, List<String> items) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int at = item.indexOf(":=");
            String name = at < 0 ? "" : item.substring(0, at).strip();
            if (at < 0 || name.isEmpty() || item.indexOf(":=", at + 2) >= 0) {
                throw new CliException(ExitCode.USAGE, option + " expects NAME:=VALUE, got '" + item + "'");
            }
            if (out.put(name, item.substring(at + 2).strip()) != null) {
                throw new CliException(ExitCode.USAGE, option + " names '" + name + "' twice");
            }
        }
        return out;
    }
}
