package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MbmData;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Robots from tests/data for checker tests (parsed once per JVM). */
final class TestRobots {
    private TestRobots() {}

    private static RobotDescription panda;
    private static RobotDescription ur5e;

    static synchronized RobotDescription pandaDescription() {
        if (panda == null) {
            Path dir = MbmData.testData().resolve("vamp/resources/panda");
            panda = UrdfParser.create().withPackageRoots(List.of(dir)).parse(dir.resolve("panda.urdf"));
        }
        return panda;
    }

    static synchronized RobotDescription ur5eDescription() {
        if (ur5e == null) {
            Path root = MbmData.testData().resolve("universal-robot");
            ur5e = UrdfParser.create()
                    .withPackageRoots(List.of(root))
                    .parse(root.resolve("ur_description/urdf/ur5e.urdf"));
        }
        return ur5e;
    }

    /** Panda (MBM/VAMP mesh model) with the MBM scenes' allowed collision matrix (MoveIt's, from the SRDF). */
    static RobotCollisionModel panda() {
        RobotDescription d = pandaDescription();
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(d, KinematicModel.of(d));
        String scene = MbmData.pandaProblems().get("problems/bookshelf_small_panda/scene0001.yaml");
        MoveItSceneLoader.parse("scene0001.yaml", scene)
                .allowedCollisions()
                .forEach(p -> b.allow(p.first(), p.second()));
        return b.build();
    }

    /** UR5e with adjacent links allowed (no SRDF in the data). */
    static RobotCollisionModel ur5e() {
        RobotDescription d = ur5eDescription();
        return RobotCollisionModel.builder(d, KinematicModel.of(d)).build();
    }

    static final List<String> PANDA_ARM = List.of(
            "panda_joint1",
            "panda_joint2",
            "panda_joint3",
            "panda_joint4",
            "panda_joint5",
            "panda_joint6",
            "panda_joint7");

    static Map<String, String> problems() {
        return MbmData.pandaProblems();
    }
}
