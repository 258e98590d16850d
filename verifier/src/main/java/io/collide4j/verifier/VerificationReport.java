package io.collide4j.verifier;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * What {@link IndependentVerifier#verify} found. {@code valid}: every claim it checks holds (for verdict
 * VIOLATION: the free part before the violation; the violation itself is re-proved by the recompute verifier only).
 * {@code verdict}: the certificate's verdict as written, null when unreadable. {@code problems}: each failed claim,
 * naming segment, pair, step and s-interval where they apply. {@code stepsChecked}: listed steps whose plane was
 * tested; {@code subdivisions}: bisections of s-intervals (plane steps and unlisted-pair proofs together).
 * {@code provenClearance}: for each pair whose clearance the certificate claims, the clearance the verifier proved
 * for it over the checked part (what {@code verify} prints; the certificate's own numbers are only claims).
 * {@code assumptions}: what the proof rests on without proving it (caller-allowed pairs), in the witness's order;
 * {@code valid} holds only with them granted ({@code verify --strict} refuses any). Null-marked (JSpecify).
 */
@NullMarked
public record VerificationReport(
        boolean valid,
        @Nullable String verdict,
        List<String> problems,
        long stepsChecked,
        long subdivisions,
        Map<String, Double> provenClearance,
        List<Assumption> assumptions) {
    public VerificationReport {
        problems = List.copyOf(problems);
        assumptions = List.copyOf(assumptions);
        provenClearance = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(provenClearance));
    }
}
