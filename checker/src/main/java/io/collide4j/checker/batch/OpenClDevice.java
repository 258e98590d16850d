package io.collide4j.checker.batch;

import static org.jocl.CL.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_queue_properties;

/**
 * One OpenCL device with its context and in-order command queue, chosen GPU-first.
 *
 * <p>Guarantees: {@link #find} never throws when OpenCL is absent (native library missing, no ICD,
 * no platform) — it returns empty with the reason in {@link #lastProbeFailure()}. No OpenCL runtime is loaded
 * unless {@link SignalChaining#openClAllowed()}: runtimes that compile with LLVM would otherwise replace the JVM's
 * signal handlers and can crash the process. An instance is
 * not thread-safe: OpenCL queues are serialised by the owner (the batch engine holds a lock).
 */
public final class OpenClDevice implements AutoCloseable {

    /** What kind of device to prefer. */
    public enum Preference {
        GPU_FIRST,
        CPU_ONLY,
        GPU_ONLY
    }

    /** Descriptive facts about a device, immutable. */
    public record Info(
            String platform,
            String name,
            boolean gpu,
            boolean doublePrecision,
            int computeUnits,
            long globalMemoryBytes,
            long maxAllocationBytes,
            long maxWorkGroupSize) {
        @Override
        public String toString() {
            return name + " (" + platform + ", " + (gpu ? "GPU" : "CPU") + ", " + computeUnits + " CUs, "
                    + (doublePrecision ? "fp64" : "fp32 only") + ", " + (globalMemoryBytes >> 20) + " MiB)";
        }
    }

    private static volatile String lastProbeFailure = "";

    private final Info info;
    private final cl_device_id device;
    private final cl_context context;
    private final cl_command_queue queue;

    private OpenClDevice(Info info, cl_device_id device) {
        this.info = info;
        this.device = device;
        cl_context_properties props = new cl_context_properties();
        this.context = clCreateContext(props, 1, new cl_device_id[] {device}, null, null, null);
        this.queue = clCreateCommandQueueWithProperties(context, device, new cl_queue_properties(), null);
    }

    /** The best device for the preference, or empty (with {@link #lastProbeFailure()} saying why). */
    public static Optional<OpenClDevice> find(Preference preference) {
        if (refusedWithoutChaining()) {
            return Optional.empty();
        }
        try {
            CL.setExceptionsEnabled(true);
            List<Candidate> candidates = listCandidates();
            candidates.removeIf(c -> preference == Preference.CPU_ONLY && c.info.gpu()
                    || preference == Preference.GPU_ONLY && !c.info.gpu());
            if (candidates.isEmpty()) {
                lastProbeFailure = "no OpenCL device matching " + preference;
                return Optional.empty();
            }
            // GPU before CPU, then double precision, then compute units: deterministic for a given machine.
            candidates.sort(Comparator.comparing((Candidate c) -> !c.info.gpu())
                    .thenComparing(c -> !c.info.doublePrecision())
                    .thenComparing(c -> -c.info.computeUnits()));
            Candidate best = candidates.get(0);
            return Optional.of(new OpenClDevice(best.info, best.id));
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            lastProbeFailure = "OpenCL native library not loadable: " + e.getMessage()
                    + " (install an ICD, e.g. Debian packages pocl-opencl-icd ocl-icd-opencl-dev)";
        } catch (CLException e) {
            lastProbeFailure = "OpenCL platform query failed: " + e.getMessage()
                    + " (no ICD registered? install pocl-opencl-icd or a GPU driver)";
        }
        return Optional.empty();
    }

    /** True (with the reason recorded) when no OpenCL runtime may be loaded in this JVM. */
    private static boolean refusedWithoutChaining() {
        if (SignalChaining.openClAllowed()) {
            return false;
        }
        lastProbeFailure = SignalChaining.requirement();
        return true;
    }

    /** Why the last {@link #find} returned empty; empty string when it succeeded or was never called. */
    public static String lastProbeFailure() {
        return lastProbeFailure;
    }

    /** Every device on every platform, for diagnostics ("collide4j bench" prints this). */
    public static List<Info> listDevices() {
        if (refusedWithoutChaining()) {
            return List.of();
        }
        try {
            CL.setExceptionsEnabled(true);
            return listCandidates().stream().map(c -> c.info).toList();
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | CLException e) {
            lastProbeFailure = "OpenCL unavailable: " + e.getMessage();
            return List.of();
        }
    }

    private record Candidate(Info info, cl_device_id id) {}

    private static List<Candidate> listCandidates() {
        int[] count = new int[1];
        try {
            clGetPlatformIDs(0, null, count);
        } catch (CLException e) {
            if (e.getStatus() == CL_PLATFORM_NOT_FOUND_KHR) {
                return new ArrayList<>();
            }
            throw e;
        }
        cl_platform_id[] platforms = new cl_platform_id[count[0]];
        clGetPlatformIDs(platforms.length, platforms, null);
        List<Candidate> out = new ArrayList<>();
        for (cl_platform_id platform : platforms) {
            int[] n = new int[1];
            try {
                clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
            } catch (CLException e) {
                continue; // a platform with no devices is not an error worth failing over
            }
            cl_device_id[] devices = new cl_device_id[n[0]];
            clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, devices.length, devices, null);
            String platformName = platformString(platform, CL_PLATFORM_NAME);
            for (cl_device_id d : devices) {
                long type = deviceLong(d, CL_DEVICE_TYPE);
                String extensions = deviceString(d, CL_DEVICE_EXTENSIONS);
                boolean fp64 = extensions.contains("cl_khr_fp64") || deviceLong(d, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
                out.add(new Candidate(
                        new Info(
                                platformName,
                                deviceString(d, CL_DEVICE_NAME).trim(),
                                (type & CL_DEVICE_TYPE_GPU) != 0,
                                fp64,
                                (int) deviceInt(d, CL_DEVICE_MAX_COMPUTE_UNITS),
                                deviceLong(d, CL_DEVICE_GLOBAL_MEM_SIZE),
                                deviceLong(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE),
                                deviceSize(d, CL_DEVICE_MAX_WORK_GROUP_SIZE)),
                        d));
            }
        }
        return out;
    }

    /** Compiles an OpenCL C program; a build failure raises an exception carrying the compiler log. */
    public cl_program build(String name, String source, String options) {
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {source}, null, null);
        try {
            clBuildProgram(program, 1, new cl_device_id[] {device}, options, null, null);
        } catch (CLException e) {
            long[] size = new long[1];
            clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, null, size);
            byte[] log = new byte[(int) size[0]];
            clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log.length, Pointer.to(log), null);
            clReleaseProgram(program);
            throw new IllegalStateException(
                    "OpenCL program '" + name + "' failed to build on " + info.name() + ":\n" + new String(log).trim(),
                    e);
        }
        return program;
    }

    /**
     * The work-group size to launch {@code kernel} with: the largest power of two no larger than {@code preferred}
     * and the kernel's own limit on this device. Launching with an explicit size (global size rounded up to a
     * multiple, kernels ignore the excess items) matters on POCL: left to the runtime, every new global size may
     * pick a new work-group size, and each costs a fresh work-group function compile (measured 0.2–0.6 s each).
     */
    public long workGroup(cl_kernel kernel, long preferred) {
        long[] limit = new long[1];
        clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(limit), null);
        long cap = Math.max(1, Math.min(preferred, limit[0]));
        return Long.highestOneBit(cap);
    }

    /** The smallest multiple of {@code local} that covers {@code items}: the global size of a launch. */
    public static long cover(long items, long local) {
        return (items + local - 1) / local * local;
    }

    public Info info() {
        return info;
    }

    public cl_context context() {
        return context;
    }

    public cl_command_queue queue() {
        return queue;
    }

    public cl_device_id id() {
        return device;
    }

    @Override
    public void close() {
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    private static String platformString(cl_platform_id p, int param) {
        long[] size = new long[1];
        clGetPlatformInfo(p, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(p, param, b.length, Pointer.to(b), null);
        return new String(b, 0, Math.max(0, b.length - 1));
    }

    private static String deviceString(cl_device_id d, int param) {
        long[] size = new long[1];
        clGetDeviceInfo(d, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(d, param, b.length, Pointer.to(b), null);
        return new String(b, 0, Math.max(0, b.length - 1));
    }

    private static long deviceLong(cl_device_id d, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(d, param, Sizeof.cl_long, Pointer.to(v), null);
        return v[0];
    }

    private static long deviceInt(cl_device_id d, int param) {
        int[] v = new int[1];
        clGetDeviceInfo(d, param, Sizeof.cl_int, Pointer.to(v), null);
        return v[0];
    }

    private static long deviceSize(cl_device_id d, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(d, param, Sizeof.size_t, Pointer.to(v), null);
        return v[0];
    }
}
