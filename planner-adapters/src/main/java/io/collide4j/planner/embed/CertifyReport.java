package io.collide4j.planner.embed;

import io.collide4j.checker.certificate.Verdict;
import org.jspecify.annotations.Nullable;

/**
 * A trajectory certification ({@link EmbeddedChecker#certify}).
 *
 * @param verdict             CERTIFIED_FREE, VIOLATION or INCONCLUSIVE (budget spent; never free)
 * @param violation           the first violation, or null
 * @param clearanceLowerBound the smallest certified clearance lower bound over the pairs that needed a distance
 *                            evaluation (+∞ when bounding volumes alone cleared every pair)
 * @param evaluations         narrow-phase distance evaluations spent
 * @param certificate         the JSON certificate, as {@code collide4j certify} writes it (robot and scene provenance
 *                            included); {@code collide4j verify} and {@link EmbeddedChecker#verify} re-check it
 */
public record CertifyReport(
        Verdict verdict,
        @Nullable ViolationReport violation,
        double clearanceLowerBound,
        long evaluations,
        String certificate) {}
