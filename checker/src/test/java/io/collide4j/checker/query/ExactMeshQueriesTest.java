package io.collide4j.checker.query;

import static io.collide4j.checker.query.ExactMeshModeTest.BOWL_MESH;
import static io.collide4j.checker.query.ExactMeshModeTest.DESC;
import static io.collide4j.checker.query.ExactMeshModeTest.MODEL;
import static io.collide4j.checker.query.ExactMeshModeTest.READY;
import static io.collide4j.checker.query.ExactMeshModeTest.SCENE;
import static io.collide4j.checker.query.ExactMeshModeTest.SWEEP_END;
import static io.collide4j.checker.query.ExactMeshModeTest.interpolate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateFormat;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneBuilder;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Discrete queries, containment, the Tight-Inclusion refinement and certificates in {@link MeshMode#EXACT}. */
class ExactMeshQueriesTest {

    /** Random configurations around the bowl: oracle within d ⇒ reported not free, in both modes; false positives counted. */
    @Test
    void discreteChecksAgreeWithTheOracle() {
        CollisionChecker hull = CollisionChecker.of(MODEL, SCENE, MeshMode.HULL);
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        QueryContext ch = hull.newContext(), ce = exact.newContext();
        ExactMeshOracle oracle = new ExactMeshOracle(MODEL, DESC, BOWL_MESH, "bowl", true);
        KinematicModel k = MODEL.kinematics();
        Random r = new Random(5);
        StringBuilder report = new StringBuilder();
        for (double d : new double[] {0, 0.01}) {
            int colliding = 0, fpHull = 0, fpExact = 0, n = 1500;
            for (int i = 0; i < n; i++) {
                double[] q = new double[7];
                for (int j = 0; j < 7; j++) {
                    q[j] = ExactMeshModeTest.clamp(k, j, READY[j] + 0.4 * (2 * r.nextDouble() - 1));
                }
                oracle.set(q);
                oracle.environmentBound(d, d + 1e-3);
                boolean truth = oracle.lastWithin;
                boolean freeHull = hull.isFree(q, d, ch), freeExact = exact.isFree(q, d, ce);
                if (truth) {
                    colliding++;
                    assertFalse(freeExact, "exact mode calls an oracle-colliding state free at d = " + d);
                    assertFalse(freeHull, "hull mode calls an oracle-colliding state free at d = " + d);
                    assertFalse(exact.contacts(q, d, 100, ce).isEmpty());
                } else {
                    fpHull += freeHull ? 0 : 1;
                    fpExact += freeExact ? 0 : 1;
                }
            }
            report.append(String.format(
                    "d = %.2f: %d states, oracle colliding %d; not free among oracle-clear: HULL %d," + " EXACT %d%n",
                    d, n, colliding, fpHull, fpExact));
            assertTrue(colliding > 50 && fpExact < fpHull, report.toString());
        }
        System.out.print("[ExactMeshQueriesTest] " + report);
    }

    /** World AABB of one body's exact collision triangles at q. */
    static double[] bodyBox(String body, double[] q) {
        int b = MODEL.bodyIndex(body);
        MeshBvh tree = MeshOracle.trees(MODEL, DESC)[b];
        LinkPoses poses = MODEL.kinematics().forwardKinematics(q, new LinkPoses(MODEL.kinematics()));
        double[] box = {
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        double[] t9 = new double[9];
        Vector3d p = new Vector3d();
        for (int t = 0; t < tree.triangleCount(); t++) {
            tree.triangle(t, t9, 0);
            for (int c = 0; c < 9; c += 3) {
                poses.transformPoint(MODEL.bodyLink(b), t9[c], t9[c + 1], t9[c + 2], p);
                box[0] = Math.min(box[0], p.x);
                box[1] = Math.min(box[1], p.y);
                box[2] = Math.min(box[2], p.z);
                box[3] = Math.max(box[3], p.x);
                box[4] = Math.max(box[4], p.y);
                box[5] = Math.max(box[5], p.z);
            }
        }
        return box;
    }

    /**
     * The hand's hull wholly inside a closed box mesh 2 cm larger than its hull on every side touches no triangle,
     * yet collides: exact mode reports it (distance ≤ 0), as does the oracle's own parity test. The same box without
     * its top is an open mesh, only a surface: the hand then has no contact (the documented open-mesh semantics).
     */
    @Test
    void pieceInsideAClosedMeshCollidesButInsideAnOpenOneDoesNot() {
        double[] b = bodyBox("panda_hand", READY);
        double g = 0.02;
        for (boolean closed : new boolean[] {true, false}) {
            TriangleMesh box = ConcaveMeshes.box(b[0] - g, b[1] - g, b[2] - g, b[3] + g, b[4] + g, b[5] + g, closed);
            Scene scene = new SceneBuilder()
                    .add(new Obstacle("case", new ObstacleShape.Mesh(box), Pose.IDENTITY))
                    .build();
            CollisionChecker exact = CollisionChecker.of(MODEL, scene, MeshMode.EXACT);
            QueryContext c = exact.newContext();
            List<Contact> hand = exact.contacts(READY, 0, 100, c).stream()
                    .filter(x -> x.pair().first().equals("panda_hand"))
                    .toList();
            ExactMeshOracle oracle = new ExactMeshOracle(MODEL, DESC, box, "case", closed);
            oracle.set(READY);
            // the surface alone is farther than 1 cm from the hand's exact triangles (and its hull lies inside the box)
            io.collide4j.checker.geometry.mesh.MeshQuery q = new io.collide4j.checker.geometry.mesh.MeshQuery();
            LinkPoses poses = MODEL.kinematics().forwardKinematics(READY, new LinkPoses(MODEL.kinematics()));
            int hb = MODEL.bodyIndex("panda_hand");
            double surface = q.distance(
                    MeshOracle.trees(MODEL, DESC)[hb], poses.pose(MODEL.bodyLink(hb)), MeshBvh.of(box), null);
            assertTrue(surface > 0.01, "hand to box surface " + surface);
            if (closed) {
                assertEquals(1, hand.size(), "closed: the hand inside the solid is a contact");
                assertTrue(
                        hand.get(0).lowerBound() <= 0 && hand.get(0).distance() <= 0,
                        hand.get(0).toString());
                assertFalse(exact.isFree(READY, 0, c));
                double[] v = firstVertexWorld(hb, poses);
                assertTrue(oracle.inside(v[0], v[1], v[2]), "oracle: hand vertex inside the closed box");
            } else {
                assertTrue(hand.isEmpty(), "open mesh: only its surface is an obstacle, got " + hand);
            }
        }
    }

    private static double[] firstVertexWorld(int body, LinkPoses poses) {
        double[] t9 = new double[9];
        MeshOracle.trees(MODEL, DESC)[body].triangle(0, t9, 0);
        Vector3d p = poses.transformPoint(MODEL.bodyLink(body), t9[0], t9[1], t9[2], new Vector3d());
        return new double[] {p.x, p.y, p.z};
    }

    /**
     * A motion that ends 15 µm from the first hull–mesh contact (d = 0): conservative advancement alone must stop in
     * its tolerance band (0.1 mm; its last step would need a lower bound of at most 5 × 15 µm); Tight-Inclusion
     * proves the rest free, in {@code checkMotion} and in a certificate whose windows the verifier re-proves. At a
     * margin of 0.1 mm (above the 15 µm gap) those windows must fail. Independent check: exact-mode discrete lower
     * bounds stay positive at dense samples.
     */
    @Test
    @SuppressWarnings("unchecked")
    void tightInclusionClearsTheToleranceBand() {
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        QueryContext c = exact.newContext();
        double[] q1 = READY.clone();
        q1[1] += 0.4; // shoulder forward: the fingers run into the bowl
        assertEquals(MotionStatus.COLLISION, exact.checkMotion(READY, q1, 0, c).status());
        double[] q = new double[7];
        int n = 2000;
        double lo = -1, hi = -1;
        for (int i = 0; i <= n; i++) {
            Contact m = exact.minimumDistance(interpolate(READY, q1, (double) i / n, q), c);
            if (m.lowerBound() < 1.5e-5) {
                lo = (double) (i - 1) / n;
                hi = (double) i / n;
                break;
            }
        }
        assertTrue(lo >= 0, "the motion reaches the bowl");
        for (int it = 0; it < 60; it++) {
            double mid = 0.5 * (lo + hi);
            if (exact.minimumDistance(interpolate(READY, q1, mid, q), c).lowerBound() < 1.5e-5) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        double[] end = interpolate(READY, q1, lo, new double[7]);
        double endLb = exact.minimumDistance(end, c).lowerBound();
        assertTrue(endLb > 1e-5 && endLb < 2e-5, "end clearance " + endLb);
        for (int i = 0; i <= 1000; i++) {
            assertTrue(exact.isFree(interpolate(READY, end, i / 1000.0, q), 0, c));
        }
        MotionResult r = exact.checkMotion(READY, end, 0, c);
        assertEquals(MotionStatus.FREE, r.status(), r.toString());
        CertificationResult cert = new TrajectoryCertifier(exact)
                .certify(new double[][] {READY, end}, new double[] {0, 1}, 0, 1_000_000, c);
        assertEquals(Verdict.CERTIFIED_FREE, cert.verdict(), "Tight-Inclusion clears the band in certificates too");
        CertificateVerifier v = new CertificateVerifier(MODEL, SCENE);
        CertificateVerifier.Report ok = v.verify(cert.certificateJson());
        assertTrue(ok.valid(), ok.problems().toString());
        int windows = 0;
        Map<String, Object> m = CertJson.parse(cert.certificateJson());
        for (Object po : (List<Object>) ((List<Object>) m.get("segments")).get(0)) {
            for (Object lb : (List<Object>) ((Map<String, Object>) po).get("lb")) {
                windows += CertJson.num(lb) == CertificateFormat.EXACT_WINDOW ? 1 : 0;
            }
        }
        assertTrue(windows > 0, "the band is meant to be crossed by Tight-Inclusion windows");
        m.put("margin", 1e-4);
        CertificateVerifier.Report bad = v.verify(CertJson.write(m));
        assertFalse(bad.valid());
        assertTrue(
                bad.problems().toString().contains("not proven clear by Tight-Inclusion"),
                bad.problems().toString());
    }

    /** Exact-mode certificates verify (with exact distances, chosen from the certificate), hull-mode ones too; tampering is caught. */
    @Test
    @SuppressWarnings("unchecked")
    void exactModeCertificatesRoundTrip() {
        double[] mid = interpolate(READY, SWEEP_END, 0.5, new double[7]);
        double[][] wp = {READY, mid, SWEEP_END};
        double[] times = {0, 1, 2};
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        CollisionChecker hull = CollisionChecker.of(MODEL, SCENE, MeshMode.HULL);
        CertificationResult re = new TrajectoryCertifier(exact).certify(wp, times, 0.01, 1_000_000, exact.newContext());
        CertificationResult rh = new TrajectoryCertifier(hull).certify(wp, times, 0.01, 1_000_000, hull.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, re.verdict());
        assertEquals(Verdict.VIOLATION, rh.verdict());
        CertificateVerifier v = new CertificateVerifier(MODEL, SCENE);
        CertificateVerifier.Report ok = v.verify(re.certificateJson());
        assertTrue(ok.valid(), ok.problems().toString());
        assertEquals(Verdict.CERTIFIED_FREE, ok.verdict());
        assertTrue(v.verify(rh.certificateJson()).valid());

        Map<String, Object> m = CertJson.parse(re.certificateJson());
        m.put("meshMode", "HULL"); // claims exact-mesh clearances under hull semantics
        assertFalse(v.verify(CertJson.write(m)).valid());
        m.put("meshMode", "EXACT");
        // format 2: a segment is a list of {"pair": [first, piece, second, piece, env], "ends": [...], "lb": [...]}
        boolean tampered = false;
        for (Object po : (List<Object>) ((List<Object>) m.get("segments")).get(0)) {
            Map<String, Object> p = (Map<String, Object>) po;
            List<Object> lbs = (List<Object>) p.get("lb");
            if ("bowl".equals(((List<Object>) p.get("pair")).get(2)) && !lbs.isEmpty()) {
                lbs.set(0, CertJson.num(lbs.get(0)) + 0.05);
                tampered = true;
                break;
            }
        }
        assertTrue(tampered, "the first segment is meant to list a bowl pair with steps");
        CertificateVerifier.Report bad = v.verify(CertJson.write(m));
        assertFalse(bad.valid());
        assertTrue(
                bad.problems().toString().contains("claims lower bound"),
                bad.problems().toString());
    }
}
