package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.BatchRobot;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.MotionBatchResult;
import io.collide4j.checker.batch.OpenClDevice;
import io.collide4j.checker.batch.StateBatchResult;
import io.collide4j.checker.batch.StateVerdict;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MbmData;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Overflow and NaN (issue 13): absurd joint values, travels, limits, times and link scales never give a "free"
 * answer that an independent evaluation does not prove, and inputs that cannot be bounded are refused with a
 * message naming the joint.
 *
 * <p>The synthetic robot "spin" has two joints about the same z axis at the origin (continuous, or revolute with
 * limits ±1e308); its base carries a sphere (radius 0.1 L) at (L, 0, 0), link l2 a sphere at (0, L, 0), and the
 * scene a sphere obstacle at (−L, 0, 0). So l2's sphere centre is on the circle of radius L at the angle
 * φ = q1 + q2 + π/2, and the exact clearance is closed-form: 2L|sin(φ/2)| − 0.2L to the base (self pair) and
 * 2L|cos(φ/2)| − 0.2L to the obstacle. Along a straight motion φ sweeps an arc; the oracle reduces each start
 * angle modulo 2π through sin and cos (which Java evaluates with exact argument reduction for every double), and
 * on an arc the minimum of |sin| (|cos|) is 0 where the arc holds a zero, else at an end. The Panda part re-expresses
 * motions with angles reduced the same way and checks them with ordinary inputs.
 */
class ExtremeInputTest {
    /** Random cases per scale and joint type; the full run ({@code -Pslow}) has FULL_CASES. */
    static final int CASES = 150, FULL_CASES = 1500;

    static final double[] SCALES = {1e-3, 1, 1e4};
    /** Slack of the closed-form oracle (m per metre of scale): its own rounding, far below any tolerance. */
    static final double ORACLE_SLACK = 1e-9;

    static String spinUrdf(double l, boolean continuous) {
        String type = continuous ? "continuous" : "revolute";
        String limit = continuous ? "" : "<limit lower=\"-1e308\" upper=\"1e308\" effort=\"1\" velocity=\"1\"/>";
        return """
                <robot name="spin">
                  <link name="base"><collision><origin xyz="%1$s 0 0"/><geometry><sphere radius="%2$s"/></geometry></collision></link>
                  <link name="l1"/>
                  <link name="l2"><collision><origin xyz="0 %1$s 0"/><geometry><sphere radius="%2$s"/></geometry></collision></link>
                  <joint name="j1" type="%3$s"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>%4$s</joint>
                  <joint name="j2" type="%3$s"><parent link="l1"/><child link="l2"/><axis xyz="0 0 1"/>%4$s</joint>
                </robot>
                """.formatted(l, 0.1 * l, type, limit);
    }

    record Spin(double l, CollisionChecker checker, BatchRobot batch) {
        static Spin of(double l, boolean continuous) {
            RobotDescription d = UrdfParser.create()
                    .parse(
                            new ByteArrayInputStream(spinUrdf(l, continuous).getBytes(StandardCharsets.UTF_8)),
                            URI.create("file:///spin.urdf"));
            // l1 carries no geometry, so MoveIt's adjacency rule would allow base–l2: keep that pair checked
            RobotCollisionModel m = RobotCollisionModel.builder(d, KinematicModel.of(d))
                    .allowAdjacentLinks(false)
                    .build();
            Scene scene = Scene.of(
                    List.of(new Obstacle("ball", new ObstacleShape.Sphere(0.1 * l), new Pose(-l, 0, 0, 0, 0, 0, 1))));
            PreparedScene ps = PreparedScene.of(scene);
            return new Spin(
                    l, CollisionChecker.of(m, ps), BatchRobot.builder(m, ps).build());
        }

        /** Exact clearance at q (closed form, see the class comment). */
        double clearance(double[] q) {
            double phi = reduce(q[0]) + reduce(q[1]) + Math.PI / 2;
            return Math.min(2 * l * Math.abs(Math.sin(phi / 2)), 2 * l * Math.abs(Math.cos(phi / 2))) - 0.2 * l;
        }

        /** Exact minimum clearance along the straight motion q0 → q1. */
        double clearance(double[] q0, double[] q1) {
            double a = reduce(q0[0]) + reduce(q0[1]) + Math.PI / 2;
            double b = a + (q1[0] - q0[0]) + (q1[1] - q0[1]);
            if (!Double.isFinite(b)) {
                return Double.NEGATIVE_INFINITY; // the arc covers the whole circle
            }
            double lo = Math.min(a, b), hi = Math.max(a, b);
            // self pair: zeros of sin(φ/2) at 2πk; obstacle: zeros of cos(φ/2) at π + 2πk
            double self = holds(lo, hi, 0) ? 0 : Math.min(Math.abs(Math.sin(a / 2)), Math.abs(Math.sin(b / 2)));
            double env = holds(lo, hi, Math.PI) ? 0 : Math.min(Math.abs(Math.cos(a / 2)), Math.abs(Math.cos(b / 2)));
            return 2 * l * Math.min(self, env) - 0.2 * l;
        }

        /** The arc [lo, hi] holds some angle offset + 2πk (with a little slack, towards "holds"). */
        private static boolean holds(double lo, double hi, double offset) {
            double k = Math.ceil((lo - offset - 1e-9) / (2 * Math.PI));
            return offset + 2 * Math.PI * k <= hi + 1e-9;
        }

        /** A proven-free verdict must be one the oracle proves: exact clearance above the margin. */
        void assertProvenFree(double exact, double d, String what) {
            assertTrue(
                    exact > d - ORACLE_SLACK * l,
                    what + ": reported free, but the exact clearance is " + exact + " (margin " + d + ")");
        }
    }

    /** The angle x modulo 2π, in (−π, π], from sin and cos evaluated with exact argument reduction. */
    static double reduce(double x) {
        return Math.atan2(Math.sin(x), Math.cos(x));
    }

    /** A joint value of any magnitude: ordinary angles, powers of ten up to 1e308, values near Double.MAX_VALUE. */
    static double extreme(Random r) {
        double sign = r.nextBoolean() ? 1 : -1;
        return switch (r.nextInt(5)) {
            case 0 -> (2 * r.nextDouble() - 1) * Math.PI;
            case 1 -> sign * Math.pow(10, 308 * r.nextDouble());
            case 2 -> sign * Double.MAX_VALUE * r.nextDouble();
            case 3 -> sign * 20 * r.nextDouble();
            default -> 0;
        };
    }

    /** A motion end from q0: far away, a few radians, up to about 1.5 × the travel cap, or whole turns. */
    static double end(Random r, double q0) {
        return switch (r.nextInt(5)) {
            case 0 -> extreme(r);
            case 1 -> q0 + 6 * (r.nextDouble() - 0.5);
            case 2 -> q0 + 1.5 * KinematicModel.MAX_SEGMENT_TURN * (2 * r.nextDouble() - 1);
            case 3 -> q0 + 2 * Math.PI * (r.nextInt(7) - 3);
            default -> q0;
        };
    }

    /** Whether a motion exceeds the documented caps: joint travel, or joint values at its ends. */
    static boolean overCap(double[] q0, double[] q1) {
        for (int j = 0; j < q0.length; j++) {
            if (!(Math.abs(q1[j] - q0[j]) <= KinematicModel.MAX_SEGMENT_TURN)
                    || !(Math.abs(q0[j]) <= KinematicModel.MAX_SEGMENT_ANGLE)
                    || !(Math.abs(q1[j]) <= KinematicModel.MAX_SEGMENT_ANGLE)) {
                return true;
            }
        }
        return false;
    }

    static void assertNamesJoint(RuntimeException e, String what) {
        String m = String.valueOf(e.getMessage());
        assertTrue(m.contains("j1") || m.contains("j2"), what + ": refusal does not name the joint: " + m);
    }

    @Test
    void issueReproducerIsNeverFree() {
        // issue 13: [0, 0] → [1e154, 0] was FREE, the batch motion to 1e300 FREE with a NaN clearance
        for (boolean continuous : new boolean[] {true, false}) {
            Spin spin = Spin.of(1, continuous);
            QueryContext c = spin.checker().newContext();
            for (double far : new double[] {1e6, 1e150, 1e154, 1e300}) {
                double[] q0 = {0, 0}, q1 = {far, 0};
                RuntimeException e = assertThrows(
                        IllegalArgumentException.class,
                        () -> spin.checker().checkMotion(q0, q1, 0, c),
                        "checkMotion to " + far);
                assertNamesJoint(e, "checkMotion to " + far);
                assertTrue(e.getMessage().contains("j1"), e.getMessage());
                try (BatchChecker bc = BatchChecker.builder()
                        .engine(EngineChoice.CPU)
                        .robot(spin.batch())
                        .build()) {
                    RuntimeException be = assertThrows(
                            IllegalArgumentException.class,
                            () -> bc.checkMotions(new double[][] {q0}, new double[][] {q1}, 0),
                            "batch to " + far);
                    assertTrue(be.getMessage().contains("j1"), be.getMessage());
                }
                TrajectoryCertifier tc = new TrajectoryCertifier(spin.checker());
                RuntimeException ce = assertThrows(
                        IllegalArgumentException.class,
                        () -> tc.certify(new double[][] {q0, q1}, new double[] {0, 1}, 0, 1_000_000, c),
                        "certify to " + far);
                assertTrue(ce.getMessage().contains("j1"), ce.getMessage());
            }
            // the same sweep split into segments within the cap is checked, and found colliding
            MotionResult m = spin.checker()
                    .checkMotion(new double[] {0, 0}, new double[] {KinematicModel.MAX_SEGMENT_TURN, 0}, 0, c);
            assertEquals(MotionStatus.COLLISION, m.status());
        }
    }

    @Test
    void nonFiniteValuesAreRefusedNamingTheJoint() {
        Spin spin = Spin.of(1, true);
        QueryContext c = spin.checker().newContext();
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            double[] q = {0.5, bad};
            RuntimeException e = assertThrows(
                    IllegalArgumentException.class, () -> spin.checker().isFree(q, 0, c));
            assertTrue(e.getMessage().contains("j2"), e.getMessage());
            e = assertThrows(
                    IllegalArgumentException.class, () -> spin.checker().checkMotion(new double[] {0, 0}, q, 0, c));
            assertTrue(e.getMessage().contains("j2"), e.getMessage());
            try (BatchChecker bc = BatchChecker.builder()
                    .engine(EngineChoice.CPU)
                    .robot(spin.batch())
                    .build()) {
                e = assertThrows(IllegalArgumentException.class, () -> bc.checkStates(new double[][] {q}, 0));
                assertTrue(e.getMessage().contains("j2"), e.getMessage());
                e = assertThrows(
                        IllegalArgumentException.class,
                        () -> bc.checkMotions(new double[][] {{0, 0}}, new double[][] {q}, 0));
                assertTrue(e.getMessage().contains("j2"), e.getMessage());
            }
        }
        TrajectoryCertifier tc = new TrajectoryCertifier(spin.checker());
        double[][] w = {{0, 0}, {0.1, 0.1}, {0.2, 0.2}};
        // velocities that overflow once scaled by a huge segment duration, and a huge velocity
        RuntimeException e = assertThrows(
                IllegalArgumentException.class,
                () -> tc.certify(
                        w,
                        new double[][] {{0, 0}, {0, 1e300}, {0, 0}},
                        null,
                        new double[] {0, 1, 2},
                        0,
                        1e-4,
                        1_000_000,
                        c));
        assertTrue(e.getMessage().contains("j2"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> tc.certify(
                        w,
                        new double[][] {{0, 0}, {0, 1e10}, {0, 0}},
                        null,
                        new double[] {-1e308, 0, 1e308},
                        0,
                        1e-4,
                        1_000_000,
                        c));
        assertTrue(e.getMessage().contains("j2"), e.getMessage());
    }

    @Test
    void randomExtremeInputsAreNeverFreeWithoutProof() {
        randomExtremeInputs(CASES);
    }

    @Test
    @Tag("slow")
    void randomExtremeInputsAreNeverFreeWithoutProofInFull() {
        randomExtremeInputs(FULL_CASES);
    }

    private void randomExtremeInputs(int cases) {
        Random r = new Random(13);
        int free = 0, refused = 0, colliding = 0, statesFree = 0;
        for (double l : SCALES) {
            for (boolean continuous : new boolean[] {true, false}) {
                Spin spin = Spin.of(l, continuous);
                QueryContext c = spin.checker().newContext();
                TrajectoryCertifier tc = new TrajectoryCertifier(spin.checker());
                double tol = 1e-4 * l;
                List<double[]> a = new ArrayList<>(), b = new ArrayList<>(), states = new ArrayList<>();
                for (int i = 0; i < cases; i++) {
                    double d = r.nextBoolean() ? 0 : 0.01 * l;
                    double[] q0 = {extreme(r), extreme(r)};
                    double[] q1 = {end(r, q0[0]), end(r, q0[1])};
                    String what = "L=" + l + (continuous ? " continuous " : " revolute ±1e308 ") + "q0="
                            + java.util.Arrays.toString(q0) + " q1=" + java.util.Arrays.toString(q1) + " d=" + d;
                    // states: always answered (finite values are representable), free only when exactly free
                    states.add(q0);
                    if (spin.checker().isFree(q0, d, c)) {
                        statesFree++;
                        spin.assertProvenFree(spin.clearance(q0), d, what + " isFree(q0)");
                    }
                    boolean overCap = overCap(q0, q1);
                    MotionResult m;
                    try {
                        m = spin.checker().checkMotion(q0, q1, d, tol, CollisionChecker.DEFAULT_BUDGET, c);
                    } catch (IllegalArgumentException e) {
                        assertTrue(overCap, what + ": refused within the travel cap: " + e.getMessage());
                        assertNamesJoint(e, what);
                        refused++;
                        RuntimeException ce = assertThrows(
                                IllegalArgumentException.class,
                                () -> tc.certify(new double[][] {q0, q1}, new double[] {0, 1}, d, tol, 1_000_000, c));
                        assertNamesJoint(ce, what + " certify");
                        continue;
                    }
                    assertTrue(!overCap, what + ": a motion over the travel cap was answered " + m.status());
                    double exact = spin.clearance(q0, q1);
                    if (m.isFree()) {
                        free++;
                        spin.assertProvenFree(exact, d, what + " checkMotion");
                        // (+∞ when no pair comes within reach; never NaN)
                        assertTrue(
                                m.clearanceLowerBound() > d,
                                what + ": clearance lower bound " + m.clearanceLowerBound());
                    } else if (m.status() == MotionStatus.COLLISION) {
                        colliding++;
                    }
                    if (d == 0) {
                        a.add(q0);
                        b.add(q1);
                    }
                    // certify the same motion as a two-waypoint trajectory; its certificate must be writable JSON
                    CertificationResult cr =
                            tc.certify(new double[][] {q0, q1}, new double[] {0, 1}, d, tol, 1_000_000, c);
                    assertTrue(cr.certificateJson().startsWith("{"), what);
                    if (cr.verdict() == Verdict.CERTIFIED_FREE) {
                        spin.assertProvenFree(exact, d, what + " certify");
                    }
                }
                batch(spin, states, a, b);
            }
        }
        System.out.printf(
                "extreme inputs: %d motions free (all proven by the oracle), %d colliding, %d refused over"
                        + " the travel cap; %d states free%n",
                free, colliding, refused, statesFree);
        assertTrue(free > 0 && refused > 0 && colliding > 0, "the cases should reach every outcome");
    }

    /** Batch states and motions (margin 0) on the CPU engine, and on OpenCL when a platform exists. */
    private static void batch(Spin spin, List<double[]> states, List<double[]> a, List<double[]> b) {
        double[][] qs = states.toArray(new double[0][]);
        double[][] q0s = a.toArray(new double[0][]), q1s = b.toArray(new double[0][]);
        List<EngineChoice> engines = new ArrayList<>(List.of(EngineChoice.CPU));
        if (!OpenClDevice.listDevices().isEmpty()) {
            engines.add(EngineChoice.OPENCL);
        }
        for (EngineChoice e : engines) {
            try (BatchChecker bc =
                    BatchChecker.builder().engine(e).robot(spin.batch()).build()) {
                StateBatchResult sr = bc.checkStates(qs, 0);
                for (int i = 0; i < qs.length; i++) {
                    if (sr.verdict()[i] == StateVerdict.FREE) {
                        spin.assertProvenFree(
                                spin.clearance(qs[i]),
                                0,
                                e + " L=" + spin.l() + " batch state " + java.util.Arrays.toString(qs[i]));
                    }
                }
                MotionBatchResult mr = bc.checkMotions(q0s, q1s, 0);
                for (int i = 0; i < q0s.length; i++) {
                    String what = e + " L=" + spin.l() + " batch " + i + " q0=" + java.util.Arrays.toString(q0s[i])
                            + " q1=" + java.util.Arrays.toString(q1s[i]);
                    if (mr.status()[i] == MotionStatus.FREE) {
                        spin.assertProvenFree(spin.clearance(q0s[i], q1s[i]), 0, what + " motion");
                        assertTrue(mr.clearance()[i] > 0, what + ": clearance " + mr.clearance()[i]);
                    }
                }
            }
        }
    }

    /**
     * The bundled Panda with every limit widened to ±1e308 in a bookshelf scene: huge travels are refused naming the
     * joint; within the cap, a motion (or state) at huge joint values is free only when the same motion re-expressed
     * with every angle reduced modulo 2π is free too.
     */
    @Test
    void pandaWithUnboundedLimits(@TempDir Path tmp) throws IOException {
        pandaWithUnboundedLimits(tmp, CASES);
    }

    @Test
    @Tag("slow")
    void pandaWithUnboundedLimitsInFull(@TempDir Path tmp) throws IOException {
        pandaWithUnboundedLimits(tmp, FULL_CASES);
    }

    private void pandaWithUnboundedLimits(Path tmp, int cases) throws IOException {
        Path dir = MbmData.testData().resolve("vamp/resources/panda");
        String text = Files.readString(dir.resolve("panda.urdf"))
                .replaceAll("lower=\"[^\"]*\"", "lower=\"-1e308\"")
                .replaceAll("upper=\"[^\"]*\"", "upper=\"1e308\"");
        Path urdf = Files.writeString(tmp.resolve("panda-unbounded.urdf"), text);
        RobotDescription d = UrdfParser.create()
                .withVisualMeshes(false)
                .withPackageRoots(List.of(dir))
                .parse(urdf);
        KinematicModel k = KinematicModel.of(d);
        for (int j = 0; j < k.variableCount(); j++) {
            assertEquals(1e308, k.upperLimit(j), "limit of " + k.variableName(j));
        }
        String sceneText = MbmData.pandaProblems().get("problems/bookshelf_small_panda/scene0001.yaml");
        MoveItSceneLoader.PlanningScene ps = MoveItSceneLoader.parse("scene0001.yaml", sceneText);
        RobotCollisionModel.Builder mb = RobotCollisionModel.builder(d, k);
        ps.allowedCollisions().forEach(p -> mb.allow(p.first(), p.second()));
        CollisionChecker checker = CollisionChecker.of(mb.build(), ps.scene());
        QueryContext c = checker.newContext();
        int n = k.variableCount();
        Random r = new Random(1313);
        int free = 0, refused = 0;
        for (int i = 0; i < Math.max(20, cases / 5); i++) {
            double[] q0 = new double[n], q1 = new double[n], r0 = new double[n], r1 = new double[n];
            for (int j = 0; j < n; j++) {
                q0[j] = j == i % n ? extreme(r) : (2 * r.nextDouble() - 1) * 2;
                q1[j] = j == i % n ? end(r, q0[j]) : q0[j] + 0.3 * (r.nextDouble() - 0.5);
                r0[j] = reduce(q0[j]);
                r1[j] = r0[j] + (q1[j] - q0[j]);
            }
            boolean overCap = overCap(q0, q1);
            if (checker.isFree(q0, 0, c)) {
                assertTrue(
                        checker.isFree(r0, 0, c),
                        "Panda state free at huge values but not when reduced: " + java.util.Arrays.toString(q0));
            }
            MotionResult m;
            try {
                m = checker.checkMotion(q0, q1, 0, c);
            } catch (IllegalArgumentException e) {
                assertTrue(overCap, "refused within the cap: " + e.getMessage());
                assertTrue(e.getMessage().contains("panda_joint" + (i % n + 1)), e.getMessage());
                refused++;
                continue;
            }
            assertTrue(!overCap, "answered over the cap: " + m.status());
            if (m.isFree()) {
                free++;
                assertEquals(
                        MotionStatus.FREE,
                        checker.checkMotion(r0, r1, 0, c).status(),
                        "Panda motion free at huge values but not when reduced: " + java.util.Arrays.toString(q0)
                                + " → " + java.util.Arrays.toString(q1));
            }
        }
        assertTrue(refused > 0, "some Panda motion should exceed the cap");
        assertDoesNotThrow(() -> Files.delete(urdf));
        assertDoesNotThrow(() -> Files.delete(tmp));
        System.out.printf("Panda ±1e308: %d motions free (each also free reduced mod 2π), %d refused%n", free, refused);
        if (free == 0) {
            fail("no Panda motion came back free: the comparison is vacuous");
        }
    }
}
