package io.collide4j.planner;

import io.collide4j.models.Models;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import io.collide4j.urdf.xacro.Xacro;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The robot a {@link Collide4jBuilder} was given, read: a bundled robot with its SRDF, a URDF (or xacro) file, or a
 * parsed description; then an SRDF file when one was named. Stateless.
 */
record RobotFiles(RobotDescription description, @Nullable SemanticDescription semantics) {

    /**
     * Reads the robot from the first source given: {@code bundledRobot}, else {@code urdfPath}, else
     * {@code robot} (with {@code srdf}); an {@code srdfPath} replaces the SRDF. Refuses xacro arguments when neither
     * file is xacro, and files that cannot be read.
     */
    static RobotFiles read(
            @Nullable String bundledRobot,
            @Nullable Path urdfPath,
            @Nullable Path srdfPath,
            @Nullable RobotDescription robot,
            @Nullable SemanticDescription srdf,
            List<Path> packageRoots,
            Map<String, String> xacroArgs) {
        if (!xacroArgs.isEmpty()
                && (urdfPath == null || !Xacro.isXacro(urdfPath))
                && (srdfPath == null || !Xacro.isXacro(srdfPath))) {
            throw new IllegalArgumentException(
                    "xacro arguments " + xacroArgs.keySet() + " given, but neither the URDF ("
                            + (urdfPath == null ? "none" : urdfPath) + ") nor the SRDF is a .xacro file");
        }
        RobotDescription desc;
        SemanticDescription sem = srdf;
        if (bundledRobot != null) {
            desc = Models.robot(bundledRobot);
            sem = Models.semantics(bundledRobot);
        } else if (urdfPath != null) {
            if (!Files.isReadable(urdfPath)) {
                throw new IllegalArgumentException("URDF file not found or unreadable: " + urdfPath);
            }
            desc = parser(packageRoots, xacroArgs).parse(urdfPath);
            sem = null;
        } else if (robot != null) {
            desc = robot;
        } else {
            throw new IllegalStateException("no robot: call robot(name), urdf(path) or robot(description, srdf)");
        }
        if (srdfPath != null) {
            if (!Files.isReadable(srdfPath)) {
                throw new IllegalArgumentException("SRDF file not found or unreadable: " + srdfPath);
            }
            sem = SrdfParser.parse(srdfPath, desc, parser(packageRoots, xacroArgs));
        }
        return new RobotFiles(desc, sem);
    }

    private static UrdfParser parser(List<Path> packageRoots, Map<String, String> xacroArgs) {
        return UrdfParser.create().withPackageRoots(packageRoots).withXacroArgs(xacroArgs);
    }
}
