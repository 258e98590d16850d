package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.verifier.Assumption;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production certifier's exact-mesh windows through the independent verifier (issue 31): the holder arm of
 * {@link AttachedMeshVerificationTest} (a 0.1 m box turning about its own centre) inside the mouth of a U-shaped
 * obstacle kept as an exact mesh ({@link UShapedMesh}, closed, 44 triangles), the U shifted at random so the box is
 * 0.03 to 0.45 m from a post. The box lies inside the U's hull, so no step has a plane against the hull and every
 * step carries triangle runs. Every certificate is CERTIFIED_FREE (the box never leaves the mouth), accepted by the
 * recompute verifier and by the independent verifier, which reports the U's solid as an assumption (lemma E2: only
 * windows, no anchor).
 */
class ExactMeshWindowVerificationTest {
    @BeforeAll
    static void robot(@TempDir Path dir) throws Exception {
        AttachedMeshVerificationTest.robot(dir);
    }

    @Test
    void randomPlacementsInsideAConcaveMeshVerifyIndependently() {
        Random random = new Random(31);
        TriangleMesh u = UShapedMesh.mesh();
        int windowSteps = 0;
        for (int trial = 0; trial < 8; trial++) {
            double x = -0.35 + 0.7 * random.nextDouble(), turn = 0.1 + random.nextDouble();
            // the mouth is x in [-0.5, 0.5], y in [-1, 1]: the box (half-diagonal 0.071) at the U's (x, 0.2, 0) is
            // at least 0.5 - 0.35 - 0.071 = 0.079 from a post and 1.13 from the bottom, 0.73 from the mouth's end
            Scene scene =
                    Scene.of(List.of(new Obstacle("u", new ObstacleShape.Mesh(u), new Pose(-x, -0.2, -1, 0, 0, 0, 1))));
            RobotCollisionModel model = RobotCollisionModel.builder(
                            AttachedMeshVerificationTest.arm, AttachedMeshVerificationTest.km)
                    .build();
            CollisionChecker c = CollisionChecker.of(model, scene, MeshMode.EXACT);
            CertificationResult r = new io.collide4j.checker.certificate.TrajectoryCertifier(c)
                    .certify(
                            new double[][] {{0}, {turn}},
                            null,
                            null,
                            new double[] {0, 1},
                            0.01,
                            1e-6,
                            TrajectoryCertifier.DEFAULT_BUDGET,
                            c.newContext());
            String json = r.certificateJson();
            assertEquals(Verdict.CERTIFIED_FREE, r.verdict(), json);
            assertTrue(json.contains("\"shape\":\"mesh\""), json);
            int k = json.indexOf("\"windows\":");
            assertTrue(k > 0, "the box is inside the U's hull: its steps need triangle runs " + json);
            windowSteps += json.split("\"windows\":", -1).length - 1;
            assertEquals(
                    List.of(),
                    new CertificateVerifier(c.model(), c.scene()).verify(json).problems());
            BoundInputs bound = new BoundInputs(
                    c.model().contentHash(),
                    c.scene().contentHash(),
                    1e-6,
                    AttachedMeshVerificationTest.km.variableNames(),
                    Map.of(),
                    CertificateWitness.derivedJson(c, MeshMode.EXACT),
                    null);
            VerificationReport v = IndependentVerifier.verify(
                    AttachedMeshVerificationTest.arm, null, json.getBytes(StandardCharsets.UTF_8), "u.json", bound);
            assertTrue(v.valid(), "trial " + trial + ": " + v.problems());
            assertTrue(
                    v.assumptions().stream().anyMatch(a -> a.kind() == Assumption.Kind.EXACT_MESH_SOLID),
                    v.assumptions().toString());
        }
        System.out.println("[exact-mesh windows] 8 certificates verified independently, " + windowSteps
                + " pairs with triangle runs");
    }
}
