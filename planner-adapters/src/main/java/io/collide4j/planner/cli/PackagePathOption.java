package io.collide4j.planner.cli;

import io.collide4j.urdf.UrdfParser;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --package-path DIR} (repeatable): roots against which {@code package://NAME/...} URIs resolve. */
final class PackagePathOption {
    @Option(names = "--package-path", paramLabel = "DIR",
            description = "A folder holding ROS packages (package://NAME/... resolves to DIR/NAME/..., or to the folder under DIR whose package.xml names NAME); searched before ROS_PACKAGE_PATH and package.xml discovery around the URDF; repeatable.")
    List<Path> roots = new ArrayList<>();

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
        return UrdfParser.create().withPackageRoots(checkedRoots());
    }
}
