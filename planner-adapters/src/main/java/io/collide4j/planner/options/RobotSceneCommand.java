package io.collide4j.planner.options;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificateFormat;
import io.collide4j.checker.certificate.Provenance;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Mixin;

/**
 * A command that checks against a robot in a scene: the shared robot and scene options, the defaults they
 * used (for input errors), and the one way to build the checker from them (warnings printed on stderr).
 */
public abstract class RobotSceneCommand extends CliCommand {
    @Mixin
    public RobotOptions robot = new RobotOptions();

    @Mixin
    public SceneOption scene = new SceneOption();

    @Override
    public List<String> defaultsUsed() {
        return Stream.concat(robot.defaultsUsed().stream(), scene.defaultsUsed().stream())
                .toList();
    }

    /** The checker for the robot and scene options, its load warnings on stderr. */
    public Collide4j buildChecker() {
        return robot.build(scene, err, common.quiet);
    }

    /** What a command reading a certificate does with an input the certificate says came from a file. */
    public enum RecordedFiles {
        /** Load it from where it was; the certificate's hashes still decide whether it is the same content. */
        LOAD,
        /** Refuse, naming the option to give: the user names every file input. */
        REFUSE
    }

    /** How robot and scene were found, for output. */
    public record Inputs(String robot, String scene) {}

    /**
     * Fills the robot and scene options the user left out from the provenance of {@code cert} (read from
     * {@code file}): a bundled input by name, a recorded file as {@code files} says. Anything the certificate does
     * not record, or that is not here, is an error (66) naming the option to give; there is no default.
     */
    public Inputs fromProvenance(Certificate cert, Path file, RecordedFiles files) {
        Provenance p = cert.provenance() == null ? Provenance.UNKNOWN : cert.provenance();
        String unrecorded = cert.format().equals(CertificateFormat.FORMAT_2)
                ? " (format " + cert.format() + " certificates record no provenance)"
                : "";
        String robotLabel = "as given (" + robot.describe() + ")";
        // with REFUSE, every file option still to give is collected and named in one message, not one per run
        List<String> toGive = new java.util.ArrayList<>();
        if (robot.robotIsDefault()) {
            Provenance.Source s = p.robot();
            if (s == null) {
                throw new CliException(
                        ExitCode.NO_INPUT,
                        file + " does not record which robot it was made for" + unrecorded
                                + "; give --robot NAME or --urdf FILE [--srdf FILE]");
            }
            if (s.bundled() != null) {
                robot.robot = bundled(s.bundled(), Models.names(), "robot", file);
            } else if (files == RecordedFiles.REFUSE) {
                toGive.add("--urdf " + s.file());
                if (s.srdf() != null && robot.srdf == null) {
                    toGive.add("--srdf " + s.srdf());
                }
            } else {
                robot.urdf = recorded(
                        s.file(),
                        "robot URDF",
                        "--urdf " + s.file() + (s.srdf() == null ? "" : " --srdf " + s.srdf()),
                        file,
                        files);
                if (s.srdf() != null && robot.srdf == null) {
                    robot.srdf = recorded(s.srdf(), "robot SRDF", "--srdf " + s.srdf(), file, files);
                }
            }
            robotLabel = s + " (from the certificate)";
        }
        String sceneLabel = "as given (" + scene.describe() + ")";
        if (scene.isDefault()) {
            Provenance.Source s = p.scene();
            if (s == null) {
                throw new CliException(
                        ExitCode.NO_INPUT,
                        file + " does not record which scene it was made for" + unrecorded
                                + "; give --scene NAME|FILE (or --scene none)");
            }
            if (s.bundled() == null && files == RecordedFiles.REFUSE) {
                toGive.add("--scene " + s.file());
            } else {
                scene.scene = s.bundled() != null
                        ? bundled(s.bundled(), Models.sceneNames(), "scene", file)
                        : recorded(s.file(), "scene", "--scene " + s.file(), file, files)
                                .toString();
            }
            sceneLabel = s + " (from the certificate)";
        }
        if (!toGive.isEmpty()) {
            boolean urdf = toGive.stream().anyMatch(o -> o.startsWith("--urdf"));
            throw new CliException(
                    ExitCode.NO_INPUT,
                    file + ": the certificate's inputs came from files; give "
                            + String.join(" ", toGive) + " to verify against them"
                            + (urdf && robot.packagePath.roots.isEmpty()
                                    ? " (and the --package-path DIR you certified with, if the"
                                            + " URDF's meshes are package:// URIs)"
                                    : ""));
        }
        return new Inputs(robotLabel, sceneLabel);
    }

    private static String bundled(String name, java.util.Collection<String> names, String what, Path file) {
        if (!names.contains(name)) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    file + " was made for the bundled " + what + " '" + name + "', which this build does not bundle");
        }
        return name;
    }

    private static Path recorded(String path, String what, String option, Path file, RecordedFiles files) {
        if (files == RecordedFiles.REFUSE) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    file + ": the certificate's " + what + " came from the file " + path + "; give " + option
                            + " to verify against it");
        }
        if (!Files.isReadable(Path.of(path))) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    file + " names the " + what + " " + path
                            + ", which is missing or unreadable here; give " + option.substring(0, option.indexOf(' '))
                            + " with its location");
        }
        return Path.of(path);
    }
}
