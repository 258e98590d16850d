package io.collide4j.verifier;

import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SemanticDescription.DisabledCollision;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.verifier.Certificate.Allowed;
import io.collide4j.verifier.Certificate.ObstacleSpec;
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
 * does not bind is a problem; {@link #problems()} empty means the model below is complete. Immutable after binding.
 */
final class WitnessModel {
    private final List<String> problems = new ArrayList<>();
    final Map<String, List<Piece>> links = new LinkedHashMap<>();   // links with collision geometry, document order
    final Map<String, Piece> obstacles = new LinkedHashMap<>();
    final Set<String> allowed = new HashSet<>();                     // unordered link pair keys, justified
    final IntervalKinematics kinematics;
    final Certificate.Witness witness;

    WitnessModel(RobotDescription robot, SemanticDescription srdf, Certificate cert) {
        this.witness = cert.witness();
        IntervalKinematics k = null;
        try {
            k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        } catch (RuntimeException e) {
            problems.add(e.getMessage());
        }
        this.kinematics = k;
        bindJoints(robot, cert);
        bindPieces(robot);
        bindObstacles();
        bindAllowed(robot, srdf);
    }

    List<String> problems() {
        return problems;
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
                problems.add("witness.joints: '" + j + "' is " + (free.contains(j) ? "named twice"
                        : "not a non-fixed, non-mimic joint of robot " + robot.name()));
            }
        }
        witness.held().forEach((j, v) -> {
            if (!free.contains(j) || !seen.add(j)) {
                problems.add("witness.held: '" + j + "' is " + (free.contains(j) ? "also a trajectory column"
                        : "not a non-fixed, non-mimic joint of robot " + robot.name()));
            } else if (!robot.joint(j).orElseThrow().limits().contains(v)) {
                problems.add("witness.held: " + j + " = " + v + " is outside its limits");
            }
        });
        free.removeAll(seen);
        if (!free.isEmpty()) {
            problems.add("witness: joints " + new java.util.TreeSet<>(free) + " are neither trajectory columns nor held");
        }
        int n = witness.joints().size(), w = cert.waypoints().length;
        if (w < 2 || cert.times().length != w) {
            problems.add("the trajectory needs at least 2 waypoints and one time per waypoint");
        }
        for (int i = 0; i < w; i++) {
            if (cert.waypoints()[i].length != n || cert.velocities() != null && (cert.velocities().length != w
                    || cert.velocities()[i].length != n) || cert.accelerations() != null
                    && (cert.accelerations().length != w || cert.accelerations()[i].length != n)) {
                problems.add("waypoint " + i + ": positions, velocities and accelerations need one value per joint of"
                        + " witness.joints (" + n + ")");
            }
            if (i > 0 && i < cert.times().length && !(cert.times()[i] > cert.times()[i - 1])) {
                problems.add("times[" + i + "]: times must increase strictly");
            }
        }
        String expected = cert.velocities() == null ? (cert.accelerations() == null ? "LINEAR" : "accelerations need velocities")
                : cert.accelerations() == null ? "CUBIC" : "QUINTIC";
        if (!expected.equals(cert.interpolation())) {
            problems.add("interpolation is " + cert.interpolation() + " but the velocities and accelerations given make it "
                    + expected);
        }
    }

    private void bindPieces(RobotDescription robot) {
        for (LinkDescription l : robot.links()) {
            if (!l.collisions().isEmpty() && !witness.pieces().containsKey(l.name())) {
                problems.add("witness.pieces: link '" + l.name() + "' has collision geometry but no pieces");
            }
        }
        witness.pieces().forEach((name, specs) -> {
            LinkDescription l = robot.link(name).orElse(null);
            if (l == null || l.collisions().isEmpty()) {
                problems.add("witness.pieces." + name + ": not a link of robot " + robot.name() + " with collision geometry"
                        + " (an attached body?); use --verifier=recompute");
                return;
            }
            List<Piece> pieces = new ArrayList<>();
            Set<Integer> covered = new HashSet<>();
            for (int i = 0; i < specs.size(); i++) {
                Piece p = piece(name, i, specs.get(i), l);
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
    }

    private Piece piece(String link, int index, PieceSpec s, LinkDescription l) {
        if (s.kind().equals("OTHER")) {
            problems.add(s.path() + ": link '" + link + "' piece " + index + " is OTHER (a decomposition piece or attached"
                    + " body), which the independent verifier cannot bind to the URDF; use --verifier=recompute");
            return null;
        }
        if (s.element() < 0 || s.element() >= l.collisions().size() || !(s.padding() >= 0) || !(s.scale() > 0)) {
            problems.add(s.path() + ": element must index the link's collision elements, padding be >= 0 and scale > 0");
            return null;
        }
        GeometryElement ge = l.collisions().get(s.element());
        Geometry g = ge.geometry();
        Shape shape = null;
        if (s.kind().equals("HULL") && g instanceof Geometry.Mesh m && m.mesh().isPresent()) {
            TriangleMesh mesh = m.mesh().get();
            double[] v = mesh.copyVertices();
            double max = 0;
            for (double x : v) {
                max = Math.max(max, Math.abs(x));
            }
            // the urdf module multiplied the loaded vertices by the URDF scale: within 4u·max of exact (lemma S4)
            boolean scaled = m.scaleX() != 1 || m.scaleY() != 1 || m.scaleZ() != 1;
            shape = new Shape.Points(v, scaled ? Interval.up(max * 0x1p-51) : 0);
        } else if (s.kind().equals("PRIMITIVE")) {
            // sizes were parsed from decimal text: one ulp up contains the text's value
            if (g instanceof Geometry.Box b) {
                shape = new Shape.Box(Interval.up(b.sizeX()) / 2, Interval.up(b.sizeY()) / 2, Interval.up(b.sizeZ()) / 2);
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

    private void bindObstacles() {
        for (ObstacleSpec o : witness.obstacles()) {
            double[] p = o.pose();
            Shape shape = switch (o.shape()) {
                case "box" -> o.size().length == 3 && positive(o.size())
                        ? new Shape.Box(o.size()[0] / 2, o.size()[1] / 2, o.size()[2] / 2) : null;
                case "sphere" -> o.radius() > 0 ? new Shape.Sphere(o.radius()) : null;
                case "cylinder" -> o.radius() > 0 && o.length() > 0 ? new Shape.Cylinder(o.radius(), o.length() / 2) : null;
                case "capsule" -> o.radius() > 0 && o.length() > 0 ? new Shape.Capsule(o.radius(), o.length() / 2) : null;
                default -> hull(o.vertices());
            };
            if (shape == null || p.length != 16 || p[12] != 0 || p[13] != 0 || p[14] != 0 || p[15] != 1
                    || !(o.padding() >= 0) || o.name().isEmpty()) {
                problems.add(o.path() + " ('" + o.name() + "'): needs positive sizes, at least one vertex of 3 numbers,"
                        + " a 4x4 pose with last row 0 0 0 1 and padding >= 0");
                continue;
            }
            Interval[] r = new Interval[9];
            for (int i = 0; i < 9; i++) {
                r[i] = Interval.point(p[4 * (i / 3) + i % 3]);
            }
            Frame f = new Frame(r, new Interval[] {Interval.point(p[3]), Interval.point(p[7]), Interval.point(p[11])});
            if (obstacles.put(o.name(), new Piece(o.name(), false, 0, f, shape, 1, o.padding())) != null) {
                problems.add(o.path() + ": obstacle name '" + o.name() + "' is used twice");
            }
        }
    }

    private static boolean positive(double[] a) {
        for (double x : a) {
            if (!(x > 0)) {
                return false;
            }
        }
        return true;
    }

    private static Shape hull(double[][] vertices) {
        if (vertices.length == 0) {
            return null;
        }
        double[] v = new double[3 * vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            if (vertices[i].length != 3) {
                return null;
            }
            System.arraycopy(vertices[i], 0, v, 3 * i, 3);
        }
        return new Shape.Points(v, 0);
    }

    /** Each allowed entry must hold for the reason it gives; only justified ones are skipped (lemma C2). */
    private void bindAllowed(RobotDescription robot, SemanticDescription srdf) {
        Map<String, String> adjacent = new HashMap<>();   // link with geometry -> nearest ancestor with geometry
        Map<String, LinkDescription> byName = robot.linksByName();
        for (LinkDescription l : robot.links()) {
            String p = l.name();
            while (!l.collisions().isEmpty() && robot.parentJoint(p).isPresent()) {
                p = robot.parentJoint(p).get().parent();
                if (!byName.get(p).collisions().isEmpty()) {
                    adjacent.put(l.name(), p);
                    break;
                }
            }
        }
        Set<String> srdfPairs = keys(srdf == null ? List.of() : srdf.disabledCollisions());
        Set<String> drakePairs = keys(robot.collisionFilters());
        for (Allowed a : witness.allowed()) {
            String key = pairKey(a.linkA(), a.linkB());
            boolean holds = !a.linkA().equals(a.linkB()) && switch (a.reason()) {
                case "Adjacent" -> a.linkB().equals(adjacent.get(a.linkA())) || a.linkA().equals(adjacent.get(a.linkB()));
                case "SRDF" -> srdfPairs.contains(key);
                case "Drake" -> drakePairs.contains(key);
                default -> false;
            };
            if (holds) {
                allowed.add(key);
            } else {
                problems.add(a.path() + ": allowed pair [" + a.linkA() + ", " + a.linkB() + ", " + a.reason()
                        + "] is not justified: the verifier does not derive it from the "
                        + (a.reason().equals("SRDF") ? "SRDF" : a.reason().equals("Drake") ? "URDF's collision filter groups"
                        : "URDF tree (nearest ancestors with collision geometry)"));
            }
        }
    }

    private static Set<String> keys(List<DisabledCollision> pairs) {
        Set<String> s = new HashSet<>();
        pairs.forEach(d -> s.add(pairKey(d.link1(), d.link2())));
        return s;
    }
}
