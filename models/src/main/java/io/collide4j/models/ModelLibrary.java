package io.collide4j.models;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import io.collide4j.urdf.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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
 * needed (jars cannot be listed portably). Parsed robots are cached; all results are immutable.
 * Thread-safe.
 */
public final class ModelLibrary {
    private final URI root;
    private final Map<String, Object> robots;
    private final Map<String, Object> scenes;
    private final Map<String, Object> trajectories;
    private final Map<String, RobotDescription> robotCache = new ConcurrentHashMap<>();
    private final Map<String, SemanticDescription> semanticsCache = new ConcurrentHashMap<>();

    /** Reads {@code root/index.json}; {@code root} must end with '/'. */
    public ModelLibrary(URI root) {
        this.root = root;
        URI index = root.resolve("index.json");
        if ("jar".equals(root.getScheme())) {
            index = resolveInJar(root, "index.json");
        }
        Map<String, Object> idx;
        try (InputStream in = index.toURL().openStream()) {
            idx = Json.parseObject(new InputStreamReader(in, StandardCharsets.UTF_8), index.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model index " + index, e);
        }
        this.robots = section(idx, "robots", index);
        this.scenes = section(idx, "scenes", index);
        this.trajectories = section(idx, "trajectories", index);
    }

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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> idx, String key, URI index) {
        Object v = idx.get(key);
        if (!(v instanceof Map)) {
            throw new IllegalStateException(index + ": expected an object \"" + key + "\", found " + Json.typeName(v));
        }
        return (Map<String, Object>) v;
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
        return resource(entry(robots, robot, "robot"), "urdf");
    }

    public URI srdf(String robot) {
        return resource(entry(robots, robot, "robot"), "srdf");
    }

    /** The parsed robot, collision meshes loaded; visual meshes that are not bundled are empty. */
    public RobotDescription robot(String name) {
        URI urdf = urdf(name);
        // bundled models are self-contained: the user's ROS_PACKAGE_PATH must not swap their meshes
        return robotCache.computeIfAbsent(name, n -> UrdfParser.create()
                .withResolver(io.collide4j.urdf.ResourceResolver.none()).parse(urdf));
    }

    /** The robot's SRDF, validated against {@link #robot(String)}. */
    public SemanticDescription semantics(String name) {
        URI srdf = srdf(name);
        RobotDescription r = robot(name);
        return semanticsCache.computeIfAbsent(name, n -> SrdfParser.parse(srdf, r));
    }

    public URI scene(String name) {
        return resource(entry(scenes, name, "scene"), "file");
    }

    public URI trajectory(String name) {
        return resource(entry(trajectories, name, "trajectory"), "file");
    }

    /** The robot and scene a bundled trajectory was made for. */
    public String trajectoryRobot(String name) {
        return (String) entry(trajectories, name, "trajectory").get("robot");
    }

    public String trajectoryScene(String name) {
        return (String) entry(trajectories, name, "trajectory").get("scene");
    }

    /** Reads a resource URI of this library as UTF-8 text. */
    public static String text(URI uri) {
        try (InputStream in = uri.toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri, e);
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> entry(Map<String, Object> section, String name, String kind) {
        Object e = section.get(name);
        if (!(e instanceof Map)) {
            throw new IllegalArgumentException("no bundled " + kind + " named '" + name + "'; available: "
                    + new ArrayList<>(section.keySet()));
        }
        return (Map<String, Object>) e;
    }

    private URI resource(Map<String, Object> entry, String key) {
        Object rel = entry.get(key);
        if (!(rel instanceof String s)) {
            throw new IllegalStateException(root + "index.json: entry lacks a \"" + key + "\" path");
        }
        return "jar".equals(root.getScheme()) ? resolveInJar(root, s) : root.resolve(s);
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
