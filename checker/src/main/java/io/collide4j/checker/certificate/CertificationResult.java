package io.collide4j.checker.certificate;

import io.collide4j.checker.query.LinkPair;
import java.util.Map;

/**
 * Result of {@link TrajectoryCertifier#certify}: verdict, first violation (null unless VIOLATION),
 * certified per-pair minimum clearance lower bounds (keys {@link LinkPair#key()}, over the certified part;
 * pairs culled by bounding volumes are not listed), evaluation count and the certificate as JSON text
 * (null when the certifier streamed it to a Writer instead).
 */
public record CertificationResult(Verdict verdict, Violation violation, Map<String, Double> pairClearance,
                                  long evaluations, String certificateJson) {
    public CertificationResult {
        pairClearance = Map.copyOf(pairClearance);
    }
}
