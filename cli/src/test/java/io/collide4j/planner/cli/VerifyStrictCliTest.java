package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.models.Models;
import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify --strict} (issue 31): the Panda demo certified with {@code --allow panda_link0,panda_hand} (a pair
 * neither adjacent nor in the SRDF) verifies independently and prints the pair as an assumption; with --strict it is
 * refused (65) naming the pair, by either verifier; loaded without the --allow the binding stage refuses it naming
 * the robot hash and witness.allowed.
 */
class VerifyStrictCliTest {
    @Test
    void aCallerAllowedPairIsReportedAndRefusedByStrict(@TempDir Path dir) throws Exception {
        Path demo = Files.writeString(dir.resolve("demo.csv"), Models.trajectoryCsv("panda_shelf_demo"));
        String cert = dir.resolve("c.json").toString();
        Object[] c = cli(
                "certify",
                "--robot",
                "panda",
                "--scene",
                "table_shelf",
                "--trajectory",
                demo.toString(),
                "--allow",
                "panda_link0,panda_hand",
                "--certificate",
                cert,
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.FREE.status(), c[0], (String) c[1] + c[2]);
        String assumption = "pair panda_hand–panda_link0 allowed by the caller (not checked)";
        String reversed = "pair panda_link0–panda_hand allowed by the caller (not checked)";

        Object[] v = cli("verify", "--certificate", cert, "--allow", "panda_link0,panda_hand");
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        String out = (String) v[1];
        assertTrue(out.contains("  assumes: " + assumption) || out.contains("  assumes: " + reversed), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("  assumes: ")).count(), out);

        Object[] s = cli("verify", "--certificate", cert, "--allow", "panda_link0,panda_hand", "--strict");
        assertEquals(ExitCode.DATA_ERROR.status(), s[0], (String) s[1] + s[2]);
        String err = (String) s[2];
        assertTrue(
                err.contains("unproven assumption (--strict): " + assumption)
                        || err.contains("unproven assumption (--strict): " + reversed),
                err);

        // the recompute verifier proves nothing about why a pair is allowed either: --strict refuses the same pair
        Object[] re = cli(
                "verify",
                "--certificate",
                cert,
                "--allow",
                "panda_link0,panda_hand",
                "--strict",
                "--verifier",
                "recompute");
        assertEquals(ExitCode.DATA_ERROR.status(), re[0], (String) re[1] + re[2]);
        assertTrue(
                ((String) re[2]).contains("unproven assumption (--strict): pair panda_")
                        && ((String) re[2]).contains("allowed by the caller"),
                (String) re[2]);

        Object[] unbound = cli("verify", "--certificate", cert);
        assertEquals(ExitCode.DATA_ERROR.status(), unbound[0], (String) unbound[1] + unbound[2]);
        // the robot hash (which covers the allowed pairs) is named first; stdout lists every field, the witness's too
        assertTrue(((String) unbound[1]).contains("witness.allowed: the certificate lists"), (String) unbound[1]);
    }
}
