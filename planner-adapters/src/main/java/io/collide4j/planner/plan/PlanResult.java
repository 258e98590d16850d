package io.collide4j.planner.plan;

import java.util.List;

/**
 * The outcome of planning: when {@code solved}, {@code path} starts at the start, ends at the goal,
 * and every segment was certified free by the motion validator the planner was given.
 */
public record PlanResult(boolean solved, List<double[]> path, long iterations, long stateChecks, long motionChecks,
                         double planningSeconds, double smoothingSeconds, double lengthBefore, double lengthAfter,
                         String failureReason) {
    public PlanResult {
        path = path.stream().map(double[]::clone).toList();
    }

    @Override
    public List<double[]> path() {
        return path.stream().map(double[]::clone).toList();
    }
}
