package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.verifier.TrajectoryHash;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The verifier recomputes {@code trajectoryHash} with its own code ({@link TrajectoryHash}, written from the format's
 * definition); the certifier writes it with the checker's content digest. Two implementations of one definition must
 * agree on linear, cubic and quintic trajectories, signed zeros (the same real) included, and tell a one-ulp change apart.
 */
class TrajectoryHashAgreementTest {
    @Test
    void bothImplementationsGiveTheSameHash() {
        Random r = new Random(34);
        for (int trial = 0; trial < 30; trial++) {
            int n = 2 + r.nextInt(5), dof = 1 + r.nextInt(8);
            double[][] w = rows(r, n, dof),
                    v = trial % 3 > 0 ? rows(r, n, dof) : null,
                    a = trial % 3 > 1 ? rows(r, n, dof) : null;
            double[] t = new double[n];
            for (int k = 1; k < n; k++) {
                t[k] = t[k - 1] + 0.1 + r.nextDouble();
            }
            w[0][0] = trial % 2 == 0 ? -0.0 : 0.0;
            String mine = TrajectoryHash.of(w, v, a, t);
            assertEquals(TrajectoryCertifier.trajectoryHash(w, v, a, t), mine, "trial " + trial);
            w[n - 1][dof - 1] = Math.nextUp(w[n - 1][dof - 1]);
            assertNotEquals(mine, TrajectoryHash.of(w, v, a, t));
        }
    }

    private static double[][] rows(Random r, int n, int dof) {
        double[][] m = new double[n][dof];
        for (double[] row : m) {
            for (int j = 0; j < dof; j++) {
                row[j] = r.nextGaussian();
            }
        }
        return m;
    }
}
