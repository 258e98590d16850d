package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.verifier.Assumption;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attached meshes through the independent verifier (issue 31): a U-shaped part ({@link UShapedMesh}) held by a link
 * that turns 0.6 rad about z, a ball of radius 0.2 in the part's mouth on the turning axis (exact clearance 0.3 at
 * every angle). Decomposed, the part's vertices and triangles go in the witness and its cover in the certificate: it
 * verifies independently, a moved vertex is refused by the binding stage, a dropped patch by the cover check, and a
 * planted decomposer that cuts a post of the part short is caught. Covered by one hull (a ball outside the U), the
 * part is a hull of its listed vertices, and a vertex moved into the ball is refused by the plane tests.
 */
class AttachedMeshVerificationTest {
    static final DecompositionParameters FAST = DecompositionParameters.builder()
            .maxConvexHulls(6)
            .resolution(20_000)
            .threads(1)
            .build();
    static RobotDescription arm;
    static KinematicModel km;

    @BeforeAll
    static void robot(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("arm.urdf"), """
                <robot name="holder">
                  <link name="base"/>
                  <link name="arm"><collision><origin xyz="0 0 -1"/><geometry><box size="0.1 0.1 0.1"/></geometry>
                    </collision></link>
                  <joint name="turn" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
                    <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
                </robot>
                """);
        arm = Collide4j.builder()
                .urdf(dir.resolve("arm.urdf"))
                .build()
                .model()
                .kinematics()
                .description();
        km = KinematicModel.of(arm);
    }

    static Obstacle ball(double y) {
        return new Obstacle("ball", new ObstacleShape.Sphere(0.2), new Pose(0, y, 0, 0, 0, 0, 1));
    }

    /** The model with the U held at the arm's origin, its meshes covered by {@code pieces}. */
    static CollisionChecker checker(ConvexPieceProvider pieces, Scene scene, double margin) {
        RobotCollisionModel model = RobotCollisionModel.builder(arm, km)
                .pieces(pieces, "test pieces")
                .attach(new AttachedObject(
                        "part", "arm", new ObstacleShape.Mesh(UShapedMesh.mesh()), Pose.IDENTITY, Set.of()))
                .build();
        return CollisionChecker.of(model, scene);
    }

    static CertificationResult certify(CollisionChecker c, double turn, double margin) {
        return new io.collide4j.checker.certificate.TrajectoryCertifier(c)
                .certify(
                        new double[][] {{0}, {turn}},
                        null,
                        null,
                        new double[] {0, 1},
                        margin,
                        1e-6,
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        c.newContext());
    }

    static BoundInputs bound(CollisionChecker c) {
        return new BoundInputs(
                c.model().contentHash(),
                c.scene().contentHash(),
                1e-6,
                km.variableNames(),
                Map.of(),
                CertificateWitness.derivedJson(c, MeshMode.HULL),
                null);
    }

    static VerificationReport verify(String json, BoundInputs bound) {
        return bound == null
                ? IndependentVerifier.verify(
                        arm, null, new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "part.json")
                : IndependentVerifier.verify(arm, null, json.getBytes(StandardCharsets.UTF_8), "part.json", bound);
    }

    @Test
    void aDecomposedAttachedMeshVerifiesAndItsEditsAreRefused() {
        Scene scene = Scene.of(List.of(ball(0)));
        assertEquals(
                Verdict.VIOLATION,
                certify(checker(ConvexPieceProvider.hull(), scene, 0.05), 0.6, 0.05)
                        .verdict(),
                "the part's hull holds the ball");
        CollisionChecker c = checker(DecompositionPieces.uncached(FAST), scene, 0.05);
        CertificationResult r = certify(c, 0.6, 0.05);
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        String json = r.certificateJson();
        assertTrue(
                json.contains("\"name\":\"part\",\"link\":\"arm\",\"shape\":\"mesh\",\"vertices\":[[-1.5,-2.0,-0.25],"),
                json);
        BoundInputs bound = bound(c);
        VerificationReport v = verify(json, bound);
        assertTrue(v.valid(), v.problems().toString());
        assertEquals(
                Set.of(new Assumption(Assumption.Kind.DECOMPOSED_SOLID, "part", "attached mesh")),
                Set.copyOf(v.assumptions().stream()
                        .filter(a -> a.kind() == Assumption.Kind.DECOMPOSED_SOLID)
                        .toList()));
        assertTrue(v.assumptions().stream().anyMatch(a -> a.kind() == Assumption.Kind.ATTACHED_CONTACT));

        // a vertex moved one ulp: the witness no longer states the caller's part
        String moved = json.replace(
                "\"vertices\":[[-1.5,-2.0,-0.25],", "\"vertices\":[[" + Math.nextUp(-1.5) + ",-2.0,-0.25],");
        VerificationReport b = verify(moved, bound);
        assertFalse(b.valid());
        assertTrue(
                b.problems().get(0).startsWith("witness.attached[0]")
                        && b.problems().get(0).contains("vertices"),
                b.problems().toString());

        // the last triangle's patches dropped from the part's cover
        Matcher m = Pattern.compile("\"cover\":\\[\\{\"link\":\"part\",\"element\":0,\"tree\":\"([^\"]*)\"")
                .matcher(json);
        assertTrue(m.find(), "the part's cover");
        List<List<String>> trees = DecomposedVerificationTest.triangles(m.group(1));
        trees.remove(trees.size() - 1);
        String dropped = json.substring(0, m.start(1))
                + String.join(" ", trees.stream().map(t -> String.join(" ", t)).toList())
                + json.substring(m.end(1));
        VerificationReport d = verify(dropped, bound);
        assertFalse(d.valid());
        assertEquals(
                "cover[0] (attached mesh 'part') triangle 43: has no patches: the tree ends after 43 of the mesh's 44"
                        + " triangles",
                d.problems().get(0));
    }

    /**
     * A planted bug: a decomposer whose left-post piece of the part stops at y = 0.2, claiming a covering margin of 0,
     * with a lid 0.05 above the real post and a margin of 0.1. Its certifier calls a small turn free, the recompute
     * verifier over the same pieces agrees, the independent verifier (pieces from the part's own triangles) does not.
     */
    @Test
    void aDecomposerThatLeavesTheAttachedMeshUncoveredIsCaught() {
        Scene scene = Scene.of(List.of(
                ball(0), new Obstacle("lid", new ObstacleShape.Sphere(0.1), new Pose(-1.0, 1.15, 0, 0, 0, 0, 1))));
        ConvexPieceProvider planted = (mesh, what) -> new ConvexPieceProvider.Pieces(
                List.of(
                        UShapedMesh.prism(-1.5, 1.5, -2, -1),
                        UShapedMesh.prism(-1.5, -0.5, -1, 0.2),
                        UShapedMesh.prism(0.5, 1.5, -1, 1)),
                0);
        assertEquals(
                Verdict.VIOLATION,
                certify(checker(DecompositionPieces.uncached(FAST), scene, 0.1), 0.01, 0.1)
                        .verdict(),
                "the real post comes within 0.05 of the lid");
        CollisionChecker bad = checker(planted, scene, 0.1);
        String raw = certify(bad, 0.01, 0.1).certificateJson();
        assertTrue(raw.contains("\"verdict\":\"CERTIFIED_FREE\""), raw);
        assertEquals(
                List.of(),
                new CertificateVerifier(bad.model(), bad.scene()).verify(raw).problems());
        VerificationReport r = verify(raw, bound(bad));
        assertFalse(r.valid());
        assertTrue(
                r.problems().stream().anyMatch(p -> p.contains("part") && p.contains("lid")),
                r.problems().toString());
    }

    @Test
    void anAttachedMeshUnderOneHullIsTheHullOfItsListedVertices() {
        Scene scene = Scene.of(List.of(ball(1.5)));
        CollisionChecker c = checker(ConvexPieceProvider.hull(), scene, 0.05);
        CertificationResult r = certify(c, 0.1, 0.05);
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        String json = r.certificateJson();
        assertTrue(json.contains("\"shape\":\"hull\",\"vertices\":[[-1.5,-2.0,-0.25],"), json);
        assertFalse(json.contains("\"cover\""));
        VerificationReport v = verify(json, bound(c));
        assertTrue(v.valid(), v.problems().toString());
        // a vertex of the post's top moved into the ball: the planes cannot hold (unbound: only geometry can refuse it)
        String into = json.replace("[0.5,1.0,0.25]", "[0.0,1.5,0.0]");
        assertTrue(!into.equals(json));
        assertTrue(verify(json, null).valid());
        VerificationReport g = verify(into, null);
        assertFalse(g.valid());
        assertTrue(
                g.problems().stream().anyMatch(p -> p.contains("part")),
                g.problems().toString());
    }
}
