package io.collide4j.checker.batch;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class OpenClDeviceTest {

    @Test
    void findAgreesWithListing() {
        var all = OpenClDevice.listDevices();
        Optional<OpenClDevice> found = OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST);
        assertEquals(!all.isEmpty(), found.isPresent(), "find() and listDevices() disagree: " + OpenClDevice.lastProbeFailure());
        found.ifPresent(d -> {
            try (d) {
                assertTrue(all.contains(d.info()));
                // GPU-first: a CPU device may only be chosen when the machine has no GPU.
                assertTrue(d.info().gpu() || all.stream().noneMatch(OpenClDevice.Info::gpu));
            }
        });
    }

    @Test
    void buildFailureCarriesCompilerLog() {
        Optional<OpenClDevice> found = OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST);
        assumeTrue(found.isPresent(), "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure()
                + "); install pocl-opencl-icd to run OpenCL tests");
        try (OpenClDevice d = found.get()) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> d.build("broken", "__kernel void k(__global int* a) { a[0] = undefined_name; }", ""));
            assertTrue(e.getMessage().contains("broken"));
            assertFalse(e.getMessage().endsWith(":"), "compiler log missing: " + e.getMessage());
        }
    }
}
