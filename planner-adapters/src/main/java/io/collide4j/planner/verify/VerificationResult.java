package io.collide4j.planner.verify;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.verifier.Assumption;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The answer of {@link CertificateVerification#verify}.
 *
 * @param outcome          how far the certificate got ({@link VerificationOutcome#VALID} when it holds)
 * @param verifier         the verifier that checked it
 * @param verdict          the verified verdict, or null when none follows (always set when {@code VALID})
 * @param problems         what is wrong, per {@code outcome} (empty when {@code VALID})
 * @param checked          whether a verifier ran (outcomes from {@link VerificationOutcome#UNPROVEN_ASSUMPTIONS} on)
 * @param stepsChecked     the independent verifier's plane steps (0 for the recompute verifier)
 * @param subdivisions     the independent verifier's subdivisions (0 for the recompute verifier)
 * @param assumptions      the pairs the independent verifier skipped as allowed (empty for the recompute verifier)
 * @param provenClearance  per claimed pair, the clearance the verifier proved (empty when it did not verify)
 * @param beyond           a free certificate checked against the larger margin asked (its planes prove it)
 * @param planesShortBy    for {@link VerificationOutcome#MARGIN_NOT_PROVEN_BY_PLANES}, the first step that misses the
 *                         margin asked; else null
 */
public record VerificationResult(
        VerificationOutcome outcome,
        VerifierChoice verifier,
        @Nullable Verdict verdict,
        List<String> problems,
        boolean checked,
        long stepsChecked,
        long subdivisions,
        List<Assumption> assumptions,
        Map<String, Double> provenClearance,
        boolean beyond,
        @Nullable String planesShortBy) {
    public VerificationResult {
        problems = List.copyOf(problems);
        assumptions = List.copyOf(assumptions);
        provenClearance = Collections.unmodifiableMap(provenClearance); // kept in the verifier's order
    }

    /** Whether the certificate holds and answers the margin asked. */
    public boolean valid() {
        return outcome == VerificationOutcome.VALID;
    }
}
