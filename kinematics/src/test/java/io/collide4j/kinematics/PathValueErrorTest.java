package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link JointPath#positionError} bounds the distance of computed joint values from the exact path the inputs
 * define: checked against the same polynomials evaluated in 60-digit decimal arithmetic from the inputs taken as
 * exact reals, on random linear, cubic and quintic segments with large and cancelling inputs.
 */
class PathValueErrorTest {
    private static final MathContext MC = new MathContext(60);

    private static BigDecimal b(double x) {
        return new BigDecimal(x);
    }

    /** Exact cubic Hermite value at s from exact inputs. */
    private static BigDecimal cubic(double q0, double d0, double q1, double d1, double s) {
        BigDecimal h = b(q1).subtract(b(q0));
        BigDecimal c2 = h.multiply(BigDecimal.valueOf(3))
                .subtract(b(d0).multiply(BigDecimal.valueOf(2)))
                .subtract(b(d1));
        BigDecimal c3 = h.multiply(BigDecimal.valueOf(-2)).add(b(d0)).add(b(d1));
        return horner(new BigDecimal[] {b(q0), b(d0), c2, c3}, s);
    }

    private static BigDecimal quintic(double q0, double d0, double a0, double q1, double d1, double a1, double s) {
        BigDecimal h = b(q1).subtract(b(q0));
        BigDecimal half = new BigDecimal("0.5");
        BigDecimal c3 = h.multiply(BigDecimal.valueOf(10))
                .subtract(b(d0).multiply(BigDecimal.valueOf(6)))
                .subtract(b(d1).multiply(BigDecimal.valueOf(4)))
                .subtract(b(a0).multiply(BigDecimal.valueOf(3)).subtract(b(a1)).multiply(half));
        BigDecimal c4 = h.multiply(BigDecimal.valueOf(-15))
                .add(b(d0).multiply(BigDecimal.valueOf(8)))
                .add(b(d1).multiply(BigDecimal.valueOf(7)))
                .add(b(a0).multiply(BigDecimal.valueOf(3))
                        .subtract(b(a1).multiply(BigDecimal.valueOf(2)))
                        .multiply(half));
        BigDecimal c5 = h.multiply(BigDecimal.valueOf(6))
                .subtract(b(d0).multiply(BigDecimal.valueOf(3)))
                .subtract(b(d1).multiply(BigDecimal.valueOf(3)))
                .add(b(a1).subtract(b(a0)).multiply(half));
        return horner(new BigDecimal[] {b(q0), b(d0), b(a0).multiply(half), c3, c4, c5}, s);
    }

    private static BigDecimal horner(BigDecimal[] c, double s) {
        BigDecimal v = BigDecimal.ZERO;
        for (int k = c.length - 1; k >= 0; k--) {
            v = v.multiply(b(s), MC).add(c[k], MC);
        }
        return v;
    }

    private static double value(SplittableRandom r) {
        double scale = Math.pow(10, r.nextInt(-3, 3));
        return (r.nextDouble() * 2 - 1) * scale * (r.nextInt(10) == 0 ? 20 : 1);
    }

    private static void check(JointPath p, BigDecimal exact, double s, String what) {
        double err = Math.abs(exact.subtract(b(p.position(0, s)), MC).doubleValue());
        assertTrue(
                err <= p.positionError(0), what + " at s = " + s + ": off by " + err + ", bound " + p.positionError(0));
    }

    @Test
    void computedValuesStayWithinTheirBound() {
        SplittableRandom r = new SplittableRandom(42);
        int checked = 0;
        for (int i = 0; i < 3000; i++) {
            double q0 = value(r), q1 = r.nextBoolean() ? q0 + value(r) * 1e-6 : value(r); // cancelling and not
            double d0 = value(r), d1 = value(r), a0 = value(r), a1 = value(r);
            JointPath lin = PolynomialJointPath.linear(new double[] {q0}, new double[] {q1});
            JointPath cub = PolynomialJointPath.cubicHermite(
                    new double[] {q0}, new double[] {d0}, new double[] {q1}, new double[] {d1});
            JointPath qui = PolynomialJointPath.quintic(
                    new double[] {q0},
                    new double[] {d0},
                    new double[] {a0},
                    new double[] {q1},
                    new double[] {d1},
                    new double[] {a1});
            for (int k = 0; k < 8; k++) {
                double s = k == 0 ? 1 : r.nextDouble();
                check(lin, b(q0).add(b(s).multiply(b(q1).subtract(b(q0))), MC), s, "linear");
                check(cub, cubic(q0, d0, q1, d1, s), s, "cubic");
                check(qui, quintic(q0, d0, a0, q1, d1, a1, s), s, "quintic");
                checked += 3;
            }
        }
        assertTrue(checked == 72_000);
    }

    @Test
    void realisticSplinesFitTheModelsBudgetAndAbsurdOnesDoNot() {
        JointPath slow = PolynomialJointPath.cubicHermite(
                new double[] {-2.9}, new double[] {20}, new double[] {2.9}, new double[] {-20});
        assertTrue(slow.positionError(0) <= KinematicModel.MAX_PATH_VALUE_ERROR, "" + slow.positionError(0));
        JointPath absurd = PolynomialJointPath.cubicHermite(
                new double[] {0}, new double[] {1e6}, new double[] {1}, new double[] {-1e6});
        assertTrue(absurd.positionError(0) > KinematicModel.MAX_PATH_VALUE_ERROR, "" + absurd.positionError(0));
    }
}
