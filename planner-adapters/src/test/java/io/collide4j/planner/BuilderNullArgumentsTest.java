package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.collide4j.checker.scene.Scene;
import io.collide4j.models.Models;
import io.collide4j.urdf.RobotDescription;
import org.junit.jupiter.api.Test;

/**
 * The builder's null-marked inputs (JSpecify, package {@code io.collide4j.planner}): a null where no {@code @Nullable}
 * allows one is refused at the call, naming the input, instead of being kept and silently dropping the robot, its
 * SRDF or the scene chosen before; the inputs documented as optional accept null.
 */
class BuilderNullArgumentsTest {

    @Test
    void nullRobotSceneAndFilesAreRefusedNamingTheInput() {
        assertEquals(
                "URDF path",
                assertThrows(
                                NullPointerException.class,
                                () -> Collide4j.builder().urdf(null))
                        .getMessage());
        assertEquals(
                "SRDF path",
                assertThrows(
                                NullPointerException.class,
                                () -> Collide4j.builder().robot("panda").srdf(null))
                        .getMessage());
        assertEquals(
                "scene",
                assertThrows(
                                NullPointerException.class,
                                () -> Collide4j.builder().scene((Scene) null))
                        .getMessage());
        assertEquals(
                "robot description",
                assertThrows(
                                NullPointerException.class,
                                () -> Collide4j.builder().robot((RobotDescription) null, null))
                        .getMessage());
    }

    @Test
    void theOptionalInputsAcceptNull() {
        Collide4j c = Collide4j.builder()
                .robot(Models.robot("panda"), null)
                .group(null)
                .meshListener(null)
                .build();
        assertNull(c.semantics(), "a robot given without SRDF has none");
        assertEquals(c.model().kinematics().variableNames(), c.variableNames(), "no group: every variable");
    }
}
