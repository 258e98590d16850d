package io.collide4j.checker.batch;

import static org.jocl.CL.CL_KERNEL_WORK_GROUP_SIZE;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clGetKernelWorkGroupInfo;
import static org.jocl.CL.clReleaseKernel;
import static org.jocl.CL.clReleaseProgram;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

class OpenClDeviceTest {

    @Test
    void findAgreesWithListing() {
        var all = OpenClDevice.listDevices();
        Optional<OpenClDevice> found = OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST);
        assertEquals(
                !all.isEmpty(),
                found.isPresent(),
                "find() and listDevices() disagree: " + OpenClDevice.lastProbeFailure());
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
        assumeTrue(
                found.isPresent(),
                "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure()
                        + "); install pocl-opencl-icd to run OpenCL tests");
        try (OpenClDevice d = found.get()) {
            IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> d.build("broken", "__kernel void k(__global int* a) { a[0] = undefined_name; }", ""));
            assertTrue(e.getMessage().contains("broken"));
            assertFalse(e.getMessage().endsWith(":"), "compiler log missing: " + e.getMessage());
        }
    }

    @Test
    void workGroupIsAPowerOfTwoWithinThePreferenceAndTheKernelLimit() {
        Optional<OpenClDevice> found = OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST);
        assumeTrue(found.isPresent(), "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure() + ")");
        try (OpenClDevice d = found.get()) {
            cl_program program = d.build("wg", "__kernel void k(__global int* a) { a[get_global_id(0)] = 1; }", "");
            cl_kernel k = clCreateKernel(program, "k", null);
            try {
                long[] limit = new long[1];
                clGetKernelWorkGroupInfo(k, d.id(), CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(limit), null);
                for (long preferred : new long[] {1, 3, 64, 100, 1 << 20}) {
                    long wg = d.workGroup(k, preferred);
                    assertEquals(1, Long.bitCount(wg), "power of two: " + wg);
                    assertTrue(wg <= preferred && wg <= limit[0], wg + " for " + preferred + ", limit " + limit[0]);
                    assertTrue(2 * wg > Math.min(preferred, limit[0]), "largest such: " + wg + " for " + preferred);
                }
            } finally {
                clReleaseKernel(k);
                clReleaseProgram(program);
            }
        }
        assertEquals(0, OpenClDevice.cover(0, 64));
        assertEquals(64, OpenClDevice.cover(1, 64));
        assertEquals(64, OpenClDevice.cover(64, 64));
        assertEquals(128, OpenClDevice.cover(65, 64));
    }
}
