package io.collide4j.checker.batch;

import static org.jocl.CL.*;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * The OpenCL robot engine: the robot's kinematic tables, covering spheres, vertices, obstacle boxes, pair list and
 * reach tables are uploaded once; per batch only joint values go up (cos/sin for states, endpoints for motions).
 * The tier kernel ({@code states.cl}) flags each item certified-free (0) or undecided (1); the undecided are then
 * compacted on the device (count per work-group → prefix sum → fill) so that only their ascending indices come
 * down. Not thread-safe (BatchChecker serialises).
 */
final class OpenClRobotEngine implements AutoCloseable {

    static final String SOURCE = "states.cl";
    /** Preferred work-group size of the tier kernels (one configuration or motion per work item). */
    static final long TIER_WORK_GROUP = 64;

    private final OpenClDevice device;
    private final BatchRobot robot;
    private final cl_program program;
    private final cl_kernel states, motions, count, scan, fill;
    private final cl_mem[] tables;
    private final cl_mem[] motionTables;
    private final int chunk;
    private final int wg;
    private final long statesLocal, motionsLocal;
    private cl_mem inBuf, in2Buf, flagBuf, countsBuf, offsetsBuf, listBuf;
    private int allocated;

    OpenClRobotEngine(OpenClDevice device, BatchRobot robot, int maxChunk) {
        if (!device.info().doublePrecision()) {
            throw new UnsupportedOperationException("OpenCL device " + device.info() + " has no double precision");
        }
        this.device = device;
        this.robot = robot;
        // per item: trig or two endpoint vectors, a flag, a list entry
        long perItem = (long) Math.max(robot.trigLength(), 2 * robot.dof()) * Sizeof.cl_double + 1 + Sizeof.cl_int;
        long budget = Math.min(device.info().maxAllocationBytes(), device.info().globalMemoryBytes() / 4);
        int w = 1;
        while (2 * w <= Math.min(256, device.info().maxWorkGroupSize())) {
            w *= 2;
        }
        this.wg = w;
        // a chunk is a whole number of work-groups and at most WG·WG·64 items (the scan's strip loop stays short)
        long c = Math.max(1, Math.min(maxChunk, budget / perItem));
        this.chunk = (int) Math.min(c, (long) wg * wg * 64);
        this.program = device.build(
                SOURCE,
                KernelSources.load(SOURCE),
                "-D NL=" + robot.chain.linkParent.length
                        + " -D NSLOT=" + robot.chain.slotVar.length + " -D DOF=" + robot.dof()
                        + " -D FW_ITERATIONS=" + BatchRobot.FW_ITERATIONS + " -D WG=" + wg);
        states = clCreateKernel(program, "states_tier", null);
        motions = clCreateKernel(program, "motions_tier", null);
        count = clCreateKernel(program, "count_flags", null);
        scan = clCreateKernel(program, "scan_counts", null);
        fill = clCreateKernel(program, "fill_indices", null);
        statesLocal = device.workGroup(states, TIER_WORK_GROUP);
        motionsLocal = device.workGroup(motions, TIER_WORK_GROUP);
        cl_context ctx = device.context();
        tables = new cl_mem[] {
            ints(ctx, robot.chain.linkParent),
            ints(ctx, robot.chain.linkJoint),
            ints(ctx, robot.chain.linkSlot),
            doubles(ctx, robot.chain.linkOrigin),
            doubles(ctx, robot.chain.linkAxis),
            doubles(ctx, robot.sphere),
            ints(ctx, robot.sphereLink),
            ints(ctx, robot.pieceSphereStart),
            doubles(ctx, robot.obstacles.obb),
            doubles(ctx, robot.obstacles.obstacleMargin),
            ints(ctx, robot.pairs.pairA),
            ints(ctx, robot.pairs.pairB),
            doubles(ctx, robot.pairs.pairMargin),
            ints(ctx, robot.pieceLink),
            ints(ctx, robot.pieceVertexStart),
            doubles(ctx, robot.pieceVertex),
            doubles(ctx, robot.obstacles.obstacleCorner)
        };
        int[] rev = new int[robot.chain.slotRevolute.length];
        for (int i = 0; i < rev.length; i++) {
            rev[i] = robot.chain.slotRevolute[i] ? 1 : 0;
        }
        motionTables = new cl_mem[] {
            ints(ctx, robot.chain.slotVar),
            doubles(ctx, robot.chain.slotMul),
            doubles(ctx, robot.chain.slotOff),
            ints(ctx, rev),
            ints(ctx, robot.pairs.pairShared),
            ints(ctx, robot.reach.sphereChainStart),
            ints(ctx, robot.reach.chainVar),
            doubles(ctx, robot.reach.chainWeight)
        };
    }

    private static cl_mem ints(cl_context ctx, int[] a) {
        int[] data = a.length == 0 ? new int[1] : a;
        return clCreateBuffer(
                ctx,
                CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                (long) data.length * Sizeof.cl_int,
                Pointer.to(data),
                null);
    }

    private static cl_mem doubles(cl_context ctx, double[] a) {
        double[] data = a.length == 0 ? new double[1] : a;
        return clCreateBuffer(
                ctx,
                CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                (long) data.length * Sizeof.cl_double,
                Pointer.to(data),
                null);
    }

    /** Items per launch. */
    int chunk() {
        return chunk;
    }

    /** Work-group size of the compaction kernels. */
    int workGroup() {
        return wg;
    }

    /**
     * State tier on n configurations with margin (chunk by chunk, so any n streams through); returns the number
     * of undecided configurations, whose indices (ascending) are in undecided[0 .. return).
     */
    int states(CpuStateEngine cpu, double[] q, int n, double margin, int[] undecided) {
        int tl = robot.trigLength();
        ensureBuffers(Math.min(n, chunk));
        double[] trig = new double[Math.min(n, chunk) * tl];
        double c = BatchRobot.tierClearance(margin);
        int nu = 0;
        for (int first = 0; first < n; first += chunk) {
            int cnt = Math.min(chunk, n - first);
            cpu.trig(q, first, cnt, trig);
            clEnqueueWriteBuffer(
                    device.queue(),
                    inBuf,
                    CL_TRUE,
                    0,
                    (long) cnt * tl * Sizeof.cl_double,
                    Pointer.to(trig),
                    0,
                    null,
                    null);
            int a = 0;
            clSetKernelArg(states, a++, Sizeof.cl_mem, Pointer.to(inBuf));
            clSetKernelArg(states, a++, Sizeof.cl_int, Pointer.to(new int[] {tl}));
            clSetKernelArg(states, a++, Sizeof.cl_int, Pointer.to(new int[] {cnt}));
            clSetKernelArg(states, a++, Sizeof.cl_double, Pointer.to(new double[] {c}));
            a = tableArgs(states, a);
            clSetKernelArg(states, a, Sizeof.cl_mem, Pointer.to(flagBuf));
            clEnqueueNDRangeKernel(
                    device.queue(),
                    states,
                    1,
                    null,
                    new long[] {OpenClDevice.cover(cnt, statesLocal)},
                    new long[] {statesLocal},
                    0,
                    null,
                    null);
            nu += compact(cnt, first, undecided, nu);
        }
        return nu;
    }

    /**
     * Motion tier on motions [first, first + n) of the flat endpoint arrays: certified free when every pair keeps
     * its distance above {@code c} (margins included) for the whole motion; returns the number of undecided
     * motions, whose indices (ascending, absolute) are in undecided[0 .. return).
     */
    int motions(double[] q0, double[] q1, int first, int n, double c, int maxSteps, int[] undecided) {
        int dof = robot.dof();
        ensureBuffers(Math.min(n, chunk));
        int nu = 0;
        for (int f = first; f < first + n; f += chunk) {
            int cnt = Math.min(chunk, first + n - f);
            long off = (long) f * dof * Sizeof.cl_double, bytes = (long) cnt * dof * Sizeof.cl_double;
            clEnqueueWriteBuffer(
                    device.queue(), inBuf, CL_TRUE, 0, bytes, Pointer.to(q0).withByteOffset(off), 0, null, null);
            clEnqueueWriteBuffer(
                    device.queue(), in2Buf, CL_TRUE, 0, bytes, Pointer.to(q1).withByteOffset(off), 0, null, null);
            int a = 0;
            clSetKernelArg(motions, a++, Sizeof.cl_mem, Pointer.to(inBuf));
            clSetKernelArg(motions, a++, Sizeof.cl_mem, Pointer.to(in2Buf));
            clSetKernelArg(motions, a++, Sizeof.cl_int, Pointer.to(new int[] {cnt}));
            clSetKernelArg(motions, a++, Sizeof.cl_double, Pointer.to(new double[] {c}));
            clSetKernelArg(motions, a++, Sizeof.cl_int, Pointer.to(new int[] {maxSteps}));
            a = tableArgs(motions, a);
            for (cl_mem t : motionTables) {
                clSetKernelArg(motions, a++, Sizeof.cl_mem, Pointer.to(t));
            }
            clSetKernelArg(motions, a, Sizeof.cl_mem, Pointer.to(flagBuf));
            clEnqueueNDRangeKernel(
                    device.queue(),
                    motions,
                    1,
                    null,
                    new long[] {OpenClDevice.cover(cnt, motionsLocal)},
                    new long[] {motionsLocal},
                    0,
                    null,
                    null);
            nu += compact(cnt, f, undecided, nu);
        }
        return nu;
    }

    private int tableArgs(cl_kernel k, int a) {
        for (cl_mem t : tables) {
            clSetKernelArg(k, a++, Sizeof.cl_mem, Pointer.to(t));
        }
        clSetKernelArg(k, a++, Sizeof.cl_int, Pointer.to(new int[] {robot.pairCount()}));
        return a;
    }

    /**
     * Device compaction of the flagged items among the cnt in flagBuf: count per work-group, prefix sum, fill;
     * reads back the total and the list (absolute indices first + i) into out[at ..]; returns the count.
     */
    private int compact(int cnt, int first, int[] out, int at) {
        var queue = device.queue();
        int groups = (cnt + wg - 1) / wg;
        long global = (long) groups * wg;
        clSetKernelArg(count, 0, Sizeof.cl_mem, Pointer.to(flagBuf));
        clSetKernelArg(count, 1, Sizeof.cl_int, Pointer.to(new int[] {cnt}));
        clSetKernelArg(count, 2, Sizeof.cl_mem, Pointer.to(countsBuf));
        clEnqueueNDRangeKernel(queue, count, 1, null, new long[] {global}, new long[] {wg}, 0, null, null);
        clSetKernelArg(scan, 0, Sizeof.cl_mem, Pointer.to(countsBuf));
        clSetKernelArg(scan, 1, Sizeof.cl_int, Pointer.to(new int[] {groups}));
        clSetKernelArg(scan, 2, Sizeof.cl_mem, Pointer.to(offsetsBuf));
        clEnqueueNDRangeKernel(queue, scan, 1, null, new long[] {wg}, new long[] {wg}, 0, null, null);
        clSetKernelArg(fill, 0, Sizeof.cl_mem, Pointer.to(flagBuf));
        clSetKernelArg(fill, 1, Sizeof.cl_int, Pointer.to(new int[] {cnt}));
        clSetKernelArg(fill, 2, Sizeof.cl_mem, Pointer.to(offsetsBuf));
        clSetKernelArg(fill, 3, Sizeof.cl_int, Pointer.to(new int[] {first}));
        clSetKernelArg(fill, 4, Sizeof.cl_mem, Pointer.to(listBuf));
        clEnqueueNDRangeKernel(queue, fill, 1, null, new long[] {global}, new long[] {wg}, 0, null, null);
        int[] total = new int[1];
        clEnqueueReadBuffer(
                queue,
                offsetsBuf,
                CL_TRUE,
                (long) groups * Sizeof.cl_int,
                Sizeof.cl_int,
                Pointer.to(total),
                0,
                null,
                null);
        if (total[0] > 0) {
            clEnqueueReadBuffer(
                    queue,
                    listBuf,
                    CL_TRUE,
                    0,
                    (long) total[0] * Sizeof.cl_int,
                    Pointer.to(out).withByteOffset((long) at * Sizeof.cl_int),
                    0,
                    null,
                    null);
        }
        return total[0];
    }

    private void ensureBuffers(int items) {
        if (items <= allocated) {
            return;
        }
        releaseBuffers();
        cl_context ctx = device.context();
        long width = Math.max(1, Math.max(robot.trigLength(), robot.dof()));
        inBuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (long) items * width * Sizeof.cl_double, null, null);
        in2Buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, (long) items * width * Sizeof.cl_double, null, null);
        flagBuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, items, null, null);
        int groups = (items + wg - 1) / wg;
        countsBuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (long) groups * Sizeof.cl_int, null, null);
        offsetsBuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (long) (groups + 1) * Sizeof.cl_int, null, null);
        listBuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (long) items * Sizeof.cl_int, null, null);
        allocated = items;
    }

    private void releaseBuffers() {
        for (cl_mem m : new cl_mem[] {inBuf, in2Buf, flagBuf, countsBuf, offsetsBuf, listBuf}) {
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
        for (cl_mem t : motionTables) {
            clReleaseMemObject(t);
        }
        for (cl_kernel k : new cl_kernel[] {states, motions, count, scan, fill}) {
            clReleaseKernel(k);
        }
        clReleaseProgram(program);
    }
}
