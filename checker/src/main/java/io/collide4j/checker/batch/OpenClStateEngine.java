package io.collide4j.checker.batch;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import static org.jocl.CL.*;

/**
 * The OpenCL state engine: the robot's kinematic tables, covering spheres, obstacle boxes and pair list are
 * uploaded once; per batch only the joint cosines/sines go up and one byte per configuration comes down. The
 * kernel ({@code states.cl}) is the sphere tier of {@link BatchRobot}, bit-identical to the Java one; every
 * configuration it cannot clear is decided by the CPU exact check. Not thread-safe (BatchChecker serialises).
 */
final class OpenClStateEngine implements AutoCloseable {

    private final OpenClDevice device;
    private final BatchRobot robot;
    private final cl_program program;
    private final cl_kernel kernel;
    private final cl_mem[] tables;
    private final int chunk;
    private cl_mem trigBuf, verdictBuf, unsureBuf;
    private int allocated;

    OpenClStateEngine(OpenClDevice device, BatchRobot robot, int maxChunk) {
        this.device = device;
        this.robot = robot;
        long perConfig = (long) robot.trigLength() * Sizeof.cl_double + 5;
        long budget = Math.min(device.info().maxAllocationBytes(), device.info().globalMemoryBytes() / 4);
        this.chunk = (int) Math.max(1, Math.min(maxChunk, budget / perConfig));
        this.program = device.build("states.cl", KernelSources.load("states.cl"),
                "-D NL=" + robot.linkParent.length + " -D TIER_MARGIN=" + BatchRobot.TIER_MARGIN
                        + " -D FW_ITERATIONS=" + BatchRobot.FW_ITERATIONS);
        this.kernel = clCreateKernel(program, "states_tier", null);
        var ctx = device.context();
        tables = new cl_mem[]{
                ints(ctx, robot.linkParent), ints(ctx, robot.linkJoint), ints(ctx, robot.linkSlot),
                doubles(ctx, robot.linkOrigin), doubles(ctx, robot.linkAxis),
                doubles(ctx, robot.sphere), ints(ctx, robot.sphereLink), ints(ctx, robot.pieceSphereStart),
                doubles(ctx, robot.obb), ints(ctx, robot.pairA), ints(ctx, robot.pairB), ints(ctx, robot.pieceLink),
                ints(ctx, robot.pieceVertexStart), doubles(ctx, robot.pieceVertex), doubles(ctx, robot.obstacleCorner)};
    }

    private static cl_mem ints(org.jocl.cl_context ctx, int[] a) {
        int[] data = a.length == 0 ? new int[1] : a;
        return clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) data.length * Sizeof.cl_int,
                Pointer.to(data), null);
    }

    private static cl_mem doubles(org.jocl.cl_context ctx, double[] a) {
        double[] data = a.length == 0 ? new double[1] : a;
        return clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) data.length * Sizeof.cl_double,
                Pointer.to(data), null);
    }

    int chunk() {
        return chunk;
    }

    /**
     * Runs the tier on n configurations (chunk by chunk, so any n streams through); cleared ones get FREE/-1 in
     * verdict/pair, the others are listed in unknown[0 .. return) for the CPU exact check.
     */
    int tier(CpuStateEngine cpu, double[] q, int n, byte[] verdict, int[] pair, int[] unknown) {
        int tl = robot.trigLength();
        int c0 = Math.min(n, chunk);
        ensureBuffers(c0);
        double[] trig = new double[c0 * tl];
        byte[] v = new byte[c0];
        int nUnknown = 0;
        var queue = device.queue();
        for (int first = 0; first < n; first += chunk) {
            int count = Math.min(chunk, n - first);
            cpu.trig(q, first, count, trig);
            clEnqueueWriteBuffer(queue, trigBuf, CL_TRUE, 0, (long) count * tl * Sizeof.cl_double, Pointer.to(trig),
                    0, null, null);
            int a = 0;
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(trigBuf));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[]{tl}));
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[]{count}));
            for (cl_mem t : tables) {
                clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(t));
            }
            clSetKernelArg(kernel, a++, Sizeof.cl_int, Pointer.to(new int[]{robot.pairCount()}));
            clSetKernelArg(kernel, a++, Sizeof.cl_mem, Pointer.to(verdictBuf));
            clSetKernelArg(kernel, a, Sizeof.cl_mem, Pointer.to(unsureBuf));
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[]{count}, null, 0, null, null);
            clEnqueueReadBuffer(queue, verdictBuf, CL_TRUE, 0, count, Pointer.to(v), 0, null, null);
            for (int k = 0; k < count; k++) {
                int i = first + k;
                if (v[k] == 0) {
                    verdict[i] = StateBatchResult.FREE;
                    pair[i] = -1;
                } else {
                    unknown[nUnknown++] = i;
                }
            }
        }
        return nUnknown;
    }

    private void ensureBuffers(int items) {
        if (items <= allocated) {
            return;
        }
        releaseBuffers();
        var ctx = device.context();
        trigBuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (long) items * Math.max(1, robot.trigLength()) * Sizeof.cl_double,
                null, null);
        verdictBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, items, null, null);
        unsureBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) items * Sizeof.cl_int, null, null);
        allocated = items;
    }

    private void releaseBuffers() {
        for (cl_mem m : new cl_mem[]{trigBuf, verdictBuf, unsureBuf}) {
            if (m != null) {
                clReleaseMemObject(m);
            }
        }
        allocated = 0;
    }

    @Override
    public void close() {
        releaseBuffers();
        for (cl_mem t : tables) {
            clReleaseMemObject(t);
        }
        clReleaseKernel(kernel);
        clReleaseProgram(program);
    }
}
