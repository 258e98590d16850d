package io.collide4j.verifier;

import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.verifier.Certificate.PieceSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The certificate's witness bound to the robot the verifier loaded (SOUNDNESS.md, lemma C1): its columns and held
 * values against the URDF's joints, its pieces against the URDF's collision elements (every element covered), its
 * allowed pairs re-derived from the URDF, SRDF and Drake filter groups, and its obstacles read as given. Whatever
 * does not bind is a problem; {@link #problems()} empty means the model below is complete. Attached objects (lemma A1)
 * are bodies placed on their parent link; pairs allowed by the caller are skipped and listed as
 * {@link #assumptions()} (lemma A2). The obstacles are read by {@link ObstacleBinding}, the allowed pairs checked by
 * {@link AllowedPairs}, and shapes and poses made from numbers by {@link WitnessShapes}. Immutable after binding.
 */
final class WitnessModel {
    private final List<String> problems = new ArrayList<>();
    final Map<String, List<Piece>> links = new LinkedHashMap<>(); // links with collision geometry, document order
    final Map<String, Piece> obstacles = new LinkedHashMap<>();
    /** Obstacles kept as exact meshes (shape "mesh"), by name; their entry in {@code obstacles} is their vertices' hull. */
    final Map<String, ExactMesh> meshes = new LinkedHashMap<>();

    final Set<String> allowed = new HashSet<>(); // unordered body pair keys, justified or assumed
    final Map<String, String> attachedTo = new LinkedHashMap<>(); // attached object -> parent link
    private final List<Assumption> assumptions = new ArrayList<>();
    final List<SolidCheck.Solid> solids = new ArrayList<>(); // decomposed meshes, for lemma D2's start check
    private final Map<String, Certificate.AttachedSpec> attachedSpecs = new HashMap<>();
    final IntervalKinematics kinematics;
    final Certificate.Witness witness;

    WitnessModel(RobotDescription robot, SemanticDescription srdf, Certificate cert) {
        this.witness = cert.witness();
        IntervalKinematics k = null;
        try {
            k = IntervalKinematics.of(robot);
        } catch (RuntimeException e) {
            problems.add(e.getMessage());
        }
        this.kinematics = k;
        bindJoints(robot, cert);
        bindAttached(robot);
        bindPieces(robot, cert.cover());
        ObstacleBinding.bind(witness, obstacles, meshes, problems);
        AllowedPairs.bind(robot, srdf, witness, attachedTo, allowed, assumptions, problems);
    }

    List<String> problems() {
        return problems;
    }

    /** The caller-allowed pairs the model skips without proof (lemma A2), in the witness's order. */
    List<Assumption> assumptions() {
        return assumptions;
    }

    /**
     * Each attached entry names a new body on a link of the robot (lemma A1); its pieces entry (one ATTACHED piece)
     * is bound in {@link #piece}.
     */
    private void bindAttached(RobotDescription robot) {
        for (Certificate.AttachedSpec a : witness.attached()) {
            if (robot.link(a.name()).isPresent()
                    || attachedSpecs.containsKey(a.name())
                    || a.name().isEmpty()) {
                problems.add(a.path() + ".name: '" + a.name() + "' must be a new, non-empty name (not a link of robot "
                        + robot.name() + " nor another attached object)");
            } else if (robot.link(a.link()).isEmpty()) {
                problems.add(a.path() + ".link: '" + a.link() + "' is not a link of robot " + robot.name());
            } else {
                attachedSpecs.put(a.name(), a);
                attachedTo.put(a.name(), a.link());
                if (!witness.pieces().containsKey(a.name())) {
                    problems.add("witness.pieces: attached object '" + a.name() + "' has no pieces");
                }
            }
        }
    }

    static String pairKey(String a, String b) {
        return a.compareTo(b) < 0 ? a + "\0" + b : b + "\0" + a;
    }

    private void bindJoints(RobotDescription robot, Certificate cert) {
        Set<String> free = new HashSet<>();
        for (JointDescription j : robot.joints()) {
            if (j.type() != JointType.FIXED && j.mimic() == null) {
                free.add(j.name());
            }
        }
        Set<String> seen = new HashSet<>();
        for (String j : witness.joints()) {
            if (!free.contains(j) || !seen.add(j)) {
                problems.add("witness.joints: '" + j + "' is "
                        + (free.contains(j)
                                ? "named twice"
                                : "not a non-fixed, non-mimic joint of robot " + robot.name()));
            }
        }
        witness.held().forEach((j, v) -> {
            if (!free.contains(j) || !seen.add(j)) {
                problems.add("witness.held: '" + j + "' is "
                        + (free.contains(j)
                                ? "also a trajectory column"
                                : "not a non-fixed, non-mimic joint of robot " + robot.name()));
            } else if (!robot.joint(j).orElseThrow().limits().contains(v)) {
                problems.add("witness.held: " + j + " = " + v + " is outside its limits");
            }
        });
        free.removeAll(seen);
        if (!free.isEmpty()) {
            problems.add(
                    "witness: joints " + new java.util.TreeSet<>(free) + " are neither trajectory columns nor held");
        }
        int n = witness.joints().size(), w = cert.waypoints().length;
        if (w < 2 || cert.times().length != w) {
            problems.add("the trajectory needs at least 2 waypoints and one time per waypoint");
        }
        for (int i = 0; i < w; i++) {
            if (cert.waypoints()[i].length != n
                    || cert.velocities() != null && (cert.velocities().length != w || cert.velocities()[i].length != n)
                    || cert.accelerations() != null
                            && (cert.accelerations().length != w || cert.accelerations()[i].length != n)) {
                problems.add("waypoint " + i + ": positions, velocities and accelerations need one value per joint of"
                        + " witness.joints (" + n + ")");
            }
            if (i > 0 && i < cert.times().length && !(cert.times()[i] > cert.times()[i - 1])) {
                problems.add("times[" + i + "]: times must increase strictly");
            }
        }
        String expected = cert.velocities() == null
                ? (cert.accelerations() == null ? "LINEAR" : "accelerations need velocities")
                : cert.accelerations() == null ? "CUBIC" : "QUINTIC";
        if (!expected.equals(cert.interpolation())) {
            problems.add("interpolation is " + cert.interpolation()
                    + " but the velocities and accelerations given make it " + expected);
        }
    }

    private void bindPieces(RobotDescription robot, List<Certificate.CoverSpec> cover) {
        Map<String, Certificate.CoverSpec> covers = new HashMap<>();
        for (Certificate.CoverSpec c : cover) {
            if (covers.put(c.link() + "\0" + c.element(), c) != null) {
                problems.add(c.path() + ": a second cover of link '" + c.link() + "' element " + c.element());
            }
        }
        for (LinkDescription l : robot.links()) {
            if (!l.collisions().isEmpty() && !witness.pieces().containsKey(l.name())) {
                problems.add("witness.pieces: link '" + l.name() + "' has collision geometry but no pieces");
            }
        }
        witness.pieces().forEach((name, specs) -> {
            Certificate.AttachedSpec att = attachedSpecs.get(name);
            if (att != null && att.shape().equals("mesh")) {
                links.put(name, attachedMeshPieces(att, specs, covers.remove(name + "\0" + 0)));
                return;
            }
            if (att != null) {
                Piece p = specs.size() == 1 ? attachedPiece(att, specs.get(0)) : null;
                if (specs.size() != 1) {
                    problems.add("witness.pieces." + name
                            + ": an attached object has exactly one ATTACHED piece, found " + specs.size());
                } else if (p != null) {
                    links.put(name, List.of(p));
                }
                return;
            }
            LinkDescription l = robot.link(name).orElse(null);
            if (l == null || l.collisions().isEmpty()) {
                problems.add(
                        "witness.pieces." + name + ": not a link of robot " + robot.name() + " with collision geometry"
                                + " nor an attached object of witness.attached (an attached mesh?); use --verifier=recompute");
                return;
            }
            List<Piece> pieces = new ArrayList<>();
            Set<Integer> covered = new HashSet<>();
            Map<Integer, Integer> decomposed = new HashMap<>(); // element -> DECOMPOSED pieces so far
            for (PieceSpec s : specs) {
                if (s.kind().equals("DECOMPOSED")) {
                    decomposed.merge(s.element(), 1, Integer::sum);
                }
            }
            Map<Integer, DecomposedElement> elements = new HashMap<>();
            decomposed.forEach(
                    (e, n) -> elements.put(e, decomposedElement(name, e, n, l, covers.remove(name + "\0" + e))));
            Map<Integer, Integer> number = new HashMap<>();
            for (int i = 0; i < specs.size(); i++) {
                PieceSpec spec = specs.get(i);
                Piece p = spec.kind().equals("DECOMPOSED")
                        ? decomposedPiece(
                                name,
                                i,
                                spec,
                                elements.get(spec.element()),
                                number.merge(spec.element(), 1, Integer::sum) - 1)
                        : piece(name, i, spec, l);
                if (p != null) {
                    pieces.add(p);
                    covered.add(specs.get(i).element());
                }
            }
            if (covered.size() != l.collisions().size()) {
                problems.add("witness.pieces." + name + ": the pieces cover " + covered.size() + " of the link's "
                        + l.collisions().size() + " collision elements");
            }
            links.put(name, pieces);
        });
        covers.values()
                .forEach(c -> problems.add(c.path() + ": link '" + c.link() + "' element " + c.element()
                        + " has no DECOMPOSED pieces in witness.pieces"));
    }

    /** A mesh element covered by DECOMPOSED pieces: its cover (null if it does not bind) and its vertices' error. */
    private record DecomposedElement(MeshCover cover, double vertexSlack) {}

    /**
     * Reads the cover of link {@code link}'s mesh element {@code e} by its {@code n} DECOMPOSED pieces against the mesh
     * the urdf module loaded (lemma D1), and records the assumption that no body lies inside its solid (lemma D2).
     */
    private DecomposedElement decomposedElement(
            String link, int e, int n, LinkDescription l, Certificate.CoverSpec spec) {
        String what = "link '" + link + "' element " + e;
        if (e < 0
                || e >= l.collisions().size()
                || !(l.collisions().get(e).geometry() instanceof Geometry.Mesh m)
                || m.mesh().isEmpty()) {
            problems.add("witness.pieces." + link + ": DECOMPOSED pieces name element " + e + ", which is not a loaded"
                    + " mesh of the link");
            return null;
        }
        if (spec == null) {
            problems.add("cover: " + what + " has " + n + " DECOMPOSED pieces but no cover entry saying which part of"
                    + " the mesh each holds");
            return null;
        }
        MeshCover c = MeshCover.read(
                m.mesh().get(), spec.tree(), n, spec.path() + " (" + what + ", mesh '" + m.filename() + "')", problems);
        if (c == null) {
            return null;
        }
        Assumption solid = new Assumption(Assumption.Kind.DECOMPOSED_SOLID, link, "collision element " + e);
        assumptions.add(solid);
        double slack = WitnessShapes.vertexSlack(m);
        if (kinematics != null) {
            solids.add(new SolidCheck.Solid(
                    solid,
                    new Piece(
                            link,
                            true,
                            -1,
                            kinematicsOrigin(link, e),
                            new Shape.Points(m.mesh().get().copyVertices(), slack),
                            1,
                            0)));
        }
        return new DecomposedElement(c, slack);
    }

    /**
     * An attached mesh covered by DECOMPOSED pieces (element 0): its vertices and triangles as the witness lists them
     * (bound to the caller's inputs), the cover read against them (lemma D1), each piece placed at the attachment pose
     * (lemma A1); the solid is an assumption (lemma D2).
     */
    private List<Piece> attachedMeshPieces(
            Certificate.AttachedSpec a, List<PieceSpec> specs, Certificate.CoverSpec cover) {
        Frame origin = WitnessShapes.quaternionPose(a.pose());
        TriangleMesh mesh = null;
        try {
            double[] v = new double[3 * a.vertices().length];
            for (int i = 0; i < a.vertices().length; i++) {
                if (a.vertices()[i].length != 3) {
                    throw new IllegalArgumentException("vertex " + i + " has " + a.vertices()[i].length + " numbers");
                }
                System.arraycopy(a.vertices()[i], 0, v, 3 * i, 3);
            }
            int[] t = new int[3 * a.triangles().length];
            for (int i = 0; i < a.triangles().length; i++) {
                System.arraycopy(a.triangles()[i], 0, t, 3 * i, 3);
            }
            mesh = t.length == 0 ? null : new TriangleMesh(v, t);
        } catch (IllegalArgumentException e) {
            problems.add(a.path() + " ('" + a.name() + "'): " + e.getMessage());
            return List.of();
        }
        if (mesh == null || origin == null) {
            problems.add(a.path() + " ('" + a.name() + "'): needs at least one triangle and a pose with a non-zero"
                    + " quaternion");
            return List.of();
        }
        for (PieceSpec s : specs) {
            if (!s.kind().equals("DECOMPOSED") || s.element() != 0 || !(s.padding() >= 0) || !(s.scale() > 0)) {
                problems.add(s.path() + ": an attached mesh's pieces are kind DECOMPOSED, element 0, padding >= 0 and"
                        + " scale > 0");
                return List.of();
            }
        }
        if (cover == null) {
            problems.add("cover: attached mesh '" + a.name() + "' has " + specs.size()
                    + " DECOMPOSED pieces but no cover" + " entry saying which part of the mesh each holds");
            return List.of();
        }
        MeshCover c = MeshCover.read(
                mesh, cover.tree(), specs.size(), cover.path() + " (attached mesh '" + a.name() + "')", problems);
        if (c == null) {
            return List.of();
        }
        Assumption solid = new Assumption(Assumption.Kind.DECOMPOSED_SOLID, a.name(), "attached mesh");
        assumptions.add(solid);
        solids.add(new SolidCheck.Solid(
                solid, new Piece(a.name(), true, -1, origin, new Shape.Points(mesh.copyVertices(), 0), 1, 0)));
        List<Piece> out = new ArrayList<>();
        for (int j = 0; j < specs.size(); j++) {
            out.add(new Piece(
                    a.name(),
                    true,
                    j,
                    origin,
                    c.shape(j, 0),
                    specs.get(j).scale(),
                    specs.get(j).padding()));
        }
        return out;
    }

    /** Piece {@code j} of a decomposed element: the hull of its leaves' corners (lemma D1), padded and scaled (S3). */
    private Piece decomposedPiece(String link, int index, PieceSpec s, DecomposedElement e, int j) {
        if (!(s.padding() >= 0) || !(s.scale() > 0)) {
            problems.add(s.path() + ": padding must be >= 0 and scale > 0");
            return null;
        }
        if (e == null || kinematics == null) {
            return null;
        }
        return new Piece(
                link,
                true,
                index,
                kinematicsOrigin(link, s.element()),
                e.cover().shape(j, e.vertexSlack()),
                s.scale(),
                s.padding());
    }

    /**
     * The attached object's one piece: its primitive at the stated pose in the parent link's frame, the rotation
     * enclosed from the quaternion by the verifier itself (lemma A1).
     */
    private Piece attachedPiece(Certificate.AttachedSpec a, PieceSpec s) {
        if (!s.kind().equals("ATTACHED") || s.element() != 0 || !(s.padding() >= 0) || !(s.scale() > 0)) {
            problems.add(
                    s.path() + ": an attached object's piece is kind ATTACHED, element 0, padding >= 0 and scale > 0");
            return null;
        }
        Shape shape = switch (a.shape()) {
            case "box" ->
                a.size().length == 3 && WitnessShapes.positive(a.size())
                        ? new Shape.Box(a.size()[0] / 2, a.size()[1] / 2, a.size()[2] / 2)
                        : null;
            case "sphere" -> a.radius() > 0 ? new Shape.Sphere(a.radius()) : null;
            case "cylinder" -> a.radius() > 0 && a.length() > 0 ? new Shape.Cylinder(a.radius(), a.length() / 2) : null;
            case "capsule" -> a.radius() > 0 && a.length() > 0 ? new Shape.Capsule(a.radius(), a.length() / 2) : null;
            default ->
                WitnessShapes.hull(a.vertices()); // "hull": a point set, or a mesh covered by one hull (lemma S2)
        };
        Frame origin = WitnessShapes.quaternionPose(a.pose());
        if (shape == null || origin == null) {
            problems.add(
                    a.path() + " ('" + a.name() + "'): needs positive sizes (or at least one vertex of 3 numbers) and a"
                            + " pose with a non-zero quaternion");
            return null;
        }
        return new Piece(a.name(), true, 0, origin, shape, s.scale(), s.padding());
    }

    private Piece piece(String link, int index, PieceSpec s, LinkDescription l) {
        if (s.kind().equals("ATTACHED")) {
            problems.add(s.path() + ": link '" + link + "' piece " + index
                    + " is ATTACHED, which only an attached object's" + " piece may be");
            return null;
        }
        if (s.kind().equals("OTHER")) {
            problems.add(s.path() + ": link '" + link + "' piece " + index + " is OTHER (not a hull, primitive or"
                    + " decomposition hull), which the independent verifier cannot bind to the URDF; use"
                    + " --verifier=recompute");
            return null;
        }
        if (s.element() < 0 || s.element() >= l.collisions().size() || !(s.padding() >= 0) || !(s.scale() > 0)) {
            problems.add(
                    s.path() + ": element must index the link's collision elements, padding be >= 0 and scale > 0");
            return null;
        }
        GeometryElement ge = l.collisions().get(s.element());
        Geometry g = ge.geometry();
        Shape shape = null;
        if (s.kind().equals("HULL") && g instanceof Geometry.Mesh m && m.mesh().isPresent()) {
            // the urdf module multiplied the loaded vertices by the URDF scale: within 4u·max of exact (lemma S4)
            shape = new Shape.Points(m.mesh().get().copyVertices(), WitnessShapes.vertexSlack(m));
        } else if (s.kind().equals("PRIMITIVE")) {
            // sizes were parsed from decimal text: one ulp up contains the text's value
            if (g instanceof Geometry.Box b) {
                shape = new Shape.Box(
                        Interval.up(b.sizeX()) / 2, Interval.up(b.sizeY()) / 2, Interval.up(b.sizeZ()) / 2);
            } else if (g instanceof Geometry.Sphere sp) {
                shape = new Shape.Sphere(Interval.up(sp.radius()));
            } else if (g instanceof Geometry.Cylinder c) {
                shape = new Shape.Cylinder(Interval.up(c.radius()), Interval.up(c.length()) / 2);
            }
        }
        if (shape == null || kinematics == null) {
            if (shape == null) {
                problems.add(s.path() + ": kind " + s.kind() + " does not match link '" + link + "' collision element "
                        + s.element() + " (" + g.getClass().getSimpleName() + ")");
            }
            return null;
        }
        return new Piece(link, true, index, kinematicsOrigin(link, s.element()), shape, s.scale(), s.padding());
    }

    private Frame kinematicsOrigin(String link, int element) {
        return kinematics.numbers().collisionOrigin(link, element);
    }
}
