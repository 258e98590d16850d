package io.collide4j.verifier;

import io.collide4j.verifier.Certificate.ObstacleSpec;
import java.util.List;
import java.util.Map;

/**
 * The witness's obstacles read as given (the binding stage compared them with the scene, SOUNDNESS.md "Binding"):
 * each a primitive or a point set's hull at a 4×4 pose with its padding, and a mesh kept exact (lemma E1) also as its
 * triangles. Kept apart from {@link WitnessModel} because an obstacle owes nothing to the URDF: this is the scene half
 * of the model, the robot half being the joints, pieces and allowed pairs. Stateless.
 */
final class ObstacleBinding {
    private ObstacleBinding() {}

    /** Fills {@code obstacles} and {@code meshes} from {@code witness.obstacles()}, adding to {@code problems}. */
    static void bind(
            Certificate.Witness witness,
            Map<String, Piece> obstacles,
            Map<String, ExactMesh> meshes,
            List<String> problems) {
        for (ObstacleSpec o : witness.obstacles()) {
            double[] p = o.pose();
            Shape shape = switch (o.shape()) {
                case "box" ->
                    o.size().length == 3 && WitnessShapes.positive(o.size())
                            ? new Shape.Box(o.size()[0] / 2, o.size()[1] / 2, o.size()[2] / 2)
                            : null;
                case "sphere" -> o.radius() > 0 ? new Shape.Sphere(o.radius()) : null;
                case "cylinder" ->
                    o.radius() > 0 && o.length() > 0 ? new Shape.Cylinder(o.radius(), o.length() / 2) : null;
                case "capsule" ->
                    o.radius() > 0 && o.length() > 0 ? new Shape.Capsule(o.radius(), o.length() / 2) : null;
                default -> WitnessShapes.hull(o.vertices());
            };
            if (shape == null
                    || p.length != 16
                    || p[12] != 0
                    || p[13] != 0
                    || p[14] != 0
                    || p[15] != 1
                    || !(o.padding() >= 0)
                    || o.name().isEmpty()) {
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
            if (o.shape()
                    .equals("mesh")) { // the hull above holds the mesh and its solid (S2); windows use triangles (E1)
                ExactMesh m = ExactMesh.of(o.name(), o.vertices(), o.triangles(), f, o.padding());
                if (m == null) {
                    problems.add(
                            o.path() + ".triangles ('" + o.name() + "'): needs at least one triangle of three indices"
                                    + " of its " + o.vertices().length + " vertices");
                } else {
                    meshes.put(o.name(), m);
                }
            }
        }
    }
}
