package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LimitPolicy;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.TrajectoryException;
import io.collide4j.urdf.Pose;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Certification of trajectories with velocities follows the executed cubic / quintic pieces, not the straight
 * segments between waypoints. Oracle: the trajectory's own interpolation ({@link JointTrajectory#positionAt},
 * independent of the certifier) sampled densely and checked with discrete queries.
 */
class SplineCertificateTest {
    static final double[] START = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};

    /** Two waypoints 0.2 rad apart on joint 1 whose end velocities (−6 rad/s) make the arm swing back first. */
    static double[][] waypoints() {
        double[] b = START.clone();
        b[0] += 0.2;
        return new double[][] {START.clone(), b};
    }

    static double[][] velocities(int n) {
        double[][] v = new double[2][n];
        v[0][0] = -6;
        v[1][0] = -6;
        return v;
    }

    static JointTrajectory spline(KinematicModel k, double[][] w, double[][] v, double[][] a, double[] t) {
        return new JointTrajectory(k.variableNames(), t, w, v, a);
    }

    /** A 6 cm box around the hand at the spline's deepest swing, so the spline hits it and the chord does not. */
    static Scene boxAtSwing(KinematicModel k, JointTrajectory s) {
        double[] q = new double[k.variableCount()];
        double worst = Double.POSITIVE_INFINITY, tWorst = 0;
        for (int i = 0; i <= 1000; i++) {
            s.positionAt(i / 1000.0, q);
            if (q[0] < worst) {
                worst = q[0];
                tWorst = i / 1000.0;
            }
        }
        s.positionAt(tWorst, q);
        LinkPoses p = k.forwardKinematics(q, new LinkPoses(k));
        Vector3d hand = p.transformPoint(k.linkIndex("panda_hand"), 0, 0, 0.05, new Vector3d());
        return Scene.empty()
                .with(new Obstacle(
                        "swing_box",
                        new ObstacleShape.Box(0.06, 0.06, 0.06),
                        new Pose(hand.x, hand.y, hand.z, 0, 0, 0, 1)));
    }

    @Test
    void theExecutedSwingIsCertifiedNotTheChord() {
        KinematicModel k = CertificateTest.MODEL.kinematics();
        double[][] w = waypoints();
        double[][] v = velocities(k.variableCount());
        double[] t = {0, 1};
        JointTrajectory s = spline(k, w, v, null, t);
        Scene scene = boxAtSwing(k, s);
        CollisionChecker c = CollisionChecker.of(CertificateTest.MODEL, scene);
        QueryContext ctx = c.newContext();
        // oracle facts: every sample of the chord is free, some sample of the executed spline is not
        double firstHit = Double.NaN;
        double[] q = new double[k.variableCount()];
        for (int i = 0; i <= 2000; i++) {
            double f = i / 2000.0;
            for (int j = 0; j < q.length; j++) {
                q[j] = w[0][j] + f * (w[1][j] - w[0][j]);
            }
            assertTrue(c.isFree(q, 0.0, ctx), "the chord is meant to be clear at s = " + f);
            s.positionAt(f, q);
            if (Double.isNaN(firstHit) && !c.isFree(q, 0.0, ctx)) {
                firstHit = f;
            }
        }
        assertFalse(Double.isNaN(firstHit), "the spline is meant to hit the box");
        TrajectoryCertifier cert = new TrajectoryCertifier(c);
        assertEquals(
                Verdict.CERTIFIED_FREE, cert.certify(w, t, 0.0, 1_000_000, ctx).verdict());
        CertificationResult r = cert.certify(w, v, null, t, 0.0, CollisionChecker.DEFAULT_TOLERANCE, 1_000_000, ctx);
        assertEquals(Verdict.VIOLATION, r.verdict());
        assertTrue(
                r.violation().time() <= firstHit + 1e-12,
                "violation at " + r.violation().time() + " must not be later than the first sampled hit " + firstHit);
        assertEquals("swing_box", r.violation().contact().pair().second());
        // the violation configuration is the spline's, not the chord's
        double[] onSpline = s.positionAt(r.violation().time(), new double[q.length]);
        for (int j = 0; j < q.length; j++) {
            assertEquals(onSpline[j], r.violation().configuration()[j], 1e-12);
        }
        CertificateVerifier.Report rep =
                new CertificateVerifier(CertificateTest.MODEL, scene).verify(r.certificateJson());
        assertTrue(rep.valid(), rep.problems().toString());
        assertEquals(Verdict.VIOLATION, rep.verdict());
    }

    /**
     * Random 3-piece splines (waypoints inside the limits, random velocities and accelerations). Those that leave
     * the joint limits somewhere (by 3000 samples, checked with {@code validate}) are refused, naming a joint the
     * samples found outside; the others: certified free ⇒ free at every sample, a violation no later than the first
     * sampled hit, and every certificate verifies.
     */
    @Test
    void certifiedFreeSplinesAreFreeAtEverySampleAndVerify() {
        KinematicModel k = CertificateTest.MODEL.kinematics();
        Scene scene = CertificateTest.SCENE;
        CollisionChecker c = CollisionChecker.of(CertificateTest.MODEL, scene);
        QueryContext ctx = c.newContext();
        TrajectoryCertifier cert = new TrajectoryCertifier(c);
        CertificateVerifier verifier = new CertificateVerifier(CertificateTest.MODEL, scene);
        Random r = new Random(7);
        int n = k.variableCount(), free = 0, violations = 0, refused = 0, trials = 60;
        double[] q = new double[n];
        for (int trial = 0; trial < trials; trial++) {
            int m = 4;
            double[][] w = new double[m][], v = new double[m][], a = trial % 2 == 0 ? null : new double[m][];
            double[] t = new double[m];
            for (int i = 0; i < m; i++) {
                w[i] = START.clone();
                v[i] = new double[n];
                if (a != null) {
                    a[i] = new double[n];
                }
                for (int j = 0; j < n; j++) {
                    w[i][j] = Math.min(k.upperLimit(j), Math.max(k.lowerLimit(j), w[i][j] + 0.5 * r.nextGaussian()));
                    v[i][j] = 1.5 * r.nextGaussian();
                    if (a != null) {
                        a[i][j] = 4 * r.nextGaussian();
                    }
                }
                t[i] = 0.5 * i;
            }
            double d = trial % 3 == 0 ? 0.01 : 0.0;
            JointTrajectory s = spline(k, w, v, a, t);
            Set<String> outside = new TreeSet<>();
            for (int i = 0; i <= 3000; i++) {
                s.positionAt(t[m - 1] * i / 3000.0, q);
                k.validate(q, LimitPolicy.REPORT).forEach(lv -> outside.add(lv.jointName()));
            }
            CertificationResult res;
            try {
                res = cert.certify(w, v, a, t, d, CollisionChecker.DEFAULT_TOLERANCE, 2_000_000, ctx);
            } catch (TrajectoryException e) {
                refused++;
                assertTrue(
                        outside.stream().anyMatch(j -> e.getMessage().contains("joint " + j + " reaches")),
                        "trial " + trial + ": refused, but samples find " + outside + " outside: " + e.getMessage());
                continue;
            }
            assertTrue(
                    outside.isEmpty(), "trial " + trial + ": certified although samples leave the limits: " + outside);
            double firstHit = Double.POSITIVE_INFINITY;
            for (int i = 0; i <= 3000; i++) {
                double time = t[m - 1] * i / 3000.0;
                s.positionAt(time, q);
                if (!c.isFree(q, d, ctx)) {
                    firstHit = time;
                    break;
                }
            }
            if (res.verdict() == Verdict.CERTIFIED_FREE) {
                free++;
                assertEquals(
                        Double.POSITIVE_INFINITY,
                        firstHit,
                        "trial " + trial + ": certified free but a sample collides");
            } else if (res.verdict() == Verdict.VIOLATION) {
                violations++;
                assertTrue(
                        res.violation().time() <= firstHit + 1e-12,
                        "trial " + trial + ": violation later than a sampled hit");
            }
            CertificateVerifier.Report rep = verifier.verify(res.certificateJson());
            assertTrue(rep.valid(), "trial " + trial + ": " + rep.problems());
        }
        System.out.printf(
                "spline certification: %d random 3-piece splines, %d refused for leaving the joint limits,"
                        + " %d certified free, %d violations%n",
                trials, refused, free, violations);
        assertTrue(
                free > 3 && violations > 3 && refused > 3,
                "the trials are meant to cover every outcome: " + free + " free, " + violations + " violations, "
                        + refused + " refused");
    }

    @Test
    void tamperedVelocitiesOrInterpolationAreRejected() {
        KinematicModel k = CertificateTest.MODEL.kinematics();
        double[][] w = CertificateTest.freeTrajectory();
        double[] t = CertificateTest.times(w.length);
        double[][] v = new double[w.length][k.variableCount()];
        for (int i = 1; i + 1 < w.length; i++) {
            for (int j = 0; j < v[i].length; j++) {
                v[i][j] = (w[i + 1][j] - w[i - 1][j]) / (t[i + 1] - t[i - 1]); // smooth through the waypoints
            }
        }
        CollisionChecker c = CollisionChecker.of(CertificateTest.MODEL, CertificateTest.SCENE);
        CertificationResult r = new TrajectoryCertifier(c)
                .certify(w, v, null, t, 0.01, CollisionChecker.DEFAULT_TOLERANCE, 2_000_000, c.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        CertificateVerifier verifier = new CertificateVerifier(CertificateTest.MODEL, CertificateTest.SCENE);
        assertTrue(verifier.verify(r.certificateJson()).valid());
        Map<String, Object> m = parse(r.certificateJson());
        assertEquals("CUBIC", m.get("interpolation"));
        // 1. a changed velocity no longer matches the trajectory hash
        Map<String, Object> tampered = parse(r.certificateJson());
        @SuppressWarnings("unchecked")
        List<Object> row = (List<Object>) ((List<Object>) tampered.get("velocities")).get(5);
        row.set(0, CertJson.num(row.get(0)) + 0.5);
        CertificateVerifier.Report rep = verifier.verify(CertJson.write(tampered));
        assertFalse(rep.valid());
        assertTrue(
                rep.problems().stream().anyMatch(p -> p.contains("trajectory hash")),
                rep.problems().toString());
        // 2. dropping the velocities turns the motion into straight segments the steps were not made for
        Map<String, Object> straight = parse(r.certificateJson());
        straight.remove("velocities");
        rep = verifier.verify(CertJson.write(straight));
        assertFalse(rep.valid());
        assertNotEquals(List.of(), rep.problems());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(String json) {
        return CertJson.parse(json);
    }
}
