package io.collide4j.checker.certificate;

import io.collide4j.checker.query.LinkPair;
import java.util.Map;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@link TrajectoryCertifier#certify}: verdict, first violation (null unless VIOLATION),
 * certified per-pair minimum clearance lower bounds (keys {@link LinkPair#key()}, over the certified part;
 * pairs culled by bounding volumes are not listed), evaluation count and the certificate as JSON text
 * (null when the certifier streamed it to a Writer instead). Null-marked (JSpecify).
 */
@NullMarked
public record CertificationResult(
        Verdict verdict,
        @Nullable Violation violation,
        Map<String, Double> pairClearance,
        long evaluations,
        @Nullable String certificateJson) {
    public CertificationResult {
        pairClearance = Map.copyOf(pairClearance);
    }
}
