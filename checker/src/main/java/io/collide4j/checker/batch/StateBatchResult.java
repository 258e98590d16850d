package io.collide4j.checker.batch;

import org.jspecify.annotations.NullMarked;

/**
 * Per-configuration verdicts of a state batch (arrays freshly allocated for the caller, indexed like the input).
 *
 * @param verdict      {@link StateVerdict#FREE} or {@link StateVerdict#COLLISION} per configuration: FREE exactly
 *                     when {@code CollisionChecker.isFree(q, margin)} is true (certified)
 * @param pair         the pair isFree could not certify ({@link BatchRobot#pairName}), -1 when free
 * @param decidedOnCpu configurations the device tier could not clear, decided by isFree on the CPU
 *                     (the collisions plus the tier's false alarms; all of them on the CPU engine)
 * @param engine       the engine that ran the batch
 */
@NullMarked
public record StateBatchResult(StateVerdict[] verdict, int[] pair, int decidedOnCpu, EngineInfo engine) {

    /** Number of configurations. */
    public int size() {
        return verdict.length;
    }

    /** Number of configurations in collision. */
    public int collisions() {
        int n = 0;
        for (StateVerdict v : verdict) {
            if (v == StateVerdict.COLLISION) {
                n++;
            }
        }
        return n;
    }
}
