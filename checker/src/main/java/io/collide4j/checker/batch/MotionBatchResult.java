package io.collide4j.checker.batch;

/**
 * Per-motion outcomes of a motion batch (arrays freshly allocated for the caller, indexed like the input); entry
 * i equals {@link io.collide4j.checker.query.CollisionChecker#checkMotion} of motion i.
 *
 * @param status      {@link #FREE}, {@link #COLLISION} or {@link #INCONCLUSIVE} (budget ran out: never free)
 * @param time        first time of possible contact (COLLISION), 1 (FREE), or how far the check got (INCONCLUSIVE)
 * @param clearance   certified clearance lower bound over the motion (FREE), else the checker's value
 * @param evaluations narrow-phase evaluations spent
 * @param engine      the engine that ran the batch (motions are decided by the CPU engine on every engine)
 */
public record MotionBatchResult(byte[] status, double[] time, double[] clearance, long[] evaluations,
                                EngineInfo engine) {

    public static final byte FREE = 0;
    public static final byte COLLISION = 1;
    public static final byte INCONCLUSIVE = 2;

    /** Number of motions. */
    public int size() {
        return status.length;
    }

    /** Number of motions with the given status. */
    public int count(byte s) {
        int n = 0;
        for (byte b : status) {
            if (b == s) {
                n++;
            }
        }
        return n;
    }
}
