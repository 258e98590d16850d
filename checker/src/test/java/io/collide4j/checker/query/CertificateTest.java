package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateFormat;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Provenance;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.TrajectoryException;
import io.collide4j.urdf.Pose;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CertificateTest {
    static final RobotCollisionModel MODEL = TestRobots.panda();
    static final String SCENE_KEY = "problems/table_pick_panda/scene0001.yaml";
    static final Scene SCENE = MoveItSceneLoader.parse(
                    SCENE_KEY, TestRobots.problems().get(SCENE_KEY))
            .scene();

    /** A free 20-waypoint trajectory: the MBM start pose swaying joint 1 and joint 4 a little. */
    static double[][] freeTrajectory() {
        double[] q = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        double[][] w = new double[20][];
        for (int i = 0; i < 20; i++) {
            w[i] = q.clone();
            w[i][0] += 0.3 * Math.sin(i * 0.3);
            w[i][3] += 0.2 * Math.sin(i * 0.2);
        }
        return w;
    }

    static double[] times(int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = 0.1 * i;
        }
        return t;
    }

    @Test
    void freeTrajectoryCertifiesAndVerifies() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        QueryContext ctx = c.newContext();
        double[][] w = freeTrajectory();
        for (double[] q : w) {
            assertTrue(c.isFree(q, 0.01, ctx), "waypoints are meant to be free");
        }
        CertificationResult r = new TrajectoryCertifier(c).certify(w, times(20), 0.01, 1_000_000, ctx);
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        assertNull(r.violation());
        assertFalse(r.pairClearance().isEmpty());
        r.pairClearance().values().forEach(v -> assertTrue(v > 0.01));
        // every segment's straight motion is FREE too, with the same margin
        for (int i = 0; i + 1 < w.length; i++) {
            assertEquals(
                    MotionStatus.FREE, c.checkMotion(w[i], w[i + 1], 0.01, ctx).status());
        }
        // round trip: the JSON parses, re-serialises to the same text, and verifies
        Object parsed = CertJson.parse(r.certificateJson());
        assertEquals(r.certificateJson(), CertJson.write(parsed));
        CertificateVerifier.Report rep = new CertificateVerifier(MODEL, SCENE).verify(r.certificateJson());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(Verdict.CERTIFIED_FREE, rep.verdict());
    }

    /** Claims are rounded down (never up) to short decimals; step ends are short decimals that still verify. */
    @Test
    @SuppressWarnings("unchecked")
    void claimsAndStepEndsAreShortAndNeverRoundedUp() {
        java.util.Random rnd = new java.util.Random(3);
        for (int i = 0; i < 10_000; i++) {
            double x = Math.pow(10, -6 + 7 * rnd.nextDouble()) * (rnd.nextBoolean() ? 1 : -1);
            double r = CertificateFormat.roundDown(x, 4);
            assertTrue(r <= x, r + " > " + x);
            assertTrue(Math.abs(x - r) <= Math.abs(x) * 1e-3 * (1 + 1e-9), r + " too far below " + x);
            assertTrue(
                    new java.math.BigDecimal(Double.toString(r))
                                    .stripTrailingZeros()
                                    .precision()
                            <= 4,
                    Double.toString(r));
            double s0 = rnd.nextDouble(), s1 = s0 + (1 - s0) * Math.pow(10, -8 * rnd.nextDouble());
            double e = CertificateFormat.shortEnd(s0, s1);
            assertTrue(e > s0 && e <= s1 && s1 - e <= (s1 - s0) / 100 * (1 + 1e-9), s0 + " " + s1 + " -> " + e);
        }
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        String json = new TrajectoryCertifier(c)
                .certify(freeTrajectory(), times(20), 0.01, 1_000_000, c.newContext())
                .certificateJson();
        Map<String, Object> m = parse(json);
        for (Object seg : (List<Object>) m.get("segments")) {
            for (Object p : (List<Object>) seg) {
                for (String f : new String[] {"ends", "lb"}) {
                    for (Object x : (List<Object>) ((Map<String, Object>) p).get(f)) {
                        assertTrue(
                                Double.toString(CertJson.num(x)).length() <= 12, f + " value " + x + " is not short");
                    }
                }
            }
        }
    }

    @Test
    void tamperedCertificatesAreRejected() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        String json = new TrajectoryCertifier(c)
                .certify(freeTrajectory(), times(20), 0.01, 1_000_000, c.newContext())
                .certificateJson();
        CertificateVerifier v = new CertificateVerifier(MODEL, SCENE);
        // 1. inflate one step's claimed lower bound beyond any distance in the scene (a witnessed certificate claims
        //    what its plane shows, well below the fresh lower bound, so a small raise may still be true)
        Map<String, Object> m = parse(json);
        List<Object> lbs = pairField(m, 0, 0, "lb");
        lbs.set(0, CertJson.num(lbs.get(0)) + 100);
        assertRejected(v, m, "claims lower bound");
        // 2. claim a larger margin than the steps prove
        m = parse(json);
        m.put("margin", 0.05);
        assertRejected(v, m, "does not prove");
        // 3. drop a pair that is not provably far
        m = parse(json);
        segmentPairs(m, 0).remove(0);
        assertRejected(v, m, "neither listed nor provably far");
        // 4. move a waypoint (trajectory hash)
        m = parse(json);
        ((List<Object>) ((List<Object>) m.get("waypoints")).get(3)).set(0, 0.5);
        assertRejected(v, m, "trajectory hash");
        // 4b. move a waypoint beyond its joint's upper limit: refused as leaving the limits, before any hash
        m = parse(json);
        String joint = MODEL.kinematics().variableName(0);
        ((List<Object>) ((List<Object>) m.get("waypoints")).get(3))
                .set(0, MODEL.kinematics().upperLimit(0) + 0.1);
        assertRejected(
                v, m, "joint " + joint + " reaches " + (MODEL.kinematics().upperLimit(0) + 0.1));
        // 5. claim more clearance than proven
        m = parse(json);
        Map<String, Object> cl = (Map<String, Object>) m.get("pairClearance");
        String key = cl.keySet().iterator().next();
        cl.put(key, CertJson.num(cl.get(key)) + 1.0);
        assertRejected(v, m, "clearance claimed");
        // 6. a different scene (an obstacle moved by 1 mm) or robot is refused by hash
        Scene moved = SCENE.moved(
                SCENE.obstacles().get(0).name(),
                shifted(SCENE.obstacles().get(0).pose()));
        CertificateVerifier.Report r = new CertificateVerifier(MODEL, moved).verify(json);
        assertFalse(r.valid());
        assertTrue(r.problems().toString().contains("scene hash"), r.problems().toString());
        // 7. step ends that go back, or a step end without its lower bound
        m = parse(json);
        List<Object> ends = pairField(m, 0, 0, "ends");
        ends.add(0, 0.0);
        pairField(m, 0, 0, "lb").add(0, 0.0);
        pairField(m, 0, 0, "planes").add(0, null);
        assertRejected(v, m, "do not increase");
        m = parse(json);
        pairField(m, 0, 0, "ends").add(1.0);
        pairField(m, 0, 0, "planes").add(null);
        assertRejected(v, m, "lower bounds");
        // 8. a pair listed twice in a segment
        m = parse(json);
        ((List<Object>) ((List<Object>) m.get("segments")).get(0))
                .add(((List<Object>) ((List<Object>) m.get("segments")).get(0)).get(0));
        assertRejected(v, m, "listed twice");
        // 9. untouched: valid
        assertTrue(v.verify(json).valid());
    }

    @Test
    void certificatesAreReadStrictlyAndTheOlderFormatStillVerifies() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        Provenance prov =
                new Provenance(Provenance.Source.bundled("panda"), Provenance.Source.file("/data/shelf.yaml"));
        java.io.StringWriter streamed = new java.io.StringWriter();
        CertificationResult s = new TrajectoryCertifier(c)
                .certify(
                        freeTrajectory(),
                        null,
                        null,
                        times(20),
                        0.01,
                        CollisionChecker.DEFAULT_TOLERANCE,
                        1_000_000,
                        c.newContext(),
                        prov,
                        streamed);
        assertNull(s.certificateJson(), "streamed, not held");
        CertificateVerifier v = new CertificateVerifier(MODEL, SCENE);
        CertificateVerifier.Report rep = v.verify(streamed.toString());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(prov, rep.certificate().provenance());
        assertEquals(0.01, rep.certificate().margin());
        assertEquals(CertificateFormat.FORMAT, rep.certificate().format());
        assertEquals(
                CertificateFormat.FORMAT_2,
                parse(TrajectoryCertifier.withoutWitnesses(c)
                                .certify(freeTrajectory(), times(20), 0.01, 1_000_000, c.newContext())
                                .certificateJson())
                        .get("format"),
                "no witnesses, no provenance: the /2 document");
        // the same certificate without witnesses is a valid collide4j-certificate/2.1, without provenance a /2
        Map<String, Object> v21 = withoutWitness(parse(streamed.toString()));
        v21.put("format", CertificateFormat.FORMAT_2_1);
        CertificateVerifier.Report r21 = v.verify(CertJson.write(v21));
        assertTrue(r21.valid(), r21.problems().toString());
        Map<String, Object> old = withoutWitness(parse(streamed.toString()));
        old.remove("provenance");
        old.put("format", "collide4j-certificate/2");
        assertTrue(v.verify(CertJson.write(old)).valid());
        // ... but /2 has no provenance member
        Map<String, Object> mixed = withoutWitness(parse(streamed.toString()));
        mixed.put("format", "collide4j-certificate/2");
        assertRejected(v, mixed, "provenance: not a member of format collide4j-certificate/2");
        // ... and /2.1 no witness
        Map<String, Object> planesIn21 = parse(streamed.toString());
        planesIn21.put("format", CertificateFormat.FORMAT_2_1);
        assertRejected(v, planesIn21, "witness: not a member of format " + CertificateFormat.FORMAT_2_1);
        // unknown keys (with a suggestion), wrong types and missing members make it unreadable
        Map<String, Object> typo = parse(streamed.toString());
        Map<String, Object> firstPair =
                (Map<String, Object>) segmentPairs(typo, 0).get(0);
        firstPair.put("lbs", firstPair.remove("lb"));
        assertRejected(v, typo, "segments[0][0].lbs: unknown key; did you mean lb?");
        Map<String, Object> text = parse(streamed.toString());
        text.put("margin", "0.01");
        assertRejected(v, text, "margin: expected a number, found a string");
        Map<String, Object> missing = parse(streamed.toString());
        missing.remove("robotHash");
        assertRejected(v, missing, "robotHash: missing required key");
        assertRejected(v, Map.of(), "missing required key");
        CertificateVerifier.Report truncated = v.verify(streamed.toString().substring(0, 200));
        assertFalse(truncated.valid());
        assertTrue(
                truncated.problems().get(0).contains("the text ends"),
                truncated.problems().toString());
    }

    @Test
    void collidingTrajectoryReportsTheFirstViolationAndVerifies() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        QueryContext ctx = c.newContext();
        // the straight start -> goal edge of table_pick scene 2 (request0002) runs through the table
        String key = "problems/table_pick_panda/request0002.yaml";
        MotionPlanRequest req =
                MotionPlanRequest.parse(key, TestRobots.problems().get(key));
        Scene scene = MoveItSceneLoader.parse(key, TestRobots.problems().get(key.replace("/request", "/scene")))
                .scene();
        c = CollisionChecker.of(MODEL, scene);
        ctx = c.newContext();
        double[][] sg = req.startAndGoal(MODEL.kinematics().variableNames());
        MotionResult straight = c.checkMotion(sg[0], sg[1], 0, ctx);
        assertEquals(MotionStatus.COLLISION, straight.status(), "expected this start-goal edge to collide");
        double[][] w = {sg[0], sg[0], sg[1]};
        w[1] = sg[0].clone();
        w[1][0] += 0.05;
        CertificationResult r = new TrajectoryCertifier(c).certify(w, new double[] {0, 1, 3}, 0, 1_000_000, ctx);
        assertEquals(Verdict.VIOLATION, r.verdict());
        Violation v = r.violation();
        assertNotNull(v);
        double[] t = {0, 1, 3};
        assertEquals(t[v.segment()] + v.fraction() * (t[v.segment() + 1] - t[v.segment()]), v.time(), 1e-12);
        assertTrue(v.contact().lowerBound() <= CollisionChecker.DEFAULT_TOLERANCE);
        assertFalse(
                c.isFree(v.configuration(), 2 * CollisionChecker.DEFAULT_TOLERANCE, ctx),
                "at the violation the state cannot be certified free with margin = tolerance");
        CertificateVerifier.Report rep = new CertificateVerifier(MODEL, scene).verify(r.certificateJson());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(Verdict.VIOLATION, rep.verdict());
        // the first violation of the certificate is the straight check's first violation when it is in segment 2, up
        // to the certifier's short step ends (each step gives up at most 1 % of its length, so the advancement
        // evaluates at slightly different s)
        assertEquals(1, v.segment());
        MotionResult seg = c.checkMotion(w[1], w[2], 0, ctx);
        assertEquals(seg.time(), v.fraction(), 1e-3);
        assertEquals(seg.contact().pair(), v.contact().pair());
    }

    @Test
    void violationAtTheVeryStartStillVerifies() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        QueryContext ctx = c.newContext();
        double[][] w = freeTrajectory();
        // A margin just above the start state's certified clearance: the first violation is at s = 0 of segment 0,
        // so every later pair has nothing to prove and the certificate must still be well formed.
        double startClearance = c.minimumDistance(w[0], ctx).lowerBound();
        assertTrue(startClearance > 0, "the start state is free");
        double margin = startClearance + 1e-3;
        CertificationResult r = new TrajectoryCertifier(c).certify(w, times(20), margin, 1_000_000, ctx);
        assertEquals(Verdict.VIOLATION, r.verdict());
        assertEquals(0, r.violation().segment());
        assertEquals(0.0, r.violation().fraction());
        CertificateVerifier.Report rep = new CertificateVerifier(MODEL, SCENE).verify(r.certificateJson());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(Verdict.VIOLATION, rep.verdict());
    }

    @Test
    void smallBudgetGivesInconclusive() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        CertificationResult r =
                new TrajectoryCertifier(c).certify(freeTrajectory(), times(20), 0.01, 50, c.newContext());
        assertEquals(Verdict.INCONCLUSIVE, r.verdict());
        assertTrue(r.pairClearance().isEmpty());
        assertTrue(r.evaluations() <= 50);
        CertificateVerifier.Report rep = new CertificateVerifier(MODEL, SCENE).verify(r.certificateJson());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(Verdict.INCONCLUSIVE, rep.verdict());
        MotionResult m = c.checkMotion(freeTrajectory()[0], freeTrajectory()[10], 0.01, 1e-4, 5, c.newContext());
        assertEquals(MotionStatus.INCONCLUSIVE, m.status());
    }

    @Test
    void badTrajectoriesAreRejected() {
        CollisionChecker c = CollisionChecker.of(MODEL, SCENE);
        TrajectoryCertifier t = new TrajectoryCertifier(c);
        double[][] w = freeTrajectory();
        double[] times = times(20);
        times[5] = times[4];
        var e = assertThrows(IllegalArgumentException.class, () -> t.certify(w, times, 0, 1000, c.newContext()));
        assertTrue(e.getMessage().contains("index 5"), e.getMessage());
        // a waypoint below joint 3's lower limit names the joint, its value and the segment's times
        double[][] low = Arrays.stream(w).map(double[]::clone).toArray(double[][]::new);
        low[7][3] = MODEL.kinematics().lowerLimit(3) - 0.2;
        e = assertThrows(TrajectoryException.class, () -> t.certify(low, times(20), 0, 1000, c.newContext()));
        assertTrue(
                e.getMessage()
                        .contains("joint " + MODEL.kinematics().variableName(3) + " reaches " + low[7][3] + " at t = "
                                + times(20)[7] + " s"),
                e.getMessage());
        double[][] bad = {w[0], {1, 2}};
        assertThrows(
                IllegalArgumentException.class, () -> t.certify(bad, new double[] {0, 1}, 0, 1000, c.newContext()));
    }

    private static Pose shifted(Pose p) {
        return new Pose(p.x() + 0.001, p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(String json) {
        return CertJson.parse(json);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> segmentPairs(Map<String, Object> m, int seg) {
        return (List<Object>) ((List<Object>) m.get("segments")).get(seg);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> pairField(Map<String, Object> m, int seg, int pair, String field) {
        return (List<Object>) ((Map<String, Object>) segmentPairs(m, seg).get(pair)).get(field);
    }

    private static void assertRejected(CertificateVerifier v, Map<String, ?> m, String expected) {
        CertificateVerifier.Report r = v.verify(CertJson.write(m));
        assertFalse(r.valid(), "tampered certificate accepted (" + expected + ")");
        assertTrue(r.problems().toString().contains(expected), expected + " not in " + r.problems());
    }

    /** The certificate as the certifier writes it without witnesses: no witness section, no per-step planes. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withoutWitness(Map<String, Object> m) {
        m.remove("witness");
        for (Object seg : (List<Object>) m.get("segments")) {
            for (Object p : (List<Object>) seg) {
                ((Map<String, Object>) p).remove("planes");
            }
        }
        return m;
    }
}
