package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Exact-mesh windows (lemmas E1, E2): the one-joint arm of {@link IndependentVerifierTest} turns θ: 0 → 1 between the
 * two plates of an exact-mesh "sandwich", x ∈ [0.05, 0.6], |y| ≤ 0.6, at z = −0.06 and z = +0.06. The hull of the
 * mesh's vertices holds the arm (|z| ≤ 0.025), so no single step plane exists; per-triangle planes do.
 *
 * <p>Planes, derived here. Rotation about z keeps the arm's z-extent at exactly ±0.025. For a plate at z = ζ (sign σ),
 * n = (0, 0, σ): over the arm n·x ≤ 0.025, over the plate n·y = |ζ| = 0.06; c = 0.0425 and gA = gB = 0.0175 − 1e-6,
 * so gA + gB ≥ margin 0.02. The certifier written in this test gives each run of same-side triangles one plane; a
 * planted certifier that skips a triangle must be refused by the independent verifier.
 */
class ExactMeshWindowTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double G = 0.0175 - 1e-6;

    /** Two plates of two triangles each (open surface): vertices and triangles. */
    private static final double[][] PLATES = {
        {0.05, -0.6, -0.06}, {0.6, -0.6, -0.06}, {0.6, 0.6, -0.06}, {0.05, 0.6, -0.06},
        {0.05, -0.6, 0.06}, {0.6, -0.6, 0.06}, {0.6, 0.6, 0.06}, {0.05, 0.6, 0.06}
    };

    private static final int[][] PLATE_TRIANGLES = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}};

    /** The certifier of this test: per maximal run of triangles on one side of z = 0, the plate plane. */
    static List<double[]> honestRuns(double[][] v, int[][] t) {
        List<double[]> runs = new ArrayList<>();
        for (int i = 0; i < t.length; i++) {
            double sigma = Math.signum(v[t[i][0]][2]);
            double[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last != null && last[4] == sigma) {
                last[1] = i;
            } else {
                runs.add(new double[] {i, i, 0, 0, sigma, 0.0425, G, G});
            }
        }
        return runs;
    }

    /** The arm certificate with the mesh as its only obstacle and every step of the arm–mesh pair a window. */
    static ObjectNode certificate(double[][] v, int[][] t, List<double[]> runs) {
        ObjectNode c = IndependentVerifierTest.certificate();
        c.put("meshMode", "EXACT");
        ObjectNode mesh =
                ((ArrayNode) c.get("witness").get("obstacles")).removeAll().addObject();
        mesh.put("name", "sandwich").put("shape", "mesh");
        mesh.set("vertices", JSON.valueToTree(v));
        mesh.set("triangles", JSON.valueToTree(t));
        mesh.set("pose", JSON.valueToTree(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
        mesh.put("padding", 0.0);
        ArrayNode segments = c.putArray("segments");
        segments.addArray().add(windowPair(new double[] {0.5, 1}, runs));
        segments.addArray().add(windowPair(new double[] {1}, runs));
        c.putObject("pairClearance");
        return c;
    }

    private static ObjectNode windowPair(double[] ends, List<double[]> runs) {
        ObjectNode p = JSON.createObjectNode();
        p.set(
                "pair",
                JSON.createArrayNode()
                        .add("link1")
                        .add(0)
                        .add("sandwich")
                        .add(0)
                        .add(true));
        p.set("ends", JSON.valueToTree(ends));
        p.set("lb", JSON.valueToTree(new double[ends.length]));
        ArrayNode planes = p.putArray("planes");
        ArrayNode windows = p.putArray("windows");
        for (int k = 0; k < ends.length; k++) {
            planes.addNull();
            ArrayNode w = windows.addArray();
            for (double[] r : runs) {
                ArrayNode row = w.addArray().add((int) r[0]).add((int) r[1]);
                for (int i = 2; i < 8; i++) {
                    row.add(r[i]);
                }
            }
        }
        return p;
    }

    private static ArrayNode run(ObjectNode c, int segment, int step, int run) {
        return (ArrayNode)
                c.get("segments").get(segment).get(0).get("windows").get(step).get(run);
    }

    private static void assertRejected(VerificationReport r, String... fragments) {
        assertFalse(r.valid(), "accepted: " + r);
        for (String f : fragments) {
            assertTrue(
                    r.problems().stream().anyMatch(p -> p.contains(f)),
                    "no problem mentions '" + f + "': " + r.problems());
        }
    }

    @Test
    void windowCertificateVerifiesIndependently() {
        ObjectNode c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        VerificationReport r = IndependentVerifierTest.verify(c);
        assertTrue(r.valid(), r.problems().toString());
        assertEquals(3, r.stepsChecked());
        assertEquals(List.of(), r.assumptions(), "an open surface has no solid to assume anything about");
        // size: the three window steps' "windows" members, bytes per step (two runs of 8 numbers each)
        int bytes = 0;
        for (int s = 0; s < 2; s++) {
            bytes += c.get("segments").get(s).get(0).get("windows").toString().getBytes(StandardCharsets.UTF_8).length;
        }
        System.out.println(
                "ExactMeshWindowTest: " + bytes / 3.0 + " bytes of triangle planes per window step (2 runs)");
        assertTrue(bytes / 3 < 150, bytes / 3 + " bytes per step");
    }

    @Test
    void aStepPlaneAgainstTheMeshIsRefusedBecauseItsHullHoldsTheArm() {
        // the reason for windows: the hull of all vertices (lemma S2) holds the arm, so no one plane is proven
        ObjectNode c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        ObjectNode p = (ObjectNode) c.get("segments").get(1).get(0);
        p.remove("windows");
        ((ArrayNode) p.get("planes")).removeAll().add(JSON.valueToTree(new double[] {0, 0, 1, 0.0425, G, G}));
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 1 pair [link1, 0, sandwich, 0, true] step 0",
                "piece B reaches");
    }

    @Test
    void droppedTriangleIsRefusedNamingStepAndTriangle() {
        ObjectNode c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        run(c, 0, 1, 0).set(1, JSON.valueToTree(0)); // run 0..1 becomes 0..0: triangle 1 has no plane
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 1",
                "triangle 1 of exact mesh 'sandwich' has no plane");
        c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        run(c, 1, 0, 1).set(1, JSON.valueToTree(2)); // the last run stops at 2: triangle 3 has no plane
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 1 pair [link1, 0, sandwich, 0, true] step 0",
                "triangle 3 of exact mesh 'sandwich' has no plane");
        c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        ((ArrayNode) c.get("segments").get(0).get(0).get("windows")).setNull(0); // no triangle planes at all
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 0",
                "without triangle planes");
    }

    @Test
    void movedPlaneIsRefusedNamingStepAndTriangles() {
        // c of the upper plate's plane raised 2 cm: c + gB = 0.0800 > 0.06 on the plate
        ObjectNode c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        run(c, 0, 0, 1).set(5, JSON.valueToTree(0.0625));
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 0",
                "triangles 2..3 of exact mesh 'sandwich'",
                "piece B reaches");
        // lowered 2 cm: c − gA = 0.005 < 0.025 on the arm
        c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        run(c, 1, 0, 0).set(5, JSON.valueToTree(0.0225));
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 1 pair [link1, 0, sandwich, 0, true] step 0",
                "triangles 0..1 of exact mesh 'sandwich'",
                "piece A reaches");
        // a gap below the margin
        c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        run(c, 0, 0, 0).set(6, JSON.valueToTree(0.001));
        assertRejected(IndependentVerifierTest.verify(c), "triangles 0..1 of exact mesh 'sandwich'", "< margin");
    }

    @Test
    void plantedCertifierThatSkipsATriangleIsRefused() {
        // a fifth triangle stands in the arm's way: vertical, in the plane y = 0.1, crossing z = 0 over x ∈ [0.05, 0.3]
        double[][] v = java.util.Arrays.copyOf(PLATES, 11);
        v[8] = new double[] {0.05, 0.1, -0.05};
        v[9] = new double[] {0.3, 0.1, -0.05};
        v[10] = new double[] {0.175, 0.1, 0.05};
        int[][] t = java.util.Arrays.copyOf(PLATE_TRIANGLES, 5);
        t[4] = new int[] {8, 9, 10};
        // the planted certifier: the plates' runs only, as if its per-triangle loop stopped one short
        List<double[]> planted = honestRuns(PLATES, PLATE_TRIANGLES);
        assertRejected(
                IndependentVerifierTest.verify(certificate(v, t, planted)),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 0",
                "triangle 4 of exact mesh 'sandwich' has no plane");
        // and one that folds it into the upper plate's run: the plate's plane does not hold it
        List<double[]> folded = honestRuns(PLATES, PLATE_TRIANGLES);
        folded.get(1)[1] = 4;
        assertRejected(
                IndependentVerifierTest.verify(certificate(v, t, folded)),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 0",
                "triangles 2..4",
                "piece B reaches");
    }

    /** Each plate as a closed box 2 cm thick (x ∈ [0.05, 0.6], |y| ≤ 0.6): every edge shared by two triangles. */
    private static double[][] boxVertices() {
        double[][] v = new double[16][];
        for (int b = 0; b < 2; b++) {
            double z0 = b == 0 ? -0.08 : 0.06, z1 = b == 0 ? -0.06 : 0.08;
            for (int i = 0; i < 8; i++) {
                v[8 * b + i] =
                        new double[] {(i & 1) == 0 ? 0.05 : 0.6, (i & 2) == 0 ? -0.6 : 0.6, (i & 4) == 0 ? z0 : z1};
            }
        }
        return v;
    }

    private static int[][] boxTriangles() {
        List<int[]> t = new ArrayList<>();
        for (int o = 0; o < 16; o += 8) {
            int[][] faces = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
            for (int[] f : faces) {
                t.add(new int[] {o + f[0], o + f[1], o + f[2]});
                t.add(new int[] {o + f[0], o + f[2], o + f[3]});
            }
        }
        return t.toArray(new int[0][]);
    }

    @Test
    void closedMeshSolidIsReportedWhenOnlyWindowsProveThePair() {
        double[][] v = boxVertices();
        int[][] tri = boxTriangles();
        VerificationReport r = IndependentVerifierTest.verify(certificate(v, tri, honestRuns(v, tri)));
        assertTrue(r.valid(), r.problems().toString());
        assertEquals(
                List.of(new Assumption(Assumption.Kind.EXACT_MESH_SOLID, "sandwich", "robot piece link1#0")),
                r.assumptions());
    }

    @Test
    void aPlaneStepOfThePairAnchorsItOutsideTheClosedMesh() {
        // θ: 0 → 2, then still. At θ = 2 the arm reaches x = 0.025·sin 2 = 0.02273 at most, the boxes start at x =
        // 0.05:
        // the plane x = 0.0364 (gA = gB = 0.0136 − 1e-6) is a step plane against the hull of all vertices (lemma E2)
        double[][] v = boxVertices();
        int[][] tri = boxTriangles();
        ObjectNode c = certificate(v, tri, honestRuns(v, tri));
        c.set("waypoints", JSON.valueToTree(new double[][] {{0}, {2}, {2}}));
        ObjectNode p = (ObjectNode) c.get("segments").get(1).get(0);
        p.remove("windows");
        ((ArrayNode) p.get("planes"))
                .removeAll()
                .add(JSON.valueToTree(new double[] {1, 0, 0, 0.0364, 0.0136 - 1e-6, 0.0136 - 1e-6}));
        VerificationReport r = IndependentVerifierTest.verify(c);
        assertTrue(r.valid(), r.problems().toString());
        assertEquals(List.of(), r.assumptions());
    }

    @Test
    void claimedLowerBoundAboveTheWindowsPlanesIsRefused() {
        // the runs prove (gA + gB)/|n| = 0.035 − 2e-6
        ObjectNode c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        ((ArrayNode) c.get("segments").get(0).get(0).get("lb")).set(1, JSON.valueToTree(0.035));
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 0 pair [link1, 0, sandwich, 0, true] step 1",
                "claimed lower bound lb = 0.035 exceeds");
        c = certificate(PLATES, PLATE_TRIANGLES, honestRuns(PLATES, PLATE_TRIANGLES));
        ((ArrayNode) c.get("segments").get(0).get(0).get("lb")).set(1, JSON.valueToTree(0.0349));
        assertTrue(IndependentVerifierTest.verify(c).valid());
    }

    @Test
    void windowAgainstAnObstacleThatIsNotAnExactMeshIsRefused() {
        ObjectNode c = IndependentVerifierTest.certificate();
        ObjectNode p = (ObjectNode) c.get("segments").get(1).get(0);
        ((ArrayNode) p.get("planes")).setNull(0);
        assertRejected(
                IndependentVerifierTest.verify(c),
                "segment 1 pair [link1, 0, slab, 0, true] step 0",
                "not a robot piece and an exact-mesh obstacle");
    }
}
