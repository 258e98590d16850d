package io.collide4j.kinematics;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.List;

/** Test fixtures: the real Panda and UR5e URDFs from the shared test data, parsed once. */
final class TestRobots {
    private TestRobots() {}

    static Path data() {
        return Path.of(System.getProperty("collide4j.testdata"));
    }

    static RobotDescription panda() {
        return PANDA;
    }

    static RobotDescription ur5e() {
        return UR5E;
    }

    /** example-robot-data's Panda: prismatic fingers, the second mimicking the first. */
    static RobotDescription pandaWithFingers() {
        return PANDA_FINGERS;
    }

    private static final RobotDescription PANDA_FINGERS = UrdfParser.create()
            .withVisualMeshes(false)
            .withPackageRoots(List.of(data()))
            .parse(data().resolve("example-robot-data/robots/panda_description/urdf/panda.urdf"));
    private static final RobotDescription PANDA =
            UrdfParser.create().withVisualMeshes(false).parse(data().resolve("vamp/resources/panda/panda.urdf"));
    private static final RobotDescription UR5E = UrdfParser.create()
            .withVisualMeshes(false)
            .withPackageRoots(List.of(data().resolve("universal-robot")))
            .parse(data().resolve("universal-robot/ur_description/urdf/ur5e.urdf"));

    /** A random configuration within limits (unbounded joints in [-π, π]). */
    static double[] randomConfiguration(KinematicModel m, java.util.Random rnd) {
        double[] q = new double[m.variableCount()];
        for (int i = 0; i < q.length; i++) {
            double lo = Math.max(m.lowerLimit(i), -Math.PI);
            double hi = Math.min(m.upperLimit(i), Math.PI);
            q[i] = lo + rnd.nextDouble() * (hi - lo);
        }
        return q;
    }
}
