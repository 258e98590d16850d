package io.collide4j.checker.batch;

import static org.jocl.CL.*;

import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * The OpenCL CCD engine: the kernel {@code tight_inclusion.cl}, a statement-by-statement port of
 * {@link TightInclusion} in double precision, one query per work item. Queries are sent in chunks sized to the
 * device memory (so any input size streams through); each work item owns a breadth-first queue of
 * {@link #capacity()} boxes per buffer. A query whose queue would overflow (or whose input the Java solver would
 * reject) comes back flagged undecided and is solved by the caller on the CPU, so every answer equals the Java one.
 *
 * <p>Not thread-safe: {@link BatchChecker} serialises calls.
 */
final class OpenClCcdEngine implements AutoCloseable {

    static final String SOURCE = "tight_inclusion.cl";
    static final int FLAG_EARLY = 1;
    static final int FLAG_UNDECIDED = 2;
    private static final int BOX_DOUBLES = 6;

    private final OpenClDevice device;
    private final cl_program program;
    private final cl_kernel kernel;
    private final int capacity;
    private final int chunk;
    private final long local;

    private cl_mem coordsBuf, kindsBuf, queueBuf, toiBuf, tolBuf, checksBuf, flagsBuf;

    /** Builds the kernel on a double-precision device; refuses fp32-only devices with the reason. */
    OpenClCcdEngine(OpenClDevice device, int capacity, int maxChunk) {
        if (!device.info().doublePrecision()) {
            throw new UnsupportedOperationException("OpenCL device " + device.info()
                    + " has no double precision (cl_khr_fp64); the CCD kernel needs fp64 to reproduce the Java"
                    + " verdicts bit for bit, so the CPU engine is used instead");
        }
        if (capacity < 16) {
            throw new IllegalArgumentException("OpenCL queue capacity must be >= 16 boxes, got " + capacity);
        }
        this.device = device;
        this.capacity = capacity;
        long perItem = 3L * capacity * BOX_DOUBLES * Sizeof.cl_double;
        long budget = Math.min(device.info().maxAllocationBytes(), device.info().globalMemoryBytes() / 4);
        this.chunk = (int) Math.max(1, Math.min(maxChunk, budget / perItem));
        this.program = device.build(SOURCE, KernelSources.load(SOURCE), "");
        this.kernel = clCreateKernel(program, "tight_inclusion_batch", null);
        this.local = device.workGroup(kernel, OpenClRobotEngine.TIER_WORK_GROUP);
    }

    int capacity() {
        return capacity;
    }

    /** Queries per kernel launch. */
    int chunk() {
        return chunk;
    }

    /**
     * Solves n queries into the output arrays; returns the indices (ascending, in {@code undecided[0 .. return)})
     * of queries the device could not decide.
     */
    int solve(
            TightInclusion ti,
            double[] coords,
            int[] kinds,
            int n,
            double margin,
            boolean[] hit,
            double[] toi,
            double[] tolerance,
            long[] checks,
            boolean[] early,
            int[] undecided) {
        ensureBuffers(Math.min(n, chunk));
        int nUndecided = 0;
        double[] toiChunk = new double[Math.min(n, chunk)];
        double[] tolChunk = new double[toiChunk.length];
        long[] checksChunk = new long[toiChunk.length];
        int[] flagsChunk = new int[toiChunk.length];
        var queue = device.queue();
        for (int first = 0; first < n; first += chunk) {
            int count = Math.min(chunk, n - first);
            clEnqueueWriteBuffer(
                    queue,
                    coordsBuf,
                    CL_TRUE,
                    0,
                    (long) count * CcdQuery.SIZE * Sizeof.cl_double,
                    Pointer.to(coords).withByteOffset((long) first * CcdQuery.SIZE * Sizeof.cl_double),
                    0,
                    null,
                    null);
            clEnqueueWriteBuffer(
                    queue,
                    kindsBuf,
                    CL_TRUE,
                    0,
                    (long) count * Sizeof.cl_int,
                    Pointer.to(kinds).withByteOffset((long) first * Sizeof.cl_int),
                    0,
                    null,
                    null);
            int a = 0;
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(coordsBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(kindsBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[] {0}));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[] {count}));
            clSetKernelArg(kernel, a++, Sizeof.cl_double, Pointer.to(new double[] {margin}));
            clSetKernelArg(kernel, a++, Sizeof.cl_double, Pointer.to(new double[] {ti.tMax()}));
            clSetKernelArg(kernel, a++, Sizeof.cl_double, Pointer.to(new double[] {ti.delta()}));
            clSetKernelArg(kernel, a++, Sizeof.cl_long, Pointer.to(new long[] {ti.maxChecks()}));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[] {ti.noZeroToi() ? 1 : 0}));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[] {TightInclusion.NO_ZERO_TOI_RETRIES}));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[] {capacity}));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(queueBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(toiBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(tolBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(checksBuf));
            clSetKernelArg(kernel, a, Sizeof.cl_mem, Pointer.to(flagsBuf));
            clEnqueueNDRangeKernel(
                    queue,
                    kernel,
                    1,
                    null,
                    new long[] {OpenClDevice.cover(count, local)},
                    new long[] {local},
                    0,
                    null,
                    null);
            clEnqueueReadBuffer(
                    queue, toiBuf, CL_TRUE, 0, (long) count * Sizeof.cl_double, Pointer.to(toiChunk), 0, null, null);
            clEnqueueReadBuffer(
                    queue, tolBuf, CL_TRUE, 0, (long) count * Sizeof.cl_double, Pointer.to(tolChunk), 0, null, null);
            clEnqueueReadBuffer(
                    queue,
                    checksBuf,
                    CL_TRUE,
                    0,
                    (long) count * Sizeof.cl_long,
                    Pointer.to(checksChunk),
                    0,
                    null,
                    null);
            clEnqueueReadBuffer(
                    queue, flagsBuf, CL_TRUE, 0, (long) count * Sizeof.cl_int, Pointer.to(flagsChunk), 0, null, null);
            for (int k = 0; k < count; k++) {
                int i = first + k;
                if ((flagsChunk[k] & FLAG_UNDECIDED) != 0) {
                    undecided[nUndecided++] = i;
                    continue;
                }
                toi[i] = toiChunk[k];
                hit[i] = toiChunk[k] != Double.POSITIVE_INFINITY;
                tolerance[i] = tolChunk[k];
                checks[i] = checksChunk[k];
                early[i] = (flagsChunk[k] & FLAG_EARLY) != 0;
            }
        }
        return nUndecided;
    }

    private int allocated;

    private void ensureBuffers(int items) {
        if (items <= allocated) {
            return;
        }
        releaseBuffers();
        var ctx = device.context();
        coordsBuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (long) items * CcdQuery.SIZE * Sizeof.cl_double, null, null);
        kindsBuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (long) items * Sizeof.cl_int, null, null);
        queueBuf = clCreateBuffer(
                ctx, CL_MEM_READ_WRITE, (long) items * 3 * capacity * BOX_DOUBLES * Sizeof.cl_double, null, null);
        toiBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) items * Sizeof.cl_double, null, null);
        tolBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) items * Sizeof.cl_double, null, null);
        checksBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) items * Sizeof.cl_long, null, null);
        flagsBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) items * Sizeof.cl_int, null, null);
        allocated = items;
    }

    private void releaseBuffers() {
        for (cl_mem m : new cl_mem[] {coordsBuf, kindsBuf, queueBuf, toiBuf, tolBuf, checksBuf, flagsBuf}) {
            if (m != null) {
                clReleaseMemObject(m);
            }
        }
        allocated = 0;
    }

    @Override
    public void close() {
        releaseBuffers();
        clReleaseKernel(kernel);
        clReleaseProgram(program);
    }
}
