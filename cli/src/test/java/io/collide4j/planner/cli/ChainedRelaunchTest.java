package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A plain {@code java} start of the command restarts under signal chaining exactly when OpenCL may be loaded. */
class ChainedRelaunchTest {

    @Test
    void onlyCommandsThatMayLoadOpenClRestart() {
        assertTrue(ChainedRelaunch.mayUseOpenCl("bench", null), "bench defaults to AUTO");
        assertTrue(ChainedRelaunch.mayUseOpenCl("serve", "opencl"));
        assertTrue(ChainedRelaunch.mayUseOpenCl("plan", "auto"));
        assertFalse(ChainedRelaunch.mayUseOpenCl("bench", "CPU"));
        assertFalse(ChainedRelaunch.mayUseOpenCl("certify", null), "certify never builds a batch engine by default");
        assertFalse(ChainedRelaunch.mayUseOpenCl("serve", null), "the server's engine is the CPU unless named");
    }
}
