package io.collide4j.planner.options;

import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.SceneLimits;
import io.collide4j.checker.scene.SceneMeshFile;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4jBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * {@code --scene NAME|FILE|none} (a picocli mixin): a bundled scene, a .json or MoveIt .yaml file, or none; plus
 * obstacles from mesh files ({@code --mesh-obstacle NAME=FILE}, placed with {@code --obstacle-pose} and sized with
 * {@code --obstacle-scale}), added to that scene.
 */
public final class SceneOption {
    /** The scene used when {@code --scene} is not given. */
    public static final String DEFAULT_SCENE = "table_shelf";

    @Option(
            names = "--scene",
            paramLabel = "NAME|FILE",
            description = "Bundled scene name, scene file (.json collide4j-scene/1 or MoveIt .yaml), or 'none'"
                    + " (default " + DEFAULT_SCENE + ").")
    public @Nullable String scene;

    @Option(
            names = "--mesh-obstacle",
            paramLabel = "NAME=FILE",
            description = "An obstacle from a mesh file (STL, OBJ or"
                    + " COLLADA), added to the scene; repeatable. Certificates then record no scene file: give the same scene"
                    + " options to verify.")
    public List<String> meshObstacles = new ArrayList<>();

    @Option(
            names = "--obstacle-pose",
            paramLabel = "NAME=X,Y,Z[,ROLL,PITCH,YAW]",
            description =
                    "Where a --mesh-obstacle stands (metres, radians as in URDF; default the origin); repeatable.")
    public List<String> obstaclePoses = new ArrayList<>();

    @Option(
            names = "--obstacle-scale",
            paramLabel = "NAME=S|SX,SY,SZ",
            description = "Scale of a --mesh-obstacle's vertices (e.g. 0.001 for millimetres; default 1); repeatable.")
    public List<String> obstacleScales = new ArrayList<>();

    public boolean isDefault() {
        return scene == null;
    }

    public String label() {
        return scene == null ? DEFAULT_SCENE : scene;
    }

    /** Which scene this resolves to, and whether it was the default, for messages. */
    public String describe() {
        return scene == null ? "scene '" + DEFAULT_SCENE + "' (the default; give --scene)" : "scene '" + scene + "'";
    }

    /** The scene default this run used, if any (see {@link CliCommand#defaultsUsed}). */
    public java.util.List<String> defaultsUsed() {
        return scene == null ? java.util.List.of("scene '" + DEFAULT_SCENE + "' (give --scene)") : java.util.List.of();
    }

    /** Adds the scene, then the mesh obstacles, to the builder. */
    public Collide4jBuilder apply(Collide4jBuilder b) {
        String s = label();
        if (Models.sceneNames().contains(s)) {
            b.sceneName(s);
        } else if (!s.equals("none")) {
            Path p = Path.of(s);
            if (!Files.isReadable(p)) {
                throw new CliException(
                        ExitCode.NO_INPUT,
                        "--scene '" + s + "' is neither a bundled scene " + Models.sceneNames()
                                + " nor a readable file");
            }
            RobotOptions.readable("--scene", p);
            b.scene(p);
        }
        List<Obstacle> meshes = meshObstacles();
        return meshes.isEmpty() ? b : b.addObstacles(meshes);
    }

    /** The --mesh-obstacle files as obstacles, with their poses and scales; options naming no such obstacle are errors. */
    private List<Obstacle> meshObstacles() {
        Map<String, Path> files = new LinkedHashMap<>();
        for (String item : meshObstacles) {
            String[] kv = item.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                throw new CliException(ExitCode.USAGE, "--mesh-obstacle expects NAME=FILE, got '" + item + "'");
            }
            if (files.put(kv[0], Path.of(kv[1])) != null) {
                throw new CliException(ExitCode.USAGE, "--mesh-obstacle names '" + kv[0] + "' twice");
            }
            RobotOptions.readable("--mesh-obstacle " + kv[0], Path.of(kv[1]));
        }
        Map<String, double[]> poses = numbers("--obstacle-pose", obstaclePoses, files.keySet(), 3, 6);
        Map<String, double[]> scales = numbers("--obstacle-scale", obstacleScales, files.keySet(), 1, 3);
        List<Obstacle> out = new ArrayList<>();
        files.forEach((name, file) -> {
            double[] sc = scales.get(name);
            double[] scale = sc == null ? null : sc.length == 1 ? new double[] {sc[0], sc[0], sc[0]} : sc;
            double[] p = poses.getOrDefault(name, new double[3]);
            double[] rpy = p.length == 6 ? new double[] {p[3], p[4], p[5]} : new double[3];
            try {
                Obstacle o = new Obstacle(
                        name,
                        new ObstacleShape.Mesh(SceneMeshFile.read(file, scale)),
                        io.collide4j.urdf.Pose.fromXyzRpy(p[0], p[1], p[2], rpy[0], rpy[1], rpy[2]));
                // the same range a scene file's obstacles get: an rpy of 1e308 was reported as a negative "valid"
                // distance
                SceneLimits.checkRange(o);
                out.add(o);
            } catch (IllegalArgumentException e) {
                throw new CliException(
                        ExitCode.DATA_ERROR, "--mesh-obstacle " + name + " (" + file + "): " + e.getMessage());
            }
        });
        return out;
    }

    /** NAME=a,b,... items with one of two counts of finite numbers, each naming a --mesh-obstacle. */
    private static Map<String, double[]> numbers(
            String option, List<String> items, java.util.Set<String> names, int n1, int n2) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String item : items) {
            String[] kv = item.split("=", 2);
            if (kv.length != 2 || !names.contains(kv[0])) {
                throw new CliException(
                        ExitCode.USAGE,
                        option + " '" + item + "': expected NAME=VALUES naming a" + " --mesh-obstacle " + names);
            }
            String[] parts = kv[1].split(",", -1);
            if (parts.length != n1 && parts.length != n2) {
                throw new CliException(
                        ExitCode.USAGE,
                        option + " " + kv[0] + ": expected " + n1 + " or " + n2 + " numbers, got " + parts.length);
            }
            double[] v = RobotOptions.vector(option, kv[1], parts.length);
            if (out.put(kv[0], v) != null) {
                throw new CliException(ExitCode.USAGE, option + " names '" + kv[0] + "' twice");
            }
        }
        return out;
    }
}
