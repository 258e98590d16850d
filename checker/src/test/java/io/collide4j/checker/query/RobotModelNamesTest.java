package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.Inflation;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Names given to the model builder (padding, scale, attach, hold) must exist: a typo may not drop a setting. */
class RobotModelNamesTest {
    static final RobotDescription PANDA = TestRobots.pandaDescription();

    static String error(UnaryOperator<RobotCollisionModel.Builder> settings) {
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(PANDA, KinematicModel.of(PANDA));
        return assertThrows(
                        IllegalArgumentException.class, () -> settings.apply(b).build())
                .getMessage();
    }

    static RobotCollisionModel model(UnaryOperator<RobotCollisionModel.Builder> settings) {
        return settings.apply(RobotCollisionModel.builder(PANDA, KinematicModel.of(PANDA)))
                .build();
    }

    @Test
    void unknownNamesAreRefusedWithASuggestion() {
        assertTrue(error(b -> b.inflation(
                        Inflation.builder().padding("panda_hnad", 0.5).build()))
                .startsWith("padding: unknown link panda_hnad; did you mean panda_hand?"));
        assertTrue(error(b ->
                        b.inflation(Inflation.builder().scale("panda_link", 1.1).build()))
                .startsWith("scale: unknown link"));
        assertTrue(error(b -> b.attach(new AttachedObject(
                        "box", "panda_hand_tcp_x", new ObstacleShape.Sphere(0.01), Pose.IDENTITY, Set.of())))
                .startsWith("attach 'box': unknown link panda_hand_tcp_x"));
        assertTrue(error(b -> b.attach(new AttachedObject(
                        "box", "panda_hand", new ObstacleShape.Sphere(0.01), Pose.IDENTITY, Set.of("panda_leftfingr"))))
                .contains("unknown link panda_leftfingr; did you mean panda_leftfinger?"));
        assertTrue(error(b -> b.hold("panda_jiont4", -1))
                .startsWith("hold: unknown joint panda_jiont4; did you mean panda_joint4?"));
        // padding an attached object by its name is fine
        model(b -> b.attach(new AttachedObject(
                        "box", "panda_hand", new ObstacleShape.Sphere(0.01), Pose.IDENTITY, Set.of()))
                .inflation(Inflation.builder().padding("box", 0.01).build()));
    }

    @Test
    void heldValuesAreCheckedAgainstTheLimitsAndHashed() {
        // Franka's datasheet: joint 4 moves within [-3.0718, -0.0698] rad (URDFs allow a little more, up to
        // [-3.1416, 0.0873]); -3.5 rad lies outside every version
        assertTrue(error(b -> b.hold("panda_joint4", -3.5)).contains("outside the joint's limits"));
        String a = model(b -> b.hold("panda_joint4", -1.0)).contentHash();
        assertEquals(a, model(b -> b.hold("panda_joint4", -1.0)).contentHash());
        assertNotEquals(a, model(b -> b.hold("panda_joint4", -1.1)).contentHash());
        assertNotEquals(a, model(b -> b).contentHash());
    }
}
