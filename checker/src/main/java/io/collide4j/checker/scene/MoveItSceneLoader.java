package io.collide4j.checker.scene;

import io.collide4j.checker.scene.StrictYaml.Value;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.urdf.Pose;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads MoveIt {@code moveit_msgs/PlanningScene} YAML as written by MotionBenchMaker into a {@link Scene}.
 *
 * <p>Semantics (MoveIt Noetic): box {@code dimensions} are full sizes [x, y, z]; cylinder
 * [height, radius] about local z; sphere [radius]; quaternions are [x, y, z, w]; an object-level
 * {@code pose}, when present, is pre-multiplied: world = pose · primitive_pose. An object with one
 * primitive becomes an obstacle named by its {@code id}; with several, {@code id#0}, {@code id#1}, …
 * Meshes, planes and cones in collision objects are rejected with the file and line; objects are
 * taken to be in the world frame (MBM's frame).
 *
 * <p>Strict ({@link StrictYaml}): every mapping is checked against the message's fields, so a typo
 * ({@code colision_objects}) is an error with a did-you-mean, not an empty scene. A scene must say it
 * is empty: {@code world.collision_objects} is required and may be {@code []}. Fields that would
 * change the geometry and are not supported (attached objects, link padding and scale, octomaps,
 * default ACM entries, meshes, planes) are refused when non-empty, never dropped. Errors are
 * {@link InputFormatException}s with file, path, line and column. Stateless and thread-safe.
 */
public final class MoveItSceneLoader {

    private MoveItSceneLoader() {}

    /** A loaded planning scene: obstacles, the robot joint state it carries and its allowed-collision pairs. */
    public record PlanningScene(
            String name,
            String robotModelName,
            Scene scene,
            Map<String, Double> robotJoints,
            List<AllowedPair> allowedCollisions) {
        public PlanningScene {
            robotJoints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(robotJoints));
            allowedCollisions = List.copyOf(allowedCollisions);
        }
    }

    /** One {@code true} entry of the scene's allowed collision matrix (unordered pair of link names). */
    public record AllowedPair(String first, String second) {}

    static final Set<String> SCENE_KEYS = Set.of(
            "name",
            "robot_state",
            "robot_model_name",
            "fixed_frame_transforms",
            "allowed_collision_matrix",
            "link_padding",
            "link_scale",
            "object_colors",
            "world",
            "is_diff");
    static final Set<String> ROBOT_STATE_KEYS =
            Set.of("joint_state", "multi_dof_joint_state", "attached_collision_objects", "is_diff");
    private static final Set<String> JOINT_STATE_KEYS = Set.of("header", "name", "position", "velocity", "effort");
    private static final Set<String> ACM_KEYS =
            Set.of("entry_names", "entry_values", "default_entry_names", "default_entry_values");
    private static final Set<String> WORLD_KEYS = Set.of("collision_objects", "octomap");
    private static final Set<String> OBJECT_KEYS = Set.of(
            "header",
            "pose",
            "id",
            "type",
            "primitives",
            "primitive_poses",
            "meshes",
            "mesh_poses",
            "planes",
            "plane_poses",
            "subframe_names",
            "subframe_poses",
            "operation");
    private static final Set<String> PRIMITIVE_KEYS = Set.of("type", "dimensions");
    private static final Set<String> POSE_KEYS = Set.of("position", "orientation");

    public static PlanningScene load(Path file) {
        return parse(file.toString(), StrictYaml.readText(file));
    }

    /** Parses YAML text; {@code source} names the file in error messages. */
    public static PlanningScene parse(String source, String yaml) {
        Value rootV = StrictYaml.parse(source, yaml);
        Map<String, Value> root = rootV.map(SCENE_KEYS);
        String name = root.containsKey("name") ? root.get("name").string() : "";
        String robot = root.containsKey("robot_model_name")
                ? root.get("robot_model_name").string()
                : "";
        for (String unsupported : new String[] {"link_padding", "link_scale"}) {
            if (root.containsKey(unsupported) && !root.get(unsupported).isEmptyList()) {
                throw root.get(unsupported).error("not supported; give padding and scale to the robot model instead");
            }
        }
        Map<String, Double> joints = new LinkedHashMap<>();
        if (root.containsKey("robot_state") && !root.get("robot_state").isNull()) {
            joints = robotStateJoints(root.get("robot_state"));
        }
        List<AllowedPair> allowed = new ArrayList<>();
        if (root.containsKey("allowed_collision_matrix")) {
            allowed = allowedPairs(root.get("allowed_collision_matrix"));
        }
        Value worldV = Value.require(root, "world", rootV);
        if (worldV.isNull()) {
            throw worldV.error(
                    "expected a mapping with collision_objects (an empty scene says so: collision_objects: [])");
        }
        Map<String, Value> world = worldV.map(WORLD_KEYS);
        if (world.containsKey("octomap") && !world.get("octomap").isNull()) {
            throw world.get("octomap").error("octomaps are not supported");
        }
        Value objects = world.get("collision_objects");
        if (objects == null) {
            throw worldV.error(
                    "missing required key 'collision_objects' (an empty scene says so: collision_objects: [])");
        }
        if (objects.isNull()) {
            throw objects.error("expected a list of collision objects (an empty scene says so: collision_objects: [])");
        }
        SceneBuilder b = new SceneBuilder();
        for (Value o : objects.seq()) {
            addObject(o, b);
        }
        return new PlanningScene(name, robot, b.buildAndRelease(), joints, allowed);
    }

    /** The joint positions of a moveit_msgs/RobotState; attached objects are refused (they would be dropped). */
    static Map<String, Double> robotStateJoints(Value robotState) {
        Map<String, Value> rs = robotState.map(ROBOT_STATE_KEYS);
        Value attached = rs.get("attached_collision_objects");
        if (attached != null && !attached.isEmptyList()) {
            throw attached.error("attached collision objects are not supported");
        }
        Value js = rs.get("joint_state");
        return js == null || js.isNull() ? new LinkedHashMap<>() : jointState(js);
    }

    /** joint_state {name: [...], position: [...]} as an ordered map; lengths must agree. */
    static Map<String, Double> jointState(Value jsV) {
        Map<String, Value> js = jsV.map(JOINT_STATE_KEYS);
        List<String> names = Value.require(js, "name", jsV).strings();
        Value posNode = Value.require(js, "position", jsV);
        double[] pos = posNode.numbers();
        if (names.size() != pos.length) {
            throw posNode.error("joint_state has " + names.size() + " names but " + pos.length + " positions");
        }
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < pos.length; i++) {
            if (m.put(names.get(i), pos[i]) != null) {
                throw js.get("name").error("joint '" + names.get(i) + "' listed twice");
            }
        }
        return m;
    }

    private static List<AllowedPair> allowedPairs(Value acmV) {
        Map<String, Value> acm = acmV.map(ACM_KEYS);
        for (String unsupported : new String[] {"default_entry_names", "default_entry_values"}) {
            if (acm.containsKey(unsupported) && !acm.get(unsupported).isEmptyList()) {
                throw acm.get(unsupported).error("default entries are not supported");
            }
        }
        List<String> names = Value.require(acm, "entry_names", acmV).strings();
        Value rowsV = Value.require(acm, "entry_values", acmV);
        List<Value> rows = rowsV.seq();
        if (rows.size() != names.size()) {
            throw rowsV.error("entry_values has " + rows.size() + " rows, expected " + names.size());
        }
        List<AllowedPair> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            List<Value> row = rows.get(i).seq();
            if (row.size() != names.size()) {
                throw rows.get(i)
                        .error("entry_values row " + i + " has " + row.size() + " entries, expected " + names.size());
            }
            for (int j = 0; j < names.size(); j++) {
                boolean a = row.get(j).bool();
                if (j > i && a) {
                    out.add(new AllowedPair(names.get(i), names.get(j)));
                }
            }
        }
        return out;
    }

    private static void addObject(Value oV, SceneBuilder b) {
        Map<String, Value> o = oV.map(OBJECT_KEYS);
        String id = Value.require(o, "id", oV).string();
        if (id.isEmpty()) {
            throw o.get("id").error("collision object has an empty id");
        }
        Value op = o.get("operation");
        if (op != null && !(op.isNull() || op.string().equals("0"))) {
            throw op.error("object '" + id + "': only operation ADD (0) is supported");
        }
        for (String unsupported : new String[] {"meshes", "mesh_poses", "planes", "plane_poses"}) {
            Value n = o.get(unsupported);
            if (n != null && !n.isEmptyList()) {
                throw n.error("object '" + id + "': " + unsupported + " are not supported");
            }
        }
        Pose objectPose = o.get("pose") == null ? Pose.IDENTITY : pose(o.get("pose"));
        List<Value> prims =
                o.get("primitives") == null ? List.of() : o.get("primitives").seq();
        List<Value> poses = o.get("primitive_poses") == null
                ? List.of()
                : o.get("primitive_poses").seq();
        if (prims.size() != poses.size()) {
            throw oV.error(
                    "object '" + id + "' has " + prims.size() + " primitives but " + poses.size() + " primitive_poses");
        }
        if (prims.isEmpty()) {
            throw oV.error("object '" + id + "' has no primitives");
        }
        for (int i = 0; i < prims.size(); i++) {
            ObstacleShape shape = primitive(prims.get(i), id);
            Pose pose = objectPose.compose(pose(poses.get(i)));
            String name = prims.size() == 1 ? id : id + "#" + i;
            if (b.contains(name)) {
                throw o.get("id").error("duplicate collision object name '" + name + "'");
            }
            Obstacle ob = new Obstacle(name, shape, pose);
            try {
                SceneLimits.checkRange(ob);
            } catch (IllegalArgumentException e) {
                throw prims.get(i).error(e.getMessage());
            }
            b.add(ob);
        }
    }

    private static ObstacleShape primitive(Value pV, String id) {
        Map<String, Value> p = pV.map(PRIMITIVE_KEYS);
        Value typeNode = Value.require(p, "type", pV);
        String type = typeNode.string();
        Value dimNode = Value.require(p, "dimensions", pV);
        double[] d = dimNode.numbers();
        try {
            switch (type) {
                case "box", "1" -> {
                    requireCount(d, 3, dimNode, id, "box [x, y, z]");
                    return new ObstacleShape.Box(d[0], d[1], d[2]);
                }
                case "sphere", "2" -> {
                    requireCount(d, 1, dimNode, id, "sphere [radius]");
                    return new ObstacleShape.Sphere(d[0]);
                }
                case "cylinder", "3" -> {
                    requireCount(d, 2, dimNode, id, "cylinder [height, radius]");
                    return new ObstacleShape.Cylinder(d[1], d[0]);
                }
                default ->
                    throw typeNode.error("object '" + id + "': unsupported primitive type '" + type
                            + "', expected box, sphere or cylinder");
            }
        } catch (InputFormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw dimNode.error("object '" + id + "': " + e.getMessage());
        }
    }

    private static void requireCount(double[] d, int n, Value node, String id, String what) {
        if (d.length != n) {
            throw node.error("object '" + id + "': " + what + " needs " + n + " dimensions, found " + d.length);
        }
    }

    /** geometry_msgs/Pose: position [x,y,z] or {x,y,z}; orientation [x,y,z,w] or {x,y,z,w}. */
    static Pose pose(Value pV) {
        Map<String, Value> p = pV.map(POSE_KEYS);
        double[] t = vector(Value.require(p, "position", pV), new String[] {"x", "y", "z"});
        double[] q = vector(Value.require(p, "orientation", pV), new String[] {"x", "y", "z", "w"});
        try {
            return new Pose(t[0], t[1], t[2], q[0], q[1], q[2], q[3]);
        } catch (IllegalArgumentException e) {
            throw pV.error(e.getMessage());
        }
    }

    private static double[] vector(Value n, String[] keys) {
        if (!(n.node() instanceof org.snakeyaml.engine.v2.nodes.SequenceNode)) {
            Map<String, Value> m = n.map(Set.of(keys));
            double[] v = new double[keys.length];
            for (int i = 0; i < keys.length; i++) {
                v[i] = Value.require(m, keys[i], n).number();
            }
            return v;
        }
        double[] v = n.numbers();
        if (v.length != keys.length) {
            throw n.error("expected " + keys.length + " numbers, found " + v.length);
        }
        return v;
    }
}
