package io.collide4j.planner.plan;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Plans one MotionBenchMaker problem with {@link RrtConnect} on certified adapters and re-checks the
 * answer: each edge of a returned path is checked again with a fresh query context and the whole path
 * is certified as a trajectory (with the model's {@link Collide4j#trajectoryBudget}); the run counts as solved when the
 * path certifies CERTIFIED_FREE and no edge re-check finds a collision ({@link #certified}): an edge re-check that runs
 * out of its budget does not undo the path's certificate. Start or goal states that the (conservative, mesh-hull)
 * model cannot certify are reported as such, not as planner failures.
 */
public final class ProblemRunner {
    private ProblemRunner() {}

    /** What happened to one problem. */
    public enum Outcome {
        SOLVED,
        INVALID_START,
        INVALID_GOAL,
        NOT_SOLVED
    }

    /**
     * The outcome, the planner's result, how many path edges were re-certified free, and the verdict of
     * certifying the whole path as one trajectory (null when there is no path).
     */
    public record Run(
            String scenario,
            int index,
            Outcome outcome,
            @Nullable PlanResult plan,
            int edges,
            int certifiedEdges,
            @Nullable Verdict pathVerdict) {}

    /**
     * The certified checker of a problem: sets the given robot builder's scene to the problem's, holds its
     * joints at the start state, then builds.
     */
    public static Collide4j checker(Collide4jBuilder robot, MbmProblems.Problem p) {
        return robot.scene(p.scene()).holdAll(p.request().start()).build();
    }

    public static Run run(Collide4j c, MbmProblems.Problem p, PlanRequest.Builder settings) {
        double[][] sg = p.request().startAndGoal(c.variableNames());
        if (!c.withinLimits(sg[0]) || !c.isValid(sg[0])) {
            return new Run(p.scenario(), p.index(), Outcome.INVALID_START, null, 0, 0, null);
        }
        if (!c.withinLimits(sg[1]) || !c.isValid(sg[1])) {
            return new Run(p.scenario(), p.index(), Outcome.INVALID_GOAL, null, 0, 0, null);
        }
        PlanResult r = plan(c, sg, settings);
        if (!r.solved()) {
            return new Run(p.scenario(), p.index(), Outcome.NOT_SOLVED, r, 0, 0, null);
        }
        MotionStatus[] statuses = recheckEdges(c, r.path());
        int certified = (int) java.util.Arrays.stream(statuses)
                .filter(st -> st == MotionStatus.FREE)
                .count();
        int edges = r.path().size() - 1;
        Verdict whole = certifyPath(c, r.path());
        boolean ok = certified(whole, statuses);
        return new Run(p.scenario(), p.index(), ok ? Outcome.SOLVED : Outcome.NOT_SOLVED, r, edges, certified, whole);
    }

    /**
     * Plans the problem again without re-checking (for repeated timing of {@link #run}'s plan; the same settings give
     * the same path); null when its start or goal is not valid.
     */
    public static @Nullable PlanResult plan(Collide4j c, MbmProblems.Problem p, PlanRequest.Builder settings) {
        double[][] sg = p.request().startAndGoal(c.variableNames());
        boolean valid = c.withinLimits(sg[0]) && c.isValid(sg[0]) && c.withinLimits(sg[1]) && c.isValid(sg[1]);
        return valid ? plan(c, sg, settings) : null;
    }

    /**
     * Plans on the {@link Collide4j#planningMargin planning-margin} adapters, so that every edge the planner proves
     * is also certified at the margin (a start or goal inside the certificate's tolerance band is refused by the
     * planner: a path from there would be refused by the certificate).
     */
    private static PlanResult plan(Collide4j c, double[][] sg, PlanRequest.Builder settings) {
        return new RrtConnect(c.planningStateValidityChecker(), c.planningMotionValidator())
                .plan(settings.start(sg[0]).goal(sg[1]).space(c.jointSpace()).build());
    }

    /**
     * Whether a planned path counts as certified: its certification as a trajectory is CERTIFIED_FREE and no edge
     * re-check found a collision (one would contradict the certificate; a re-check out of budget does not).
     */
    public static boolean certified(Verdict whole, MotionStatus[] edgeRechecks) {
        return whole == Verdict.CERTIFIED_FREE
                && java.util.Arrays.stream(edgeRechecks).noneMatch(st -> st == MotionStatus.COLLISION);
    }

    /** Certifies a path as a trajectory (waypoint k at time k) with the checker's margin and trajectory budget. */
    public static Verdict certifyPath(Collide4j c, List<double[]> path) {
        double[] times = new double[path.size()];
        java.util.Arrays.setAll(times, k -> k);
        return c.trajectoryCertifier()
                .certify(path, times, c.margin(), c.trajectoryBudget())
                .result()
                .verdict();
    }

    /** Number of path edges certified free by a fresh continuous check. */
    public static int recheck(Collide4j c, List<double[]> path) {
        return (int) java.util.Arrays.stream(recheckEdges(c, path))
                .filter(st -> st == MotionStatus.FREE)
                .count();
    }

    /** Each path edge's status from a fresh continuous check (the façade's margin, tolerance and budget). */
    public static MotionStatus[] recheckEdges(Collide4j c, List<double[]> path) {
        QueryContext ctx = c.checker().newContext();
        MotionStatus[] out = new MotionStatus[Math.max(0, path.size() - 1)];
        for (int i = 1; i < path.size(); i++) {
            MotionResult m = c.checker()
                    .checkMotion(
                            c.fullConfiguration(path.get(i - 1)),
                            c.fullConfiguration(path.get(i)),
                            c.margin(),
                            c.tolerance(),
                            c.budget(),
                            ctx);
            out[i - 1] = m.status();
        }
        return out;
    }
}
