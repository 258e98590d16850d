package io.collide4j.planner;

import io.collide4j.checker.certificate.Provenance;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.robot.AllowedCollisionMatrix;
import io.collide4j.checker.robot.ConcaveLinks;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.Inflation;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneJson;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.models.Models;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link Collide4j}: robot, scene, margin and the other settings under one name each. Single-threaded;
 * {@link #build} may be called repeatedly. {@link Collide4j#builder()} makes one.
 */
@NullMarked
public final class Collide4jBuilder {
    @Nullable
    RobotDescription robot;

    @Nullable
    SemanticDescription srdf;

    @Nullable
    Path urdfPath;

    @Nullable
    Path srdfPath;

    @Nullable
    String bundledRobot;

    Scene scene = Scene.empty();
    Provenance.@Nullable Source sceneSource; // where the scene came from, null when built in memory
    final List<String[]> sceneAllow = new ArrayList<>();
    double margin;
    double tolerance = CollisionChecker.DEFAULT_TOLERANCE;
    long budget = CollisionChecker.DEFAULT_BUDGET;
    boolean budgetGiven; // else the default, scaled with the model (Collide4j.budgetScale)

    @Nullable
    String group;

    final Map<String, Double> hold = new LinkedHashMap<>();
    final java.util.Set<String> explicitHold = new java.util.HashSet<>(); // hold(), not holdAll()
    final Map<String, Double> padding = new LinkedHashMap<>();
    final Map<String, Double> scale = new LinkedHashMap<>();
    double defaultPadding;
    final List<String[]> allow = new ArrayList<>();

    @Nullable
    ConvexPieceProvider pieces;

    @Nullable
    String piecesName;

    boolean bundledDecomposition;
    DecompositionMode decomposition = DecompositionMode.CONCAVE;
    boolean exactMeshes;
    List<Path> packageRoots = List.of();
    java.util.function.@Nullable Consumer<String> meshListener;
    Map<String, String> xacroArgs = Map.of();

    Collide4jBuilder() {}

    Collide4jBuilder copy() {
        Collide4jBuilder b = new Collide4jBuilder();
        b.robot = robot;
        b.srdf = srdf;
        b.urdfPath = urdfPath;
        b.srdfPath = srdfPath;
        b.bundledRobot = bundledRobot;
        b.scene = scene;
        b.sceneSource = sceneSource;
        b.sceneAllow.addAll(sceneAllow);
        b.margin = margin;
        b.tolerance = tolerance;
        b.budget = budget;
        b.budgetGiven = budgetGiven;
        b.group = group;
        b.hold.putAll(hold);
        b.explicitHold.addAll(explicitHold);
        b.padding.putAll(padding);
        b.scale.putAll(scale);
        b.defaultPadding = defaultPadding;
        b.allow.addAll(allow);
        b.pieces = pieces;
        b.piecesName = piecesName;
        b.bundledDecomposition = bundledDecomposition;
        b.decomposition = decomposition;
        b.packageRoots = packageRoots;
        b.xacroArgs = xacroArgs;
        b.exactMeshes = exactMeshes;
        return b;
    }

    /** A bundled robot by name ({@code Models.names()}), with its SRDF. */
    public Collide4jBuilder robot(String bundledName) {
        if (!Models.names().contains(bundledName)) {
            throw new IllegalArgumentException("no bundled robot '" + bundledName + "'; bundled: " + Models.names());
        }
        this.bundledRobot = bundledName;
        this.robot = null;
        this.urdfPath = null;
        return this;
    }

    /** A parsed robot and its SRDF (may be null). */
    public Collide4jBuilder robot(RobotDescription description, @Nullable SemanticDescription semantics) {
        this.robot = java.util.Objects.requireNonNull(description, "robot description");
        this.srdf = semantics;
        this.bundledRobot = null;
        this.urdfPath = null;
        return this;
    }

    /**
     * A URDF file; meshes resolve relative to it, and {@code package://} through {@link #packageRoots} roots,
     * then {@code ROS_PACKAGE_PATH}, then package.xml discovery around the URDF
     * ({@link io.collide4j.urdf.ResourceResolver#standard}).
     */
    public Collide4jBuilder urdf(Path urdf) {
        this.urdfPath = java.util.Objects.requireNonNull(urdf, "URDF path");
        this.robot = null;
        this.bundledRobot = null;
        return this;
    }

    /**
     * The {@code name:=value} arguments of a {@code .xacro} robot description ({@link #urdf} or {@link #srdf} named
     * {@code *.xacro}, expanded by {@link io.collide4j.urdf.xacro.Xacro}; {@code $(find PKG)} resolves like
     * {@code package://}). Refused at {@link #build} when neither file is a xacro file.
     */
    public Collide4jBuilder xacroArgs(Map<String, String> args) {
        this.xacroArgs = Map.copyOf(args);
        return this;
    }

    /** Folders holding ROS packages: {@code package://NAME/...} in the URDF resolves to {@code ROOT/NAME/...}. */
    public Collide4jBuilder packageRoots(List<Path> roots) {
        this.packageRoots = List.copyOf(roots);
        return this;
    }

    /** An SRDF file for the URDF (disabled collision pairs, planning groups). */
    public Collide4jBuilder srdf(Path srdf) {
        this.srdfPath = java.util.Objects.requireNonNull(srdf, "SRDF path");
        return this;
    }

    public Collide4jBuilder scene(Scene scene) {
        this.scene = java.util.Objects.requireNonNull(scene, "scene");
        this.sceneSource = null;
        this.sceneAllow.clear();
        return this;
    }

    /**
     * Adds obstacles to the scene chosen so far (a MoveIt scene keeps its allowed-collision entries). The scene then
     * no longer matches a file or a bundled name, so certificates record no scene source: verify needs the same
     * scene options again.
     */
    public Collide4jBuilder addObstacles(List<Obstacle> more) {
        List<Obstacle> all = new ArrayList<>(scene.obstacles());
        all.addAll(more);
        this.scene = Scene.of(all);
        this.sceneSource = null;
        return this;
    }

    /** Where the robot and scene came from, for certificates: bundled names or absolute file paths. */
    Provenance provenance() {
        Provenance.@Nullable Source r = null;
        if (bundledRobot != null) {
            r = Provenance.Source.bundled(bundledRobot);
        } else if (urdfPath != null) {
            r = new Provenance.Source(
                    null,
                    urdfPath.toAbsolutePath().normalize().toString(),
                    srdfPath == null
                            ? null
                            : srdfPath.toAbsolutePath().normalize().toString());
        }
        return new Provenance(r, sceneSource);
    }

    /**
     * A scene file: {@code .json} ({@code collide4j-scene/1}) or {@code .yaml}/{@code .yml} (a MoveIt planning
     * scene, whose allowed-collision entries are added to the ACM).
     */
    public Collide4jBuilder scene(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".yaml") || n.endsWith(".yml")) {
            scene(MoveItSceneLoader.load(file));
        } else if (n.endsWith(".json")) {
            scene(SceneJson.read(file));
        } else {
            throw new IllegalArgumentException(file + ": unknown scene format, expected .json (collide4j-scene/1)"
                    + " or .yaml/.yml (MoveIt planning scene)");
        }
        this.sceneSource =
                Provenance.Source.file(file.toAbsolutePath().normalize().toString());
        return this;
    }

    /** A MoveIt planning scene already loaded (obstacles and allowed-collision entries). */
    public Collide4jBuilder scene(MoveItSceneLoader.PlanningScene planningScene) {
        this.scene = planningScene.scene();
        this.sceneSource = null;
        this.sceneAllow.clear();
        planningScene.allowedCollisions().forEach(p -> sceneAllow.add(new String[] {p.first(), p.second()}));
        return this;
    }

    /** A bundled scene by name ({@code Models.sceneNames()}). */
    public Collide4jBuilder sceneName(String name) {
        if (!Models.sceneNames().contains(name)) {
            throw new IllegalArgumentException("no bundled scene '" + name + "'; bundled: " + Models.sceneNames());
        }
        scene(SceneJson.read(Models.sceneJson(name), "bundled scene " + name));
        this.sceneSource = Provenance.Source.bundled(name);
        return this;
    }

    /** Scene JSON text ({@code collide4j-scene/1}); {@code source} names it in errors. */
    public Collide4jBuilder sceneJson(String json, String source) {
        return scene(SceneJson.read(json, source));
    }

    /** The margin, the required separation ≥ 0 (m). Default 0: valid means not touching. */
    public Collide4jBuilder margin(double margin) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, got " + margin);
        }
        this.margin = margin;
        return this;
    }

    public Collide4jBuilder tolerance(double tol) {
        if (!(tol > 0) || !Double.isFinite(tol)) {
            throw new IllegalArgumentException("tolerance must be finite and > 0, got " + tol);
        }
        this.tolerance = tol;
        return this;
    }

    public Collide4jBuilder budget(long evaluations) {
        if (evaluations < 1) {
            throw new IllegalArgumentException("budget must be at least 1, got " + evaluations);
        }
        this.budget = evaluations;
        this.budgetGiven = true;
        return this;
    }

    /**
     * Plan for this SRDF group only; other variables are held (see {@link #hold}). Null: the default (a bundled
     * robot's first SRDF group, else every variable).
     */
    public Collide4jBuilder group(@Nullable String name) {
        this.group = name;
        return this;
    }

    /**
     * Holds a non-group joint at a value (default 0 clamped into its limits). Checked in {@link #build}: the
     * joint must be a movable, non-mimic joint of the robot and the value inside its limits; held values are
     * part of the robot's content hash.
     */
    public Collide4jBuilder hold(String joint, double value) {
        holdValue(joint, value);
        explicitHold.add(joint);
        return this;
    }

    private void holdValue(String joint, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("held value of joint '" + joint + "' must be finite, got " + value);
        }
        hold.put(joint, value);
    }

    /**
     * Holds every joint of a recorded state (values of planning variables only seed the held copy; values of
     * joints this model has as fixed or mimic are derived by FK instead; names and limits are checked as for
     * {@link #hold}).
     */
    public Collide4jBuilder holdAll(Map<String, Double> values) {
        values.forEach(this::holdValue);
        return this;
    }

    /** Euclidean padding (m) of one body (link or attached object). */
    public Collide4jBuilder padding(String body, double p) {
        padding.put(body, p);
        return this;
    }

    public Collide4jBuilder defaultPadding(double p) {
        this.defaultPadding = p;
        return this;
    }

    /** Scale (≥ 1) of one body about each collision element's origin. */
    public Collide4jBuilder scale(String body, double s) {
        scale.put(body, s);
        return this;
    }

    /** Do not check this pair (link, attached object or obstacle names). */
    public Collide4jBuilder allow(String a, String b) {
        allow.add(new String[] {a, b});
        return this;
    }

    /**
     * How meshes (robot links and mesh obstacles) become convex pieces; default one covering hull each.
     * {@code name} enters the robot model's content hash.
     */
    public Collide4jBuilder pieces(ConvexPieceProvider provider, String name) {
        this.pieces = provider;
        this.piecesName = name;
        return this;
    }

    /**
     * Use the bundled robot's precomputed convex decompositions (verified against its meshes on
     * load; meshes not in them, e.g. scaled ones, keep one hull) instead of one hull per mesh.
     * Only for bundled robots, and not together with {@link #pieces}.
     */
    public Collide4jBuilder bundledDecomposition(boolean use) {
        this.bundledDecomposition = use;
        return this;
    }

    /**
     * The CLI's {@code --decompose}: robot and scene meshes as convex decompositions with default parameters
     * ({@link DecompositionParameters#collisionDefaults()}), read from and written to the on-disk cache
     * ({@link DecompositionCache#defaultDirectory()}), each with its covering margin measured on load; a
     * bundled robot uses its precomputed decompositions (verified the same way). Fewer false "collision"
     * answers in concave links, same guarantee. Not together with {@link #pieces}.
     */
    public Collide4jBuilder decompose(boolean use) {
        return decomposition(use ? DecompositionMode.ALL : DecompositionMode.HULLS);
    }

    /**
     * Which robot meshes become convex decompositions: {@link DecompositionMode#CONCAVE} by default (links whose
     * closed meshes have a hull more than {@link ConcaveLinks#DEFAULT_THRESHOLD} times their volume; pieces as
     * {@link #decompose(boolean)} makes them, bundled robots' precomputed ones; scene meshes keep one hull),
     * {@link DecompositionMode#HULLS} for one hull per mesh, {@link DecompositionMode#ALL} as
     * {@code decompose(true)}. An explicit {@link #pieces} or {@link #bundledDecomposition} choice replaces
     * CONCAVE. The decomposed links enter the robot's content hash (certificates name them through their pieces).
     */
    public Collide4jBuilder decomposition(DecompositionMode mode) {
        this.decomposition = java.util.Objects.requireNonNull(mode, "decomposition mode");
        return this;
    }

    /**
     * Hears the name of each robot or scene mesh as {@link #decompose(boolean)} turns it into convex pieces (the
     * first time, before the cache has it, that takes seconds per mesh): for progress output. Called on the
     * building thread; null for none.
     */
    public Collide4jBuilder meshListener(java.util.function.@Nullable Consumer<String> listener) {
        this.meshListener = listener;
        return this;
    }

    /** Meshes as a convex decomposition with a measured covering margin (see {@link DecompositionPieces}). */
    public Collide4jBuilder decomposition(DecompositionParameters parameters, @Nullable DecompositionCache cache) {
        DecompositionPieces p = cache == null
                ? DecompositionPieces.uncached(parameters)
                : DecompositionPieces.cached(parameters, cache.directory());
        return pieces(p, p.name());
    }

    /**
     * Check non-convex mesh obstacles exactly against their triangles ({@link MeshMode#EXACT}: a closed mesh
     * is a solid, an open one a surface) instead of through covering hulls (default): fewer false positives
     * inside concavities, more time per query. Batch engines still use the covering hulls.
     */
    public Collide4jBuilder exactMeshes(boolean exact) {
        this.exactMeshes = exact;
        return this;
    }

    /** Allowed-collision names must be links, scene obstacles or the environment: a typo must not pass silently. */
    private void checkAllowNames(RobotDescription desc) {
        java.util.Set<String> known = new java.util.TreeSet<>(desc.linksByName().keySet());
        scene.obstacles().forEach(o -> known.add(o.name()));
        known.add(AllowedCollisionMatrix.ENVIRONMENT);
        for (String[] p : allow) {
            for (String name : p) {
                if (!known.contains(name)) {
                    throw new IllegalArgumentException("allow: unknown link or obstacle " + name
                            + io.collide4j.kinematics.format.Suggestions.didYouMean(name, known)
                            + " (robot '" + desc.name() + "', " + scene.size() + " obstacles)");
                }
            }
        }
    }

    public Collide4j build() {
        RobotFiles files = RobotFiles.read(bundledRobot, urdfPath, srdfPath, robot, srdf, packageRoots, xacroArgs);
        RobotDescription desc = files.description();
        SemanticDescription sem = files.semantics();
        KinematicModel km = KinematicModel.of(desc);
        RobotCollisionModel.Builder mb = RobotCollisionModel.builder(desc, km);
        if (sem != null) {
            mb.srdf(sem);
        }
        Inflation.Builder ib = Inflation.builder().defaultPadding(defaultPadding);
        padding.forEach(ib::padding);
        scale.forEach(ib::scale);
        mb.inflation(ib.build());
        sceneAllow.forEach(p -> mb.allow(p[0], p[1]));
        checkAllowNames(desc);
        allow.forEach(p -> mb.allow(p[0], p[1]));
        hold.forEach(mb::hold); // names, limits and the content hash are the model's
        PieceChoice choice = PieceChoice.apply(
                mb, desc, decomposition, pieces, piecesName, bundledDecomposition, bundledRobot, meshListener);
        RobotCollisionModel model = mb.build();
        GroupMapping mapping = GroupMapping.resolve(desc, km, sem, group, bundledRobot != null, hold, explicitHold);
        PreparedScene prepared =
                PreparedScene.of(scene, choice.scenePieces(), exactMeshes ? MeshMode.EXACT : MeshMode.HULL);
        CollisionChecker checker = CollisionChecker.of(model, prepared);
        return new Collide4j(
                this,
                prepared,
                checker,
                sem,
                mapping,
                RobotWarnings.of(desc, sem, checker, mapping.rest, urdfPath, packageRoots),
                choice.concave());
    }
}
