package io.collide4j.spark;

import io.collide4j.models.Models;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which robot in which scene a row is certified for, as {@code collide4j certify}'s options say it: {@code robot} a
 * bundled robot name ({@code --robot}) or else a URDF file ({@code --urdf}), {@code srdf} an optional SRDF file
 * ({@code --srdf}), {@code scene} a bundled scene name, a scene file or {@code none} ({@code --scene}). A robot file may
 * be xacro ({@code robot.urdf.xacro}); its arguments go in the job's robot options ({@code --xacro-arg NAME:=VALUE}).
 */
public record CheckerReference(String robot, String srdf, String scene) implements Serializable {

    /**
     * This reference with relative file paths made absolute against {@code base} (the driver's working folder), so
     * that every executor reads the same files and certificates record the paths {@code certify} records when run
     * from there. Bundled names and {@code none} stay as they are.
     */
    public CheckerReference resolved(Path base) {
        return new CheckerReference(
                isBundledRobot() ? robot : absolute(base, robot),
                srdf == null ? null : absolute(base, srdf),
                scene == null || scene.equals("none") || Models.sceneNames().contains(scene)
                        ? scene
                        : absolute(base, scene));
    }

    private boolean isBundledRobot() {
        return robot == null || Models.names().contains(robot);
    }

    private static String absolute(Path base, String path) {
        if (path.isEmpty()) {
            return path; // refused by certify's options, with their message
        }
        return base.resolve(path).toAbsolutePath().normalize().toString();
    }

    /** {@code certify}'s robot and scene options for this reference, followed by the job's {@code robotOptions}. */
    public List<String> certifyArguments(List<String> robotOptions) {
        List<String> args = new ArrayList<>();
        if (robot != null) {
            args.add(isBundledRobot() ? "--robot" : "--urdf");
            args.add(robot);
        }
        if (srdf != null) {
            args.add("--srdf");
            args.add(srdf);
        }
        if (scene != null) {
            args.add("--scene");
            args.add(scene);
        }
        args.addAll(robotOptions);
        return args;
    }
}
