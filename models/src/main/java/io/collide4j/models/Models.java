package io.collide4j.models;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.net.URI;
import java.util.List;

/**
 * The robots, scenes and trajectories bundled on the classpath, by name: robots {@code panda}
 * (MotionBenchMaker/VAMP Panda, mesh collision model + SRDF) and {@code ur5e} (with an SRDF of
 * our own), scene {@code table_shelf}, trajectory {@code panda_shelf_demo}. Works from the jar,
 * so a CLI can use it from any directory. Scene and trajectory content is handed out as text;
 * parsing it belongs to the checker. Thread-safe; parsed robots are cached.
 */
public final class Models {
    private static final class Holder {
        static final ModelLibrary LIBRARY = ModelLibrary.bundled();
    }

    private Models() {}

    /** The bundled library, for URIs and names of scenes and trajectories. */
    public static ModelLibrary library() {
        return Holder.LIBRARY;
    }

    /** Names of the bundled robots. */
    public static List<String> names() {
        return library().robotNames();
    }

    public static RobotDescription robot(String name) {
        return library().robot(name);
    }

    public static SemanticDescription semantics(String name) {
        return library().semantics(name);
    }

    public static List<String> sceneNames() {
        return library().sceneNames();
    }

    /** The scene JSON text (format in models/README.md). */
    public static String sceneJson(String name) {
        return ModelLibrary.text(library().scene(name));
    }

    public static List<String> trajectoryNames() {
        return library().trajectoryNames();
    }

    /** The trajectory CSV text: '#' comment lines, a header {@code time,q1..qN}, one row per waypoint. */
    public static String trajectoryCsv(String name) {
        return ModelLibrary.text(library().trajectory(name));
    }

    public static URI urdf(String robot) {
        return library().urdf(robot);
    }

    public static URI srdf(String robot) {
        return library().srdf(robot);
    }
}
