package io.collide4j.checker.scene;

import io.collide4j.checker.scene.MiniYaml.MapNode;
import io.collide4j.checker.scene.MiniYaml.Node;
import io.collide4j.checker.scene.MiniYaml.ScalarNode;
import io.collide4j.checker.scene.MiniYaml.SeqNode;
import io.collide4j.checker.scene.MiniYaml.YamlException;
import io.collide4j.urdf.Pose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads MoveIt {@code moveit_msgs/PlanningScene} YAML as written by MotionBenchMaker into a {@link Scene}.
 *
 * <p>Semantics (MoveIt Noetic): box {@code dimensions} are full sizes [x, y, z]; cylinder
 * [height, radius] about local z; sphere [radius]; quaternions are [x, y, z, w]; an object-level
 * {@code pose}, when present, is pre-multiplied: world = pose · primitive_pose. An object with one
 * primitive becomes an obstacle named by its {@code id}; with several, {@code id#0}, {@code id#1}, …
 * Meshes, planes and cones in collision objects are rejected with the file and line; objects are
 * taken to be in the world frame (MBM's frame). Stateless and thread-safe.
 */
public final class MoveItSceneLoader {

    private MoveItSceneLoader() {
    }

    /** A loaded planning scene: obstacles, the robot joint state it carries and its allowed-collision pairs. */
    public record PlanningScene(String name, String robotModelName, Scene scene, Map<String, Double> robotJoints,
                                List<AllowedPair> allowedCollisions) {
        public PlanningScene {
            robotJoints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(robotJoints));
            allowedCollisions = List.copyOf(allowedCollisions);
        }
    }

    /** One {@code true} entry of the scene's allowed collision matrix (unordered pair of link names). */
    public record AllowedPair(String first, String second) {
    }

    public static PlanningScene load(Path file) {
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read MoveIt scene " + file, e);
        }
    }

    /** Parses YAML text; {@code source} names the file in error messages. */
    public static PlanningScene parse(String source, String yaml) {
        MapNode root = MiniYaml.asMap(MiniYaml.parse(source, yaml));
        String name = optionalString(root, "name");
        String robot = optionalString(root, "robot_model_name");
        Map<String, Double> joints = new LinkedHashMap<>();
        Node rs = root.getOrNull("robot_state");
        if (rs instanceof MapNode rsm && rsm.getOrNull("joint_state") instanceof MapNode js) {
            joints = jointState(js);
        }
        List<AllowedPair> allowed = new ArrayList<>();
        if (root.getOrNull("allowed_collision_matrix") instanceof MapNode acm) {
            allowed = allowedPairs(acm);
        }
        SceneBuilder b = new SceneBuilder();
        Node world = root.getOrNull("world");
        if (world != null && !(world instanceof ScalarNode s && s.isNull())) {
            Node objects = MiniYaml.asMap(world).getOrNull("collision_objects");
            if (objects != null) {
                for (Node on : MiniYaml.asSeq(objects).items()) {
                    addObject(MiniYaml.asMap(on), b);
                }
            }
        }
        return new PlanningScene(name, robot, b.build(), joints, allowed);
    }

    /** joint_state {name: [...], position: [...]} as an ordered map; lengths must agree. */
    static Map<String, Double> jointState(MapNode js) {
        List<String> names = js.seq("name").strings();
        SeqNode posNode = js.seq("position");
        double[] pos = posNode.doubles();
        if (names.size() != pos.length) {
            throw new YamlException(js.source(), posNode.line(), "joint_state has " + names.size() + " names but "
                    + pos.length + " positions");
        }
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < pos.length; i++) {
            if (m.put(names.get(i), pos[i]) != null) {
                throw new YamlException(js.source(), js.line(), "joint '" + names.get(i) + "' listed twice");
            }
        }
        return m;
    }

    private static List<AllowedPair> allowedPairs(MapNode acm) {
        List<String> names = acm.seq("entry_names").strings();
        SeqNode rows = acm.seq("entry_values");
        if (rows.items().size() != names.size()) {
            throw new YamlException(acm.source(), rows.line(), "entry_values has " + rows.items().size()
                    + " rows, expected " + names.size());
        }
        List<AllowedPair> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            SeqNode row = MiniYaml.asSeq(rows.items().get(i));
            if (row.items().size() != names.size()) {
                throw new YamlException(acm.source(), row.line(), "entry_values row " + i + " has " + row.items().size()
                        + " entries, expected " + names.size());
            }
            for (int j = i + 1; j < names.size(); j++) {
                boolean a = MiniYaml.asScalar(row.items().get(j)).asBoolean();
                if (a) {
                    out.add(new AllowedPair(names.get(i), names.get(j)));
                }
            }
        }
        return out;
    }

    private static void addObject(MapNode o, SceneBuilder b) {
        String id = o.scalar("id").value();
        if (id.isEmpty()) {
            throw new YamlException(o.source(), o.line(), "collision object has an empty id");
        }
        Node op = o.getOrNull("operation");
        if (op != null && !(op instanceof ScalarNode s && (s.isNull() || s.value().equals("0")))) {
            throw new YamlException(o.source(), op.line(), "object '" + id + "': only operation ADD (0) is supported");
        }
        for (String unsupported : new String[]{"meshes", "planes"}) {
            Node n = o.getOrNull(unsupported);
            if (n != null && !MiniYaml.asSeq(n).items().isEmpty()) {
                throw new YamlException(o.source(), n.line(), "object '" + id + "': " + unsupported + " are not supported");
            }
        }
        Pose objectPose = o.getOrNull("pose") == null ? Pose.IDENTITY : pose(MiniYaml.asMap(o.get("pose")));
        List<Node> prims = o.getOrNull("primitives") == null ? List.of() : o.seq("primitives").items();
        List<Node> poses = o.getOrNull("primitive_poses") == null ? List.of() : o.seq("primitive_poses").items();
        if (prims.size() != poses.size()) {
            throw new YamlException(o.source(), o.line(), "object '" + id + "' has " + prims.size() + " primitives but "
                    + poses.size() + " primitive_poses");
        }
        if (prims.isEmpty()) {
            throw new YamlException(o.source(), o.line(), "object '" + id + "' has no primitives");
        }
        for (int i = 0; i < prims.size(); i++) {
            MapNode p = MiniYaml.asMap(prims.get(i));
            ObstacleShape shape = primitive(p, id);
            Pose pose = objectPose.compose(pose(MiniYaml.asMap(poses.get(i))));
            String name = prims.size() == 1 ? id : id + "#" + i;
            if (b.contains(name)) {
                throw new YamlException(o.source(), o.line(), "duplicate collision object name '" + name + "'");
            }
            b.add(new Obstacle(name, shape, pose));
        }
    }

    private static ObstacleShape primitive(MapNode p, String id) {
        ScalarNode typeNode = p.scalar("type");
        String type = typeNode.value();
        SeqNode dimNode = p.seq("dimensions");
        double[] d = dimNode.doubles();
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
                default -> throw new YamlException(p.source(), typeNode.line(), "object '" + id
                        + "': unsupported primitive type '" + type + "', expected box, sphere or cylinder");
            }
        } catch (IllegalArgumentException e) {
            if (e instanceof YamlException) {
                throw e;
            }
            throw new YamlException(p.source(), dimNode.line(), "object '" + id + "': " + e.getMessage());
        }
    }

    private static void requireCount(double[] d, int n, SeqNode node, String id, String what) {
        if (d.length != n) {
            throw new YamlException(node.source(), node.line(), "object '" + id + "': " + what + " needs " + n
                    + " dimensions, found " + d.length);
        }
    }

    /** geometry_msgs/Pose: position [x,y,z] or {x,y,z}; orientation [x,y,z,w] or {x,y,z,w}. */
    static Pose pose(MapNode p) {
        double[] t = vector(p.get("position"), 3, new String[]{"x", "y", "z"});
        double[] q = vector(p.get("orientation"), 4, new String[]{"x", "y", "z", "w"});
        try {
            return new Pose(t[0], t[1], t[2], q[0], q[1], q[2], q[3]);
        } catch (IllegalArgumentException e) {
            throw new YamlException(p.source(), p.line(), e.getMessage());
        }
    }

    private static double[] vector(Node n, int len, String[] keys) {
        if (n instanceof MapNode m) {
            double[] v = new double[len];
            for (int i = 0; i < len; i++) {
                v[i] = m.scalar(keys[i]).asDouble();
            }
            return v;
        }
        double[] v = MiniYaml.asSeq(n).doubles();
        if (v.length != len) {
            throw new YamlException(n.source(), n.line(), "expected " + len + " numbers, found " + v.length);
        }
        return v;
    }

    private static String optionalString(MapNode m, String key) {
        Node n = m.getOrNull(key);
        return n == null ? "" : MiniYaml.asScalar(n).value();
    }
}
