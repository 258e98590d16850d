package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An id whose certificate file name would pass the 255-byte limit of a file name is a bad row (65, naming the row and
 * the limit) before any work; a 300-character id failed with 73 ("File name too long") after certification. No Spark
 * session: the row certifier alone.
 */
class LongIdTest {
    private static TrajectoryRow row(String id) {
        return new TrajectoryRow(
                id,
                "data.jsonl line 3",
                "panda",
                null,
                "table_shelf",
                List.of("panda_joint1"),
                null,
                new double[][] {{0}, {0.1}},
                null,
                null,
                null);
    }

    @Test
    void anIdTooLongForAFileNameIsABadRowNamingTheLimit() throws Exception {
        RowCertifier certifier = new RowCertifier(List.of(), 1000);
        for (String id : List.of("x".repeat(300), "x".repeat(251), "\u00e9".repeat(42), "/".repeat(84))) {
            RowCertifier.Outcome o =
                    certifier.certify(Decoded.of(row(id)), Map.<CheckerReference, CheckerSource>of()::get, Set.of());
            assertNull(o.certification(), id);
            assertNull(o.certificate(), id);
            assertEquals(
                    ExitCode.DATA_ERROR.status(),
                    o.error().exitCode(),
                    o.error().reason());
            assertTrue(
                    o.error().reason().startsWith("data.jsonl line 3: id: " + id.length() + " characters"),
                    o.error().reason());
            assertTrue(
                    o.error().reason().contains("over the limit of 255"),
                    o.error().reason());
        }
    }

    @Test
    void theLimitIsTheFileNameLengthItself() {
        // 250 safe characters + ".json" = 255 bytes: a name the file system takes; one more is refused
        assertNull(CertificateFiles.refusal("a".repeat(250)));
        assertTrue(CertificateFiles.refusal("a".repeat(251)) != null);
        // a two-byte UTF-8 character is encoded as %XX%XX: six bytes
        assertNull(CertificateFiles.refusal("\u00e9".repeat(41))); // 246 + 5
        assertTrue(CertificateFiles.refusal("\u00e9".repeat(42)) != null); // 252 + 5
        // an unpaired surrogate has no UTF-8 form: '?' for every one of them, so two ids would share a file
        assertTrue(CertificateFiles.refusal("a\uD800").contains("unpaired"), CertificateFiles.refusal("a\uD800"));
        assertNull(CertificateFiles.refusal("a\uD83D\uDE00"));
    }
}
