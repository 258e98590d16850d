package io.collide4j.planner.embed;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A {@link Collide4j} for callers in other languages: configurations as {@code double[]} (one group configuration,
 * or a {@linkplain io.collide4j.planner.embed flat array} of many), answers as primitives and small records, every
 * failure an {@link EmbeddedException} carrying the command line's message and a {@link EmbeddedException.Kind}.
 * Built from the robot and scene options of {@code collide4j certify}, so the same options give the same checker
 * and the same certificates as the command line.
 *
 * <p>Threads: thread-safe. Single queries use the façade's per-thread scratch (no lock); batch calls share one batch
 * engine (built on first use, all cores), which runs one batch at a time. {@link #close} releases that engine.
 */
public final class EmbeddedChecker implements AutoCloseable {
    private final Collide4j c;
    private final CertifiedMotionValidator motions;
    private final List<String> warnings;
    private final Object engineLock = new Object();
    private @Nullable BatchChecker engine; // guarded by engineLock; null until the first batch and after close

    private EmbeddedChecker(Collide4j c, List<String> warnings) {
        this.c = c;
        this.motions = c.motionValidator();
        this.warnings = List.copyOf(warnings);
    }

    /**
     * The checker {@code collide4j certify OPTIONS} builds from its robot and scene options, e.g.
     * {@code ["--robot", "panda", "--scene", "table_shelf", "--margin", "0.01"]} ({@code --urdf FILE --srdf FILE
     * --package-path DIR --scene FILE|none --group NAME --hold J=V ...}); unset options take certify's defaults.
     *
     * @throws EmbeddedException USAGE for unknown options, DATA for bad content, NO_INPUT for missing files
     */
    public static EmbeddedChecker open(String[] robotSceneOptions) {
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        try (PrintStream err = new PrintStream(said, true, StandardCharsets.UTF_8)) {
            Collide4j c = CertifyApi.checker(Arrays.asList(given(robotSceneOptions, "robotSceneOptions")), err);
            err.flush();
            List<String> lines = said.toString(StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
            return new EmbeddedChecker(c, lines);
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /** The Java façade behind this one (for Java callers and benchmarks). */
    public Collide4j collide4j() {
        return c;
    }

    /** What the loader warned about (no SRDF, self-collision at the zero configuration), one line each. */
    public String[] warnings() {
        return warnings.toArray(String[]::new);
    }

    /** Length of every configuration: the planning group's variable count. */
    public int dimension() {
        return c.dimension();
    }

    /** The planning group's joint names, in configuration order. */
    public String[] jointNames() {
        return c.variableNames().toArray(String[]::new);
    }

    /** Lower joint limits in configuration order (−∞ for an unbounded continuous joint). */
    public double[] lowerLimits() {
        return c.lowerLimits();
    }

    /** Upper joint limits in configuration order (+∞ for an unbounded continuous joint). */
    public double[] upperLimits() {
        return c.upperLimits();
    }

    /** The planning group's name, or "" when every variable is planned. */
    public String groupName() {
        return c.groupName();
    }

    /** The required separation (m). */
    public double margin() {
        return c.margin();
    }

    /** Certified: q is finite, inside the joint limits, and every checked pair is farther apart than the margin. */
    public boolean isValid(double[] q) {
        try {
            return c.isValid(given(q, "q"));
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /**
     * {@link #isValid} of the {@code out.length} configurations in {@code flat} (see the package glossary), answer i
     * into {@code out[i]}, in one call on the batch engine (verdicts equal to isValid's).
     */
    public void areValid(double[] flat, boolean[] out) {
        try {
            c.areValid(given(flat, "flat"), given(out, "out"), engine());
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /** {@link #areValid(double[], boolean[])} into a new array; {@code flat.length} must be a multiple of the dimension. */
    public boolean[] areValid(double[] flat) {
        int dim = c.dimension();
        if (given(flat, "flat").length % dim != 0) {
            throw new EmbeddedException(
                    EmbeddedException.Kind.DATA,
                    flat.length + " values are not whole configurations of " + dim + " " + c.variableNames(),
                    null);
        }
        boolean[] out = new boolean[flat.length / dim];
        areValid(flat, out);
        return out;
    }

    /**
     * Certified lower bound (m) on the distance of the closest checked pair at q (+∞ when no pair is checked); the
     * margin is not subtracted. Joint limits are not looked at.
     *
     * @throws EmbeddedException DATA for a wrong length or a value that is not finite (no distance to trust)
     */
    public double clearance(double[] q) {
        try {
            requireLength("q", given(q, "q"));
            for (int i = 0; i < q.length; i++) {
                if (!Double.isFinite(q[i])) {
                    throw new IllegalArgumentException("q[" + i + "] (joint "
                            + c.variableNames().get(i) + ") is " + q[i] + ", expected a finite number");
                }
            }
            Contact closest = c.closestPair(q);
            return closest == null ? Double.POSITIVE_INFINITY : closest.lowerBound();
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /**
     * The certified boolean motion query: true only when both ends are inside the joint limits and every
     * configuration on the straight segment q0 → q1 is certified farther than the margin from everything checked.
     * Faster than {@link #checkMotion} (no earliest contact); an exhausted budget is false.
     */
    public boolean isMotionFree(double[] q0, double[] q1) {
        try {
            return motions.checkMotion(given(q0, "q0"), given(q1, "q1"));
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /**
     * The certified continuous check of q0 → q1 with its earliest contact.
     *
     * @throws EmbeddedException DATA when an end is outside the joint limits or not finite (naming the joint)
     */
    public MotionReport checkMotion(double[] q0, double[] q1) {
        try {
            requireInLimits("q0", given(q0, "q0"));
            requireInLimits("q1", given(q1, "q1"));
            MotionResult r = motions.check(q0, q1);
            double[] at = r.status() == io.collide4j.checker.query.MotionStatus.FREE
                    ? q1.clone()
                    : r.configuration() == null ? null : c.groupConfiguration(r.configuration());
            return new MotionReport(
                    r.status(),
                    r.time(),
                    r.contact() == null ? null : r.contact().pair().key(),
                    at,
                    r.clearanceLowerBound(),
                    r.evaluations());
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    /**
     * A foreign caller's None (Python) arrives as null: a usage error naming the argument, not an internal error (a
     * NullPointerException deep inside) that the binding would report as a bug of the library.
     */
    private static <T> T given(@Nullable T value, String argument) {
        if (value == null) {
            throw new EmbeddedException(
                    EmbeddedException.Kind.USAGE, argument + " is null (None); expected a value", null);
        }
        return value;
    }

    private void requireLength(String what, double[] q) {
        if (q.length != c.dimension()) {
            throw new IllegalArgumentException(
                    what + " has " + q.length + " values, expected " + c.dimension() + " " + c.variableNames());
        }
    }

    private void requireInLimits(String what, double[] q) {
        requireLength(what, q);
        for (int i = 0; i < q.length; i++) {
            if (!(q[i] >= c.lowerLimit(i) && q[i] <= c.upperLimit(i))) {
                throw new IllegalArgumentException(String.format(
                        Locale.ROOT,
                        "%s[%d] = %s (joint %s) is %s [%s, %s]",
                        what,
                        i,
                        q[i],
                        c.variableNames().get(i),
                        Double.isNaN(q[i]) ? "not a number; limits" : "outside its limits",
                        c.lowerLimit(i),
                        c.upperLimit(i)));
            }
        }
    }

    /**
     * Certifies the trajectory through {@code n = times.length} waypoints ({@code positions} a flat array of n group
     * configurations) at strictly increasing times: straight joint-space segments, or with {@code velocities} (and
     * {@code accelerations}; flat arrays like positions, or null) the cubic (quintic) pieces a controller executes.
     *
     * @param margin required separation (m), finite and ≥ 0 (the checker's own margin or another)
     * @param budget distance evaluations before the answer is INCONCLUSIVE (≥ 1)
     * @throws EmbeddedException DATA for wrong lengths, non-increasing or non-finite values, positions outside the
     *                           joint limits; USAGE for a bad margin or budget
     */
    public CertifyReport certify(
            double[] times,
            double[] positions,
            double @Nullable [] velocities,
            double @Nullable [] accelerations,
            double margin,
            long budget) {
        try {
            if (!(margin >= 0) || !Double.isFinite(margin)) {
                throw new EmbeddedException(
                        EmbeddedException.Kind.USAGE, "margin must be finite and >= 0, got " + margin, null);
            }
            if (budget < 1) {
                throw new EmbeddedException(EmbeddedException.Kind.USAGE, "budget must be >= 1, got " + budget, null);
            }
            if (accelerations != null && velocities == null) {
                throw new IllegalArgumentException("accelerations given without velocities");
            }
            int n = given(times, "times").length;
            if (n < 2) {
                throw new IllegalArgumentException("a trajectory needs at least 2 waypoints, got " + n);
            }
            JointTrajectory t = new JointTrajectory(
                    c.variableNames(),
                    times.clone(),
                    rows(given(positions, "positions"), n, "positions"),
                    velocities == null ? null : rows(velocities, n, "velocities"),
                    accelerations == null ? null : rows(accelerations, n, "accelerations"));
            StringWriter text = new StringWriter();
            TrajectoryCertifier.Certification cert = c.trajectoryCertifier().certify(t, margin, budget, text);
            CertificationResult r = cert.result();
            Violation v = r.violation();
            ViolationReport vr = v == null
                    ? null
                    : new ViolationReport(
                            v.segment(),
                            v.fraction(),
                            v.time(),
                            c.groupConfiguration(v.configuration()),
                            v.contact().pair().key(),
                            v.contact().lowerBound());
            double clearance = r.pairClearance().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .min()
                    .orElse(Double.POSITIVE_INFINITY);
            return new CertifyReport(r.verdict(), vr, clearance, r.evaluations(), text.toString());
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    // A flat array of n group vectors as rows; its length must be n × dimension.
    private double[][] rows(double[] flat, int n, String what) {
        int dim = c.dimension();
        if (flat.length != (long) n * dim) {
            throw new IllegalArgumentException(what + ": " + flat.length + " values, expected " + n + " waypoints × "
                    + dim + " " + c.variableNames());
        }
        double[][] out = new double[n][];
        for (int k = 0; k < n; k++) {
            out[k] = Arrays.copyOfRange(flat, k * dim, (k + 1) * dim);
        }
        return out;
    }

    /**
     * Re-checks the certificate in {@code file} against this checker's robot and scene, every recorded step
     * re-proved with fresh computations.
     *
     * @throws EmbeddedException NO_INPUT when the file cannot be read, DATA when it is not UTF-8 text
     */
    public VerifyReport verify(String file) {
        String text;
        try {
            text = Files.readString(Path.of(given(file, "file")));
        } catch (MalformedInputException e) {
            throw new EmbeddedException(EmbeddedException.Kind.DATA, file + ": not UTF-8 text (a binary file?)", e);
        } catch (IOException e) {
            throw new EmbeddedException(
                    EmbeddedException.Kind.NO_INPUT, file + ": cannot read the certificate (" + e + ")", e);
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
        try {
            CertificateVerifier.Report r = c.trajectoryCertifier().verify(text);
            return new VerifyReport(r.valid(), r.verdict(), r.problems());
        } catch (RuntimeException e) {
            throw EmbeddedException.of(e);
        }
    }

    private BatchChecker engine() {
        synchronized (engineLock) {
            if (engine == null) {
                engine =
                        c.newBatchChecker(EngineChoice.CPU, Runtime.getRuntime().availableProcessors());
            }
            return engine;
        }
    }

    /** Releases the batch engine's worker threads; later batch calls build a new one. */
    @Override
    public void close() {
        synchronized (engineLock) {
            if (engine != null) {
                engine.close();
                engine = null;
            }
        }
    }

    @Override
    public String toString() {
        return "EmbeddedChecker[" + c + "]";
    }
}
