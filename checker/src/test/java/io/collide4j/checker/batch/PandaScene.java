package io.collide4j.checker.batch;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MbmData;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.Random;

/** The bundled VAMP Panda in a MotionBenchMaker scene, and random configurations within its joint limits. */
final class PandaScene {

    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));
    static final RobotDescription PANDA =
            UrdfParser.create().withVisualMeshes(false).parse(DATA.resolve("vamp/resources/panda/panda.urdf"));
    static final SemanticDescription SRDF = SrdfParser.parse(DATA.resolve("vamp/resources/panda/panda.srdf"), PANDA);

    private PandaScene() {}

    /** problems/&lt;problem&gt;/scene&lt;id&gt;.yaml. */
    static MoveItSceneLoader.PlanningScene scene(String problem, String id) {
        String name = "problems/" + problem + "/scene" + id + ".yaml";
        String text = MbmData.pandaProblems().get(name);
        if (text == null) {
            throw new IllegalArgumentException("no " + name + " in problems.zip");
        }
        return MoveItSceneLoader.parse(name, text);
    }

    static MotionPlanRequest request(String problem, String id) {
        String name = "problems/" + problem + "/request" + id + ".yaml";
        return MotionPlanRequest.parse(name, MbmData.pandaProblems().get(name));
    }

    static final KinematicModel KINEMATICS = KinematicModel.of(PANDA);

    /** The collision model builder of the Panda with the SRDF's and the scene's allowed collisions. */
    static RobotCollisionModel.Builder model(MoveItSceneLoader.PlanningScene ps) {
        RobotCollisionModel.Builder mb =
                RobotCollisionModel.builder(PANDA, KINEMATICS).srdf(SRDF);
        ps.allowedCollisions().forEach(p -> mb.allow(p.first(), p.second()));
        return mb;
    }

    static BatchRobot robot(MoveItSceneLoader.PlanningScene ps) {
        return BatchRobot.builder(model(ps).build(), ps.scene()).build();
    }

    /** n configurations uniformly within the joint limits, flat, fixed seed. */
    static double[] randomConfigurations(BatchRobot robot, int n, long seed) {
        var k = robot.kinematics();
        int dof = k.variableCount();
        double[] q = new double[n * dof];
        Random rnd = new Random(seed);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dof; j++) {
                double lo = Math.max(k.lowerLimit(j), -Math.PI), hi = Math.min(k.upperLimit(j), Math.PI);
                q[i * dof + j] = lo + rnd.nextDouble() * (hi - lo);
            }
        }
        return q;
    }
}
