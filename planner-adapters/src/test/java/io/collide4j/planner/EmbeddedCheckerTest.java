package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.planner.embed.CertifyReport;
import io.collide4j.planner.embed.EmbeddedChecker;
import io.collide4j.planner.embed.EmbeddedException;
import io.collide4j.planner.embed.MotionReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The façade other languages call ({@link EmbeddedChecker}: flat arrays in, primitives and records out, failures
 * with a kind) against the closed-form clearance of {@link PlanarArm}.
 */
class EmbeddedCheckerTest {
    static final PlanarArm WORLD = new PlanarArm(new double[][] {{1.2, 0.9, 0.4, 0.3}, {-0.6, -1.2, 0.5, 0.2}});
    static final double D = 0.05;

    @TempDir
    static Path dir;

    static Path urdf;
    static EmbeddedChecker checker;

    @BeforeAll
    static void open() throws IOException {
        urdf = PlanarArm.writeUrdf(dir);
        StringBuilder scene = new StringBuilder("{\"format\":\"collide4j-scene/1\",\"name\":\"boxes\",\"objects\":[");
        for (int i = 0; i < WORLD.boxes.length; i++) {
            double[] b = WORLD.boxes[i];
            scene.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"box")
                    .append(i)
                    .append("\",\"type\":\"box\",\"size\":[")
                    .append(b[2])
                    .append(',')
                    .append(b[3])
                    .append(",0.5],\"pose\":{\"xyz\":[")
                    .append(b[0])
                    .append(',')
                    .append(b[1])
                    .append(",0],\"quaternion\":[0,0,0,1]}}");
        }
        Path sceneFile =
                Files.writeString(dir.resolve("boxes.json"), scene.append("]}").toString());
        checker = EmbeddedChecker.open(
                new String[] {"--urdf", urdf.toString(), "--scene", sceneFile.toString(), "--margin", String.valueOf(D)
                });
    }

    @AfterAll
    static void close() {
        checker.close();
    }

    @Test
    void modelFactsAreTheUrdfs() {
        assertArrayEquals(new String[] {"j1", "j2"}, checker.jointNames());
        assertArrayEquals(new double[] {-3.1, -3.1}, checker.lowerLimits());
        assertArrayEquals(new double[] {3.1, 3.1}, checker.upperLimits());
        assertEquals(D, checker.margin());
        assertTrue(checker.warnings().length > 0 && checker.warnings()[0].contains("no SRDF"));
    }

    @Test
    void statesFollowTheClosedFormClearanceOneByOneAndFlat() {
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 800, valid = 0;
        double[] flat = new double[2 * n];
        boolean[] single = new boolean[n];
        for (int i = 0; i < n; i++) {
            double a = -3.1 + 6.2 * rnd.nextDouble(), b = -3.1 + 6.2 * rnd.nextDouble();
            flat[2 * i] = a;
            flat[2 * i + 1] = b;
            single[i] = checker.isValid(new double[] {a, b});
            double exact = WORLD.clearance(a, b);
            if (Math.abs(exact - D) > 1e-3) { // away from the boundary the certified answer is the exact one
                assertEquals(exact > D, single[i], "q = " + a + ", " + b + ", clearance " + exact);
            }
            double lb = checker.clearance(new double[] {a, b});
            assertTrue(lb <= exact + 1e-9 && lb >= exact - 1e-3, lb + " vs exact " + exact);
            valid += single[i] ? 1 : 0;
        }
        assertTrue(valid > 40 && valid < n - 40, valid + " valid of " + n);
        assertArrayEquals(single, checker.areValid(flat));
        assertArrayEquals(
                new boolean[] {false, false, true}, checker.areValid(new double[] {Double.NaN, 0, 3.2, 0, 0, 0}));
    }

    @Test
    void motionsFollowTheClosedFormClearance() {
        // j1 sweeps from -0.5 to 1.2 with j2 at 0: the tip sphere (x = 1.8 cos q1) runs into the first box
        double[] q0 = {-0.5, 0}, q1 = {1.2, 0};
        assertFalse(checker.isMotionFree(q0, q1));
        MotionReport r = checker.checkMotion(q0, q1);
        assertEquals(MotionStatus.COLLISION, r.status());
        double[] before = WORLD.sampled(q0, q1, r.time(), 400);
        for (double c : before) {
            assertTrue(c > D - 1e-3, "certified clear before the contact, exact clearance " + c);
        }
        double[] at = r.configuration();
        assertTrue(Math.abs(WORLD.clearance(at[0], at[1]) - D) < 2e-3, "contact at the margin");
        assertTrue(r.pair().contains("env:box0"), r.pair());
        double[] away = {-0.5, 0.4};
        assertTrue(checker.isMotionFree(q0, away));
        MotionReport free = checker.checkMotion(q0, away);
        assertEquals(MotionStatus.FREE, free.status());
        assertNull(free.pair());
        assertArrayEquals(away, free.configuration());
    }

    @Test
    void certifyReportsTheFirstViolationAndItsCertificate() {
        CertifyReport r = checker.certify(
                new double[] {0, 1, 2}, new double[] {-0.5, 0, -0.2, 0, 1.2, 0}, null, null, D, 1_000_000);
        assertEquals(Verdict.VIOLATION, r.verdict());
        assertEquals(1, r.violation().segment());
        assertTrue(r.certificate().contains("\"verdict\":\"VIOLATION\""));
        CertifyReport free =
                checker.certify(new double[] {0, 1}, new double[] {-0.5, 0, -0.5, 0.4}, null, null, D, 1_000_000);
        assertEquals(Verdict.CERTIFIED_FREE, free.verdict());
        assertNull(free.violation());
    }

    @Test
    void failuresCarryTheirKindAndSayWhat() {
        EmbeddedException e =
                assertThrows(EmbeddedException.class, () -> EmbeddedChecker.open(new String[] {"--robott", "x"}));
        assertEquals(EmbeddedException.Kind.USAGE, e.kind());
        e = assertThrows(
                EmbeddedException.class,
                () -> EmbeddedChecker.open(
                        new String[] {"--urdf", dir.resolve("no.urdf").toString()}));
        assertEquals(EmbeddedException.Kind.NO_INPUT, e.kind());
        assertTrue(e.getMessage().contains("no.urdf"), e.getMessage());
        e = assertThrows(EmbeddedException.class, () -> checker.isValid(new double[] {0, 0, 0}));
        assertEquals(EmbeddedException.Kind.DATA, e.kind());
        e = assertThrows(
                EmbeddedException.class, () -> checker.checkMotion(new double[] {0, 0}, new double[] {0, 3.5}));
        assertEquals(EmbeddedException.Kind.DATA, e.kind());
        assertTrue(e.getMessage().contains("q1[1]") && e.getMessage().contains("j2"), e.getMessage());
        e = assertThrows(EmbeddedException.class, () -> checker.areValid(new double[] {0, 0, 0}));
        assertEquals(EmbeddedException.Kind.DATA, e.kind());
        e = assertThrows(
                EmbeddedException.class,
                () -> checker.certify(new double[] {0, 1}, new double[] {0, 0, 0, 0}, null, null, -1, 10));
        assertEquals(EmbeddedException.Kind.USAGE, e.kind());
        e = assertThrows(
                EmbeddedException.class,
                () -> checker.verify(dir.resolve("none.json").toString()));
        assertEquals(EmbeddedException.Kind.NO_INPUT, e.kind());
    }

    /**
     * A binding's None arrives as null: each such argument is refused as a usage error naming it (before, a
     * NullPointerException inside came out as an INTERNAL error, a bug report for a caller's mistake).
     */
    @Test
    void aNullArgumentIsAUsageErrorNamingIt() {
        double[] q = {0, 0};
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("robotSceneOptions", () -> EmbeddedChecker.open(null));
        calls.put("q", () -> checker.isValid(null));
        calls.put("flat", () -> checker.areValid(null));
        calls.put("out", () -> checker.areValid(q, null));
        calls.put("q ", () -> checker.clearance(null));
        calls.put("q0", () -> checker.isMotionFree(null, q));
        calls.put("q1", () -> checker.checkMotion(q, null));
        calls.put("times", () -> checker.certify(null, new double[] {0, 0, 0, 0}, null, null, D, 10));
        calls.put("positions", () -> checker.certify(new double[] {0, 1}, null, null, null, D, 10));
        calls.put("file", () -> checker.verify(null));
        calls.forEach((argument, call) -> {
            EmbeddedException e = assertThrows(EmbeddedException.class, call, argument);
            assertEquals(EmbeddedException.Kind.USAGE, e.kind(), argument + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith(argument.strip() + " is null"), e.getMessage());
        });
    }
}
