package io.collide4j.planner.verify;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificateTrajectoryLimits;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.robot.PieceOrigin;
import io.collide4j.planner.CertificateInputs;
import io.collide4j.planner.Collide4j;
import io.collide4j.verifier.Assumption;
import io.collide4j.verifier.Binding;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Verifies a certificate against loaded inputs in one call, in this order: the trajectory within the robot's joint
 * limits; the binding stage both verifiers share (verifier module's {@link Binding}; verifier/SOUNDNESS.md,
 * "Binding"); the chosen verifier, the independent one re-proving a violation's free part and the recompute verifier
 * the violation itself; with a margin asked above a free certificate's own, its planes checked against the margin
 * asked (the independent verifier checks every step and every unlisted pair against it); then the strict check and
 * whether the verdict answers the margin asked. Stateless, thread-safe (the checker is shared, nothing is kept).
 */
public final class CertificateVerification {
    private CertificateVerification() {}

    /**
     * The verification of {@code cert}, read from {@code text} (the same bytes: binding and the independent verifier
     * read them again on their own, so that they share no parsing with the certifier), against the robot, options and
     * scene of {@code c}.
     *
     * @throws IllegalArgumentException when the request asks the independent verifier of a certificate without
     *                                  witnesses ({@link VerifierChoice#resolve})
     */
    public static VerificationResult verify(
            Collide4j c, Certificate cert, byte[] text, String source, VerificationRequest request) {
        VerifierChoice which = VerifierChoice.resolve(request.verifier(), cert, source);
        Optional<String> limits = CertificateTrajectoryLimits.problem(c.model().kinematics(), cert);
        if (limits.isPresent()) {
            // certify refuses such a motion; the independent verifier's plane tests do not look at limits
            return early(VerificationOutcome.OUT_OF_LIMITS, which, List.of(limits.get()), null);
        }
        BoundInputs bound;
        try {
            bound = CertificateInputs.of(c, cert.meshModeOrDefault(), request.trajectory());
        } catch (IllegalArgumentException e) {
            return early(VerificationOutcome.TRAJECTORY_REFUSED, which, List.of(String.valueOf(e.getMessage())), null);
        }
        List<String> unbound = Binding.check(bound, text, source);
        if (!unbound.isEmpty()) {
            return early(VerificationOutcome.UNBOUND, which, unbound, null);
        }
        Double asked = request.margin();
        boolean beyond = which == VerifierChoice.INDEPENDENT
                && asked != null
                && asked > cert.margin()
                && cert.verdict() == Verdict.CERTIFIED_FREE;
        List<String> problems;
        Verdict v;
        long steps = 0;
        long subdivisions = 0;
        List<Assumption> assumed = List.of();
        Map<String, Double> proven;
        if (which == VerifierChoice.INDEPENDENT) {
            VerificationReport report = independent(c, text, source, bound, beyond ? asked : cert.margin());
            if (beyond && !report.valid()) {
                VerificationReport own = independent(c, text, source, bound, cert.margin());
                if (own.valid()) {
                    return early(
                            VerificationOutcome.MARGIN_NOT_PROVEN_BY_PLANES,
                            which,
                            List.of(),
                            report.problems().get(0));
                }
                report = own;
            }
            steps = report.stepsChecked();
            subdivisions = report.subdivisions();
            assumed = report.assumptions();
            proven = report.valid() ? report.provenClearance() : Map.of();
            problems = new ArrayList<>(report.problems());
            // the verifier module names verdicts as text (it shares no types with the certifier)
            v = report.verdict() == null ? null : Verdict.valueOf(report.verdict());
            if (report.valid() && v == Verdict.VIOLATION) {
                // the independent verifier proves the free part; the violation itself is re-proved here
                CertificateVerifier.Report re = c.trajectoryCertifier().verify(cert);
                re.problems().forEach(p -> problems.add("recompute verifier (violation): " + p));
            }
        } else {
            CertificateVerifier.Report report = c.trajectoryCertifier().verify(cert);
            problems = report.problems();
            v = report.verdict();
            proven = report.provenClearance();
        }
        VerificationOutcome outcome = VerificationOutcome.VALID;
        List<String> reasons = problems;
        if (request.strict() && problems.isEmpty() && v != null) {
            List<String> unproven = unproven(c, assumed, which);
            if (!unproven.isEmpty()) {
                outcome = VerificationOutcome.UNPROVEN_ASSUMPTIONS;
                reasons = unproven;
            }
        }
        if (outcome == VerificationOutcome.VALID) {
            if (!problems.isEmpty() || v == null) {
                outcome = VerificationOutcome.INVALID;
            } else if (asked != null && v == Verdict.CERTIFIED_FREE && !(cert.margin() >= asked) && !beyond) {
                outcome = VerificationOutcome.MARGIN_NOT_PROVEN;
            } else if (asked != null && v == Verdict.VIOLATION && !(cert.margin() <= asked)) {
                outcome = VerificationOutcome.MARGIN_NOT_DECIDED;
            }
        }
        return new VerificationResult(
                outcome, which, v, reasons, true, steps, subdivisions, assumed, proven, beyond, null);
    }

    private static VerificationResult early(
            VerificationOutcome outcome, VerifierChoice which, List<String> problems, @Nullable String planesShortBy) {
        return new VerificationResult(
                outcome, which, null, problems, false, 0, 0, List.of(), Map.of(), false, planesShortBy);
    }

    /**
     * What a strict check refuses: the independent verifier lists each caller-allowed pair it skipped and each
     * decomposed mesh whose solid it did not check; the recompute verifier proves nothing about why a pair is allowed
     * nor about a decomposed mesh's solid, so every such pair and element of the model counts.
     */
    private static List<String> unproven(Collide4j c, List<Assumption> assumed, VerifierChoice which) {
        List<String> unproven = new ArrayList<>();
        if (which == VerifierChoice.INDEPENDENT) {
            assumed.forEach(a -> unproven.add(a.describe()));
        } else {
            c.model().allowedPairs().stream()
                    .filter(p -> p.reason().equals("User") || p.reason().equals("Attached"))
                    .forEach(p -> unproven.add("pair " + p.first() + "–" + p.second() + " allowed by the "
                            + (p.reason().equals("User") ? "caller" : "caller's attachment") + " (not checked)"));
            // nor that no body lies inside a decomposed mesh's solid (lemma D2 of verifier/SOUNDNESS.md)
            var m = c.model();
            Set<String> elements = new LinkedHashSet<>();
            for (int p = 0; p < m.pieceCount(); p++) {
                if (m.pieceOrigin(p).kind() == PieceOrigin.Kind.DECOMPOSED) {
                    elements.add(new Assumption(
                                    Assumption.Kind.DECOMPOSED_SOLID,
                                    m.bodyName(m.pieceBody(p)),
                                    m.isAttached(m.pieceBody(p))
                                            ? "attached mesh"
                                            : "collision element "
                                                    + m.pieceOrigin(p).element())
                            .describe());
                }
            }
            unproven.addAll(elements);
        }
        return unproven;
    }

    /** The independent verifier's report on the bound certificate, every claim checked against {@code margin}. */
    private static VerificationReport independent(
            Collide4j c, byte[] text, String source, BoundInputs bound, double margin) {
        return IndependentVerifier.verify(
                c.model().kinematics().description(), c.semantics(), text, source, bound, margin);
    }
}
