package io.collide4j.planner.cli;

import io.collide4j.planner.Collide4j;
import picocli.CommandLine.Mixin;

import java.util.List;
import java.util.stream.Stream;

/**
 * A command that checks against a robot in a scene: the shared robot and scene options, the defaults they
 * used (for input errors), and the one way to build the checker from them (warnings printed on stderr).
 */
abstract class RobotSceneCommand extends CliCommand {
    @Mixin
    RobotOptions robot = new RobotOptions();

    @Mixin
    SceneOption scene = new SceneOption();

    @Override
    List<String> defaultsUsed() {
        return Stream.concat(robot.defaultsUsed().stream(), scene.defaultsUsed().stream()).toList();
    }

    /** The checker for the robot and scene options, its load warnings on stderr. */
    Collide4j buildChecker() {
        return robot.build(scene, err);
    }
}
