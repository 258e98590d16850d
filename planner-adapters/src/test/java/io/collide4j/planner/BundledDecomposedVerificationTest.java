package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.urdf.Geometry;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A vendor mesh through the independent verifier (issue 31): the Panda's bundled decomposition of panda_link6 (a
 * concave mesh in many pieces), the shelf demo certified free and verified independently with the cover read from the
 * link's own mesh file and nothing assumed (every body starts outside the link's mesh, lemma D2); and the cover of a
 * real mesh is checked, not trusted: giving one of its triangles to no tree
 * (the tree ends a triangle early) is refused naming that triangle.
 */
class BundledDecomposedVerificationTest {

    @Test
    void thePandaShelfDemoWithLink6DecomposedVerifiesIndependently() {
        Collide4j panda = Collide4j.builder()
                .robot("panda")
                .sceneName("table_shelf")
                .bundledDecomposition(true)
                .build();
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(Models.trajectoryCsv("panda_shelf_demo")), "demo");
        TrajectoryCertifier.Certification plain = panda.trajectoryCertifier().certify(demo, panda.margin(), 10);
        CertificationResult r = new io.collide4j.checker.certificate.TrajectoryCertifier(panda.checker())
                .certify(
                        plain.fullWaypoints(),
                        null,
                        null,
                        plain.times(),
                        panda.margin(),
                        panda.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        panda.checker().newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        String json = r.certificateJson();
        BoundInputs bound = new BoundInputs(
                panda.model().contentHash(),
                panda.scene().contentHash(),
                panda.tolerance(),
                panda.model().kinematics().variableNames(),
                Map.of(),
                CertificateWitness.derivedJson(panda.checker(), MeshMode.HULL),
                null);
        VerificationReport v = IndependentVerifier.verify(
                Models.robot("panda"),
                Models.semantics("panda"),
                json.getBytes(StandardCharsets.UTF_8),
                "panda.json",
                bound);
        assertTrue(v.valid(), v.problems().toString());
        assertTrue(v.stepsChecked() > 0);
        // every body checked against link6 starts outside its vertices' bounds, so its solid is proven free (D2)
        assertEquals(List.of(), v.assumptions());

        // the link's mesh as the URDF loads it: one tree per triangle
        int triangles = ((Geometry.Mesh) Models.robot("panda")
                        .link("panda_link6")
                        .orElseThrow()
                        .collisions()
                        .get(0)
                        .geometry())
                .mesh()
                .orElseThrow()
                .triangleCount();
        Matcher m = Pattern.compile("\"tree\":\"([^\"]*)\"").matcher(json);
        assertTrue(m.find());
        List<List<String>> trees = DecomposedVerificationTest.triangles(m.group(1));
        assertEquals(triangles, trees.size());
        List<String> last = trees.remove(trees.size() - 1);
        assertFalse(last.isEmpty());
        String joined =
                String.join(" ", trees.stream().map(t -> String.join(" ", t)).toList());
        String cut = json.substring(0, m.start(1)) + joined + json.substring(m.end(1));
        VerificationReport refused = IndependentVerifier.verify(
                Models.robot("panda"),
                Models.semantics("panda"),
                cut.getBytes(StandardCharsets.UTF_8),
                "panda.json",
                bound);
        assertFalse(refused.valid());
        assertTrue(
                refused.problems().get(0).contains("(link 'panda_link6' element 0, mesh '")
                        && refused.problems().get(0).contains("triangle " + (triangles - 1) + ": has no patches"),
                refused.problems().toString());
    }
}
