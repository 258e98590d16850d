package io.collide4j.planner.jni;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.EndCheck;
import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.options.CheckerOptions;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.ProblemRunner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The entry points the C++ OMPL plug-in ({@code bindings/ompl}) calls through JNI: static methods on primitive
 * arrays, so that a native query is one {@code Call*Method} on arrays the calling thread owns, with no objects made
 * per query. The native side caches this class and its method ids once; their signatures are part of its ABI, so a
 * change here is a change there ({@code bindings/ompl/src/Jvm.cpp}).
 *
 * <p>Configurations are the planning group's values (length {@link #dimension}); answers are those of
 * {@link Collide4j}'s certified adapters. Thread-safe: a {@link Handle} is shared by every native thread, and each
 * thread gets its own query scratch from the façade's per-thread context; nothing here locks.
 */
public final class NativeBridge {
    private NativeBridge() {}

    /**
     * An opened checker and its adapters, held by the native side as one global reference; {@code known} holds the
     * configurations {@link #isValid} accepted, per thread (states and motions check at the same separation).
     */
    public record Handle(
            Collide4j checker,
            CertifiedStateValidityChecker states,
            CertifiedMotionValidator motions,
            KnownValidStates known) {
        public Handle {
            if (states.separation() != motions.separation()) {
                // a state valid at one separation says nothing about a motion checked at another
                throw new IllegalArgumentException("states checked at " + states.separation() + " m, motions at "
                        + motions.separation() + " m: a handle checks both at one separation");
            }
        }

        /** A handle of these adapters with an empty {@link KnownValidStates}. */
        public Handle(Collide4j checker, CertifiedStateValidityChecker states, CertifiedMotionValidator motions) {
            this(checker, states, motions, new KnownValidStates(checker.dimension()));
        }
    }

    /**
     * Opens a checker from the command line's robot and scene options ({@link CheckerOptions}: {@code --robot},
     * {@code --urdf}, {@code --srdf}, {@code --package-path}, {@code --scene}, {@code --margin}, {@code --group},
     * {@code --hold}, ...) and the plug-in's own {@link #PLANNING_MARGIN} and {@link #MOTION_SAMPLE_STEP}. Load
     * warnings go to stderr.
     */
    public static Handle open(String[] options) {
        boolean planning = false;
        double sampleStep = PLUGIN_SAMPLE_STEP;
        boolean stepGiven = false;
        List<String> checking = new ArrayList<>();
        for (int i = 0; i < options.length; i++) {
            if (PLANNING_MARGIN.equals(options[i])) {
                planning = true;
            } else if (MOTION_SAMPLE_STEP.equals(options[i])) {
                if (stepGiven) {
                    throw new CliException(ExitCode.USAGE, MOTION_SAMPLE_STEP + " given twice; give it once");
                }
                stepGiven = true;
                sampleStep = sampleStep(options, ++i);
            } else {
                checking.add(options[i]);
            }
        }
        Collide4j c = CheckerOptions.open(checking.toArray(new String[0]), System.err);
        return planning
                ? new Handle(
                        c,
                        c.planningStateValidityChecker(),
                        c.planningMotionValidator().withSampleStep(sampleStep))
                : new Handle(c, c.stateValidityChecker(), c.motionValidator().withSampleStep(sampleStep));
    }

    private static double sampleStep(String[] options, int i) {
        String v = i < options.length ? options[i] : null;
        double step;
        try {
            step = v == null ? Double.NaN : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            step = Double.NaN;
        }
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new CliException(
                    ExitCode.USAGE,
                    MOTION_SAMPLE_STEP + " expects a joint-space distance > 0 (rad or m)," + " got "
                            + (v == null ? "nothing" : "'" + v + "'"));
        }
        return step;
    }

    /**
     * The option (C++: {@code Options::extra = {"--motion-sample-step", "0.5"}}) that spaces the motion check's
     * discrete pre-rejection samples ({@link CertifiedMotionValidator#withSampleStep}) instead of
     * {@link #PLUGIN_SAMPLE_STEP}; {@link #isMotionFree} only. Free answers stay the advancement's proof either way.
     */
    public static final String MOTION_SAMPLE_STEP = "--motion-sample-step";

    /**
     * The plug-in's spacing of {@link #isMotionFree}'s discrete samples, denser than the façade's
     * {@link CollisionChecker#DEFAULT_SAMPLE_STEP} (1.0). Why: OMPL's RRTConnect proves every extension as it grows,
     * and most of them are blocked (92 % of its 2.6 rad extensions at OMPL's default range, 52 % at range 1.0, on the
     * MotionBenchMaker Panda problems); at 1.0 a blocked one mostly runs into the advancement before it is refused
     * (11.3 µs, 51.6 µs at range 1.0), at 0.25 a state sample refuses it first (5.8 µs, 9.9 µs), while a free one pays
     * a few more state checks (50.6 → 53.9 µs, 37.6 → 44.7 µs). Same trees, so same answers; planning CPU 10.1 → 8.9 s
     * and 3.95 → 2.58 s over 280 problems (bindings/ompl/BENCHMARKS.md). 0.125 gave the same totals as 0.25.
     */
    public static final double PLUGIN_SAMPLE_STEP = 0.25;

    /**
     * The option (C++: {@code Options::extra}) that makes {@link #isValid}, {@link #isMotionFree} and
     * {@link #checkMotion} check at {@link Collide4j#planningMargin} (margin + 2 × tolerance), so that every path an
     * OMPL planner builds from them certifies at the margin ({@link #certifyPath}); README, "Planning margin".
     * Without it they keep the margin, and a path may pass through the band that {@code certify} refuses.
     */
    public static final String PLANNING_MARGIN = "--planning-margin";

    public static int dimension(Handle h) {
        return h.checker().dimension();
    }

    /** The planning group's variable names, in configuration order. */
    public static String[] variableNames(Handle h) {
        return h.checker().variableNames().toArray(new String[0]);
    }

    /** Lower limits then upper limits: 2 × {@link #dimension} values. */
    public static double[] limits(Handle h) {
        double[] lo = h.checker().lowerLimits(), hi = h.checker().upperLimits();
        double[] out = Arrays.copyOf(lo, lo.length + hi.length);
        System.arraycopy(hi, 0, out, lo.length, hi.length);
        return out;
    }

    public static double margin(Handle h) {
        return h.checker().margin();
    }

    public static String groupName(Handle h) {
        return h.checker().groupName();
    }

    /** Certified validity: within the joint limits and every checked pair farther apart than the margin. */
    public static boolean isValid(Handle h, double[] q) {
        // the planning margin goes through its adapter; the margin keeps the façade's direct call (no counters)
        boolean valid = h.states().separation() == h.checker().margin()
                ? h.checker().isValid(q)
                : h.states().isValid(q);
        if (valid) {
            h.known().remember(q);
        }
        return valid;
    }

    /**
     * A certified lower bound on the distance of the closest checked pair (margin not subtracted; ≤ 0 when covering
     * pieces overlap; +∞ when nothing is checked).
     */
    public static double clearance(Handle h, double[] q) {
        return h.states().clearance(q).lowerBound();
    }

    /**
     * The boolean certified motion check ({@link CertifiedMotionValidator#checkMotion}), without q1's discrete check
     * when this thread's {@link #isValid} accepted exactly q1 before ({@link KnownValidStates}): in OMPL's RRTConnect
     * the goal tree checks {@code isValid(new)} then {@code checkMotion(new, near)}, near a node it validated when it
     * added it. The same answer as checking q1 (BENCHMARKS.md, "Where RRTConnect's checking time goes").
     */
    public static boolean isMotionFree(Handle h, double[] q0, double[] q1) {
        return h.motions().checkMotion(q0, q1, h.known().contains(q1) ? EndCheck.KNOWN_FREE : EndCheck.FIRST);
    }

    /**
     * The certified motion check with its last valid state ({@link CertifiedMotionValidator#checkMotionWithLastValid},
     * earliest contact, then stepped back clear of the tolerance band: see {@link #clearOfTheBand}): true when free;
     * {@code out} receives the last valid fraction, then that configuration (1 + {@link #dimension} values).
     */
    public static boolean checkMotion(Handle h, double[] q0, double[] q1, double[] out) {
        MotionValidator.MotionCheck m = h.motions().checkMotionWithLastValid(q0, q1);
        double f = m.lastValidFraction();
        double[] q = m.lastValid();
        if (!m.valid() && f > 0) {
            f = clearOfTheBand(h, q0, q1, f, q);
        }
        out[0] = f;
        System.arraycopy(q, 0, out, 1, q.length);
        return m.valid();
    }

    /**
     * The earliest contact's last valid state lies just before the first time the clearance could reach the margin
     * plus the checker's tolerance, so it is valid but inside that band: every motion starting there stops at once,
     * and {@code certify} reports the band as a violation. Planners that keep last valid states as tree nodes (KPIECE,
     * LBKPIECE) would collect such dead ends, so step back along the certified-free prefix [0, f) to the first of
     * f (1 − 2^−j), j = 12 … 1, whose certified clearance exceeds margin + tolerance; none: 0 and q0. Writes the state
     * into {@code q} and returns its fraction.
     */
    private static double clearOfTheBand(Handle h, double[] q0, double[] q1, double f, double[] q) {
        Collide4j c = h.checker();
        double needed = h.states().separation() + c.tolerance();
        for (int j = 12; j >= 1; j--) {
            double g = f * (1 - Math.scalb(1.0, -j));
            for (int i = 0; i < q.length; i++) {
                q[i] = q0[i] + g * (q1[i] - q0[i]);
            }
            if (c.withinLimits(q) && h.states().clearance(q).lowerBound() > needed) {
                return g;
            }
        }
        System.arraycopy(q0, 0, q, 0, q.length);
        return 0;
    }

    /**
     * Certifies a path (waypoints k at time k s, straight joint-space segments; {@code flat} holds them one after
     * another) as {@code collide4j certify} does, with the checker's margin: the verdict's name
     * ({@code CERTIFIED_FREE}, {@code VIOLATION}, {@code INCONCLUSIVE}).
     */
    public static String certifyPath(Handle h, double[] flat) {
        int n = dimension(h);
        if (flat.length == 0 || flat.length % n != 0) {
            throw new IllegalArgumentException("a path of " + n + "-value waypoints needs a positive multiple of " + n
                    + " values, got " + flat.length);
        }
        List<double[]> path = new ArrayList<>();
        for (int k = 0; k < flat.length; k += n) {
            path.add(Arrays.copyOfRange(flat, k, k + n));
        }
        return ProblemRunner.certifyPath(h.checker(), path).name();
    }

    /**
     * The in-JVM reference for the JNI overhead benchmark: nanoseconds for {@code rounds} passes of
     * {@link #isValid} over the configurations in {@code flat}, called from Java; the count of valid ones goes to
     * {@code validOut[0]} (so the loop's work cannot be dropped).
     */
    public static long timeIsValid(Handle h, double[] flat, int rounds, long[] validOut) {
        int n = dimension(h);
        double[][] qs = new double[flat.length / n][];
        for (int i = 0; i < qs.length; i++) {
            qs[i] = Arrays.copyOfRange(flat, i * n, i * n + n);
        }
        long valid = 0;
        long t0 = System.nanoTime();
        for (int r = 0; r < rounds; r++) {
            for (double[] q : qs) {
                valid += isValid(h, q) ? 1 : 0;
            }
        }
        long t = System.nanoTime() - t0;
        validOut[0] = valid;
        return t;
    }

    /**
     * The exit code the command line would give for this failure (64 usage, 65 bad data or a refused argument, 66
     * missing input; 70 for anything unexpected), so that the native exception says which kind of mistake it was.
     */
    public static int exitCode(Throwable t) {
        if (t instanceof CliException c) {
            return c.exitCode();
        }
        // as the CLI reports it: an argument the checker refuses is bad input, not a bug
        return t instanceof IllegalArgumentException ? ExitCode.DATA_ERROR.status() : ExitCode.INTERNAL.status();
    }

    /** The one-line message the native exception carries: the CLI's message, or the exception itself. */
    public static String message(Throwable t) {
        if (t instanceof CliException c) {
            return c.getMessage();
        }
        String m = t.getMessage();
        return t.getClass().getName() + (m == null ? "" : ": " + m.replace('\n', ' '));
    }

    /**
     * Loads a checker and asks every kind of query once: the build's class-data-sharing archive is recorded from
     * this run ({@code java -XX:ArchiveClassesAtExit=collide4j.jsa -cp collide4j.jar
     * io.collide4j.planner.jni.NativeBridge --robot panda}), so the classes a native caller needs come mapped.
     */
    public static void main(String[] args) {
        Handle h;
        try {
            h = open(args);
        } catch (CliException e) {
            System.err.println("collide4j NativeBridge: " + e.getMessage());
            System.exit(e.exitCode());
            return;
        }
        int n = dimension(h);
        double[] lim = limits(h);
        double[] q0 = new double[n], q1 = new double[n], out = new double[n + 1];
        for (int i = 0; i < n; i++) {
            q0[i] = lim[i] + 0.25 * (lim[n + i] - lim[i]);
            q1[i] = lim[i] + 0.75 * (lim[n + i] - lim[i]);
        }
        boolean valid = isValid(h, q0);
        double clearance = clearance(h, q0);
        boolean free = isMotionFree(h, q0, q1);
        boolean freeLast = checkMotion(h, q0, q1, out);
        System.out.println("dimension " + n + ", valid " + valid + ", clearance " + clearance + ", motion free " + free
                + "/" + freeLast + " (last valid fraction " + out[0] + ")");
    }
}
