package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.urdf.Pose;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MoveItSceneLoaderTest {

    @Test
    void loadsAllMotionBenchMakerPandaScenesAndRequests() {
        Map<String, String> files = MbmData.pandaProblems();
        int scenes = 0, requests = 0, obstacles = 0;
        for (var e : files.entrySet()) {
            if (e.getKey().contains("/scene")) {
                MoveItSceneLoader.PlanningScene ps = MoveItSceneLoader.parse(e.getKey(), e.getValue());
                // Every collision object in these files has exactly one primitive: count "- id:" lines independently.
                long ids = e.getValue()
                        .lines()
                        .filter(l -> l.strip().startsWith("- id:") || l.strip().startsWith("id:"))
                        .count();
                assertEquals(ids, ps.scene().size(), e.getKey());
                assertTrue(ps.scene().size() >= 7 && ps.scene().size() <= 21, e.getKey());
                assertEquals(9, ps.robotJoints().size(), e.getKey());
                obstacles += ps.scene().size();
                scenes++;
            } else {
                MotionPlanRequest r = MotionPlanRequest.parse(e.getKey(), e.getValue());
                assertEquals("panda_arm", r.groupName(), e.getKey());
                assertEquals(9, r.start().size());
                assertEquals(7, r.goal().size());
                requests++;
            }
        }
        assertEquals(700, scenes);
        assertEquals(700, requests);
        assertTrue(obstacles > 700 * 7);
    }

    @Test
    void readsBookshelfScene0001Exactly() {
        String text = MbmData.pandaProblems().get("problems/bookshelf_small_panda/scene0001.yaml");
        MoveItSceneLoader.PlanningScene ps = MoveItSceneLoader.parse("scene0001.yaml", text);
        assertEquals("panda", ps.robotModelName());
        Obstacle can = ps.scene().obstacle("Can1").orElseThrow();
        ObstacleShape.Cylinder c = assertInstanceOf(ObstacleShape.Cylinder.class, can.shape());
        assertEquals(0.03, c.radius()); // dimensions [height, radius] = [0.14, 0.03]
        assertEquals(0.14, c.length());
        assertEquals(0.2477726773362563, can.pose().x());
        assertEquals(-0.5233762232815127, can.pose().qz(), 1e-15);
        assertEquals(0.8521017127688338, can.pose().qw(), 1e-15);
        ObstacleShape.Box top = assertInstanceOf(
                ObstacleShape.Box.class,
                ps.scene().obstacle("shelf_top").orElseThrow().shape());
        assertEquals(1.2, top.sizeX());
        assertEquals(1.0, top.sizeY());
        assertEquals(0.04, top.sizeZ());
        // ACM row for panda_hand: [false, true, false, false, false, true, true, false, true, true, true]
        var pairs = ps.allowedCollisions();
        assertTrue(pairs.contains(new MoveItSceneLoader.AllowedPair("panda_hand", "panda_leftfinger")));
        assertTrue(pairs.contains(new MoveItSceneLoader.AllowedPair("panda_hand", "panda_rightfinger")));
        assertTrue(!pairs.contains(new MoveItSceneLoader.AllowedPair("panda_hand", "panda_link0")));
        MotionPlanRequest r = MotionPlanRequest.parse(
                "request0001.yaml", MbmData.pandaProblems().get("problems/bookshelf_small_panda/request0001.yaml"));
        double[][] sg = r.startAndGoal(List.of(
                "panda_joint1",
                "panda_joint2",
                "panda_joint3",
                "panda_joint4",
                "panda_joint5",
                "panda_joint6",
                "panda_joint7"));
        assertEquals(-2.356, sg[0][3]);
        assertEquals(1.48904932702624, sg[1][0]);
        assertEquals(1.06196398075046, sg[1][6]);
    }

    @Test
    void objectPoseIsPremultiplied() {
        String yaml = """
                world:
                  collision_objects:
                  - id: thing
                    pose:
                      position: [1, 2, 3]
                      orientation: [0, 0, 0.7071067811865476, 0.7071067811865476]  # 90 deg about z
                    primitives:
                    - type: box
                      dimensions: [0.1, 0.2, 0.3]
                    - type: sphere
                      dimensions: [0.5]
                    primitive_poses:
                    - position: {x: 1, y: 0, z: 0}
                      orientation: {x: 0, y: 0, z: 0, w: 1}
                    - position: [0, 0, 1]
                      orientation: [0, 0, 0, 1]
                """;
        Scene s = MoveItSceneLoader.parse("inline", yaml).scene();
        Pose p0 = s.obstacle("thing#0").orElseThrow().pose();
        assertEquals(1, p0.x(), 1e-12);
        assertEquals(3, p0.y(), 1e-12); // (1,0,0) rotated 90° about z is (0,1,0)
        assertEquals(3, p0.z(), 1e-12);
        assertEquals(0.7071067811865476, p0.qz(), 1e-12);
        Pose p1 = s.obstacle("thing#1").orElseThrow().pose();
        assertEquals(4, p1.z(), 1e-12);
    }

    @Test
    void errorsNameFileAndLine() {
        var e1 = assertThrows(InputFormatException.class, () -> MoveItSceneLoader.parse("bad.yaml", """
                world:
                  collision_objects:
                    - id: a
                      primitives:
                        - type: box
                          dimensions: [1, 2]
                      primitive_poses:
                        - position: [0, 0, 0]
                          orientation: [0, 0, 0, 1]
                """));
        assertTrue(e1.getMessage().startsWith("bad.yaml:6:"), e1.getMessage());
        var e2 = assertThrows(InputFormatException.class, () -> MoveItSceneLoader.parse("bad.yaml", """
                world:
                  collision_objects:
                    - id: a
                      primitives:
                        - type: cone
                          dimensions: [1, 2]
                      primitive_poses:
                        - position: [0, 0, 0]
                          orientation: [0, 0, 0, 1]
                """));
        assertTrue(e2.getMessage().startsWith("bad.yaml:5:") && e2.getMessage().contains("cone"), e2.getMessage());
        var e3 = assertThrows(
                InputFormatException.class, () -> MoveItSceneLoader.parse("x.yaml", "world: [1, 2\nb: 3\n"));
        assertTrue(e3.getMessage().startsWith("x.yaml:2:"), e3.getMessage());
        var e5 = assertThrows(
                InputFormatException.class,
                () -> MotionPlanRequest.parse(
                        "r.yaml",
                        "start_state:\n  joint_state:\n    name: [a, b]\n    position: [1]\ngoal_constraints: []\n"));
        assertTrue(e5.getMessage().startsWith("r.yaml:4:"), e5.getMessage());
        var e6 = assertThrows(
                InputFormatException.class,
                () -> MotionPlanRequest.parse(
                        "r.yaml",
                        "start_state:\n  joint_state:\n    name: [a]\n    position: [1]\ngoal_constraints:\n"
                                + "  - joint_constraints:\n      - joint_name: a\n        position: x1\n"));
        assertTrue(
                e6.getMessage().startsWith("r.yaml:8:")
                        && e6.getMessage()
                                .contains("goal_constraints[0].joint_constraints[0].position: expected a number"),
                e6.getMessage());
    }

    @Test
    void flowAndBlockStylesQuotesAndCommentsReadAlike() {
        Scene s = MoveItSceneLoader.parse("t.yaml", """
                ---
                # comment
                name: "quoted: # not a comment"
                world:
                  collision_objects:
                  - {id: 'it''s', primitives: [{type: sphere, dimensions: [0.5]}],
                     primitive_poses: [{position: {x: 1, y: 2, z: 3}, orientation: [0, 0, 0, 1]}]}  # trailing
                  -
                    id: b
                    primitives:
                    - type: box
                      dimensions: [1, 2, 3]
                    primitive_poses:
                    - position: [0, 0, 0]
                      orientation: {x: 0, y: 0, z: 0, w: 1}
                """).scene();
        assertEquals(2, s.size());
        assertEquals(2.0, s.obstacle("it's").orElseThrow().pose().y());
        assertEquals(
                new ObstacleShape.Box(1, 2, 3), s.obstacle("b").orElseThrow().shape());
    }
}
