package io.collide4j.verifier;

import io.collide4j.verifier.Certificate.TrianglePlanes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exact-mesh windows (SOUNDNESS.md, lemmas E1 and E2): a step the certifier settled against an obstacle kept as an
 * exact mesh carries, instead of one plane, planes for consecutive runs of the mesh's triangles. Every triangle must
 * be in exactly one run, in order, and each run's plane must separate the robot piece over the step from the hull of
 * the run's triangles with gA + gB ≥ margin·|n| (P1, proven by the verifier's own plane test). The solid of a closed
 * mesh is proven away by an anchor (a plane step of the same pair, against the hull of all vertices) or reported as an
 * assumption. One instance per verification; not thread-safe (the verifier that owns it is single-threaded).
 */
final class MeshWindows {
    /** The verifier's P1 test over the step being checked: null when the plane holds, else what failed. */
    interface PlaneProof {
        String prove(Piece[] ab, double[] n, double c, double gA, double gB);
    }

    private final Map<String, String[]> windowed = new LinkedHashMap<>(); // pair key -> {mesh name, piece}
    private final Set<String> anchored = new LinkedHashSet<>();

    /**
     * Checks one window step of the pair (robot, obstacle) and returns the least (gA + gB)/|n| its runs prove (lemma P2),
     * or NaN after adding to {@code problems} what failed, naming the step ({@code at}) and the triangles.
     */
    double step(
            String at,
            Piece robot,
            Piece obstacle,
            ExactMesh mesh,
            TrianglePlanes[] runs,
            double margin,
            PlaneProof proof,
            List<String> problems) {
        if (mesh == null || !robot.link() || obstacle.link()) {
            problems.add(
                    at + ": a Tight-Inclusion window (no plane) for a pair that is not a robot piece and an exact-mesh"
                            + " obstacle; the independent verifier cannot check it, use --verifier=recompute");
            return Double.NaN;
        }
        if (runs == null) {
            problems.add(
                    at + ": a Tight-Inclusion window without triangle planes (windows[k]); the independent verifier"
                            + " cannot check it, use --verifier=recompute");
            return Double.NaN;
        }
        windowed.putIfAbsent(key(robot, mesh), new String[] {mesh.name(), robot.describe()});
        int count = mesh.triangles().length, next = 0;
        double least = Double.POSITIVE_INFINITY;
        for (TrianglePlanes r : runs) {
            // lemma E1: the runs tile 0..count-1 in order, so every triangle of the mesh is given exactly one plane
            if (r.first() != next || r.last() < r.first() || r.last() >= count) {
                problems.add(
                        at + ": triangle " + next + " of exact mesh '" + mesh.name() + "' has no plane (a run starts"
                                + " at triangle " + r.first() + " and ends at " + r.last() + "; runs must cover 0.."
                                + (count - 1)
                                + " in order)");
                return Double.NaN;
            }
            next = r.last() + 1;
            String tri = at + ": triangles " + r.first() + ".." + r.last() + " of exact mesh '" + mesh.name() + "'";
            double[] p = r.plane();
            double[] n = {p[0], p[1], p[2]};
            Interval norm = Interval.point(n[0])
                    .sqr()
                    .add(Interval.point(n[1]).sqr())
                    .add(Interval.point(n[2]).sqr())
                    .sqrt();
            Interval gap = Interval.point(p[4]).add(Interval.point(p[5]));
            double need = Interval.up(margin * norm.hi());
            if (!(norm.lo() > 0) || !(gap.lo() >= need)) {
                problems.add(tri + ": gA + gB = " + gap.lo() + " < margin·|n| = " + need);
                return Double.NaN;
            }
            String fail = proof.prove(new Piece[] {robot, mesh.piece(r.first(), r.last())}, n, p[3], p[4], p[5]);
            if (fail != null) {
                problems.add(tri + ": " + fail);
                return Double.NaN;
            }
            least = Math.min(least, gap.div(norm).lo());
        }
        if (next != count) {
            problems.add(at + ": triangle " + next + " of exact mesh '" + mesh.name()
                    + "' has no plane (the runs stop at " + (next - 1) + " of " + (count - 1) + ")");
            return Double.NaN;
        }
        return least;
    }

    /** A proven plane step of (robot, obstacle): the piece is outside the hull of the mesh, so outside its solid (E2). */
    void anchor(Piece robot, ExactMesh mesh) {
        anchored.add(key(robot, mesh));
    }

    /**
     * One assumption per (closed mesh, robot piece) proven by windows only, or by windows with margin 0 (lemma E2:
     * without a positive margin the piece might reach the solid's inside through the surface).
     */
    List<Assumption> unproven(WitnessModel model, double margin) {
        List<Assumption> out = new ArrayList<>();
        windowed.forEach((k, v) -> {
            if (model.meshes.get(v[0]).closed() && !(margin > 0 && anchored.contains(k))) {
                out.add(new Assumption(Assumption.Kind.EXACT_MESH_SOLID, v[0], "robot piece " + v[1]));
            }
        });
        return out;
    }

    private static String key(Piece robot, ExactMesh mesh) {
        return robot.describe() + "|" + mesh.name();
    }
}
