package io.collide4j.planner.cli;

import io.collide4j.urdf.UrdfParser;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code --package-path DIR} (repeatable): roots against which {@code package://NAME/...} URIs (and xacro's
 * {@code $(find NAME)}) resolve; {@code --xacro-arg NAME:=VALUE} (repeatable): arguments of a {@code .xacro} description.
 */
final class PackagePathOption {
    @Option(names = "--package-path", paramLabel = "DIR",
            description = "A folder holding ROS packages (package://NAME/... resolves to DIR/NAME/..., or to the folder under DIR whose package.xml names NAME); searched before ROS_PACKAGE_PATH and package.xml discovery around the URDF; repeatable.")
    List<Path> roots = new ArrayList<>();

    @Option(names = "--xacro-arg", paramLabel = "NAME:=VALUE",
            description = "An argument of a .xacro robot description (--urdf/--srdf robot.urdf.xacro), as xacro takes it on"
                    + " its command line; repeatable.")
    List<String> xacroArgs = new ArrayList<>();

    /** {@code --xacro-arg} items as a map; an item without {@code :=} or a name given twice is a usage error. */
    Map<String, String> xacroArgs() {
        return XacroCommand.arguments("--xacro-arg", xacroArgs);
    }

    /** The roots, each checked to be a readable folder (else exit 66 naming the option). */
    List<Path> checkedRoots() {
        for (Path p : roots) {
            if (!Files.isDirectory(p)) {
                throw new CliException(ExitCode.NO_INPUT, "--package-path: not a folder: " + p);
            }
        }
        return List.copyOf(roots);
    }

    /** A URDF parser that resolves {@code package://} against these roots. */
    UrdfParser parser() {
        return UrdfParser.create().withPackageRoots(checkedRoots()).withXacroArgs(xacroArgs());
    }
}
