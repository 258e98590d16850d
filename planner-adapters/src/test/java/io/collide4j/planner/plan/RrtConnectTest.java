package io.collide4j.planner.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.StateValidityChecker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RRT-Connect in a 2-D configuration space whose obstacles are rectangles with exact (slab-test) validity. */
class RrtConnectTest {

    /** Axis-aligned rectangles {x0, y0, x1, y1}; segment tests are exact, so "valid" is ground truth. */
    private record RectWorld(double[][] rects) implements StateValidityChecker, MotionValidator {
        @Override
        public boolean isValid(double[] q) {
            for (double[] r : rects) {
                if (q[0] >= r[0] && q[0] <= r[2] && q[1] >= r[1] && q[1] <= r[3]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Clearance clearance(double[] q) {
            double best = Double.POSITIVE_INFINITY;
            for (double[] r : rects) {
                double dx = Math.max(Math.max(r[0] - q[0], q[0] - r[2]), 0);
                double dy = Math.max(Math.max(r[1] - q[1], q[1] - r[3]), 0);
                best = Math.min(best, Math.hypot(dx, dy));
            }
            return new Clearance(best, best, Exactness.EXACT);
        }

        /** Liang–Barsky clipping: does the segment touch the closed rectangle? */
        static boolean hits(double[] a, double[] b, double[] r) {
            double t0 = 0, t1 = 1;
            double[] d = {b[0] - a[0], b[1] - a[1]};
            for (int axis = 0; axis < 2; axis++) {
                double lo = r[axis], hi = r[axis + 2];
                if (d[axis] == 0) {
                    if (a[axis] < lo || a[axis] > hi) {
                        return false;
                    }
                } else {
                    double u = (lo - a[axis]) / d[axis], v = (hi - a[axis]) / d[axis];
                    t0 = Math.max(t0, Math.min(u, v));
                    t1 = Math.min(t1, Math.max(u, v));
                }
            }
            return t0 <= t1;
        }

        @Override
        public boolean checkMotion(double[] q0, double[] q1) {
            for (double[] r : rects) {
                if (hits(q0, q1, r)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public MotionCheck checkMotionWithLastValid(double[] q0, double[] q1) {
            boolean ok = checkMotion(q0, q1);
            return new MotionCheck(ok, ok ? 1 : 0, ok ? q1 : q0);
        }
    }

    /** A wall at x ∈ [−0.2, 0.2] with a 0.1-wide gap at y ∈ [1.0, 1.1]. */
    private static final RectWorld WALL_WITH_GAP =
            new RectWorld(new double[][] {{-0.2, -3, 0.2, 1.0}, {-0.2, 1.1, 0.2, 3}});

    private static PlanRequest.Builder request() {
        return PlanRequest.builder()
                .start(-2, -2)
                .goal(2, -2)
                .bounds(new double[] {-3, -3}, new double[] {3, 3})
                .range(0.3)
                .timeLimitSeconds(20);
    }

    @Test
    void solvesNarrowPassageWithEveryEdgeExactlyFree() {
        for (long run = 1; run <= 26; run++) {
            // seeds 1-20 uniform (eager, then lazy); 21-26 the Halton sequence per tree from points 1-3 (a shared one
            // split the trees by halves of x and found no path)
            long seed = run <= 20 ? run : 1 + (run - 21) % 3;
            Sampler sampler = run <= 20 ? Sampler.UNIFORM : Sampler.HALTON;
            boolean lazy = run <= 20 ? run > 10 : run > 23;
            PlanResult r = new RrtConnect(WALL_WITH_GAP, WALL_WITH_GAP)
                    .plan(request().lazyEdges(lazy).seed(seed).sampler(sampler).build());
            assertTrue(r.solved(), "run " + run + ": " + r.failureReason());
            List<double[]> path = r.path();
            assertArrayEquals(new double[] {-2, -2}, path.get(0));
            assertArrayEquals(new double[] {2, -2}, path.get(path.size() - 1));
            for (int i = 1; i < path.size(); i++) {
                for (double[] rect : WALL_WITH_GAP.rects()) {
                    assertFalse(RectWorld.hits(path.get(i - 1), path.get(i), rect), "seed " + seed + " edge " + i);
                }
            }
            // Through the gap is the only way: the path must be longer than the straight line.
            assertTrue(r.lengthAfter() > 4.0);
            assertTrue(r.lengthAfter() <= r.lengthBefore() + 1e-12, "shortcutting never lengthens a path");
        }
    }

    /**
     * Walls 0.001 thick with a 0.1-wide gap: samples 0.25 apart step over them, so lazy trees grow through the walls
     * and only the motion validator (exact here) stops them. Every edge of the answer must still be exactly free.
     */
    private static final RectWorld THIN_WALLS = new RectWorld(new double[][] {
        {-0.0005, -3, 0.0005, 1.0}, {-0.0005, 1.1, 0.0005, 3},
        {0.9995, -3, 1.0005, -1.1}, {0.9995, -1.0, 1.0005, 3}
    });

    @Test
    void lazyEdgesThatSamplesMissAreRefusedAndThePathIsStillExactlyFree() {
        for (boolean lazy : new boolean[] {true, false}) {
            for (long seed = 1; seed <= 10; seed++) {
                PlanResult r = new RrtConnect(THIN_WALLS, THIN_WALLS)
                        .plan(request()
                                .lazyEdges(lazy)
                                .sampleStep(0.25)
                                .seed(seed)
                                .build());
                assertTrue(r.solved(), "lazy " + lazy + " seed " + seed + ": " + r.failureReason());
                List<double[]> path = r.path();
                assertArrayEquals(new double[] {-2, -2}, path.get(0));
                assertArrayEquals(new double[] {2, -2}, path.get(path.size() - 1));
                for (int i = 1; i < path.size(); i++) {
                    for (double[] rect : THIN_WALLS.rects()) {
                        assertFalse(
                                RectWorld.hits(path.get(i - 1), path.get(i), rect),
                                "lazy " + lazy + " seed " + seed + " edge " + i);
                    }
                }
                // Both gaps are off the straight line y = −2: the path must bend through them.
                assertTrue(r.lengthAfter() > 4.5, "lazy " + lazy + " seed " + seed + ": " + r.lengthAfter());
            }
        }
    }

    @Test
    void sameSeedSamePath() {
        for (int variant = 0; variant < 4; variant++) {
            boolean lazy = variant % 2 == 0;
            boolean plain = variant >= 2; // trees taking turns, no dynamic domain, every connect tried
            PlanResult a = new RrtConnect(THIN_WALLS, THIN_WALLS)
                    .plan(settings(lazy, plain).seed(7).build());
            PlanResult b = new RrtConnect(THIN_WALLS, THIN_WALLS)
                    .plan(settings(lazy, plain).seed(7).build());
            assertTrue(a.solved() && b.solved());
            assertEquals(a.path().size(), b.path().size());
            for (int i = 0; i < a.path().size(); i++) {
                assertArrayEquals(a.path().get(i), b.path().get(i), "lazy " + lazy + " waypoint " + i);
            }
            assertEquals(a.stateChecks(), b.stateChecks());
            assertEquals(a.motionChecks(), b.motionChecks());
            assertEquals(a.nodesScanned(), b.nodesScanned());
            assertEquals(a.samplesRejected(), b.samplesRejected());
            assertEquals(a.connectsSkipped(), b.connectsSkipped());
        }
    }

    private static PlanRequest.Builder settings(boolean lazy, boolean plain) {
        PlanRequest.Builder b = request().lazyEdges(lazy);
        return plain
                ? b.balanceTrees(false)
                        .dynamicDomainRadius(Double.POSITIVE_INFINITY)
                        .rememberRefusedConnects(false)
                : b;
    }

    /** A validator that remembers every motion it accepted (the segment as asked, both endpoints copied). */
    private static final class Recording implements MotionValidator {
        final MotionValidator inner;
        final List<double[][]> accepted = new ArrayList<>();
        long refused;

        Recording(MotionValidator inner) {
            this.inner = inner;
        }

        @Override
        public boolean checkMotion(double[] q0, double[] q1) {
            boolean ok = inner.checkMotion(q0, q1);
            if (ok) {
                accepted.add(new double[][] {q0.clone(), q1.clone()});
            } else {
                refused++;
            }
            return ok;
        }

        @Override
        public MotionCheck checkMotionWithLastValid(double[] q0, double[] q1) {
            return inner.checkMotionWithLastValid(q0, q1);
        }

        boolean accepted(double[] a, double[] b) {
            return accepted.stream()
                    .anyMatch(e -> Arrays.equals(e[0], a) && Arrays.equals(e[1], b)
                            || Arrays.equals(e[0], b) && Arrays.equals(e[1], a));
        }
    }

    /**
     * Balanced trees, dynamic domains and refused-connect memory (the defaults) and plain RRT-Connect: every edge of every returned path is a
     * segment the motion validator itself accepted, whatever the sampler, and the refusals the planner reports are the
     * validator's own count.
     */
    @Test
    void everyReturnedEdgeWasAcceptedByTheValidator() {
        for (boolean plain : new boolean[] {false, true}) {
            for (Sampler sampler : Sampler.values()) {
                for (long seed = 1; seed <= 3; seed++) {
                    Recording motions = new Recording(THIN_WALLS);
                    PlanResult r = new RrtConnect(THIN_WALLS, motions)
                            .plan(settings(true, plain)
                                    .sampleStep(0.25)
                                    .sampler(sampler)
                                    .seed(seed)
                                    .build());
                    String what = (plain ? "plain " : "balanced ") + sampler + " seed " + seed;
                    assertTrue(r.solved(), what + ": " + r.failureReason());
                    List<double[]> path = r.path();
                    for (int i = 1; i < path.size(); i++) {
                        assertTrue(motions.accepted(path.get(i - 1), path.get(i)), what + " edge " + i);
                    }
                    assertEquals(motions.refused, r.motionsRefused(), what);
                    assertEquals(motions.accepted.size() + motions.refused, r.motionChecks(), what);
                    if (plain) {
                        assertEquals(0, r.samplesRejected(), what);
                        assertEquals(0, r.connectsSkipped(), what);
                    }
                }
            }
        }
    }

    /**
     * The goal in a closed box (no path): the goal tree's extensions fail at the box's walls. With dynamic domains, the
     * samples beyond a node whose extension failed are dropped unchecked: over the same 2,000 iterations the planner
     * checks fewer states than plain RRT-Connect, and each iteration either checks a state or drops its sample.
     * Without them, every iteration checks at least its new state (all samples lie within the bounds).
     */
    @Test
    void dynamicDomainsDropSamplesBeyondNodesThatFailed() {
        RectWorld box = new RectWorld(new double[][] {
            {1.5, -2.5, 2.5, -2.4}, {1.5, -1.6, 2.5, -1.5}, {1.5, -2.5, 1.6, -1.5}, {2.4, -2.5, 2.5, -1.5}
        });
        PlanResult domains = new RrtConnect(box, box)
                .plan(request().balanceTrees(false).maxIterations(2000).build());
        PlanResult plain = new RrtConnect(box, box)
                .plan(request()
                        .balanceTrees(false)
                        .dynamicDomainRadius(Double.POSITIVE_INFINITY)
                        .maxIterations(2000)
                        .build());
        assertFalse(domains.solved());
        assertFalse(plain.solved());
        assertEquals(0, plain.samplesRejected());
        assertTrue(plain.stateChecks() >= plain.iterations(), plain.toString());
        assertTrue(domains.samplesRejected() > 0, domains.toString());
        assertTrue(domains.stateChecks() + domains.samplesRejected() >= domains.iterations(), domains.toString());
        assertTrue(
                domains.stateChecks() < plain.stateChecks(),
                domains.stateChecks() + " state checks with dynamic domains, " + plain.stateChecks() + " without");
    }

    /**
     * The goal in a closed box again, trees taking turns and no dynamic domain: the start tree's connects towards the
     * goal tree's new nodes all fail at the box's walls, mostly at their first step from the start tree's node nearest
     * the box. Remembering those refused directions skips later connects from the same nodes towards the same side:
     * over the same 2,000 iterations fewer state checks, and no path either way. Every skipped connect is one whose
     * node had refused a connect before, so skips never outnumber the iterations.
     */
    @Test
    void refusedConnectsAreNotTriedAgainFromTheSameNode() {
        RectWorld box = new RectWorld(new double[][] {
            {1.5, -2.5, 2.5, -2.4}, {1.5, -1.6, 2.5, -1.5}, {1.5, -2.5, 1.6, -1.5}, {2.4, -2.5, 2.5, -1.5}
        });
        PlanRequest.Builder plain = request()
                .balanceTrees(false)
                .dynamicDomainRadius(Double.POSITIVE_INFINITY)
                .maxIterations(2000);
        PlanResult remembering = new RrtConnect(box, box)
                .plan(plain.rememberRefusedConnects(true).build());
        PlanResult tryingAll = new RrtConnect(box, box)
                .plan(plain.rememberRefusedConnects(false).build());
        assertFalse(remembering.solved());
        assertFalse(tryingAll.solved());
        assertEquals(0, tryingAll.connectsSkipped());
        assertTrue(remembering.connectsSkipped() > 0, remembering.toString());
        assertTrue(remembering.connectsSkipped() <= remembering.iterations(), remembering.toString());
        assertTrue(
                remembering.stateChecks() < tryingAll.stateChecks(),
                remembering.stateChecks() + " state checks remembering refused connects, " + tryingAll.stateChecks()
                        + " trying all");
    }

    @Test
    void dynamicDomainRadiusMustBePositive() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.NEGATIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> request().dynamicDomainRadius(bad).build());
            assertTrue(e.getMessage().contains("dynamicDomainRadius"), e.getMessage());
        }
        assertEquals(
                Double.POSITIVE_INFINITY,
                request().dynamicDomainRadius(Double.POSITIVE_INFINITY).build().dynamicDomainRadius());
    }

    @Test
    void sampleStepMustBePositiveAndFinite() {
        for (double bad : new double[] {0, -0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> request().sampleStep(bad).build());
            assertTrue(e.getMessage().contains("sampleStep"), e.getMessage());
        }
    }

    @Test
    void directConnectionWhenNothingIsInTheWay() {
        RectWorld empty = new RectWorld(new double[0][]);
        PlanResult r = new RrtConnect(empty, empty).plan(request().build());
        assertTrue(r.solved());
        assertTrue(Math.abs(r.lengthAfter() - 4.0) < 1e-12, "straight line expected, got " + r.lengthAfter());
    }

    @Test
    void enclosedGoalFailsWithinTheIterationBudget() {
        RectWorld box = new RectWorld(new double[][] {
            {1.5, -2.5, 2.5, -2.4}, {1.5, -1.6, 2.5, -1.5}, {1.5, -2.5, 1.6, -1.5}, {2.4, -2.5, 2.5, -1.5}
        });
        PlanResult r =
                new RrtConnect(box, box).plan(request().maxIterations(2000).build());
        assertFalse(r.solved());
        assertTrue(r.failureReason().contains("2000 iterations"), r.failureReason());
    }

    @Test
    void invalidStartIsReported() {
        PlanResult r = new RrtConnect(WALL_WITH_GAP, WALL_WITH_GAP)
                .plan(request().start(0, 0).build());
        assertFalse(r.solved());
        assertTrue(r.failureReason().contains("start"));
    }
}
