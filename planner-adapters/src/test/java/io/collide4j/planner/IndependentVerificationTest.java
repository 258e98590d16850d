package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Certificates with witnesses (format /3) checked by the independent verifier (module {@code verifier}, no code shared
 * with the certifier): the certificates of the demo, of cubic and quintic splines and of MotionBenchMaker planned paths
 * verify; false claims are rejected with the step and pair named (a plane moved 1e-9 m into a piece, a step end
 * extended, a waypoint changed); and a planted bug — a certifier whose forward kinematics is off by 1e-8 m — makes
 * certificates of a grazing motion that the recompute verifier, sharing that FK, accepts and the independent verifier
 * rejects. MotionBenchMaker problems: the first of each scenario by default, all 100 in the full run ({@code -Pslow}).
 */
class IndependentVerificationTest {
    static RobotDescription desc;
    static SemanticDescription sem;
    static Collide4j panda;

    @BeforeAll
    static void build() {
        desc = Models.robot("panda");
        sem = Models.semantics("panda");
        panda = Collide4j.builder().robot("panda").sceneName("table_shelf").build();
    }

    static VerificationReport independent(String json, String source) {
        return IndependentVerifier.verify(
                desc, sem, new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), source);
    }

    static void assertVerifies(String json, String what) {
        VerificationReport r = independent(json, what);
        assertTrue(r.valid(), what + ": " + r.problems());
        assertTrue(r.stepsChecked() > 0, what + ": no step checked");
        assertFalse(json.contains("\"planes\":[null") || json.contains(",null"), what + ": a step without a plane");
    }

    @Test
    void demoAndSplineCertificatesVerifyIndependently() {
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(Models.trajectoryCsv("panda_shelf_demo")), "demo");
        TrajectoryCertifier.Certification c =
                panda.trajectoryCertifier().certify(demo, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(Verdict.CERTIFIED_FREE, c.result().verdict());
        assertVerifies(c.result().certificateJson(), "demo");
        // cubic (velocities) and quintic (velocities and zero accelerations) pieces through the demo's key rows:
        // central
        // differences, scaled down so the pieces stay inside the joint limits
        double[][] rows = CertificationProgressTest.demoRows();
        for (boolean quintic : new boolean[] {false, true}) {
            StringBuilder csv = new StringBuilder("time");
            for (int j = 1; j <= 7; j++) {
                csv.append(",panda_joint").append(j);
            }
            for (int j = 1; j <= 7; j++) {
                csv.append(",panda_joint").append(j).append(".velocity");
            }
            if (quintic) {
                for (int j = 1; j <= 7; j++) {
                    csv.append(",panda_joint").append(j).append(".acceleration");
                }
            }
            csv.append('\n');
            for (int k = 0; k < rows.length; k++) {
                csv.append(rows[k][0]);
                for (int j = 1; j <= 7; j++) {
                    csv.append(',').append(rows[k][j]);
                }
                for (int j = 1; j <= 7; j++) {
                    double v = k == 0 || k == rows.length - 1
                            ? 0
                            : 0.5 * (rows[k + 1][j] - rows[k - 1][j]) / (rows[k + 1][0] - rows[k - 1][0]);
                    csv.append(',').append(v);
                }
                if (quintic) {
                    csv.append(",0".repeat(7));
                }
                csv.append('\n');
            }
            JointTrajectory spline =
                    TrajectoryCsv.read(new StringReader(csv.toString()), quintic ? "quintic" : "cubic");
            TrajectoryCertifier.Certification s =
                    panda.trajectoryCertifier().certify(spline, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
            assertEquals(Verdict.CERTIFIED_FREE, s.result().verdict(), quintic ? "quintic" : "cubic");
            assertTrue(s.result().certificateJson().contains(quintic ? "\"QUINTIC\"" : "\"CUBIC\""));
            assertVerifies(s.result().certificateJson(), quintic ? "quintic demo" : "cubic demo");
        }
    }

    @Test
    void plannedMotionBenchMakerPathsVerifyIndependently() {
        plannedPaths(1);
    }

    @Test
    @Tag("slow")
    void plannedMotionBenchMakerPathsVerifyIndependentlyInFull() {
        plannedPaths(100);
    }

    private void plannedPaths(int perScenario) {
        MbmProblems set = new MbmProblems(Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
                .resolve("vamp/resources/panda/problems.zip"));
        Collide4jBuilder robot = Collide4j.builder().robot("panda");
        int checked = 0;
        for (String scenario : set.scenarios()) {
            for (MbmProblems.Problem p : set.load(scenario, 1, perScenario)) {
                Collide4j c = ProblemRunner.checker(robot, p);
                ProblemRunner.Run r = ProblemRunner.run(
                        c,
                        p,
                        PlanRequest.builder()
                                .seed(p.index())
                                .timeLimitSeconds(5)
                                .shortcutAttempts(30));
                if (r.plan() == null || r.plan().path() == null) {
                    continue;
                }
                List<double[]> path = r.plan().path();
                double[] times = new double[path.size()];
                Arrays.setAll(times, i -> i);
                TrajectoryCertifier.Certification cert =
                        c.trajectoryCertifier().certify(path, times, c.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
                assertEquals(Verdict.CERTIFIED_FREE, cert.result().verdict(), scenario + " #" + p.index());
                // bound to the inputs it was made for, as verify does (issue 34): an honest certificate binds
                VerificationReport v = IndependentVerifier.verify(
                        c.model().kinematics().description(),
                        c.semantics(),
                        cert.result().certificateJson().getBytes(StandardCharsets.UTF_8),
                        scenario + " #" + p.index(),
                        CertificateInputs.of(c, io.collide4j.checker.query.MeshMode.HULL, null));
                assertTrue(v.valid(), scenario + " #" + p.index() + ": " + v.problems());
                checked++;
            }
        }
        System.out.println("[witness] " + checked + " planned MotionBenchMaker paths verified independently");
        assertTrue(checked >= set.scenarios().size() - 1, "planned and verified " + checked);
    }

    // ------------------------------------------------------------------ the grazing motion and the planted bug

    /** The Panda (all joints, fingers at 0.02 m) with the joint-1 origin moved by {@code shift} (world frame). */
    static Collide4j pandaShifted(double[] shift) {
        RobotDescription d = desc;
        if (shift != null) {
            List<JointDescription> joints = new ArrayList<>();
            for (JointDescription j : desc.joints()) {
                if (j.name().equals("panda_joint1")) {
                    Pose o = j.origin();
                    j = new JointDescription(
                            j.name(),
                            j.type(),
                            j.parent(),
                            j.child(),
                            new Pose(
                                    o.x() + shift[0],
                                    o.y() + shift[1],
                                    o.z() + shift[2],
                                    o.qx(),
                                    o.qy(),
                                    o.qz(),
                                    o.qw()),
                            j.axisX(),
                            j.axisY(),
                            j.axisZ(),
                            j.limits(),
                            j.mimic());
                }
                joints.add(j);
            }
            d = new RobotDescription(
                    desc.name(), desc.source(), desc.rootLink(), desc.links(), joints, desc.collisionFilters());
        }
        return Collide4j.builder().robot(d, sem).sceneName("table_shelf").build();
    }

    /** Full configuration: the seven arm joints, fingers at 0.02 m. */
    static double[] full(Collide4j c, double[] arm) {
        double[] q = new double[c.variableNames().size()];
        for (int i = 0; i < q.length; i++) {
            String n = c.variableNames().get(i);
            q[i] = n.startsWith("panda_joint") ? arm[Integer.parseInt(n.substring("panda_joint".length())) - 1] : 0.02;
        }
        return q;
    }

    /**
     * A straight motion from the demo's last pose toward the table (joint 2 to 1.7, joint 4 to −0.1: the hand reaches
     * the table top), cut where the true clearance, as GJK measures it on the unperturbed model, first comes to
     * margin + {@code above} (first crossing: coarse scan, then bisection). Returns {start, end}.
     */
    static double[][] grazing(Collide4j c, double above) {
        double[][] rows = CertificationProgressTest.demoRows();
        double[] a = Arrays.copyOfRange(rows[rows.length - 1], 1, 8);
        double[] b = a.clone();
        b[1] = 1.7;
        b[3] = -0.1;
        double[] q0 = full(c, a), q1 = full(c, b);
        double target = c.margin() + above;
        QueryContext ctx = c.checker().newContext();
        double lo = 0, hi = 1;
        for (int k = 1; k <= 256; k++) {
            if (clearance(c, ctx, lerp(q0, q1, k / 256.0)) < target) {
                lo = (k - 1) / 256.0;
                hi = k / 256.0;
                break;
            }
        }
        for (int i = 0; i < 80; i++) {
            double mid = (lo + hi) / 2;
            if (clearance(c, ctx, lerp(q0, q1, mid)) >= target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new double[][] {q0, lerp(q0, q1, lo)};
    }

    static double clearance(Collide4j c, QueryContext ctx, double[] q) {
        return c.checker().minimumDistance(q, ctx).distance();
    }

    static double[] lerp(double[] a, double[] b, double s) {
        double[] q = new double[a.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = a[i] + s * (b[i] - a[i]);
        }
        return q;
    }

    @Test
    void aCertifierWithItsForwardKinematicsOffBy1e8IsCaughtOnlyByTheIndependentVerifier() {
        Collide4j truth = pandaShifted(null);
        double[][] path = grazing(truth, -5e-9); // true clearance: 5e-9 m below the margin at the end
        QueryContext ctx = truth.checker().newContext();
        Contact end = truth.checker().minimumDistance(path[1], ctx);
        assertTrue(
                end.distance() < truth.margin() && end.distance() > truth.margin() - 1e-8,
                "grazing: " + end.distance());
        // the bug: every link from link 1 on placed 1e-8 m away from the obstacle it grazes (against the contact
        // normal)
        double[] n = {end.normal().x(), end.normal().y(), end.normal().z()};
        Collide4j buggy = pandaShifted(new double[] {-1e-8 * n[0], -1e-8 * n[1], -1e-8 * n[2]});
        double[] times = {0, 1};
        CertificationResult r = new io.collide4j.checker.certificate.TrajectoryCertifier(buggy.checker())
                .certify(
                        path,
                        times,
                        buggy.margin(),
                        1e-9,
                        1_000_000,
                        buggy.checker().newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict(), "the perturbed certifier sees 5e-9 m above the margin");
        String json = r.certificateJson();
        // the recompute verifier shares the certifier's (perturbed) forward kinematics: it accepts
        CertificateVerifier.Report shared = new CertificateVerifier(buggy.model(), buggy.scene()).verify(json);
        assertTrue(shared.valid(), shared.problems().toString());
        // the independent verifier reads the URDF itself: the grazing steps are rejected, named
        VerificationReport ind = independent(json, "grazing");
        assertFalse(ind.valid(), "the independent verifier must reject the grazing steps");
        String contact = end.pair().first();
        assertTrue(
                ind.problems().stream()
                        .anyMatch(p -> p.contains("step")
                                && p.contains(contact)
                                && p.contains(end.pair().second())),
                ind.problems().toString());
        // while the unperturbed certifier's certificate of a motion just above the margin verifies
        double[][] clear = grazing(truth, 5e-9);
        CertificationResult ok = new io.collide4j.checker.certificate.TrajectoryCertifier(truth.checker())
                .certify(
                        clear,
                        times,
                        truth.margin(),
                        1e-9,
                        1_000_000,
                        truth.checker().newContext());
        assertEquals(Verdict.CERTIFIED_FREE, ok.verdict());
        VerificationReport okReport = independent(ok.certificateJson(), "grazing, clear");
        assertTrue(okReport.valid(), okReport.problems().toString());
    }

    /**
     * False claims in a valid certificate of the motion just above the margin are rejected, naming the step and pair:
     * a plane moved 1e-9 m into piece A, a first step's end extended to the segment's end (its plane claims more than
     * the 5e-9 m above the margin the end has), the last waypoint moved to where the clearance is 1e-6 m below the
     * margin.
     */
    @Test
    @SuppressWarnings("unchecked")
    void falseClaimsAreRejectedWithTheStepAndPairNamed() throws Exception {
        Collide4j truth = pandaShifted(null);
        double[][] path = grazing(truth, 5e-9);
        CertificationResult ok = new io.collide4j.checker.certificate.TrajectoryCertifier(truth.checker())
                .certify(
                        path,
                        new double[] {0, 1},
                        truth.margin(),
                        1e-9,
                        1_000_000,
                        truth.checker().newContext());
        assertEquals(Verdict.CERTIFIED_FREE, ok.verdict());
        String json = ok.certificateJson();
        assertTrue(independent(json, "untouched").valid());
        com.fasterxml.jackson.databind.ObjectMapper om = new com.fasterxml.jackson.databind.ObjectMapper();
        Contact end = truth.checker().minimumDistance(path[1], truth.checker().newContext());
        String first = end.pair().first(), second = end.pair().second();

        // 1. the grazing pair's last step: plane moved so that c - gA lies 1e-9 m inside piece A at the step's start
        java.util.Map<String, Object> m = om.readValue(json, java.util.Map.class);
        java.util.Map<String, Object> pair = grazingPair(m, first, second);
        List<Object> ends = (List<Object>) pair.get("ends");
        List<Object> planes = (List<Object>) pair.get("planes");
        int k = ends.size() - 1;
        double s0 = k == 0 ? 0 : ((Number) ends.get(k - 1)).doubleValue();
        List<Number> pl = (List<Number>) planes.get(k);
        double[] n = {
            pl.get(0).doubleValue(), pl.get(1).doubleValue(), pl.get(2).doubleValue()
        };
        double nn = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        double hA = supportOfPiece(truth, first, lerp(path[0], path[1], s0), n);
        ((List<Object>) planes.get(k)).set(3, hA + pl.get(4).doubleValue() - 1e-9 * nn);
        assertRejectedAt(om.writeValueAsString(m), first, second, "step " + k);

        // 2. the first step of the grazing pair extended over the whole segment (the later steps dropped)
        m = om.readValue(json, java.util.Map.class);
        pair = grazingPair(m, first, second);
        ends = (List<Object>) pair.get("ends");
        planes = (List<Object>) pair.get("planes");
        List<Object> lb = (List<Object>) pair.get("lb");
        assertTrue(ends.size() > 1, "the grazing pair needs several steps");
        List<Number> p0 = (List<Number>) planes.get(0);
        double claimed = (p0.get(4).doubleValue() + p0.get(5).doubleValue())
                / Math.sqrt(Math.pow(p0.get(0).doubleValue(), 2)
                        + Math.pow(p0.get(1).doubleValue(), 2)
                        + Math.pow(p0.get(2).doubleValue(), 2));
        assertTrue(claimed > truth.margin() + 1e-8, "step 0 claims more separation than the end of the motion has");
        ends.subList(1, ends.size()).clear();
        ends.set(0, 1.0);
        lb.subList(1, lb.size()).clear();
        planes.subList(1, planes.size()).clear();
        assertRejectedAt(om.writeValueAsString(m), first, second, "step 0");

        // 3. the last waypoint moved on, to 1e-6 m below the margin: the last step's plane cannot hold there
        m = om.readValue(json, java.util.Map.class);
        double[] deeper = grazing(truth, -1e-6)[1];
        List<Object> wps = (List<Object>) m.get("waypoints");
        List<Object> last = new ArrayList<>();
        for (double x : deeper) {
            last.add(x);
        }
        wps.set(1, last);
        pair = grazingPair(m, first, second);
        assertRejectedAt(
                om.writeValueAsString(m), first, second, "step " + (((List<Object>) pair.get("ends")).size() - 1));
    }

    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> grazingPair(
            java.util.Map<String, Object> cert, String first, String second) {
        for (Object o : (List<Object>) ((List<Object>) cert.get("segments")).get(0)) {
            java.util.Map<String, Object> p = (java.util.Map<String, Object>) o;
            List<Object> t = (List<Object>) p.get("pair");
            if (t.get(0).equals(first) && t.get(2).equals(second)) {
                return p;
            }
        }
        throw new AssertionError("pair " + first + " / " + second + " not listed");
    }

    private static void assertRejectedAt(String json, String first, String second, String step) {
        VerificationReport r = independent(json, "tampered");
        assertFalse(r.valid(), "tampered certificate accepted");
        assertTrue(
                r.problems().stream().anyMatch(p -> p.contains(first) && p.contains(second) && p.contains(step)),
                step + " of " + first + " / " + second + " not named in " + r.problems());
    }

    /** max n·x over the robot piece 0 of {@code link} at q (model piece with its margin), for building a false claim. */
    private static double supportOfPiece(Collide4j c, String link, double[] q, double[] n) {
        var model = c.model();
        int body = model.bodyIndex(link);
        int piece = model.pieceStart(body);
        var poses = model.kinematics().forwardKinematics(q, new io.collide4j.kinematics.LinkPoses(model.kinematics()));
        org.joml.Matrix4dc pose = poses.pose(model.bodyLink(body));
        double lx = pose.m00() * n[0] + pose.m01() * n[1] + pose.m02() * n[2];
        double ly = pose.m10() * n[0] + pose.m11() * n[1] + pose.m12() * n[2];
        double lz = pose.m20() * n[0] + pose.m21() * n[1] + pose.m22() * n[2];
        org.joml.Vector3d sp = model.pieceShape(piece).support(lx, ly, lz, new org.joml.Vector3d());
        org.joml.Vector3d w = pose.transformPosition(sp, new org.joml.Vector3d());
        return n[0] * w.x + n[1] * w.y + n[2] * w.z;
    }
}
