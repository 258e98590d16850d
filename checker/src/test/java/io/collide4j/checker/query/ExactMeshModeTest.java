package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.checker.scene.SceneBuilder;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link MeshMode#EXACT} on the Panda against one watertight concave mesh (a bowl built around the hand's sweep):
 * hull mode sees a solid box, exact mode the cavity. Independent oracle: {@link ExactMeshOracle} (exact robot link
 * triangles against the bowl's triangles, its own ray-parity containment), sampled densely (≤ 1 mm of certified
 * travel of any robot point between samples).
 */
class ExactMeshModeTest {
    static final double[] READY = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
    static final double[] SWEEP_END = {0.35, -0.785, 0, -2.356, 0, 1.571, 1.085};
    static final double STEP = 0.001;
    /** Motions per margin: random, and grazing ones of each kind; the full run ({@code -Pslow}) has FULL_SCALE times as many. */
    static final int RANDOM = 100, GRAZE = 50, FULL_SCALE = 4;

    static final RobotCollisionModel MODEL = TestRobots.panda();
    static final RobotDescription DESC = TestRobots.pandaDescription();
    /** Bowl parameters {x0, y0, z0, x1, y1, rim, wall}: cavity around the hand's sweep READY → SWEEP_END. */
    static final double[] BOWL = bowlAround(READY, SWEEP_END);

    static final TriangleMesh BOWL_MESH =
            ConcaveMeshes.bowl(BOWL[0], BOWL[1], BOWL[2], BOWL[3], BOWL[4], BOWL[5], BOWL[6]);
    static final Scene SCENE = new SceneBuilder()
            .add(new Obstacle("bowl", new ObstacleShape.Mesh(BOWL_MESH), Pose.IDENTITY))
            .build();

    /**
     * Cavity: 3 cm around the xy extent of every collision vertex of link7, hand and fingers below rim + 5 cm over the
     * sweep; rim 8 cm above the lowest vertex of the hand and fingers; floor 3 cm below it; walls 5 cm.
     */
    static double[] bowlAround(double[] q0, double[] q1) {
        MeshBvh[] trees = MeshOracle.trees(MODEL, DESC);
        KinematicModel k = MODEL.kinematics();
        LinkPoses poses = new LinkPoses(k);
        double zMin = Double.POSITIVE_INFINITY;
        double[] q = new double[7];
        double[] t9 = new double[9];
        Vector3d p = new Vector3d();
        int samples = 400;
        int firstWrist = MODEL.bodyIndex("panda_link7"), hand = MODEL.bodyIndex("panda_hand");
        for (int pass = 0; pass < 2; pass++) {
            double rim = zMin + 0.08;
            double[] xy = {
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY
            };
            for (int i = 0; i <= samples; i++) {
                for (int j = 0; j < 7; j++) {
                    q[j] = q0[j] + (q1[j] - q0[j]) * i / samples;
                }
                k.forwardKinematics(q, poses);
                for (int b = firstWrist; b < MODEL.bodyCount(); b++) {
                    for (int t = 0; t < trees[b].triangleCount(); t++) {
                        trees[b].triangle(t, t9, 0);
                        for (int c = 0; c < 9; c += 3) {
                            poses.transformPoint(MODEL.bodyLink(b), t9[c], t9[c + 1], t9[c + 2], p);
                            if (b >= hand) {
                                zMin = Math.min(zMin, p.z);
                            }
                            if (pass == 1 && p.z <= rim + 0.05) {
                                xy[0] = Math.min(xy[0], p.x);
                                xy[1] = Math.min(xy[1], p.y);
                                xy[2] = Math.max(xy[2], p.x);
                                xy[3] = Math.max(xy[3], p.y);
                            }
                        }
                    }
                }
            }
            if (pass == 1) {
                return new double[] {xy[0] - 0.03, xy[1] - 0.03, zMin - 0.03, xy[2] + 0.03, xy[3] + 0.03, rim, 0.05};
            }
        }
        throw new AssertionError();
    }

    /**
     * Whether the oracle finds the robot within d of the obstacle at some sample. Samples are at most STEP of certified
     * travel (any robot point, {@link RobotSegment#worldBound}) apart, or farther when the exact distance lower bound L
     * at a sample allows it: no point moves more than L − d before the next one, so nothing comes within d between.
     */
    static boolean oracleHits(ExactMeshOracle oracle, RobotSegment seg, double[] q0, double[] q1, double d) {
        return firstSampleWithin(oracle, seg, q0, q1, d, new double[1]) >= 0;
    }

    /**
     * The sampling walk of {@link #oracleHits}: the parameter of the first sample within d, or −1 when none is;
     * previous[0] is the sample before it (0 when it is the first).
     */
    static double firstSampleWithin(
            ExactMeshOracle oracle, RobotSegment seg, double[] q0, double[] q1, double d, double[] previous) {
        seg.set(q0, q1);
        double[] q = new double[q0.length];
        double s = 0, ds = 1;
        previous[0] = 0;
        while (true) {
            oracle.set(interpolate(q0, q1, s, q));
            double lb = oracle.environmentBound(d, d + 0.02);
            if (oracle.lastWithin) {
                return s;
            }
            if (s >= 1) {
                return -1;
            }
            double allowed = Math.max(STEP, lb - d);
            double s1 = Math.min(1, s + 2 * ds); // try twice the last step first, then halve until certified
            while (travel(seg, s, s1) > allowed) {
                s1 = s + 0.5 * (s1 - s);
            }
            ds = s1 - s;
            previous[0] = s;
            s = s1;
        }
    }

    /** Certified bound on how far any robot point moves over [s0, s1] of the segment. */
    static double travel(RobotSegment seg, double s0, double s1) {
        double t = 0;
        for (int b = 0; b < MODEL.bodyCount(); b++) {
            t = Math.max(
                    t,
                    seg.worldBound(
                            MODEL.bodyLink(b),
                            s0,
                            s1,
                            MODEL.bodySphere(b, 0),
                            MODEL.bodySphere(b, 1),
                            MODEL.bodySphere(b, 2),
                            MODEL.bodySphere(b, 3)));
        }
        return t;
    }

    static double[] interpolate(double[] q0, double[] q1, double s, double[] dest) {
        for (int j = 0; j < q0.length; j++) {
            dest[j] = s == 1 ? q1[j] : q0[j] + s * (q1[j] - q0[j]);
        }
        return dest;
    }

    @Test
    void bowlMeshIsClosedAndContainmentMatchesGeometry() {
        io.collide4j.checker.geometry.mesh.MeshSurface s =
                new io.collide4j.checker.geometry.mesh.MeshSurface(BOWL_MESH);
        assertTrue(s.isClosed());
        assertFalse(new io.collide4j.checker.geometry.mesh.MeshSurface(ConcaveMeshes.box(0, 0, 0, 1, 1, 1, false))
                .isClosed());
        io.collide4j.checker.geometry.mesh.MeshQuery q = new io.collide4j.checker.geometry.mesh.MeshQuery();
        Random r = new Random(3);
        double[] b = BOWL;
        int inside = 0;
        for (int i = 0; i < 20000; i++) {
            double x = b[0] - 0.1 + r.nextDouble() * (b[3] - b[0] + 0.2);
            double y = b[1] - 0.1 + r.nextDouble() * (b[4] - b[1] + 0.2);
            double z = b[2] - 0.1 + r.nextDouble() * (b[5] - b[2] + 0.2);
            boolean expect = ConcaveMeshes.inBowl(x, y, z, b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
            assertEquals(expect, q.insideClosed(s.bvh(), x, y, z), "point " + x + ", " + y + ", " + z);
            inside += expect ? 1 : 0;
        }
        assertTrue(inside > 2000, "sampled points inside the solid: " + inside);
    }

    @Test
    void handSweepInsideTheBowlIsFreeOnlyInExactMode() {
        CollisionChecker hull = CollisionChecker.of(MODEL, SCENE, MeshMode.HULL);
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        QueryContext ch = hull.newContext(), ce = exact.newContext();
        ExactMeshOracle oracle = new ExactMeshOracle(MODEL, DESC, BOWL_MESH, "bowl", true);
        TrajectoryCertifier certifier = new TrajectoryCertifier(exact);
        CertificateVerifier verifier = new CertificateVerifier(MODEL, SCENE);
        RobotSegment seg = new RobotSegment(MODEL.kinematics());
        for (double d : new double[] {0, 0.01}) {
            assertFalse(oracleHits(oracle, seg, READY, SWEEP_END, d), "oracle: sweep clear at d = " + d);
            assertFalse(hull.isFree(READY, d, ch));
            assertTrue(exact.isFree(READY, d, ce), "exact discrete at d = " + d);
            assertEquals(
                    MotionStatus.COLLISION,
                    hull.checkMotion(READY, SWEEP_END, d, ch).status());
            MotionResult r = exact.checkMotion(READY, SWEEP_END, d, ce);
            assertEquals(MotionStatus.FREE, r.status(), "exact motion at d = " + d + ": " + r);
            assertTrue(r.clearanceLowerBound() > d);
        }
        Contact m = exact.minimumDistance(READY, ce);
        assertNotNull(m);
        assertTrue(m.lowerBound() > 0.01 && m.lowerBound() <= m.distance() + 1e-12, "exact min distance " + m);
        assertTrue(hull.minimumDistance(READY, ch).distance() < 0, "hull mode: hand inside the bowl's hull");
    }
    /**
     * Random motions near the bowl and grazing ones (bisected with the oracle to end just before / just after the
     * first exact contact), at d = 0 and 1 cm: no motion reported FREE in either mode that the oracle finds within d
     * at some sample; false positives (COLLISION or INCONCLUSIVE where the oracle finds every sample clear) counted
     * per mode.
     */
    @Test
    void randomAndGrazingMotionsAreNeverFalselyFree() {
        randomAndGrazingMotions(RANDOM, GRAZE);
    }

    @Test
    @Tag("slow")
    void randomAndGrazingMotionsAreNeverFalselyFreeInFull() {
        randomAndGrazingMotions(FULL_SCALE * RANDOM, FULL_SCALE * GRAZE);
    }

    private void randomAndGrazingMotions(int randoms, int grazes) {
        CollisionChecker hull = CollisionChecker.of(MODEL, SCENE, MeshMode.HULL);
        CollisionChecker exact = CollisionChecker.of(MODEL, SCENE, MeshMode.EXACT);
        QueryContext ch = hull.newContext(), ce = exact.newContext();
        ExactMeshOracle oracle = new ExactMeshOracle(MODEL, DESC, BOWL_MESH, "bowl", true);
        TrajectoryCertifier certifier = new TrajectoryCertifier(exact);
        CertificateVerifier verifier = new CertificateVerifier(MODEL, SCENE);
        RobotSegment seg = new RobotSegment(MODEL.kinematics());
        KinematicModel k = MODEL.kinematics();
        StringBuilder report = new StringBuilder();
        int total = 0;
        for (double d : new double[] {0, 0.01}) {
            Random r = new Random(d == 0 ? 11 : 12);
            int random = 0, grazeIn = 0, grazeOut = 0;
            int[] fn = new int[2], fp = new int[2], free = new int[2], oracleFree = {0}, certifiedFree = {0};
            int motions = 0;
            long nanos = 0, hullNanos = 0, oracleStart = System.nanoTime();
            int attempts = 0;
            while ((random < randoms || grazeIn < grazes || grazeOut < grazes)
                    && attempts++ < 50 * (randoms + grazes)) {
                double[] q0 = new double[7], q1 = new double[7];
                for (int j = 0; j < 7; j++) {
                    q0[j] = clamp(k, j, READY[j] + 0.08 * (2 * r.nextDouble() - 1));
                    q1[j] = clamp(k, j, q0[j] + 0.3 * (2 * r.nextDouble() - 1));
                }
                List<double[]> ends = new java.util.ArrayList<>();
                boolean hits = oracleHits(oracle, seg, q0, q1, d);
                if (random < randoms) {
                    ends.add(q1);
                    random++;
                }
                if (hits && (grazeIn < grazes || grazeOut < grazes)) {
                    double[] bracket = firstContact(oracle, seg, q0, q1, d);
                    if (bracket != null) {
                        if (grazeIn < grazes) {
                            ends.add(interpolate(q0, q1, bracket[0], new double[7]));
                            grazeIn++;
                        }
                        if (grazeOut < grazes) {
                            ends.add(interpolate(q0, q1, bracket[1], new double[7]));
                            grazeOut++;
                        }
                    }
                }
                for (double[] end : ends) {
                    boolean truth = end == q1 ? hits : oracleHits(oracle, seg, q0, end, d);
                    motions++;
                    oracleFree[0] += truth ? 0 : 1;
                    // the same motion as a two-waypoint trajectory: certificates (Tight-Inclusion windows included)
                    CertificationResult cert =
                            certifier.certify(new double[][] {q0, end}, new double[] {0, 1}, d, 1_000_000, ce);
                    if (cert.verdict() == Verdict.CERTIFIED_FREE) {
                        certifiedFree[0]++;
                        assertFalse(
                                truth,
                                "certified free but the oracle finds contact: q0 " + java.util.Arrays.toString(q0)
                                        + " -> " + java.util.Arrays.toString(end) + ", d = " + d);
                        CertificateVerifier.Report rep = verifier.verify(cert.certificateJson());
                        assertTrue(rep.valid(), rep.problems().toString());
                    }
                    for (int mode = 0; mode < 2; mode++) {
                        long t0 = System.nanoTime();
                        MotionResult res = (mode == 0 ? hull : exact).checkMotion(q0, end, d, mode == 0 ? ch : ce);
                        if (mode == 1) {
                            nanos += System.nanoTime() - t0;
                        } else {
                            hullNanos += System.nanoTime() - t0;
                        }
                        if (res.isFree()) {
                            free[mode]++;
                            if (truth) {
                                fn[mode]++;
                            }
                        } else if (!truth) {
                            fp[mode]++;
                        }
                    }
                }
            }
            assertEquals(2 * grazes, grazeIn + grazeOut, "enough grazing motions found at d = " + d);
            total += motions;
            report.append(String.format(
                    "d = %.2f: %d motions (%d random, %d grazing-clear, %d grazing-hit), oracle clear %d;"
                            + " HULL free %d, FN %d, FP %d; EXACT free %d, FN %d, FP %d; EXACT certified free %d (all verified);"
                            + " checkMotion HULL %.2f ms, EXACT %.2f ms per motion; oracle %.1f s%n",
                    d,
                    motions,
                    random,
                    grazeIn,
                    grazeOut,
                    oracleFree[0],
                    free[0],
                    fn[0],
                    fp[0],
                    free[1],
                    fn[1],
                    fp[1],
                    certifiedFree[0],
                    hullNanos / 1e6 / motions,
                    nanos / 1e6 / motions,
                    (System.nanoTime() - oracleStart - nanos - hullNanos) / 1e9));
            assertEquals(0, fn[0], "hull-mode false negatives at d = " + d);
            assertEquals(0, fn[1], "exact-mode false negatives at d = " + d);
            assertTrue(fp[1] < fp[0], "exact mode should remove hull false positives at d = " + d + ": " + report);
        }
        System.out.print("[ExactMeshModeTest] bowl " + java.util.Arrays.toString(BOWL) + "\n" + report);
        assertTrue(total >= 4 * (randoms + grazes) * 2 / 4);
    }

    static double clamp(KinematicModel k, int j, double v) {
        return Math.max(k.lowerLimit(j), Math.min(k.upperLimit(j), v));
    }

    /** {s_clear, s_hit}: bracket (width 1e-7) of the first contact within d the sampling finds, or null when none or at s = 0. */
    static double[] firstContact(ExactMeshOracle oracle, RobotSegment seg, double[] q0, double[] q1, double d) {
        double[] previous = new double[1];
        double s = firstSampleWithin(oracle, seg, q0, q1, d, previous);
        if (!(s > 0)) {
            return null;
        }
        double[] q = new double[q0.length];
        double lo = previous[0], hi = s;
        while (hi - lo > 1e-7) {
            double mid = 0.5 * (lo + hi);
            oracle.set(interpolate(q0, q1, mid, q));
            oracle.environmentBound(d, d + 0.02);
            if (oracle.lastWithin) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new double[] {lo, hi};
    }
}
