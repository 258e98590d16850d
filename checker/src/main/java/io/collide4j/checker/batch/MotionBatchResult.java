package io.collide4j.checker.batch;

import io.collide4j.checker.query.MotionStatus;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Per-motion outcomes of a motion batch (arrays indexed like the input). Motions the CPU decided carry exactly
 * what {@link io.collide4j.checker.query.CollisionChecker#checkMotion} returns for them; motions the device tier
 * certified ({@code onDevice[i]}) are FREE with time 1, clearance d + tolerance (the bound the tier proved: every
 * pair stays farther apart than that) and 0 evaluations.
 *
 * @param status      {@link MotionStatus} per motion (null only in an {@link #allocate allocated} result until a check
 *                    fills it); INCONCLUSIVE (budget ran out) is never free
 * @param time        first time of possible contact (COLLISION), 1 (FREE), or how far the check got (INCONCLUSIVE)
 * @param clearance   certified clearance lower bound over the motion (FREE), else the checker's value
 * @param evaluations narrow-phase evaluations the CPU spent (0 when the device decided)
 * @param onDevice    whether the device tier certified the motion free (no CPU work)
 * @param engine      the engine that ran the batch
 */
@NullMarked
public record MotionBatchResult(
        @Nullable MotionStatus[] status,
        double[] time,
        double[] clearance,
        long[] evaluations,
        boolean[] onDevice,
        EngineInfo engine) {

    /** Empty result arrays for n motions (for the streaming form; a status stays null until a check fills it). */
    public static MotionBatchResult allocate(int n, EngineInfo engine) {
        return new MotionBatchResult(
                new MotionStatus[n], new double[n], new double[n], new long[n], new boolean[n], engine);
    }

    /** Number of motions. */
    public int size() {
        return status.length;
    }

    /** Number of motions with the given status. */
    public int count(MotionStatus s) {
        int n = 0;
        for (MotionStatus b : status) {
            if (b == s) {
                n++;
            }
        }
        return n;
    }

    /** Number of motions the device tier decided. */
    public int decidedOnDevice() {
        int n = 0;
        for (boolean b : onDevice) {
            if (b) {
                n++;
            }
        }
        return n;
    }
}
