package io.collide4j.planner.cli;

import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --scene NAME|FILE|none} (a picocli mixin): a bundled scene, a .json or MoveIt .yaml file, or none. */
final class SceneOption {
    /** The scene used when {@code --scene} is not given. */
    static final String DEFAULT_SCENE = "table_shelf";

    @Option(names = "--scene", paramLabel = "NAME|FILE",
            description = "Bundled scene name, scene file (.json collide4j-scene/1 or MoveIt .yaml), or 'none'"
                    + " (default " + DEFAULT_SCENE + ").")
    String scene;

    boolean isDefault() {
        return scene == null;
    }

    String label() {
        return scene == null ? DEFAULT_SCENE : scene;
    }

    /** Which scene this resolves to, and whether it was the default, for messages. */
    String describe() {
        return scene == null ? "scene '" + DEFAULT_SCENE + "' (the default; give --scene)" : "scene '" + scene + "'";
    }

    /** The scene default this run used, if any (see {@link CliCommand#defaultsUsed}). */
    java.util.List<String> defaultsUsed() {
        return scene == null ? java.util.List.of("scene '" + DEFAULT_SCENE + "' (give --scene)") : java.util.List.of();
    }

    /** Adds the scene to the builder. */
    Collide4j.Builder apply(Collide4j.Builder b) {
        String s = label();
        if (s.equals("none")) {
            return b;
        }
        if (Models.sceneNames().contains(s)) {
            return b.sceneName(s);
        }
        Path p = Path.of(s);
        if (!Files.isReadable(p)) {
            throw new CliException(ExitCode.NO_INPUT, "--scene '" + s
                    + "' is neither a bundled scene " + Models.sceneNames() + " nor a readable file");
        }
        return b.scene(p);
    }
}
