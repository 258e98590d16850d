package io.collide4j.models;

import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.Suggestions;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of robots, scenes and trajectories described by an {@code index.json} at a root URI
 * (a folder, or a folder inside a jar). Names come from the index, so no directory listing is
 * needed (jars cannot be listed portably). The index is read strictly ({@link StrictJson}). Parsed
 * robots are cached; all results are immutable. Thread-safe.
 */
public final class ModelLibrary {
    private final URI root;
    private final Map<String, RobotEntry> robots;
    private final Map<String, FileEntry> scenes;
    private final Map<String, TrajectoryEntry> trajectories;
    private final Map<String, RobotDescription> robotCache = new ConcurrentHashMap<>();
    private final Map<String, SemanticDescription> semanticsCache = new ConcurrentHashMap<>();

    /** Reads {@code root/index.json}; {@code root} must end with '/'. */
    public ModelLibrary(URI root) {
        this.root = root;
        URI index = root.resolve("index.json");
        if ("jar".equals(root.getScheme())) {
            index = resolveInJar(root, "index.json");
        }
        IndexDoc idx;
        try (InputStream in = index.toURL().openStream()) {
            idx = StrictJson.read(in, index.toString(), IndexDoc.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model index " + index, e);
        }
        String src = index.toString();
        this.robots = StrictJson.require(idx.robots(), src, "robots");
        this.scenes = StrictJson.require(idx.scenes(), src, "scenes");
        this.trajectories = StrictJson.require(idx.trajectories(), src, "trajectories");
        robots.forEach((n, r) -> {
            StrictJson.require(r.urdf(), src, "robots." + n + ".urdf");
            StrictJson.require(r.srdf(), src, "robots." + n + ".srdf");
        });
        scenes.forEach((n, f) -> StrictJson.require(f.file(), src, "scenes." + n + ".file"));
        trajectories.forEach((n, t) -> {
            StrictJson.require(t.file(), src, "trajectories." + n + ".file");
            StrictJson.require(t.robot(), src, "trajectories." + n + ".robot");
            StrictJson.require(t.scene(), src, "trajectories." + n + ".scene");
        });
    }

    /** index.json: named robots, scenes and trajectories, paths relative to the index. */
    record IndexDoc(
            Map<String, RobotEntry> robots, Map<String, FileEntry> scenes, Map<String, TrajectoryEntry> trajectories) {}

    record RobotEntry(String urdf, String srdf) {}

    record FileEntry(String file) {}

    /** A bundled trajectory and the robot and scene it was made for. */
    record TrajectoryEntry(String file, String robot, String scene) {}

    /** The library bundled in this module (works from the jar as from a classes folder). */
    static ModelLibrary bundled() {
        URL index = ModelLibrary.class.getResource("/io/collide4j/models/index.json");
        if (index == null) {
            throw new IllegalStateException("io/collide4j/models/index.json is not on the classpath");
        }
        String s = index.toString();
        try {
            return new ModelLibrary(new URI(s.substring(0, s.length() - "index.json".length())));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("bad resource URL " + s, e);
        }
    }

    public URI root() {
        return root;
    }

    public List<String> robotNames() {
        return List.copyOf(robots.keySet());
    }

    public List<String> sceneNames() {
        return List.copyOf(scenes.keySet());
    }

    public List<String> trajectoryNames() {
        return List.copyOf(trajectories.keySet());
    }

    /** Where the robot's URDF lives (file: or jar:). */
    public URI urdf(String robot) {
        return resource(entry(robots, robot, "robot").urdf());
    }

    public URI srdf(String robot) {
        return resource(entry(robots, robot, "robot").srdf());
    }

    /** The parsed robot, collision meshes loaded; visual meshes that are not bundled are empty. */
    public RobotDescription robot(String name) {
        URI urdf = urdf(name);
        // bundled models are self-contained: the user's ROS_PACKAGE_PATH must not swap their meshes
        return robotCache.computeIfAbsent(
                name,
                n -> UrdfParser.create()
                        .withResolver(io.collide4j.urdf.ResourceResolver.none())
                        .parse(urdf));
    }

    /** The robot's SRDF, validated against {@link #robot(String)}. */
    public SemanticDescription semantics(String name) {
        URI srdf = srdf(name);
        RobotDescription r = robot(name);
        return semanticsCache.computeIfAbsent(name, n -> SrdfParser.parse(srdf, r));
    }

    public URI scene(String name) {
        return resource(entry(scenes, name, "scene").file());
    }

    public URI trajectory(String name) {
        return resource(entry(trajectories, name, "trajectory").file());
    }

    /** The robot and scene a bundled trajectory was made for. */
    public String trajectoryRobot(String name) {
        return entry(trajectories, name, "trajectory").robot();
    }

    public String trajectoryScene(String name) {
        return entry(trajectories, name, "trajectory").scene();
    }

    /** Reads a resource URI of this library as UTF-8 text. */
    public static String text(URI uri) {
        try (InputStream in = uri.toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri, e);
        }
    }

    private static <E> E entry(Map<String, E> section, String name, String kind) {
        E e = section.get(name);
        if (e == null) {
            throw new IllegalArgumentException(
                    "no bundled " + kind + " named '" + name + "'" + Suggestions.didYouMean(name, section.keySet())
                            + "; available: " + new ArrayList<>(section.keySet()));
        }
        return e;
    }

    private URI resource(String relative) {
        return "jar".equals(root.getScheme()) ? resolveInJar(root, relative) : root.resolve(relative);
    }

    /** jar: URIs are opaque to {@link URI#resolve}; resolve through URL, which understands them. */
    private static URI resolveInJar(URI base, String relative) {
        try {
            return new URL(base.toURL(), relative).toURI();
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot resolve " + relative + " in " + base, e);
        }
    }
}
