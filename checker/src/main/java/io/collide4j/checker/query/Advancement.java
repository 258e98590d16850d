package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;

/**
 * Certified conservative advancement of the earliest-contact search (the second phase of
 * {@link CollisionChecker#checkMotion}, after the boolean proof) and of the certifier: one pair on the context's
 * segment ({@link #advance}), step by step with a certified lower bound at each step start (bounding volumes, then
 * GJK or the exact mesh pair's Tight-Inclusion window) and the
 * {@link SpeedGrid}'s motion bound over the step, which may take at most {@link #STEP_FRACTION} of the gap; and all
 * candidate pairs of the segment in lockstep rounds ({@link #advancePairs}). The boolean motion query has its own
 * loop ({@link BooleanAdvancement}) with the same step rule. Immutable; the state of a run lives in the
 * {@link QueryContext}.
 */
public final class Advancement {
    /** Each advancement step may consume at most this fraction of the current gap (rest = certified clearance). */
    static final double STEP_FRACTION = 0.8;
    /** Lockstep rounds of {@link #advancePairs}: each advances every open pair to the next 1/ROUNDS of s. */
    static final int ROUNDS = 8;

    private final PairDistance distance;
    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final ExactMeshPairs exact; // null unless the scene has exact mesh pieces
    private final SpeedGrid grid;

    Advancement(PairDistance distance, PreparedScene prepared, ExactMeshPairs exact, SpeedGrid grid) {
        this.distance = distance;
        this.model = distance.model();
        this.prepared = prepared;
        this.exact = exact;
        this.grid = grid;
    }

    /**
     * Conservative advancement of every candidate pair of the context's segment (after
     * {@link CandidatePairCollector#collectMotionPairs}). Returns CLEARED (c.motionClearance: the certified clearance),
     * VIOLATED (c.motionTime: with {@code earliestContact}, the earliest violation of any pair, c.motionContact its
     * pair; without, the first violation met, no contact made) or INCONCLUSIVE (c.stopS: how far the pair that ran
     * out got). Allocation-free unless {@code earliestContact}.
     */
    AdvanceStatus advancePairs(QueryContext c, double margin, double tolerance, boolean earliestContact) {
        return advancePairs(c, margin, tolerance, earliestContact, 0, 0, Double.POSITIVE_INFINITY);
    }

    /**
     * {@link #advancePairs(QueryContext, double, double, boolean)} continuing from an earlier proof of the same
     * segment and pairs: the first {@code proven} candidate pairs are certified farther than margin over [0, 1], the next
     * one over [0, {@code resume}) (&lt; 1), and {@code provenClearance} bounds their distances there; the search
     * starts where that proof left off and its clearance includes the bound.
     */
    AdvanceStatus advancePairs(
            QueryContext c,
            double margin,
            double tolerance,
            boolean earliestContact,
            int proven,
            double resume,
            double provenClearance) {
        double earliest = 2; // > 1: no violation yet
        double clearance = provenClearance;
        c.motionContact = null;
        // Pairs advance in lockstep, a slice of s per round, so the earliest violation is met early and cuts
        // every other pair's work at it. A pair is certified on [0, at[i]); it is done once that covers
        // [0, min(1, earliest)). The order changes only how much work is done, not what is proven.
        CandidatePairs pairs = c.pairs;
        double[] at = c.pairProgress();
        java.util.Arrays.fill(at, 0, pairs.count(), 0);
        java.util.Arrays.fill(at, 0, Math.min(proven, pairs.count()), 1);
        if (proven < pairs.count() && resume < 1) {
            at[proven] = resume;
        }
        for (int round = 1; round <= ROUNDS && earliest > 0; round++) {
            double horizon = round == ROUNDS ? 1 : (double) round / ROUNDS;
            for (int i = 0; i < pairs.count(); i++) {
                if (at[i] >= Math.min(1, earliest) || at[i] >= horizon) {
                    continue;
                }
                AdvanceStatus st = advance(
                        c,
                        pairs.kind(i),
                        pairs.pieceA(i),
                        pairs.pieceB(i),
                        pairs.slot(i),
                        Math.min(1, earliest),
                        margin,
                        tolerance,
                        null,
                        at[i],
                        horizon);
                if (st == AdvanceStatus.INCONCLUSIVE) {
                    return AdvanceStatus.INCONCLUSIVE;
                }
                if (st == AdvanceStatus.VIOLATED) {
                    earliest = c.stopS;
                    at[i] = 2;
                    if (!earliestContact) {
                        c.motionTime = earliest; // any violation answers "not free"
                        return AdvanceStatus.VIOLATED;
                    }
                    c.motionContact = distance.contact(
                            c, pairs.kind(i), pairs.pieceA(i), pairs.pieceB(i), pairs.slot(i), c.minLowerBound);
                    if (earliest == 0) {
                        break;
                    }
                } else {
                    at[i] = c.stopS;
                    clearance = Math.min(clearance, c.clearance);
                }
            }
        }
        if (earliest <= 1) {
            c.motionTime = earliest;
            return AdvanceStatus.VIOLATED;
        }
        c.motionClearance = clearance;
        return AdvanceStatus.CLEARED;
    }

    /** Receives the advancement steps of one pair (for certificates). */
    public interface StepSink {
        /** Over [s0, s1] the pair was certified: lower bound lb at s0, motion bound mu over [s0, s1]. */
        void step(double s0, double s1, double lb, double mu);

        /**
         * Where to end a step that could reach s1 (&lt; the pair's end): any value in (s0, s1], e.g. a shorter
         * decimal for a compact certificate; a step's bound only shrinks when the step does.
         */
        default double end(double s0, double s1) {
            return s1;
        }

        /**
         * Over [s0, s1] an exact mesh pair in the tolerance band was proven farther than the margin by
         * Tight-Inclusion ({@link ExactMeshPairs#clearUntil}), starting from a lower bound above the margin at s0.
         */
        default void exactWindow(double s0, double s1) {}
    }

    /**
     * Re-proves a certificate's Tight-Inclusion window: environment pair (a, obstacle piece b in slot) is an exact
     * mesh pair and stays farther than d over [s0, s1] of the context's segment. The caller checks a lower bound
     * above d at s0 (Tight-Inclusion only sees boundary crossings). Deterministic: a window the certifier proved
     * re-proves identically.
     */
    public boolean exactWindowClear(QueryContext c, int a, int b, int slot, double s0, double s1, double margin) {
        if (exact == null || prepared.mesh(b) == null || !(s1 > s0)) {
            return false;
        }
        double t = exact.clearUntil(c, a, b, slot, model.bodyLink(model.pieceBody(a)), s0, s1, margin);
        return !c.exactMeshScratch().hit && t >= s1;
    }

    /**
     * {@link #advance(QueryContext, PairKind, int, int, int, double, double, double, StepSink, double, double)} to sEnd
     * without pausing: CLEARED, VIOLATED or INCONCLUSIVE, never PAUSED.
     */
    public AdvanceStatus advance(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            double sEnd,
            double margin,
            double tol,
            StepSink sink,
            double start) {
        return advance(c, kind, a, b, slot, sEnd, margin, tol, sink, start, sEnd);
    }

    /**
     * Conservative advancement of one pair on the context's segment from s = start to sEnd, pausing
     * ({@link AdvanceStatus#PAUSED}) once it is certified up to at least {@code pause}. Sets c.stopS (how far it is certified, or the violation or
     * budget stop), c.clearance (min of lb − mu over this call's steps), c.minLowerBound (lb at the stop).
     */
    public AdvanceStatus advance(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            double sEnd,
            double margin,
            double tol,
            StepSink sink,
            double start,
            double pause) {
        RobotSegment seg = c.segment;
        int la = model.bodyLink(model.pieceBody(a));
        int lbk = kind == PairKind.ENVIRONMENT ? -1 : model.bodyLink(model.pieceBody(b));
        double s = start;
        c.clearance = Double.POSITIVE_INFINITY;
        if (!(sEnd > s)) {
            // An empty interval (an earlier pair already fails at s = start) has nothing to prove: no step recorded.
            c.stopS = s;
            return AdvanceStatus.CLEARED;
        }
        // Bounds the change of the pair's distance over every sub-interval of the segment (a path is no longer
        // on a part of [0, 1] than on all of it): clears far pairs at once and caps every step's bound.
        double whole = grid.wholeMotionBound(c, kind, a, b);
        int skip = grid.sharedJoints(kind, a, b);
        while (true) {
            if (c.evaluations >= c.budget) {
                c.stopS = s;
                return AdvanceStatus.INCONCLUSIVE;
            }
            c.evaluations++;
            LinkPoses poses = seg.posesAt(s);
            // A bounding-volume lower bound first: when it already clears the rest of the interval, GJK is not needed.
            double cheap = distance.cheapLowerBound(poses, kind, a, b, slot, la, lbk, c);
            if (cheap > margin + tol && whole <= STEP_FRACTION * (cheap - margin)) {
                if (sink != null) {
                    sink.step(s, sEnd, cheap, whole);
                }
                c.clearance = Math.min(c.clearance, cheap - whole);
                c.stopS = sEnd;
                return AdvanceStatus.CLEARED;
            }
            double lb = distance.lowerBound(c, kind, a, b, slot, poses.pose(la), lbk < 0 ? null : poses.pose(lbk));
            c.minLowerBound = lb;
            if (!(lb > margin + tol)) { // NaN: a violation, never a step
                if (Double.isNaN(lb)) {
                    c.minLowerBound = -Double.MAX_VALUE; // "unknown", and writable in a certificate
                }
                if (lb > margin && distance.isExactMeshPair(kind, b)) {
                    // exact mesh pair in the tolerance band: Tight-Inclusion decides
                    double t = exact.clearUntil(c, a, b, slot, la, s, sEnd, margin);
                    if (!c.exactMeshScratch().hit) {
                        if (sink != null) {
                            sink.exactWindow(s, t);
                        }
                        c.clearance = Math.min(c.clearance, margin);
                        if (t >= sEnd) {
                            c.stopS = sEnd;
                            return AdvanceStatus.CLEARED;
                        }
                        s = t;
                        continue;
                    }
                    if (t > s) {
                        c.minLowerBound = distance.lowerBound(
                                c, kind, a, b, slot, seg.posesAt(t).pose(la), null);
                    }
                    s = t;
                }
                c.stopS = s;
                return AdvanceStatus.VIOLATED;
            }
            double target = STEP_FRACTION * (lb - margin);
            double s1 = sEnd;
            double mu = whole;
            if (!(mu <= target)) { // NaN bounds never clear a step
                s1 = grid.stepEnd(c, kind, a, b, skip, s, sEnd, whole, target);
                if (Double.isNaN(s1)) {
                    c.stopS = s; // cannot make progress in floating point: never claim free
                    return AdvanceStatus.INCONCLUSIVE;
                }
                mu = c.stepEndBound;
                if (sink != null && s1 < sEnd) {
                    double e = sink.end(s, s1);
                    if (e > s && e < s1) {
                        s1 = e;
                        mu = Math.min(whole, grid.cellBound(c, kind, a, b, skip, s, s1));
                    }
                }
            }
            if (sink != null) {
                sink.step(s, s1, lb, mu);
            }
            c.clearance = Math.min(c.clearance, lb - mu);
            if (s1 >= sEnd) {
                c.stopS = sEnd;
                return AdvanceStatus.CLEARED;
            }
            s = s1;
            if (s >= pause) {
                c.stopS = s;
                return AdvanceStatus.PAUSED;
            }
        }
    }
}
