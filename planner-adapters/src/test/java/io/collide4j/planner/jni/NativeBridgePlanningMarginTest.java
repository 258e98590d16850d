package io.collide4j.planner.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.plan.BandProbe;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OMPL plug-in's {@code --planning-margin} option on the planted band (the planner package's PlanningMarginTest):
 * a 0.1 m cube on prismatic joints x, y under a box whose lower face is y = 0.05 + 5e-5, so at (0, 0) the exact
 * clearance is 5e-5 m, half the 1e-4 m tolerance; margin 0. The edge from (0, −0.3) straight up into (0, 0) is what
 * a plug-in at the margin accepts and {@code certify} refuses.
 */
class NativeBridgePlanningMarginTest {
    static final double[] UNDER = {0, 0};
    static final double[] BELOW = {0, -0.3};
    static final double[] ASIDE = {-0.5, -0.3};

    @TempDir
    static Path dir;

    static String[] options;

    @BeforeAll
    static void files() throws IOException {
        Path urdf = BandProbe.writeUrdf(dir);
        Path scene = BandProbe.writeScene(dir);
        options = new String[] {"--urdf", urdf.toString(), "--scene", scene.toString(), "--margin", "0"};
    }

    private static String[] with(String... more) {
        String[] out = java.util.Arrays.copyOf(options, options.length + more.length);
        System.arraycopy(more, 0, out, options.length, more.length);
        return out;
    }

    @Test
    void atTheMarginABandStateIsValidAndTheCertificateRefusesItsEdge() {
        NativeBridge.Handle h = NativeBridge.open(options);
        assertTrue(NativeBridge.isValid(h, UNDER), "clearance 5e-5 > margin 0");
        assertNotEquals(
                "CERTIFIED_FREE", NativeBridge.certifyPath(h, new double[] {BELOW[0], BELOW[1], UNDER[0], UNDER[1]}));
    }

    @Test
    void withThePlanningMarginTheBandIsRefusedAndFreeEdgesStillCertify() {
        NativeBridge.Handle h = NativeBridge.open(with(NativeBridge.PLANNING_MARGIN));
        assertEquals(0.0, NativeBridge.margin(h), "the certificate's margin is unchanged");
        assertFalse(NativeBridge.isValid(h, UNDER));
        assertFalse(NativeBridge.isMotionFree(h, BELOW, UNDER));
        assertTrue(NativeBridge.isValid(h, BELOW));
        assertTrue(NativeBridge.isMotionFree(h, ASIDE, BELOW));
        assertEquals(
                "CERTIFIED_FREE", NativeBridge.certifyPath(h, new double[] {ASIDE[0], ASIDE[1], BELOW[0], BELOW[1]}));
        // the last valid state of the blocked edge: clear of the planning band, and the edge up to it certifies
        double[] out = new double[3];
        assertFalse(NativeBridge.checkMotion(h, BELOW, UNDER, out));
        assertTrue(out[0] > 0.9 && out[0] < 1, "most of the 0.3 m is free: " + out[0]);
        assertTrue(NativeBridge.isValid(h, new double[] {out[1], out[2]}));
        assertEquals("CERTIFIED_FREE", NativeBridge.certifyPath(h, new double[] {BELOW[0], BELOW[1], out[1], out[2]}));
    }
}
