package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SceneJsonTest {

    @Test
    void roundTripKeepsEveryShapeAndPoseExactly() {
        Scene s = Scene.of(List.of(
                new Obstacle(
                        "box",
                        new ObstacleShape.Box(0.1, 0.2, 0.30000000000000004),
                        new Pose(1, 2, 3, 0.1, 0.2, 0.3, 0.9)),
                new Obstacle("ball", new ObstacleShape.Sphere(1.0 / 3), Pose.IDENTITY),
                new Obstacle("can", new ObstacleShape.Cylinder(0.03, 0.14), Pose.fromXyzRpy(0, 0, 1, 0.1, 0.2, 0.3)),
                new Obstacle("bar", new ObstacleShape.Capsule(0.02, 0.5), new Pose(-1, 0, 0, 0, 1, 0, 0)),
                new Obstacle(
                        "wedge",
                        new ObstacleShape.ConvexHull(new double[] {0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1}),
                        Pose.IDENTITY),
                new Obstacle(
                        "tri",
                        new ObstacleShape.Mesh(
                                new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[] {0, 1, 2})),
                        Pose.IDENTITY)));
        String json = SceneJson.write(s, "all", true);
        Scene back = SceneJson.read(json, "rt.json");
        assertEquals(s.obstacles(), back.obstacles());
        assertEquals(s.contentHash(), back.contentHash());
    }

    @Test
    void everyMbmSceneRoundTripsThroughJson() {
        int n = 0;
        for (Map.Entry<String, String> e : MbmData.pandaProblems().entrySet()) {
            if (e.getKey().contains("/scene") && n++ % 20 == 0) {
                Scene s = MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene();
                assertEquals(
                        s.contentHash(),
                        SceneJson.read(SceneJson.write(s, e.getKey(), false), "x")
                                .contentHash());
            }
        }
        assertEquals(700, n);
    }

    @Test
    void handWrittenDocumentWithDefaultsAndRpy() {
        Scene s = SceneJson.read("""
                {"objects": [
                  {"name": "a", "type": "sphere", "radius": 0.5},
                  {"name": "b", "type": "box", "size": [1, 1, 1], "pose": {"xyz": [1, 0, 0], "rpy": [0, 0, 1.5707963267948966]}}
                ]}""", "hand.json");
        assertEquals(Pose.IDENTITY, s.obstacle("a").orElseThrow().pose());
        assertEquals(Math.sqrt(0.5), s.obstacle("b").orElseThrow().pose().qz(), 1e-15);
    }

    @Test
    void errorsNameObjectAndMember() {
        var e1 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"sphere\", \"radius\": 1}, {\"name\": \"can\", \"type\": \"cylinder\", \"radius\": \"x\", \"length\": 1}]}",
                        "s.json"));
        assertTrue(
                e1.getMessage().contains("s.json:1:")
                        && e1.getMessage().contains("objects[1].radius: expected a number, found a string"),
                e1.getMessage());
        var e2 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"box\", \"size\": [1, 1], \"pose\": {}}]}",
                        "s.json"));
        assertTrue(e2.getMessage().contains("objects[0]: size: expected [x, y, z], found 2 numbers"), e2.getMessage());
        var e3 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"sphere\", \"radius\": 1, \"colour\": \"red\"}]}",
                        "s.json"));
        assertTrue(e3.getMessage().contains("objects[0].colour: unknown key"), e3.getMessage());
        var e4 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"sphere\", \"radius\": -1}]}", "s.json"));
        assertTrue(e4.getMessage().contains("objects[0]: ") && e4.getMessage().contains("radius"), e4.getMessage());
        var e5 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"a\", \"type\": \"sphere\", \"radius\": 1}, {\"name\": \"a\", \"type\": \"sphere\", \"radius\": 1}]}",
                        "s.json"));
        assertTrue(e5.getMessage().contains("duplicate"), e5.getMessage());
        var e6 = assertThrows(
                InputFormatException.class,
                () -> SceneJson.read(
                        "{\"objects\": [{\"name\": \"m\", \"type\": \"mesh\", \"vertices\": [[0,0,0],[1,0,0],[0,1,0]], \"triangles\": [[0,1,3]]}]}",
                        "s.json"));
        assertTrue(e6.getMessage().contains("triangles[0]"), e6.getMessage());
    }
}
