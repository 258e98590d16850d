package io.collide4j.planner;

import java.util.concurrent.atomic.LongAdder;

/**
 * How many validity queries an adapter family answered and how long they took. Thread-safe (striped
 * adders): every thread of a parallel planner counts into the same instance without contention.
 */
public final class ValidityCounters {
    private final LongAdder states = new LongAdder();
    private final LongAdder validStates = new LongAdder();
    private final LongAdder stateNanos = new LongAdder();
    private final LongAdder motions = new LongAdder();
    private final LongAdder validMotions = new LongAdder();
    private final LongAdder inconclusiveMotions = new LongAdder();
    private final LongAdder motionNanos = new LongAdder();
    private final LongAdder distanceEvaluations = new LongAdder();

    /** An immutable reading of the counters. */
    public record Snapshot(
            long states,
            long validStates,
            double stateSeconds,
            long motions,
            long validMotions,
            long inconclusiveMotions,
            double motionSeconds,
            long distanceEvaluations) {}

    void state(boolean valid, long nanos) {
        states.increment();
        if (valid) {
            validStates.increment();
        }
        stateNanos.add(nanos);
    }

    void motion(boolean valid, boolean inconclusive, long nanos, long evaluations) {
        motions.increment();
        if (valid) {
            validMotions.increment();
        }
        if (inconclusive) {
            inconclusiveMotions.increment();
        }
        motionNanos.add(nanos);
        distanceEvaluations.add(evaluations);
    }

    public Snapshot snapshot() {
        return new Snapshot(
                states.sum(),
                validStates.sum(),
                stateNanos.sum() / 1e9,
                motions.sum(),
                validMotions.sum(),
                inconclusiveMotions.sum(),
                motionNanos.sum() / 1e9,
                distanceEvaluations.sum());
    }

    /** Sets every counter to zero (not atomic with respect to concurrent queries). */
    public void reset() {
        states.reset();
        validStates.reset();
        stateNanos.reset();
        motions.reset();
        validMotions.reset();
        inconclusiveMotions.reset();
        motionNanos.reset();
        distanceEvaluations.reset();
    }
}
