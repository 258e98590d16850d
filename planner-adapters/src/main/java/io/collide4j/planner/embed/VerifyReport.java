package io.collide4j.planner.embed;

import io.collide4j.checker.certificate.Verdict;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An independent re-check of a certificate against this checker's robot and scene ({@link EmbeddedChecker#verify}).
 *
 * @param valid    true when every recorded step was re-proved and the verdict follows from them
 * @param verdict  the verdict the certificate claims, or null when it could not be read
 * @param problems what failed, one sentence each; empty when valid
 */
public record VerifyReport(boolean valid, @Nullable Verdict verdict, List<String> problems) {
    public VerifyReport {
        problems = List.copyOf(problems);
    }
}
