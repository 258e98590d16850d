package io.collide4j.kinematics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The checks a {@link KinematicModel} makes of configurations and motion segments before any bound is computed on
 * them: length and finiteness, the caps that keep certified bounds finite and accurate
 * ({@link KinematicModel#MAX_SEGMENT_TURN} and the others), and joint position limits, at states and along paths.
 * Stateless; every method reads the immutable model only, so all are thread-safe.
 */
final class LimitChecks {
    private LimitChecks() {}

    /** {@link KinematicModel#checkConfiguration}. Allocation-free unless it throws. */
    static void checkConfiguration(KinematicModel m, double[] q) {
        if (q == null || q.length != m.varNames.length) {
            throw new InvalidConfigurationException(
                    "robot " + m.name + ": configuration has "
                            + (q == null ? "no array" : q.length + " entries") + ", expected " + m.varNames.length
                            + " " + Arrays.toString(m.varNames),
                    -1,
                    null);
        }
        for (int i = 0; i < q.length; i++) {
            if (!Double.isFinite(q[i])) {
                throw new InvalidConfigurationException(
                        "robot " + m.name + ": configuration entry " + i + " (joint " + m.varNames[i] + ") is " + q[i]
                                + ", expected a finite number",
                        i,
                        m.varNames[i]);
            }
        }
        for (int b = 1; b < m.bodyParent.length; b++) {
            // the FK error bound of a mimic joint's computed value assumes its source within the cap (FkErrorBound)
            if (m.bodyMimic[b] && !(Math.abs(q[m.bodyVar[b]]) <= KinematicModel.MAX_MIMIC_SOURCE_VALUE)) {
                throw new InvalidConfigurationException(
                        "robot " + m.name + ": joint " + m.varNames[m.bodyVar[b]]
                                + " (configuration entry " + m.bodyVar[b] + ") is at " + q[m.bodyVar[b]]
                                + ", beyond the "
                                + KinematicModel.MAX_MIMIC_SOURCE_VALUE + " (rad or m) within which the mimic joint "
                                + m.bodyJoint[b]
                                + " that follows it is computed accurately; reduce a continuous joint's angle modulo 2π",
                        m.bodyVar[b],
                        m.varNames[m.bodyVar[b]]);
            }
            // written so that NaN (a mimic's multiplier times a huge value) is refused too
            if (m.bodyPrismatic[b]
                    && !(Math.abs(m.bodyMul[b] * q[m.bodyVar[b]] + m.bodyOff[b]) <= KinematicModel.MAX_SLIDE)) {
                throw new InvalidConfigurationException(
                        "robot " + m.name + ": prismatic joint " + m.bodyJoint[b] + " is at "
                                + (m.bodyMul[b] * q[m.bodyVar[b]] + m.bodyOff[b]) + " m (configuration entry "
                                + m.bodyVar[b]
                                + "), beyond the " + KinematicModel.MAX_SLIDE + " m that certified bounds support",
                        m.bodyVar[b],
                        m.varNames[m.bodyVar[b]]);
            }
        }
    }

    /** {@link KinematicModel#checkSegment}: on every motion's path, so allocation-free unless it throws. */
    static void checkSegment(KinematicModel m, double[] q0, double[] q1) {
        checkConfiguration(m, q0);
        checkConfiguration(m, q1);
        for (int b = 1; b < m.bodyParent.length; b++) {
            int v = m.bodyVar[b];
            checkAngle(m, b, q0[v]);
            checkAngle(m, b, q1[v]);
            double travel = Math.abs(m.bodyMul[b]) * Math.abs(q1[v] - q0[v]);
            if (!(travel <= travelCap(m, b))) { // the message only when refusing: checkSegment is on the hot path
                checkTravel(m, b, travel, "from " + q0[v] + " to " + q1[v]);
            }
            // the straight segment's interpolation error (RobotSegment's LinearPath): within the caps it always fits
            checkValueError(
                    m, b, Math.abs(m.bodyMul[b]) * 4 * 0x1p-53 * (Math.abs(q0[v]) + 2 * Math.abs(q1[v] - q0[v])));
        }
    }

    /** {@link KinematicModel#checkPath}. */
    static void checkPath(KinematicModel m, JointPath path) {
        if (path.variableCount() != m.varNames.length) {
            throw new IllegalArgumentException("robot " + m.name + ": path has " + path.variableCount()
                    + " variables, expected " + m.varNames.length);
        }
        double[] q0 = checkedEnd(m, path, 0), q1 = checkedEnd(m, path, 1);
        for (int b = 1; b < m.bodyParent.length; b++) {
            int v = m.bodyVar[b];
            checkAngle(m, b, q0[v]);
            checkAngle(m, b, q1[v]);
            checkTravel(m, b, Math.abs(m.bodyMul[b]) * path.maxAbsVelocity(v, 0, 1), "along a curved segment");
            checkValueError(m, b, Math.abs(m.bodyMul[b]) * path.positionError(v));
        }
    }

    private static void checkValueError(KinematicModel m, int b, double error) {
        if (!(error <= KinematicModel.MAX_PATH_VALUE_ERROR)) { // NaN refused too
            throw new InvalidConfigurationException(
                    "robot " + m.name + ": joint " + m.bodyJoint[b] + " is computed along"
                            + " this segment within " + error + (m.bodyPrismatic[b] ? " m" : " rad")
                            + " of the exact path, more"
                            + " than the " + KinematicModel.MAX_PATH_VALUE_ERROR
                            + " the certified bounds include; its spline coefficients are"
                            + " too large: split the segment or reduce its velocities",
                    m.bodyVar[b],
                    m.varNames[m.bodyVar[b]]);
        }
    }

    private static double[] checkedEnd(KinematicModel m, JointPath path, double s) {
        double[] q = path.positions(s, new double[m.varNames.length]);
        checkConfiguration(m, q);
        return q;
    }

    private static void checkAngle(KinematicModel m, int b, double q) {
        double v = m.bodyMul[b] * q + m.bodyOff[b];
        if (!m.bodyPrismatic[b] && !(Math.abs(v) <= KinematicModel.MAX_SEGMENT_ANGLE)) {
            throw new InvalidConfigurationException(
                    "robot " + m.name + ": joint " + m.bodyJoint[b] + " is at " + v
                            + " rad at an end of a motion segment, beyond the " + KinematicModel.MAX_SEGMENT_ANGLE
                            + " rad (4 turns) within"
                            + " which interpolated joint values stay accurate; reduce the angle modulo 2π before the motion",
                    m.bodyVar[b],
                    m.varNames[m.bodyVar[b]]);
        }
    }

    private static double travelCap(KinematicModel m, int b) {
        return m.bodyPrismatic[b] ? KinematicModel.MAX_SLIDE : KinematicModel.MAX_SEGMENT_TURN;
    }

    private static void checkTravel(KinematicModel m, int b, double travel, String how) {
        double cap = travelCap(m, b);
        if (!(travel <= cap)) { // NaN and infinity refused too
            throw new InvalidConfigurationException(
                    "robot " + m.name + ": joint " + m.bodyJoint[b] + " travels " + travel
                            + (m.bodyPrismatic[b] ? " m " : " rad ") + how + " in one segment, more than the " + cap
                            + (m.bodyPrismatic[b] ? " m" : " rad (4 turns)")
                            + " a certified motion bound supports; split the"
                            + " motion into shorter segments",
                    m.bodyVar[b],
                    m.varNames[m.bodyVar[b]]);
        }
    }

    /** {@link KinematicModel#validate}; allocation-free when nothing is violated. */
    static List<LimitViolation> validate(KinematicModel m, double[] q, LimitPolicy policy) {
        checkConfiguration(m, q);
        List<LimitViolation> out = null;
        for (int b = 1; b < m.bodyParent.length; b++) {
            double v = m.bodyMul[b] * q[m.bodyVar[b]] + m.bodyOff[b];
            if (!(v >= m.bodyLower[b] && v <= m.bodyUpper[b])) {
                LimitViolation lv = new LimitViolation(m.bodyJoint[b], m.bodyVar[b], v, m.bodyLower[b], m.bodyUpper[b]);
                if (policy == LimitPolicy.ERROR) {
                    throw new JointLimitException(lv);
                }
                if (out == null) {
                    out = new ArrayList<>();
                }
                out.add(lv);
            }
        }
        return out == null ? Collections.emptyList() : Collections.unmodifiableList(out);
    }

    /**
     * {@link KinematicModel#limitViolations}.
     *
     * <p>Proof by subdivision: on [a, b] a joint value f with |f''| ≤ A (the path's certified acceleration bound)
     * lies within [min(f(a), f(b)) − A(b − a)²/8, max(f(a), f(b)) + A(b − a)²/8] (the chord plus the largest
     * deviation a bounded second derivative allows), so straight segments are decided by their ends and curved ones
     * converge quadratically. Where a joint does leave, branch and bound on the excess locates its peak to
     * {@value #PEAK_TOLERANCE} rad (or m). Only evaluated values are reported, so a reported value is truly outside.
     * Joint values are evaluated in double precision, as in {@link KinematicModel#validate}: a path that touches a limit to within
     * rounding (about 1e-15 of the value) counts as inside.
     */
    static List<PathLimitViolation> limitViolations(KinematicModel m, JointPath path) {
        if (path.variableCount() != m.varNames.length) {
            throw new IllegalArgumentException("robot " + m.name + ": path has " + path.variableCount()
                    + " variables, expected " + m.varNames.length);
        }
        List<PathLimitViolation> out = new ArrayList<>();
        double[] stack = new double[5 * (PATH_LIMIT_DEPTH + 2)];
        for (int b = 1; b < m.bodyParent.length; b++) {
            if (m.bodyLower[b] == Double.NEGATIVE_INFINITY && m.bodyUpper[b] == Double.POSITIVE_INFINITY) {
                continue; // continuous joint
            }
            PathLimitViolation v = worstExcursion(m, b, path, stack);
            if (v != null) {
                out.add(v);
            }
        }
        return out.isEmpty() ? Collections.emptyList() : Collections.unmodifiableList(out);
    }

    private static final int PATH_LIMIT_DEPTH = 50;
    private static final double PEAK_TOLERANCE = 1e-9;

    /** Largest excess of body b's joint value over its limits along the path, or null when proven inside. */
    private static PathLimitViolation worstExcursion(KinematicModel m, int b, JointPath path, double[] stack) {
        int var = m.bodyVar[b];
        double mul = m.bodyMul[b], off = m.bodyOff[b], lo = m.bodyLower[b], hi = m.bodyUpper[b];
        double f0 = mul * path.position(var, 0) + off, f1 = mul * path.position(var, 1) + off;
        double bestExcess = 0, bestS = -1, bestValue = 0;
        for (int end = 0; end < 2; end++) {
            double f = end == 0 ? f0 : f1;
            double e = Math.max(f - hi, lo - f);
            if (e > bestExcess) {
                bestExcess = e;
                bestS = end;
                bestValue = f;
            }
        }
        // depth-first stack of intervals (a, b, f(a), f(b), depth): at most PATH_LIMIT_DEPTH + 2 entries
        int top = push(stack, 0, 0, 1, f0, f1, 0);
        while (top > 0) {
            top -= 5;
            double sa = stack[top], sb = stack[top + 1], fa = stack[top + 2], fb = stack[top + 3];
            int d = (int) stack[top + 4];
            double w = sb - sa;
            double bulge = Math.abs(mul) * path.maxAbsAcceleration(var, sa, sb) * w * w / 8;
            double excessBound = Math.max(Math.max(fa, fb) + bulge - hi, lo - (Math.min(fa, fb) - bulge));
            // proven inside, or (once a violation is known) unable to beat the best excess by the tolerance
            if (excessBound <= (bestS < 0 ? 0 : bestExcess + PEAK_TOLERANCE) || d >= PATH_LIMIT_DEPTH) {
                continue;
            }
            double sm = 0.5 * (sa + sb);
            double fm = mul * path.position(var, sm) + off;
            double em = Math.max(fm - hi, lo - fm);
            if (em > bestExcess) {
                bestExcess = em;
                bestS = sm;
                bestValue = fm;
            }
            top = push(stack, top, sm, sb, fm, fb, d + 1);
            top = push(stack, top, sa, sm, fa, fm, d + 1);
        }
        return bestS < 0
                ? null
                : new PathLimitViolation(bestS, new LimitViolation(m.bodyJoint[b], var, bestValue, lo, hi));
    }

    private static int push(double[] stack, int top, double a, double b, double fa, double fb, int depth) {
        stack[top] = a;
        stack[top + 1] = b;
        stack[top + 2] = fa;
        stack[top + 3] = fb;
        stack[top + 4] = depth;
        return top + 5;
    }
}
