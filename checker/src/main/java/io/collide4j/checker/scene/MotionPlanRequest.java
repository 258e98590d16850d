package io.collide4j.checker.scene;

import io.collide4j.checker.scene.MiniYaml.MapNode;
import io.collide4j.checker.scene.MiniYaml.Node;
import io.collide4j.checker.scene.MiniYaml.YamlException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The joint-space part of a MoveIt {@code MotionPlanRequest} YAML (MotionBenchMaker request files):
 * the group, the start state's joint values and the first goal constraint's joint values, by name
 * in document order. Immutable.
 */
public record MotionPlanRequest(String groupName, Map<String, Double> start, Map<String, Double> goal) {

    public MotionPlanRequest {
        start = Collections.unmodifiableMap(new LinkedHashMap<>(start));
        goal = Collections.unmodifiableMap(new LinkedHashMap<>(goal));
    }

    public static MotionPlanRequest load(Path file) {
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read motion plan request " + file, e);
        }
    }

    public static MotionPlanRequest parse(String source, String yaml) {
        MapNode root = MiniYaml.asMap(MiniYaml.parse(source, yaml));
        Node g = root.getOrNull("group_name");
        String group = g == null ? "" : MiniYaml.asScalar(g).value();
        Map<String, Double> start = MoveItSceneLoader.jointState(root.map("start_state").map("joint_state"));
        List<Node> goals = root.seq("goal_constraints").items();
        if (goals.isEmpty()) {
            throw new YamlException(source, root.get("goal_constraints").line(), "goal_constraints is empty");
        }
        Map<String, Double> goal = new LinkedHashMap<>();
        for (Node jc : MiniYaml.asMap(goals.get(0)).seq("joint_constraints").items()) {
            MapNode c = MiniYaml.asMap(jc);
            String name = c.scalar("joint_name").value();
            if (goal.put(name, c.scalar("position").asDouble()) != null) {
                throw new YamlException(source, c.line(), "goal joint '" + name + "' constrained twice");
            }
        }
        if (goal.isEmpty()) {
            throw new YamlException(source, goals.get(0).line(), "first goal constraint has no joint constraints");
        }
        return new MotionPlanRequest(group, start, goal);
    }

    /**
     * Start and goal as vectors over the given joint order: goal joints missing from the goal
     * constraints take the start value; a joint missing from the start state is an error.
     */
    public double[][] startAndGoal(List<String> jointNames) {
        double[] s = new double[jointNames.size()];
        double[] q = new double[jointNames.size()];
        for (int i = 0; i < s.length; i++) {
            String n = jointNames.get(i);
            Double v = start.get(n);
            if (v == null) {
                throw new IllegalArgumentException("request start state has no joint '" + n + "', it has " + start.keySet());
            }
            s[i] = v;
            q[i] = goal.getOrDefault(n, v);
        }
        for (String n : goal.keySet()) {
            if (!jointNames.contains(n)) {
                throw new IllegalArgumentException("request goal constrains unknown joint '" + n + "'");
            }
        }
        return new double[][]{s, q};
    }
}
