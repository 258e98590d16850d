package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.FkErrorBound;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.joml.Matrix4dc;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Forward kinematics against the high-precision reference {@link ExactKinematics} (the URDF's decimals taken
 * exactly, 40-digit arithmetic): on random configurations (a third of the joint values at k·π/2 ± tiny), every
 * link's computed rotation is within {@link FkErrorBound#rotation} (checked in the Frobenius norm, which bounds the
 * spectral norm from above) and its origin within {@link FkErrorBound#translation} of the exact pose. Robots: every
 * URDF of the test data and bundled models, and synthetic 7-DoF arms with rpy = 3.1416, 3.1415926, 3.14159265 and
 * π/2 ± tiny. Prints the bounds (typical = median over links, worst) and the largest error seen.
 *
 * <p>Fast default: {@value #SYNTHETIC_CONFIGS} configurations per synthetic arm, {@value #REPOSITORY_CONFIGS} per
 * repository robot; the {@code slow} group ({@code mvn verify -Pslow}) runs {@value #FULL_CONFIGS} on every robot.
 */
class FkAccuracyTest {
    static final int SYNTHETIC_CONFIGS = 1_500;
    static final int REPOSITORY_CONFIGS = 200;
    static final int FULL_CONFIGS = 10_000;

    @Test
    void syntheticArmsWithRoundedPiAreWithinTheBound() {
        syntheticArms(SYNTHETIC_CONFIGS);
    }

    @Test
    @Tag("slow")
    void syntheticArmsWithRoundedPiAreWithinTheBoundInFull() {
        syntheticArms(FULL_CONFIGS);
    }

    @Test
    void repositoryRobotsAreWithinTheBound() {
        repositoryRobots(REPOSITORY_CONFIGS);
    }

    @Test
    @Tag("slow")
    void repositoryRobotsAreWithinTheBoundInFull() {
        repositoryRobots(FULL_CONFIGS);
    }

    private static void syntheticArms(int configs) {
        for (FkRobots.Robot r : FkRobots.synthetic()) {
            check(r, configs, 7);
        }
    }

    private static void repositoryRobots(int configs) {
        List<FkRobots.Robot> robots = FkRobots.repository();
        assertEquals(10, robots.size(), "URDFs in tests/data and models");
        for (FkRobots.Robot r : robots) {
            check(r, configs, 0);
        }
    }

    /** Also the constant transforms: a zero configuration's link poses are products of the origins alone. */
    @Test
    void zeroConfigurationOfTheRoundedPiArmIsWithinTheBound() {
        FkRobots.Robot r = FkRobots.synthetic("3.1416");
        KinematicModel m = r.kinematics();
        double[] worst = compare(r, m, new ExactKinematics(r.text()), new double[m.variableCount()], new LinkPoses(m));
        assertTrue(worst[0] <= 1 && worst[1] <= 1, "error / bound " + Arrays.toString(worst));
    }

    private static void check(FkRobots.Robot r, int configs, int minMovable) {
        KinematicModel m = r.kinematics();
        assertTrue(m.variableCount() >= minMovable, r.label() + " has " + m.variableCount() + " variables");
        ExactKinematics exact = new ExactKinematics(r.text());
        LinkPoses poses = new LinkPoses(m);
        Random rnd = new Random(20261125L ^ r.label().hashCode());
        double worstRatioR = 0, worstRatioT = 0, maxErrR = 0, maxErrT = 0;
        for (int i = 0; i < configs; i++) {
            double[] q = FkRobots.randomConfiguration(m, rnd);
            double[] w = compare(r, m, exact, q, poses);
            worstRatioR = Math.max(worstRatioR, w[0]);
            worstRatioT = Math.max(worstRatioT, w[1]);
            maxErrR = Math.max(maxErrR, w[2]);
            maxErrT = Math.max(maxErrT, w[3]);
        }
        FkErrorBound b = m.fkErrorBound();
        double[] br = new double[m.linkCount()], bt = new double[m.linkCount()];
        for (int l = 0; l < m.linkCount(); l++) {
            br[l] = b.rotation(l);
            bt[l] = b.translation(l);
        }
        Arrays.sort(br);
        Arrays.sort(bt);
        System.out.printf(
                Locale.ROOT,
                "FK bound %-36s %5d configs: translation typical %.2e m worst %.2e m;"
                        + " rotation typical %.2e worst %.2e; largest error seen: %.2e m (%.0f%% of its bound),"
                        + " rotation %.2e (%.0f%%)%n",
                r.label(),
                configs,
                bt[bt.length / 2],
                bt[bt.length - 1],
                br[br.length / 2],
                br[br.length - 1],
                maxErrT,
                100 * worstRatioT,
                maxErrR,
                100 * worstRatioR);
        assertTrue(worstRatioR <= 1, r.label() + ": a link rotation is farther from exact than its bound");
        assertTrue(worstRatioT <= 1, r.label() + ": a link origin is farther from exact than its bound");
    }

    /** err / bound, 0 for an exact result (the root link: bound 0). */
    private static double ratio(double err, double bound) {
        return err == 0 ? 0 : err / bound;
    }

    /** {max rotation error / bound, max translation error / bound, max rotation error, max translation error}. */
    private static double[] compare(
            FkRobots.Robot r, KinematicModel m, ExactKinematics exact, double[] q, LinkPoses poses) {
        m.forwardKinematics(q, poses);
        Map<String, BigDecimal> active = new HashMap<>();
        for (int i = 0; i < q.length; i++) {
            active.put(m.variableName(i), new BigDecimal(q[i]));
        }
        Map<String, BigDecimal[]> ex = exact.poses(active);
        FkErrorBound b = m.fkErrorBound();
        double[] out = new double[4];
        List<String> failures = new ArrayList<>();
        for (int l = 0; l < m.linkCount(); l++) {
            BigDecimal[] e = ex.get(m.linkName(l));
            Matrix4dc p = poses.pose(l);
            double[] computed = {
                p.m00(), p.m10(), p.m20(), p.m01(), p.m11(), p.m21(), p.m02(), p.m12(), p.m22(), p.m30(), p.m31(),
                p.m32()
            };
            double rr = 0, tt = 0;
            for (int k = 0; k < 12; k++) {
                double d = new BigDecimal(computed[k])
                        .subtract(e[k], ExactKinematics.MC)
                        .doubleValue();
                if (k < 9) {
                    rr += d * d;
                } else {
                    tt += d * d;
                }
            }
            double errR = Math.sqrt(rr), errT = Math.sqrt(tt);
            out[0] = Math.max(out[0], ratio(errR, b.rotation(l)));
            out[1] = Math.max(out[1], ratio(errT, b.translation(l)));
            out[2] = Math.max(out[2], errR);
            out[3] = Math.max(out[3], errT);
            if (errR > b.rotation(l) || errT > b.translation(l)) {
                failures.add(m.linkName(l)
                        + String.format(
                                Locale.ROOT,
                                " rotation %.3e (bound %.3e), origin %.3e m (bound %.3e)",
                                errR,
                                b.rotation(l),
                                errT,
                                b.translation(l)));
            }
        }
        if (!failures.isEmpty()) {
            System.out.println(r.label() + " q=" + Arrays.toString(q) + ": " + failures);
        }
        return out;
    }
}
