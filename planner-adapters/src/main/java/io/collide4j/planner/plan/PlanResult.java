package io.collide4j.planner.plan;

import java.util.List;

/**
 * The outcome of planning: when {@code solved}, {@code path} starts at the start, ends at the goal (a continuous
 * joint's value there may differ from the goal's by whole turns: the path moves it the short way and its values are
 * never reduced modulo 2π, so consecutive waypoints are the motion executed), and every segment was certified free
 * by the motion validator the planner was given. Times: wall clock
 * ({@code planningSeconds}, {@code smoothingSeconds}; the time limit is wall clock) and the planning thread's CPU
 * time ({@code planningCpuSeconds}, {@code smoothingCpuSeconds}; NaN where the JVM cannot measure it), which on a
 * shared machine leaves out the time spent waiting for a core. Work counts, which do not depend on the machine's
 * load: {@code iterations}, {@code stateChecks} and {@code motionChecks} (the validators' calls, shortcutting
 * included), {@code motionsRefused} (of those, the motions the validator refused), {@code nodesScanned} (tree nodes
 * looked at by nearest-neighbour queries), {@code samplesRejected} (samples dropped by the dynamic domain before
 * any check) and {@code connectsSkipped} (connects not tried towards a direction refused before).
 */
public record PlanResult(
        boolean solved,
        List<double[]> path,
        long iterations,
        long stateChecks,
        long motionChecks,
        double planningSeconds,
        double smoothingSeconds,
        double lengthBefore,
        double lengthAfter,
        String failureReason,
        double planningCpuSeconds,
        double smoothingCpuSeconds,
        long motionsRefused,
        long nodesScanned,
        long samplesRejected,
        long connectsSkipped) {
    public PlanResult {
        path = path.stream().map(double[]::clone).toList();
    }

    @Override
    public List<double[]> path() {
        return path.stream().map(double[]::clone).toList();
    }
}
