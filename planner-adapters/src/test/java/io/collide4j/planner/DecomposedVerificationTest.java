package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.checker.robot.PieceOrigin;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.urdf.Pose;
import io.collide4j.verifier.Assumption;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decomposed links through the independent verifier (issue 31, lemma D1 of verifier/SOUNDNESS.md). The link is a
 * U-shaped prism ({@link UShapedMesh}: outer x in [−1.5, 1.5], y in [−2, 1], mouth x in [−0.5, 0.5], y in [−1, 1])
 * turning 0.6 rad about z, with a ball of radius 0.2 at the origin, inside the mouth: its exact clearance is 0.3 at
 * every angle (the ball is on the axis), its single hull swallows the ball. Decomposed, the motion certifies free and
 * the certificate verifies independently, with the mesh's solid listed as the one assumption (the ball starts inside
 * the U's bounds; a ball beyond the mouth starts outside, and the solid is proven); a dropped patch, a
 * triangle given to another piece, a cut moved off its triangle or a missing cover are refused naming the item; and a
 * planted decomposer that cuts the top off one post is believed by its certifier and by the recompute verifier but
 * not by the independent verifier, which reads the mesh itself.
 */
class DecomposedVerificationTest {
    static final DecompositionParameters FAST = DecompositionParameters.builder()
            .maxConvexHulls(6)
            .resolution(20_000)
            .threads(1)
            .build();
    static Path dir;
    static Collide4j honest;
    static String json;
    static BoundInputs bound;

    @BeforeAll
    static void certify(@TempDir Path tmp) throws Exception {
        dir = tmp;
        Files.writeString(dir.resolve("u.obj"), UShapedMesh.obj());
        Files.writeString(dir.resolve("u.urdf"), """
                <robot name="ucup">
                  <link name="base"/>
                  <link name="cup"><collision><geometry><mesh filename="u.obj"/></geometry></collision></link>
                  <joint name="turn" type="revolute"><parent link="base"/><child link="cup"/><axis xyz="0 0 1"/>
                    <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
                </robot>
                """);
        honest = builder(ballOnly()).decomposition(FAST, null).build();
        CertificationResult r = certify(honest);
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        json = r.certificateJson();
        bound = bound(honest);
    }

    static Scene ballOnly() {
        return Scene.of(List.of(new Obstacle("ball", new ObstacleShape.Sphere(0.2), new Pose(0, 0, 0, 0, 0, 0, 1))));
    }

    static Collide4jBuilder builder(Scene scene) {
        return Collide4j.builder().urdf(dir.resolve("u.urdf")).scene(scene).margin(0.05);
    }

    static CertificationResult certify(Collide4j c) {
        CollisionChecker checker = c.checker();
        return new io.collide4j.checker.certificate.TrajectoryCertifier(checker)
                .certify(
                        new double[][] {{0}, {0.3}, {0.6}},
                        null,
                        null,
                        new double[] {0, 1, 2},
                        c.margin(),
                        c.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        checker.newContext());
    }

    static BoundInputs bound(Collide4j c) {
        return new BoundInputs(
                c.model().contentHash(),
                c.scene().contentHash(),
                c.tolerance(),
                c.variableNames(),
                Map.of(),
                CertificateWitness.derivedJson(c.checker(), MeshMode.HULL),
                null);
    }

    static VerificationReport verify(String text) {
        return IndependentVerifier.verify(
                honest.model().kinematics().description(),
                null,
                text.getBytes(StandardCharsets.UTF_8),
                "decomposed.json",
                bound);
    }

    static VerificationReport unbound(String text) {
        return IndependentVerifier.verify(
                honest.model().kinematics().description(),
                null,
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                "decomposed.json");
    }

    @Test
    void oneHullSwallowsTheBallTheDecompositionVerifiesIndependently() {
        // one hull for the U asked for explicitly: the U is concave, so the default decomposes it too
        assertEquals(
                Verdict.VIOLATION,
                certify(builder(ballOnly())
                                .decomposition(DecompositionMode.HULLS)
                                .build())
                        .verdict(),
                "the U's hull holds the ball");
        assertEquals(
                Verdict.CERTIFIED_FREE,
                certify(builder(ballOnly()).build()).verdict(),
                "the default decomposes the concave U");
        int pieces = honest.model().pieceEnd(0) - honest.model().pieceStart(0);
        assertTrue(pieces >= 2, "decomposed into " + pieces);
        assertEquals(
                PieceOrigin.Kind.DECOMPOSED,
                honest.model().pieceOrigin(honest.model().pieceStart(0)).kind());
        assertTrue(json.contains("\"kind\":\"DECOMPOSED\""), json);
        VerificationReport r = verify(json);
        assertTrue(r.valid(), r.problems().toString());
        assertTrue(r.stepsChecked() > 0);
        assertEquals(
                List.of(new Assumption(Assumption.Kind.DECOMPOSED_SOLID, "cup", "collision element 0")),
                r.assumptions());
        // every triangle of the tree is read: 5 quads × 2 caps × 2 + 12 sides × 2
        assertEquals(44, triangles(tree(json)).size());
    }

    /**
     * Lemma D2 at the start: with the ball in the U's mouth its centre is inside the U's bounds, so the solid stays an
     * assumption (above); with the ball beyond the mouth (y = 1.5, clearance 0.3 over a 0.1 rad turn) it starts outside
     * and the solid is proven free.
     */
    @Test
    void theSolidIsProvenWhenEveryBodyStartsOutsideTheMesh() {
        Collide4j c = builder(Scene.of(
                        List.of(new Obstacle("ball", new ObstacleShape.Sphere(0.2), new Pose(0, 1.5, 0, 0, 0, 0, 1)))))
                .decomposition(FAST, null)
                .build();
        CollisionChecker checker = c.checker();
        CertificationResult r = new io.collide4j.checker.certificate.TrajectoryCertifier(checker)
                .certify(
                        new double[][] {{0}, {0.1}},
                        null,
                        null,
                        new double[] {0, 1},
                        c.margin(),
                        c.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        checker.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        VerificationReport v = IndependentVerifier.verify(
                c.model().kinematics().description(),
                null,
                r.certificateJson().getBytes(StandardCharsets.UTF_8),
                "outside.json",
                bound(c));
        assertTrue(v.valid(), v.problems().toString());
        assertEquals(List.of(), v.assumptions());
    }

    @Test
    void aDroppedPatchIsRefusedNamingTheTriangle() {
        List<List<String>> t = triangles(tree(json));
        int last = t.size() - 1;
        List<String> dropped = new ArrayList<>(t.get(last));
        dropped.remove(dropped.size() - 1); // a leaf (a whole triangle's only patch, or a split's last child)
        t.set(last, dropped);
        String edited = withTree(json, join(t));
        for (VerificationReport r : List.of(verify(edited), unbound(edited))) {
            assertFalse(r.valid());
            assertTrue(
                    r.problems()
                            .get(0)
                            .startsWith("cover[0] (link 'cup' element 0, mesh 'u.obj') triangle " + last + ": "),
                    r.problems().toString());
        }
    }

    @Test
    void aTriangleGivenToAnotherPieceIsRefused() {
        List<List<String>> t = triangles(tree(json));
        // the left post's top (y = 1, x <= -0.5) and the right post's top (y = 1, x >= 0.5), each a whole leaf
        int left = UShapedMesh.postTop(-1.5, -0.5), right = UShapedMesh.postTop(0.5, 1.5);
        assertEquals(1, t.get(left).size(), "whole: " + t.get(left));
        assertEquals(1, t.get(right).size(), "whole: " + t.get(right));
        assertNotEquals(t.get(left), t.get(right), "the posts are in different pieces (one would hold the ball)");
        t.set(left, t.get(right));
        String edited = withTree(json, join(t));
        VerificationReport r = verify(edited);
        assertFalse(r.valid());
        // the right post's piece now holds a triangle beyond the ball: its planes against the ball fail
        String piece = "[cup, " + Integer.parseInt(t.get(right).get(0)) + ", ball, 0, true]";
        assertTrue(
                r.problems().stream().anyMatch(p -> p.contains(piece) && p.contains("piece A reaches")),
                r.problems().toString());
    }

    @Test
    void aCutOffItsTriangleOrAMissingCoverIsRefused() {
        List<List<String>> t = triangles(tree(json));
        t.set(
                0,
                List.of(
                        "c",
                        "0",
                        "1.5",
                        "0.5",
                        t.get(0).get(0),
                        t.get(0).get(0),
                        t.get(0).get(0)));
        VerificationReport r = unbound(withTree(json, join(t)));
        assertFalse(r.valid());
        assertEquals(
                "cover[0] (link 'cup' element 0, mesh 'u.obj') triangle 0: token 2 '1.5': a cut's parameter must be a"
                        + " plain decimal in [0, 1]",
                r.problems().get(0));
        t.set(0, List.of("7"));
        r = unbound(withTree(json, join(t)));
        assertTrue(
                r.problems()
                        .get(0)
                        .endsWith("triangle 0: piece 7 is not one of the element's "
                                + (honest.model().pieceEnd(0) - honest.model().pieceStart(0)) + " DECOMPOSED pieces"),
                r.problems().toString());
        Matcher m = Pattern.compile(",\"cover\":\\[[^]]*]").matcher(json);
        assertTrue(m.find());
        r = verify(json.substring(0, m.start()) + json.substring(m.end()));
        assertFalse(r.valid());
        assertTrue(
                r.problems().get(0).startsWith("cover: link 'cup' element 0 has "),
                r.problems().toString());
    }

    /**
     * A planted bug: a decomposer whose left post piece stops at y = 0.2 instead of 1 (the post's top triangles lie in
     * no piece) and claims a covering margin of 0. With a second ball 0.05 above the real post's top, and a margin of
     * 0.1, the honest certifier finds a violation; the planted one certifies the turn free, and the recompute
     * verifier, rebuilding the same pieces, agrees. The independent verifier builds each piece from the mesh triangles
     * the cover gives it, so the post's top is in some piece, whose planes against the lid then fail.
     */
    @Test
    void aDecomposerThatLeavesTrianglesUncoveredIsCaught() {
        Scene scene = Scene.of(List.of(
                new Obstacle("ball", new ObstacleShape.Sphere(0.2), new Pose(0, 0, 0, 0, 0, 0, 1)),
                new Obstacle("lid", new ObstacleShape.Sphere(0.1), new Pose(-1.0, 1.15, 0, 0, 0, 0, 1))));
        ConvexPieceProvider planted = (mesh, what) -> new ConvexPieceProvider.Pieces(
                List.of(
                        UShapedMesh.prism(-1.5, 1.5, -2, -1),
                        UShapedMesh.prism(-1.5, -0.5, -1, 0.2),
                        UShapedMesh.prism(0.5, 1.5, -1, 1)),
                0);
        Collide4j real = builder(scene).margin(0.1).decomposition(FAST, null).build();
        Collide4j bad = builder(scene).margin(0.1).pieces(planted, "planted").build();
        CollisionChecker checker = real.checker();
        double[][] still = {{0}, {0.01}};
        assertEquals(
                Verdict.VIOLATION,
                new io.collide4j.checker.certificate.TrajectoryCertifier(checker)
                        .certify(
                                still,
                                null,
                                null,
                                new double[] {0, 1},
                                real.margin(),
                                real.tolerance(),
                                TrajectoryCertifier.DEFAULT_BUDGET,
                                checker.newContext())
                        .verdict(),
                "the real post comes within 0.05 of the lid");
        String raw = new io.collide4j.checker.certificate.TrajectoryCertifier(bad.checker())
                .certify(
                        still,
                        null,
                        null,
                        new double[] {0, 1},
                        bad.margin(),
                        bad.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        bad.checker().newContext())
                .certificateJson();
        assertTrue(raw.contains("\"verdict\":\"CERTIFIED_FREE\""), raw);
        assertEquals(
                List.of(),
                new CertificateVerifier(bad.model(), bad.scene()).verify(raw).problems());
        VerificationReport r = IndependentVerifier.verify(
                bad.model().kinematics().description(),
                null,
                raw.getBytes(StandardCharsets.UTF_8),
                "planted.json",
                bound(bad));
        assertFalse(r.valid());
        assertTrue(
                r.problems().stream().anyMatch(p -> p.contains("lid")),
                r.problems().toString());
    }

    private static String tree(String certificate) {
        Matcher m = Pattern.compile("\"cover\":\\[\\{\"link\":\"cup\",\"element\":0,\"tree\":\"([^\"]*)\"}]")
                .matcher(certificate);
        assertTrue(m.find(), "one cover entry");
        return m.group(1);
    }

    private static String withTree(String certificate, String tree) {
        return certificate.replace("\"tree\":\"" + tree(certificate) + "\"", "\"tree\":\"" + tree + "\"");
    }

    /**
     * The tree's tokens per triangle (runs written out), read with the grammar of the certificate format (written
     * here from its definition: a split m has 4 subtrees, c K T1 T2 has 3, e K T has 2; anything else is a leaf).
     */
    static List<List<String>> triangles(String tree) {
        List<String> tokens = new ArrayList<>(Arrays.asList(tree.split(" ")));
        List<List<String>> out = new ArrayList<>();
        int[] at = {0};
        while (at[0] < tokens.size()) {
            String tok = tokens.get(at[0]);
            if (tok.contains("*")) {
                String[] pk = tok.split("\\*");
                for (int k = 0; k < Integer.parseInt(pk[1]); k++) {
                    out.add(List.of(pk[0]));
                }
                at[0]++;
                continue;
            }
            int start = at[0];
            subtree(tokens, at);
            out.add(new ArrayList<>(tokens.subList(start, at[0])));
        }
        return out;
    }

    private static void subtree(List<String> tokens, int[] at) {
        String t = tokens.get(at[0]++);
        int children = switch (t) {
            case "m" -> 4;
            case "c" -> 3;
            case "e" -> 2;
            default -> 0;
        };
        at[0] += t.equals("c") ? 3 : t.equals("e") ? 2 : 0;
        for (int k = 0; k < children; k++) {
            subtree(tokens, at);
        }
    }

    private static String join(List<List<String>> triangles) {
        List<String> all = new ArrayList<>();
        triangles.forEach(all::addAll);
        return String.join(" ", all);
    }
}
