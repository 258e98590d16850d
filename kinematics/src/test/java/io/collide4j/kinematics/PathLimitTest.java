package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link KinematicModel#limitViolations}: analytic peaks of cubic pieces, mimic joints with their own limits,
 * straight segments decided by their ends, and a dense-sampling oracle on random quintic paths.
 */
class PathLimitTest {
    // KinematicModelTest.tree(): variables j1 ∈ [-2, 2], j2 ∈ [0, 0.4], j4 continuous; j3 = -2 j1 + 0.1 ∈ [-2, 2]
    static final KinematicModel TREE = KinematicModel.of(KinematicModelTest.tree());

    /** j1(s) = k (s − 2s² + s³): zero at both ends, peak 4k/27 at s = 1/3 (q' = k (1 − 4s + 3s²)). */
    static JointPath bump(double k) {
        return PolynomialJointPath.cubicHermite(
                new double[] {0, 0.2, 0}, new double[] {k, 0, 5}, new double[] {0, 0.2, 100}, new double[] {0, 0, -7});
    }

    @Test
    void cubicPeakIsFoundWhereCalculusPutsIt() {
        assertEquals(List.of(), TREE.limitViolations(bump(1)), "peak 4/27 and mimic −8/27 + 0.1 are inside");
        // k = 8: j1 peaks at 32/27 (inside [-2, 2]); its mimic j3 reaches −64/27 + 0.1 < −2
        List<PathLimitViolation> v = TREE.limitViolations(bump(8));
        assertEquals(1, v.size(), v.toString());
        assertEquals("j3", v.get(0).violation().jointName());
        assertEquals(0, v.get(0).violation().variableIndex(), "a mimic is reported against the variable driving it");
        assertEquals(-64.0 / 27 + 0.1, v.get(0).violation().value(), 1e-9);
        assertEquals(1.0 / 3, v.get(0).s(), 1e-4);
        // k = 14: j1 itself peaks at 56/27 > 2
        v = TREE.limitViolations(bump(14));
        assertEquals(
                List.of("j1", "j3"),
                v.stream().map(x -> x.violation().jointName()).toList());
        assertEquals(56.0 / 27, v.get(0).violation().value(), 1e-9);
        assertEquals(1.0 / 3, v.get(0).s(), 1e-4);
    }

    @Test
    void peaksWithinAMicroradianOfTheLimitAreDecidedCorrectly() {
        double atLimit = 2 * 27.0 / 4; // k whose peak is exactly j1's upper limit 2
        assertEquals(
                List.of("j1", "j3"),
                TREE.limitViolations(bump(atLimit * (1 + 1e-7))).stream()
                        .map(x -> x.violation().jointName())
                        .toList());
        // below: j1 inside; j3 = −2 j1 + 0.1 already leaves at j1 > 1.05, so only j3
        assertEquals(
                List.of("j3"),
                TREE.limitViolations(bump(atLimit * (1 - 1e-7))).stream()
                        .map(x -> x.violation().jointName())
                        .toList());
    }

    @Test
    void straightSegmentsAreDecidedByTheirEnds() {
        // j2 from its lower to its upper limit exactly: inside
        assertEquals(
                List.of(),
                TREE.limitViolations(JointPath.linear(new double[] {0.5, 0, -50}, new double[] {0.9, 0.4, 50})));
        List<PathLimitViolation> v =
                TREE.limitViolations(JointPath.linear(new double[] {0.5, 0, 0}, new double[] {0.5, 0.45, 0}));
        assertEquals(1, v.size(), v.toString());
        assertEquals("j2", v.get(0).violation().jointName());
        assertEquals(1, v.get(0).s());
        assertEquals(0.45, v.get(0).violation().value());
    }

    /**
     * Oracle: 10^4 samples per path. A joint not reported never samples outside; a reported one is outside at its
     * reported point, and no sample exceeds the reported excess by more than the peak tolerance.
     */
    @Test
    void randomQuinticPathsAgreeWithDenseSampling() {
        SplittableRandom r = new SplittableRandom(20261121);
        int reported = 0, proven = 0;
        int samples = 10_000;
        for (int trial = 0; trial < 400; trial++) {
            double[][] v = new double[6][3];
            for (double[] row : v) {
                for (int j = 0; j < 3; j++) {
                    row[j] = r.nextDouble(-3, 3);
                }
            }
            v[0][1] = v[3][1] = 0.2; // j2 in [0, 0.4]: keep its ends inside, let the curve bulge out or not
            v[1][1] *= 0.3;
            v[4][1] *= 0.3;
            JointPath path = PolynomialJointPath.quintic(v[0], v[1], v[2], v[3], v[4], v[5]);
            List<PathLimitViolation> found = TREE.limitViolations(path);
            double[] q = new double[3];
            for (String joint : List.of("j1", "j2", "j3")) {
                PathLimitViolation rep = found.stream()
                        .filter(x -> x.violation().jointName().equals(joint))
                        .findFirst()
                        .orElse(null);
                double maxExcess = Double.NEGATIVE_INFINITY;
                for (int k = 0; k <= samples; k++) {
                    path.positions((double) k / samples, q);
                    maxExcess = Math.max(maxExcess, excess(joint, q));
                }
                if (rep == null) {
                    assertTrue(
                            maxExcess <= 0,
                            "trial " + trial + ": " + joint + " sampled " + maxExcess + " outside, not reported");
                    proven++;
                } else {
                    path.positions(rep.s(), q);
                    double e = excess(joint, q);
                    assertTrue(e > 0, "trial " + trial + ": reported point of " + joint + " is inside");
                    assertEquals(
                            rep.violation().value(),
                            joint.equals("j3") ? -2 * q[0] + 0.1 : q[joint.equals("j1") ? 0 : 1],
                            1e-12);
                    assertTrue(
                            e >= maxExcess - 1e-9,
                            "trial " + trial + ": " + joint + " peak " + e + " below sampled " + maxExcess);
                    reported++;
                }
            }
        }
        System.out.printf(
                "path limits: %d joint excursions reported, %d joints proven inside, over 400 quintic paths%n",
                reported, proven);
        assertTrue(reported > 100 && proven > 100, reported + " / " + proven);
    }

    static double excess(String joint, double[] q) {
        return switch (joint) {
            case "j1" -> Math.max(q[0] - 2, -2 - q[0]);
            case "j2" -> Math.max(q[1] - 0.4, -q[1]);
            default -> Math.max(-2 * q[0] + 0.1 - 2, -2 - (-2 * q[0] + 0.1));
        };
    }
}
