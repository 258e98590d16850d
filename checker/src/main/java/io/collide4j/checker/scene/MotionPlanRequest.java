package io.collide4j.checker.scene;

import io.collide4j.checker.scene.StrictYaml.Value;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    private static final Set<String> REQUEST_KEYS = Set.of(
            "workspace_parameters",
            "start_state",
            "goal_constraints",
            "path_constraints",
            "trajectory_constraints",
            "reference_trajectories",
            "pipeline_id",
            "planner_id",
            "group_name",
            "num_planning_attempts",
            "allowed_planning_time",
            "max_velocity_scaling_factor",
            "max_acceleration_scaling_factor",
            "cartesian_speed_limited_link",
            "cartesian_speed_end_effector_link",
            "max_cartesian_speed");
    private static final Set<String> CONSTRAINTS_KEYS = Set.of(
            "name", "joint_constraints", "position_constraints", "orientation_constraints", "visibility_constraints");
    private static final Set<String> JOINT_CONSTRAINT_KEYS =
            Set.of("joint_name", "position", "tolerance_above", "tolerance_below", "weight");

    public static MotionPlanRequest load(Path file) {
        return parse(file.toString(), StrictYaml.readText(file));
    }

    /** Parses YAML text strictly (see {@link StrictYaml}); {@code source} names the file in error messages. */
    public static MotionPlanRequest parse(String source, String yaml) {
        Value rootV = StrictYaml.parse(source, yaml);
        Map<String, Value> root = rootV.map(REQUEST_KEYS);
        String group = root.containsKey("group_name") ? root.get("group_name").string() : "";
        Map<String, Double> start = MoveItSceneLoader.robotStateJoints(Value.require(root, "start_state", rootV));
        Value goalsV = Value.require(root, "goal_constraints", rootV);
        List<Value> goals = goalsV.seq();
        if (goals.isEmpty()) {
            throw goalsV.error("goal_constraints is empty");
        }
        Map<String, Value> first = goals.get(0).map(CONSTRAINTS_KEYS);
        for (String other :
                new String[] {"position_constraints", "orientation_constraints", "visibility_constraints"}) {
            if (first.containsKey(other) && !first.get(other).isEmptyList()) {
                throw first.get(other).error("only joint constraints are supported");
            }
        }
        Map<String, Double> goal = new LinkedHashMap<>();
        Value jcs = Value.require(first, "joint_constraints", goals.get(0));
        for (Value jc : jcs.seq()) {
            Map<String, Value> c = jc.map(JOINT_CONSTRAINT_KEYS);
            String name = Value.require(c, "joint_name", jc).string();
            if (goal.put(name, Value.require(c, "position", jc).number()) != null) {
                throw jc.error("goal joint '" + name + "' constrained twice");
            }
        }
        if (goal.isEmpty()) {
            throw jcs.error("first goal constraint has no joint constraints");
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
                throw new IllegalArgumentException(
                        "request start state has no joint '" + n + "', it has " + start.keySet());
            }
            s[i] = v;
            q[i] = goal.getOrDefault(n, v);
        }
        for (String n : goal.keySet()) {
            if (!jointNames.contains(n)) {
                throw new IllegalArgumentException("request goal constrains unknown joint '" + n + "'");
            }
        }
        return new double[][] {s, q};
    }
}
