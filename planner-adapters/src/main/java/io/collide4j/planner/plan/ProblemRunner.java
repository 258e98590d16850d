package io.collide4j.planner.plan;

import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.planner.Collide4j;

import java.util.List;

/**
 * Plans one MotionBenchMaker problem with {@link RrtConnect} on certified adapters and re-checks the
 * answer: each edge of a returned path is checked again with a fresh query context, and the run is
 * counted as solved only when every edge comes back certified free. Start or goal states that the
 * (conservative, mesh-hull) model cannot certify are reported as such, not as planner failures.
 */
public final class ProblemRunner {
    private ProblemRunner() {
    }

    /** What happened to one problem. */
    public enum Outcome { SOLVED, INVALID_START, INVALID_GOAL, NOT_SOLVED }

    /** The outcome, the planner's result, and how many path edges were re-certified free. */
    public record Run(String scenario, int index, Outcome outcome, PlanResult plan, int edges, int certifiedEdges) {
    }

    /** The certified checker of a problem: the bundled-or-given robot builder, the scene, joints held at the start state. */
    public static Collide4j checker(Collide4j.Builder robot, MbmProblems.Problem p) {
        return robot.scene(p.scene()).holdAll(p.request().start()).build();
    }

    public static Run run(Collide4j c, MbmProblems.Problem p, PlanRequest.Builder settings) {
        double[][] sg = p.request().startAndGoal(c.variableNames());
        if (!c.withinLimits(sg[0]) || !c.isValid(sg[0])) {
            return new Run(p.scenario(), p.index(), Outcome.INVALID_START, null, 0, 0);
        }
        if (!c.withinLimits(sg[1]) || !c.isValid(sg[1])) {
            return new Run(p.scenario(), p.index(), Outcome.INVALID_GOAL, null, 0, 0);
        }
        PlanResult r = new RrtConnect(c.stateValidityChecker(), c.motionValidator())
                .plan(settings.start(sg[0]).goal(sg[1]).bounds(c.lowerLimits(), c.upperLimits()).build());
        if (!r.solved()) {
            return new Run(p.scenario(), p.index(), Outcome.NOT_SOLVED, r, 0, 0);
        }
        int certified = recheck(c, r.path());
        int edges = r.path().size() - 1;
        return new Run(p.scenario(), p.index(), certified == edges ? Outcome.SOLVED : Outcome.NOT_SOLVED, r, edges, certified);
    }

    /** Number of path edges certified free by a fresh continuous check. */
    public static int recheck(Collide4j c, List<double[]> path) {
        QueryContext ctx = c.checker().newContext();
        int ok = 0;
        for (int i = 1; i < path.size(); i++) {
            MotionResult m = c.checker().checkMotion(c.fullConfiguration(path.get(i - 1)), c.fullConfiguration(path.get(i)),
                    c.margin(), c.tolerance(), c.budget(), ctx);
            ok += m.isFree() ? 1 : 0;
        }
        return ok;
    }
}
