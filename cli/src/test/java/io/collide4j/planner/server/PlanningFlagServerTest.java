package io.collide4j.planner.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code "planning": true} on {@code isValid} / {@code isMotionFree}: the planted band of the planner's
 * PlanningMarginTest. A 0.1 m cube on prismatic joints x, y under a box whose lower face is y = 0.05 + 5e-5: at (0, 0)
 * the exact clearance is 5e-5 m, half the 1e-4 m tolerance, margin 0. At the margin that state is valid (the edge
 * straight up into it was proven too, today's boolean advancement, and {@code certify} refuses it); at the planning
 * margin both are refused, while a
 * motion well clear of the box stays free.
 */
class PlanningFlagServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode call(CollisionService s, String method, String params) throws Exception {
        return MAPPER.valueToTree(s.handle(method, (ObjectNode) MAPPER.readTree(params), RequestContext.unbounded()));
    }

    @Test
    void planningChecksAtMarginPlusTwoTolerances(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("band_probe.urdf"), """
                <robot name="band_probe">
                  <link name="base"/>
                  <link name="slider"/>
                  <link name="cube"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
                  <joint name="x" type="prismatic"><parent link="base"/><child link="slider"/><axis xyz="1 0 0"/>
                    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
                  <joint name="y" type="prismatic"><parent link="slider"/><child link="cube"/><axis xyz="0 1 0"/>
                    <limit lower="-0.5" upper="0.5" effort="1" velocity="1"/></joint>
                </robot>""");
        try (CollisionService s = new CollisionService(FileRoots.of(List.of(root)), ServerLimits.defaults())) {
            call(s, "load", """
                    {"urdf": "%s", "margin": 0, "sceneJson": {"format": "collide4j-scene/1", "name": "band",
                     "objects": [{"name": "shelf", "type": "box", "size": [0.4, 0.2, 0.2],
                                  "pose": {"xyz": [0, 0.15005, 0], "quaternion": [0, 0, 0, 1]}}]}}"""
                    .formatted(root.resolve("band_probe.urdf").toString().replace("\\", "\\\\")));
            assertTrue(call(s, "isValid", "{\"q\": [0, 0]}").get("valid").booleanValue());
            assertTrue(call(s, "isValid", "{\"q\": [0, 0], \"planning\": false}").get("valid").booleanValue());
            assertFalse(call(s, "isValid", "{\"q\": [0, 0], \"planning\": true}").get("valid").booleanValue());
            assertFalse(call(s, "isMotionFree", "{\"q0\": [0, -0.3], \"q1\": [0, 0], \"planning\": true}")
                    .get("free").booleanValue());
            assertTrue(call(s, "isMotionFree", "{\"q0\": [-0.5, -0.3], \"q1\": [0.5, -0.3], \"planning\": true}")
                    .get("free").booleanValue());
        }
    }
}
