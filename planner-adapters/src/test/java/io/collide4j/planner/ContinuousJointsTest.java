package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.PlanResult;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.planner.plan.RrtConnect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Continuous joints in the adapters and the planner, on {@link PlanarArm} with its first joint made continuous and a
 * box in front of it at angle 0: the only way from +2.5 rad to −2.5 rad is across ±π. The closed-form clearance is
 * the oracle.
 */
class ContinuousJointsTest {
    static final double D = 0.02;
    /**
     * A box that blocks link 1's sphere (radius 0.1 at distance 1 from the base) around angle 0 whatever j2 does, and
     * one at (−1.8, 0) that blocks the tip (1.8 m out with j2 = 0) around angle π: the straight short way across π is
     * blocked too, so the planner has to grow its trees across the ±π seam, bending j2 round the second box.
     */
    static final PlanarArm WORLD = new PlanarArm(new double[][] {{1.0, 0, 0.3, 0.3}, {-1.8, 0, 0.2, 0.2}});

    static Collide4j continuous;
    static Collide4j limited;

    @BeforeAll
    static void build(@TempDir Path dir) throws IOException {
        String urdf = PlanarArm.URDF.replace("""
                <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
                    <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>""", """
                <joint name="j1" type="continuous"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/></joint>""");
        assertFalse(urdf.equals(PlanarArm.URDF), "the fixture must change j1");
        Path file = Files.writeString(dir.resolve("planar_continuous.urdf"), urdf);
        continuous =
                Collide4j.builder().urdf(file).scene(WORLD.scene()).margin(D).build();
        limited = Collide4j.builder()
                .urdf(PlanarArm.writeUrdf(dir))
                .scene(WORLD.scene())
                .margin(D)
                .build();
    }

    @Test
    void theFacadeReportsContinuousJoints() {
        assertArrayEquals(new boolean[] {true, false}, continuous.continuousJoints());
        assertArrayEquals(new boolean[] {false, false}, limited.continuousJoints());
        assertEquals(Double.NEGATIVE_INFINITY, continuous.lowerLimit(0));
    }

    @Test
    void theShortWayValidatorCertifiesTheMotionAcrossPi() {
        double[] q0 = {3.0, 1.0};
        double[] q1 = {-3.0, 1.0};
        // the literal segment sweeps j1 through 0, into the box; the short way crosses π, far from it
        assertTrue(WORLD.clearance(0, 1.0) < 0);
        assertFalse(continuous.motionValidator().checkMotion(q0, q1));
        CertifiedMotionValidator shortWay = continuous.shortWayMotionValidator();
        assertTrue(shortWay.shortWay());
        assertTrue(shortWay.checkMotion(q0, q1));
        double[] end = shortWay.motionEnd(q0, q1);
        assertEquals(-3.0 + 2 * Math.PI, end[0], 1e-15);
        MotionValidator.MotionCheck mc = shortWay.checkMotionWithLastValid(q0, q1);
        assertTrue(mc.valid());
        assertArrayEquals(end, mc.lastValid());
        // the oracle along the short way: every state farther than the margin
        for (double c : WORLD.sampled(q0, end, 1, 200)) {
            assertTrue(c > D);
        }
        // a robot without continuous joints: the short-way validator is the plain one
        assertFalse(limited.shortWayMotionValidator().shortWay());
    }

    @Test
    void plansAcrossPiOnlyWithTheContinuousJointAndEveryPathIsCertified() {
        double[] start = {2.5, 0};
        double[] goal = {-2.5, 0};
        assertFalse(continuous.shortWayMotionValidator().checkMotion(start, goal), "the direct short way is blocked");
        for (boolean lazy : new boolean[] {true, false}) {
            for (long seed = 1; seed <= 5; seed++) {
                PlanResult r = new RrtConnect(continuous.stateValidityChecker(), continuous.motionValidator())
                        .plan(PlanRequest.builder()
                                .start(start)
                                .goal(goal)
                                .space(continuous.jointSpace())
                                .seed(seed)
                                .lazyEdges(lazy)
                                .range(0.5)
                                .timeLimitSeconds(10)
                                .build());
                assertTrue(r.solved(), "lazy " + lazy + " seed " + seed + ": " + r.failureReason());
                List<double[]> path = r.path();
                assertArrayEquals(start, path.get(0));
                double[] last = path.get(path.size() - 1);
                assertEquals(goal[0] + 2 * Math.PI, last[0], 1e-12, "goal reached across π, unwrapped");
                assertEquals(goal[1], last[1]);
                assertTrue(path.size() > 2, "a detour round the second box");
                for (int i = 1; i < path.size(); i++) {
                    for (double c : WORLD.sampled(path.get(i - 1), path.get(i), 1, 400)) {
                        assertTrue(c > D, "lazy " + lazy + " seed " + seed + " edge " + i + ": clearance " + c);
                    }
                }
                assertEquals(path.size() - 1, ProblemRunner.recheck(continuous, path));
                assertEquals(
                        Verdict.CERTIFIED_FREE,
                        ProblemRunner.certifyPath(continuous, path),
                        "certify proves the unwrapped path as returned");
            }
        }
        // with j1 limited to ±3.1 there is no way round: the planner must not pretend otherwise
        PlanResult none = new RrtConnect(limited.stateValidityChecker(), limited.motionValidator())
                .plan(PlanRequest.builder()
                        .start(start)
                        .goal(goal)
                        .space(limited.jointSpace())
                        .range(0.5)
                        .maxIterations(3000)
                        .timeLimitSeconds(10)
                        .build());
        assertFalse(none.solved());
    }

    @Test
    void startsOfContinuousJointsBeyondOneTurnAreRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PlanRequest.builder()
                        .start(7.0, 0)
                        .goal(0, 0)
                        .space(continuous.jointSpace())
                        .build());
        assertTrue(e.getMessage().contains("start[0] = 7.0") && e.getMessage().contains("modulo 2π"), e.getMessage());
    }
}
