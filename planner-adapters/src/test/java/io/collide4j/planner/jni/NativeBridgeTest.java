package io.collide4j.planner.jni;

import static org.junit.jupiter.api.Assertions.*;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JNI entry points agree with the façade they wrap, and failures carry the CLI's exit code and message. */
class NativeBridgeTest {
    private static NativeBridge.Handle handle;
    private static Collide4j direct;

    @BeforeAll
    static void open() {
        handle = NativeBridge.open(new String[] {"--robot", "panda", "--scene", "table_shelf", "--margin", "0.01"});
        direct = Collide4j.builder()
                .robot("panda")
                .sceneName("table_shelf")
                .margin(0.01)
                .build();
    }

    @Test
    void describesTheGroup() {
        assertEquals(7, NativeBridge.dimension(handle));
        assertEquals("panda_arm", NativeBridge.groupName(handle));
        assertArrayEquals(
                new String[] {
                    "panda_joint1",
                    "panda_joint2",
                    "panda_joint3",
                    "panda_joint4",
                    "panda_joint5",
                    "panda_joint6",
                    "panda_joint7"
                },
                NativeBridge.variableNames(handle));
        double[] lim = NativeBridge.limits(handle);
        // the bundled Panda URDF's hard limits of joints 1 and 4 (not its soft limits)
        assertEquals(-2.9671, lim[0], 1e-12);
        assertEquals(2.9671, lim[7], 1e-12);
        assertEquals(-3.1416, lim[3], 1e-12);
        assertEquals(0.0873, lim[7 + 3], 1e-12);
        assertEquals(0.01, NativeBridge.margin(handle));
    }

    @Test
    void queriesAgreeWithTheFacade() {
        SplittableRandom r = new SplittableRandom(27);
        double[] lo = direct.lowerLimits(), hi = direct.upperLimits();
        int valid = 0;
        for (int k = 0; k < 300; k++) {
            double[] q = new double[7];
            for (int i = 0; i < 7; i++) {
                q[i] = lo[i] + r.nextDouble() * (hi[i] - lo[i]);
            }
            boolean ok = NativeBridge.isValid(handle, q);
            assertEquals(direct.isValid(q), ok, "state " + k);
            valid += ok ? 1 : 0;
            double c = NativeBridge.clearance(handle, q);
            // certified: a valid state's closest pair is farther than the margin
            assertTrue(!ok || c > 0.01, "valid state " + k + " with clearance " + c);
        }
        assertTrue(valid > 0 && valid < 300, "random states cover both verdicts: " + valid);
    }

    @Test
    void nanAndOutOfLimitStatesAreInvalid() {
        double[] home = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        assertTrue(NativeBridge.isValid(handle, home));
        double[] nan = home.clone();
        nan[2] = Double.NaN;
        assertFalse(NativeBridge.isValid(handle, nan));
        double[] out = home.clone();
        out[3] = 0.5; // joint 4's upper limit is 0.0873
        assertFalse(NativeBridge.isValid(handle, out));
        double[] o = new double[8];
        assertFalse(NativeBridge.checkMotion(handle, home, out, o));
        assertEquals(0, o[0]);
        assertArrayEquals(home, java.util.Arrays.copyOfRange(o, 1, 8));
    }

    @Test
    void lastValidStateOfABlockedMotionIsValidAndOnTheSegment() {
        double[] q0 = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        double[] q1 = {0, 1.4, 0, -0.1, 0, 0, 0.785}; // the arm stretched forward and down, its wrist in the table top
        assertTrue(NativeBridge.isValid(handle, q0));
        assertFalse(NativeBridge.isValid(handle, q1));
        assertFalse(NativeBridge.isMotionFree(handle, q0, q1));
        double[] out = new double[8];
        assertFalse(NativeBridge.checkMotion(handle, q0, q1, out));
        double f = out[0];
        assertTrue(f >= 0 && f < 1, "fraction " + f);
        double[] last = java.util.Arrays.copyOfRange(out, 1, 8);
        for (int i = 0; i < 7; i++) {
            assertEquals(q0[i] + f * (q1[i] - q0[i]), last[i], 1e-12);
        }
        assertTrue(NativeBridge.isValid(handle, last));
        // clear of the tolerance band: motions can start there (the way back is free in both directions)
        assertTrue(
                NativeBridge.clearance(handle, last) > 0.01 + direct.tolerance(),
                "" + NativeBridge.clearance(handle, last));
        assertTrue(NativeBridge.isMotionFree(handle, q0, last));
        assertTrue(NativeBridge.isMotionFree(handle, last, q0));
        // the adapter's own last valid state (the earliest contact's) is valid but in the band: stopped at once
        double[] inBand =
                direct.motionValidator().checkMotionWithLastValid(q0, q1).lastValid();
        assertTrue(direct.isValid(inBand));
        assertFalse(NativeBridge.isMotionFree(handle, inBand, q0));
        double[] near = q0.clone();
        near[0] += 0.01;
        assertTrue(NativeBridge.isMotionFree(handle, q0, near));
        assertTrue(NativeBridge.checkMotion(handle, q0, near, out));
    }

    @Test
    void badOptionsCarryTheCliExitCode() {
        CliException robot =
                assertThrows(CliException.class, () -> NativeBridge.open(new String[] {"--robot", "nosuch"}));
        assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(robot));
        assertTrue(NativeBridge.message(robot).contains("no bundled robot 'nosuch'"), NativeBridge.message(robot));
        CliException margin =
                assertThrows(CliException.class, () -> NativeBridge.open(new String[] {"--margin", "-1"}));
        assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(margin));
        CliException nan = assertThrows(CliException.class, () -> NativeBridge.open(new String[] {"--margin", "NaN"}));
        assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(nan));
        CliException unknown =
                assertThrows(CliException.class, () -> NativeBridge.open(new String[] {"--robto", "panda"}));
        assertEquals(ExitCode.USAGE.status(), NativeBridge.exitCode(unknown));
        CliException missing = assertThrows(
                CliException.class, () -> NativeBridge.open(new String[] {"--scene", "/nonexistent/scene.yaml"}));
        assertEquals(ExitCode.NO_INPUT.status(), NativeBridge.exitCode(missing));
    }

    @Test
    void aBadSceneFileIsBadDataNamingFileAndKey(@TempDir Path dir) throws IOException {
        Path scene = dir.resolve("bad.json");
        Files.writeString(scene, "{\"format\": \"collide4j-scene/1\", \"objets\": []}");
        CliException e =
                assertThrows(CliException.class, () -> NativeBridge.open(new String[] {"--scene", scene.toString()}));
        assertEquals(ExitCode.DATA_ERROR.status(), NativeBridge.exitCode(e));
        assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("objets"), e.getMessage());
    }

    @Test
    void certifiesPathsAndRefusesARaggedOne() {
        double[] home = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        double[] near = home.clone();
        near[0] += 0.05;
        double[] into = {0, 1.4, 0, -0.1, 0, 0, 0.785};
        assertEquals("CERTIFIED_FREE", NativeBridge.certifyPath(handle, concat(home, near, home)));
        assertEquals("VIOLATION", NativeBridge.certifyPath(handle, concat(home, into)));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> NativeBridge.certifyPath(handle, new double[10]));
        assertEquals(ExitCode.DATA_ERROR.status(), NativeBridge.exitCode(e));
        assertTrue(NativeBridge.message(e).contains("multiple of 7"), NativeBridge.message(e));
    }

    private static double[] concat(double[]... qs) {
        return java.util.Arrays.stream(qs)
                .flatMapToDouble(java.util.Arrays::stream)
                .toArray();
    }

    @Test
    void unexpectedExceptionsAreInternalWithTheirClass() {
        IllegalStateException e = new IllegalStateException("two\nlines");
        assertEquals(ExitCode.INTERNAL.status(), NativeBridge.exitCode(e));
        assertEquals("java.lang.IllegalStateException: two lines", NativeBridge.message(e));
    }
}
