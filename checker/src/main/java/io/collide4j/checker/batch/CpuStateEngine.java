package io.collide4j.checker.batch;

/**
 * The CPU state engine: {@link BatchRobot#blockingPair} — that is {@code CollisionChecker.isFree} — on every
 * worker, one scratch per worker.
 */
final class CpuStateEngine {

    private static final int BLOCK = 64;

    private final BatchRobot robot;
    private final WorkerPool pool;
    private final BatchRobot.Scratch[] scratch;

    CpuStateEngine(BatchRobot robot, WorkerPool pool) {
        this.robot = robot;
        this.pool = pool;
        this.scratch = new BatchRobot.Scratch[pool.threads()];
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = robot.newScratch();
        }
    }

    /** Decides configurations q[dof·i ..] for i in items[0 .. count) (all of 0 .. count-1 when items is null). */
    void check(double[] q, int[] items, int count, double margin, StateVerdict[] verdict, int[] pair) {
        int dof = robot.dof();
        pool.forEach(count, BLOCK, (worker, from, to) -> {
            BatchRobot.Scratch s = scratch[worker];
            for (int k = from; k < to; k++) {
                int i = items == null ? k : items[k];
                int p = robot.blockingPair(q, dof * i, margin, s);
                verdict[i] = p < 0 ? StateVerdict.FREE : StateVerdict.COLLISION;
                pair[i] = p;
            }
        });
    }

    /** Host side of the device tier: joint cosines/sines of configurations [first, first + count) into trig. */
    void trig(double[] q, int first, int count, double[] trig) {
        int dof = robot.dof(), tl = robot.trigLength();
        pool.forEach(count, 1024, (worker, from, to) -> {
            for (int k = from; k < to; k++) {
                robot.jointTrig(q, dof * (first + k), trig, tl * k);
            }
        });
    }
}
