package io.collide4j.urdf;

import io.collide4j.urdf.XmlTree.Element;
import io.collide4j.urdf.mesh.MeshFormat;
import io.collide4j.urdf.mesh.MeshFormatException;
import io.collide4j.urdf.mesh.MeshLoader;
import io.collide4j.urdf.xacro.Xacro;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parses URDF into a validated {@link RobotDescription} with collision meshes loaded.
 * <p>Reads only {@code <link>}, {@code <joint>} and Drake's {@code <drake:collision_filter_group>}
 * ({@link DrakeCollisionFilters}) children of {@code <robot>} (transmissions, gazebo and other tool
 * sections are skipped). Joint types revolute, continuous, prismatic and
 * fixed; floating and planar are rejected. Fixed joints get limits [0, 0]; continuous joints
 * ±infinity (velocity/effort from {@code <limit>} when present). Collision meshes must exist and
 * parse and keep at least one non-degenerate triangle; visual meshes that are missing (or in a format we do not read) become
 * {@code Optional.empty()} (with {@code resolved} = the first place searched); visual loading can be
 * switched off entirely. Package references resolve as {@link ResourceResolver} says; mesh URLs with any
 * scheme but {@code file:} and {@code package:} ({@code http}, {@code ftp}, ...) are refused before any
 * lookup, so parsing never opens a network connection.
 * <p>Errors: {@link XmlSyntaxException}, {@link UrdfException} (element + line),
 * {@link KinematicTreeException} (tree rules), {@link MeshNotFoundException},
 * {@link io.collide4j.urdf.mesh.MeshFormatException}. Immutable and thread-safe; each parse
 * keeps its own mesh cache.
 */
public final class UrdfParser {
    /** Local names of xacro's directives: none is a URDF element, so a URDF holding one was never expanded. */
    private static final Set<String> XACRO_DIRECTIVES = Set.of(
            "macro", "property", "include", "arg", "if", "unless", "insert_block", "call", "element", "attribute");

    private final ResourceResolver resolver;
    private final boolean loadVisualMeshes;
    private final boolean colladaUpAxis;
    private final Map<String, String> xacroArgs;

    private UrdfParser(ResourceResolver resolver, boolean loadVisualMeshes, boolean colladaUpAxis) {
        this(resolver, loadVisualMeshes, colladaUpAxis, Map.of());
    }

    private UrdfParser(
            ResourceResolver resolver, boolean loadVisualMeshes, boolean colladaUpAxis, Map<String, String> xacroArgs) {
        this.resolver = resolver;
        this.loadVisualMeshes = loadVisualMeshes;
        this.colladaUpAxis = colladaUpAxis;
        this.xacroArgs = Map.copyOf(xacroArgs);
    }

    /**
     * The parser of every entry point: {@code package://} resolves through {@code ROS_PACKAGE_PATH}, the
     * URDF's own folder and package.xml discovery ({@link ResourceResolver#standard}); visual meshes loaded
     * when present.
     */
    public static UrdfParser create() {
        return new UrdfParser(ResourceResolver.standard(List.of()), true, false);
    }

    public UrdfParser withResolver(ResourceResolver r) {
        return new UrdfParser(r, loadVisualMeshes, colladaUpAxis, xacroArgs);
    }

    /** Package roots searched first ({@code --package-path}), then ROS_PACKAGE_PATH and discovery as {@link #create}. */
    public UrdfParser withPackageRoots(List<Path> roots) {
        return new UrdfParser(ResourceResolver.standard(roots), loadVisualMeshes, colladaUpAxis, xacroArgs);
    }

    public ResourceResolver resolver() {
        return resolver;
    }

    /** When false, visual mesh files are never opened and every visual mesh is {@code Optional.empty()}. */
    public UrdfParser withVisualMeshes(boolean load) {
        return new UrdfParser(resolver, load, colladaUpAxis, xacroArgs);
    }

    /**
     * When true, COLLADA meshes are rotated so their declared up_axis becomes +z. Default false,
     * as ROS tools (RViz, MoveIt) ignore up_axis for URDF meshes; unit scale is always applied.
     */
    public UrdfParser withColladaUpAxis(boolean apply) {
        return new UrdfParser(resolver, loadVisualMeshes, apply, xacroArgs);
    }

    /**
     * The {@code name:=value} arguments a {@code .xacro} file is expanded with ({@link #parse(URI)}); URDF files
     * ignore them.
     */
    public UrdfParser withXacroArgs(Map<String, String> args) {
        return new UrdfParser(resolver, loadVisualMeshes, colladaUpAxis, args);
    }

    public Map<String, String> xacroArgs() {
        return xacroArgs;
    }

    public RobotDescription parse(Path urdf) {
        return parse(urdf.toAbsolutePath().normalize().toUri());
    }

    /**
     * Parses the URDF at any openable URI (file:, jar:, ...); relative references resolve against it. A local
     * {@code *.xacro} file ({@code robot.urdf.xacro}) is first expanded by {@link Xacro} with {@link #xacroArgs},
     * {@code $(find)} resolving like {@code package://}; errors in the expanded URDF name the xacro file and the
     * line in the expansion ({@code collide4j xacro FILE} prints it); the description keeps the expanded text.
     */
    public RobotDescription parse(URI urdf) {
        ResourceResolver.requireLocal(urdf, "URDF");
        if ("file".equals(urdf.getScheme()) && Xacro.isXacro(Path.of(urdf))) {
            return parseExpanded(expandXacro(Path.of(urdf)), urdf);
        }
        try (InputStream in = urdf.toURL().openStream()) {
            return parse(in, urdf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read URDF " + urdf, e);
        }
    }

    /** Parses a URDF stream; {@code source} names it in errors and is the base for relative references. */
    public RobotDescription parse(InputStream in, URI source) {
        Element root = XmlTree.parse(in, source.toString());
        return new Context(source).robot(root);
    }

    /**
     * Parses URDF text that xacro expanded from {@code xacroSource}: relative references resolve against the xacro
     * file, errors name it (with the line in the expansion), and the description keeps the text
     * ({@link RobotDescription#urdfText}).
     */
    public RobotDescription parseExpanded(String xml, URI xacroSource) {
        String label = xacroSource + " (expanded by xacro)";
        Element root = XmlTree.parse(new java.io.ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), label);
        return new Context(xacroSource, label).robot(root).withUrdfText(xml);
    }

    /** The xacro expansion of {@code file} with this parser's arguments and package resolution. */
    public String expandXacro(Path file) {
        System.Logger log = System.getLogger(Xacro.class.getName());
        return Xacro.create()
                .withResolver(resolver)
                .withArgs(xacroArgs)
                .withWarnings(w -> log.log(System.Logger.Level.WARNING, "xacro " + file + ": " + w))
                .expand(file.toAbsolutePath().normalize());
    }

    private final class Context {
        final URI source;
        final String src;
        final UrdfAttributes read;
        final Map<URI, TriangleMesh> meshCache = new HashMap<>();

        Context(URI source) {
            this(source, source.toString());
        }

        Context(URI source, String label) {
            this.source = source;
            this.src = label;
            this.read = new UrdfAttributes(label);
        }

        RobotDescription robot(Element root) {
            if (!root.name().equals("robot")) {
                throw read.error(root, "<" + root.name() + ">", "expected a <robot> root element");
            }
            String name = read.required(root, "robot", "name");
            List<LinkDescription> links = new ArrayList<>();
            List<JointDescription> joints = new ArrayList<>();
            Map<String, Element> linkElements = new LinkedHashMap<>();
            Map<String, Element> jointElements = new LinkedHashMap<>();
            List<Element> filterGroups = new ArrayList<>();
            for (Element e : root.children()) {
                if (XACRO_DIRECTIVES.contains(e.name())) {
                    // unexpanded xacro: its links and joints would be silently missing or wrong
                    throw read.error(
                            e,
                            "<" + e.name() + ">",
                            "xacro markup in a URDF (a xacro directive such as"
                                    + " <xacro:" + e.name()
                                    + ">); give the file a .xacro name (with --xacro-arg NAME:=VALUE for"
                                    + " its arguments) or expand it first with 'collide4j xacro FILE --out robot.urdf'");
                }
                if (e.name().equals("collision_filter_group")) {
                    filterGroups.add(e);
                }
                if (e.name().equals("link")) {
                    String ln = read.required(e, "link", "name");
                    if (linkElements.putIfAbsent(ln, e) != null) {
                        throw new KinematicTreeException(
                                src,
                                e.line(),
                                KinematicTreeException.Problem.DUPLICATE_NAME,
                                "link '" + ln + "'",
                                "a link of this name is already defined at line "
                                        + linkElements.get(ln).line());
                    }
                    links.add(link(e, ln));
                } else if (e.name().equals("joint")) {
                    String jn = read.required(e, "joint", "name");
                    if (jointElements.putIfAbsent(jn, e) != null) {
                        throw new KinematicTreeException(
                                src,
                                e.line(),
                                KinematicTreeException.Problem.DUPLICATE_NAME,
                                "joint '" + jn + "'",
                                "a joint of this name is already defined at line "
                                        + jointElements.get(jn).line());
                    }
                    joints.add(joint(e, jn));
                }
            }
            for (JointDescription j : joints) {
                if (j.mimic() != null && !jointElements.containsKey(j.mimic().joint())) {
                    Element je = jointElements.get(j.name());
                    throw read.error(
                            je.child("mimic"),
                            "joint '" + j.name() + "' / mimic",
                            "mimics unknown joint '" + j.mimic().joint() + "'");
                }
            }
            UrdfTreeRules.refuseMimicCycles(read, joints, jointElements);
            String rootLink = UrdfTreeRules.validateTree(read, links, joints, linkElements, jointElements);
            return new RobotDescription(
                    name,
                    source,
                    rootLink,
                    links,
                    joints,
                    DrakeCollisionFilters.parse(filterGroups, linkElements.keySet(), src));
        }

        LinkDescription link(Element e, String name) {
            List<GeometryElement> collisions = new ArrayList<>();
            List<GeometryElement> visuals = new ArrayList<>();
            int ci = 0;
            int vi = 0;
            for (Element c : e.children()) {
                if (c.name().equals("collision")) {
                    collisions.add(geometryElement(c, "link '" + name + "' / collision[" + ci++ + "]", true));
                } else if (c.name().equals("visual")) {
                    visuals.add(geometryElement(c, "link '" + name + "' / visual[" + vi++ + "]", false));
                }
            }
            return new LinkDescription(name, collisions, visuals);
        }

        GeometryElement geometryElement(Element e, String where, boolean collision) {
            Pose origin = read.origin(e.child("origin"), where);
            Element g = e.child("geometry");
            if (g == null) {
                throw read.error(e, where, "missing <geometry>");
            }
            List<Element> shapes = new ArrayList<>();
            for (Element s : g.children()) {
                shapes.add(s);
            }
            if (shapes.size() != 1) {
                throw read.error(
                        g,
                        where + " / geometry",
                        "expected exactly one of <box>, <cylinder>, <sphere>, <mesh>, found " + shapes.size()
                                + " elements");
            }
            Element s = shapes.get(0);
            String sw = where + " / geometry / " + s.name();
            Geometry geometry;
            try {
                geometry = switch (s.name()) {
                    case "box" -> {
                        double[] size = read.length(s, sw, "size", read.vector(s, sw, "size", null));
                        yield new Geometry.Box(size[0], size[1], size[2]);
                    }
                    case "cylinder" ->
                        new Geometry.Cylinder(read.length(s, sw, "radius"), read.length(s, sw, "length"));
                    case "sphere" -> new Geometry.Sphere(read.length(s, sw, "radius"));
                    case "mesh" -> mesh(s, sw, collision);
                    default ->
                        throw read.error(s, sw, "unsupported geometry: expected <box>, <cylinder>, <sphere> or <mesh>");
                };
            } catch (IllegalArgumentException ex) {
                throw read.error(s, sw, ex.getMessage());
            }
            return new GeometryElement(e.attribute("name"), origin, geometry);
        }

        Geometry.Mesh mesh(Element s, String where, boolean collision) {
            String filename = read.required(s, where, "filename");
            Optional<String> refused = ResourceResolver.refusedScheme(filename);
            if (refused.isPresent()) {
                // checked before any lookup: no URL of this kind is ever opened, for visual meshes too
                throw read.error(
                        s,
                        where + " / filename",
                        "mesh URL '" + filename + "' refused: scheme '" + refused.get()
                                + "' is not loaded; collide4j reads only local files (file:, relative paths, package://) and"
                                + " never opens network connections — download the mesh and refer to it locally");
            }
            double[] scale = read.length(s, where, "scale", read.vector(s, where, "scale", new double[] {1, 1, 1}));
            List<URI> candidates;
            try {
                candidates = resolver.candidates(filename, source);
            } catch (IllegalArgumentException ex) {
                throw read.error(s, where, "cannot resolve mesh reference '" + filename + "': " + ex.getMessage());
            }
            URI found = null;
            for (URI u : candidates) {
                if (ResourceResolver.exists(u)) {
                    found = u;
                    break;
                }
            }
            Optional<MeshFormat> format = MeshFormat.fromName(filename);
            if (!collision && (found == null || !loadVisualMeshes || format.isEmpty())) {
                URI where2 = found != null ? found : candidates.isEmpty() ? URI.create(filename) : candidates.get(0);
                return new Geometry.Mesh(filename, where2, scale[0], scale[1], scale[2], Optional.empty());
            }
            if (found == null) {
                throw new MeshNotFoundException(
                        src,
                        s.line(),
                        filename,
                        where + ": collision mesh '" + filename + "' not found; looked at " + candidates
                                + notFoundHint(filename));
            }
            if (format.isEmpty()) {
                throw read.error(
                        s,
                        where,
                        "collision mesh '" + filename + "' has an unsupported format: expected .stl, .obj or .dae");
            }
            TriangleMesh raw;
            try {
                raw = meshCache.computeIfAbsent(
                        found, u -> MeshLoader.load(u, colladaUpAxis).mesh());
            } catch (
                    MeshFormatException
                            e) { // name the URDF element that referenced the mesh, then the mesh's own place
                throw read.error(s, where, "collision mesh '" + filename + "' cannot be read: " + e.getMessage());
            }
            if (collision && raw.triangleCount() == 0) {
                // an empty collision shape would make every query against this link "free"
                throw read.error(
                        s, where, "collision mesh '" + filename + "' (" + found + ") has no non-degenerate triangles");
            }
            TriangleMesh scaledMesh = scaled(raw, scale);
            double reach = 0;
            if (scaledMesh.vertexCount() > 0) {
                for (double v : scaledMesh.bounds()) {
                    reach = Math.max(reach, Math.abs(v));
                }
            }
            if (!(reach <= ModelLimits.MAX_LENGTH)) {
                throw read.error(
                        s,
                        where,
                        "collision mesh '" + filename + "' scaled by scale=\"" + s.attribute("scale")
                                + "\" has a vertex coordinate of " + reach + " m; expected every coordinate within ±"
                                + ModelLimits.MAX_LENGTH + " m (" + ModelLimits.class.getSimpleName() + ")");
            }
            return new Geometry.Mesh(filename, found, scale[0], scale[1], scale[2], Optional.of(scaledMesh));
        }

        String notFoundHint(String filename) {
            String pkg = resolver.packageSearchDescription(filename, source);
            return pkg.isEmpty() ? "" : "; " + pkg;
        }

        TriangleMesh scaled(TriangleMesh m, double[] s) {
            if (s[0] == 1 && s[1] == 1 && s[2] == 1) {
                return m;
            }
            double[] v = m.copyVertices();
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] * s[i % 3] + 0.0; // + 0.0: no negative zeros
            }
            int[] t = m.copyTriangles();
            if (s[0] * s[1] * s[2] < 0) {
                // a mirroring scale turns triangles inside out; swap two corners to keep outward winding
                for (int i = 0; i < t.length; i += 3) {
                    int tmp = t[i + 1];
                    t[i + 1] = t[i + 2];
                    t[i + 2] = tmp;
                }
            }
            return new TriangleMesh(v, t);
        }

        JointDescription joint(Element e, String name) {
            String where = "joint '" + name + "'";
            String typeName = read.required(e, where, "type");
            JointType type = switch (typeName) {
                case "revolute" -> JointType.REVOLUTE;
                case "continuous" -> JointType.CONTINUOUS;
                case "prismatic" -> JointType.PRISMATIC;
                case "fixed" -> JointType.FIXED;
                case "floating", "planar" ->
                    throw read.error(
                            e,
                            where,
                            "joint type '" + typeName
                                    + "' is not supported: collide4j handles revolute, continuous, prismatic and fixed joints");
                default ->
                    throw read.error(
                            e,
                            where,
                            "unknown joint type '" + typeName + "': expected revolute, continuous, prismatic or fixed");
            };
            String parent = read.requiredChildAttribute(e, where, "parent", "link");
            String child = read.requiredChildAttribute(e, where, "child", "link");
            Pose origin = read.origin(e.child("origin"), where);
            double[] axis = {1, 0, 0};
            Element ax = e.child("axis");
            if (ax != null) {
                axis = read.vector(ax, where + " / axis", "xyz", new double[] {1, 0, 0});
                if (type.isMovable() && axis[0] == 0 && axis[1] == 0 && axis[2] == 0) {
                    throw read.error(
                            ax,
                            where + " / axis",
                            "axis xyz=\"" + ax.attribute("xyz") + "\" is zero: expected a non-zero direction");
                }
            }
            JointLimits limits = limits(e, where, type);
            Mimic mimic = null;
            Element mi = e.child("mimic");
            if (mi != null) {
                String mw = where + " / mimic";
                mimic = new Mimic(
                        read.required(mi, mw, "joint"),
                        read.optionalNumber(mi, mw, "multiplier", 1),
                        read.optionalNumber(mi, mw, "offset", 0));
            }
            try {
                return new JointDescription(
                        name, type, parent, child, origin, axis[0], axis[1], axis[2], limits, mimic);
            } catch (IllegalArgumentException ex) {
                throw read.error(e, where, ex.getMessage());
            }
        }

        JointLimits limits(Element e, String where, JointType type) {
            Element l = e.child("limit");
            String lw = where + " / limit";
            switch (type) {
                case FIXED:
                    return new JointLimits(0, 0, 0, 0);
                case CONTINUOUS:
                    if (l == null) {
                        return JointLimits.UNBOUNDED;
                    }
                    return new JointLimits(
                            Double.NEGATIVE_INFINITY,
                            Double.POSITIVE_INFINITY,
                            read.optionalNumber(l, lw, "velocity", Double.POSITIVE_INFINITY),
                            read.optionalNumber(l, lw, "effort", Double.POSITIVE_INFINITY));
                default:
                    if (l == null) {
                        throw read.error(e, where, "a " + type.name().toLowerCase() + " joint needs a <limit> element");
                    }
                    double lower = read.optionalNumber(l, lw, "lower", 0);
                    double upper = read.optionalNumber(l, lw, "upper", 0);
                    if (type == JointType.PRISMATIC) { // travel is a length: beyond the limit it overflows like one
                        read.inRange(l, lw, "lower", lower, ModelLimits.MAX_LENGTH, "m");
                        read.inRange(l, lw, "upper", upper, ModelLimits.MAX_LENGTH, "m");
                    }
                    if (lower > upper) {
                        throw read.error(l, lw, "lower=" + lower + " is above upper=" + upper);
                    }
                    double velocity = read.number(l, lw, "velocity");
                    double effort = read.number(l, lw, "effort");
                    if (velocity < 0 || effort < 0) {
                        throw read.error(
                                l, lw, "velocity and effort must be non-negative, got " + velocity + " and " + effort);
                    }
                    return new JointLimits(lower, upper, velocity, effort);
            }
        }
    }
}
