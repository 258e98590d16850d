package io.collide4j.planner.cli;

import io.collide4j.models.Models;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code certify --decompose} then {@code verify} (issue 31): the start of the Panda demo with the bundled decomposition of
 * panda_link6 is checked by the independent verifier (no fallback), which prints the one thing it did not prove (the
 * mesh's solid, lemma D2); {@code --strict} refuses it (65) naming it, with either verifier; and the certificate made
 * with --decompose does not bind to the robot loaded without it.
 */
class DecomposedVerifyCliTest {
    static final String SOLID = "panda_link6 collision element 0: its decomposition pieces are proven to cover the mesh"
            + " surface; no body wholly inside the mesh's solid (not checked)";

    @Test
    void aDecomposedCertificateVerifiesIndependentlyAndStrictRefusesItsOneAssumption(@TempDir Path dir) throws Exception {
        // the demo's first three waypoints (a short certificate keeps the five commands quick)
        Path demo = Files.writeString(dir.resolve("demo.csv"), String.join("\n", Models.trajectoryCsv("panda_shelf_demo")
                .lines().filter(l -> !l.startsWith("#")).limit(4).toList()) + "\n");
        String cert = dir.resolve("c.json").toString();
        Object[] c = cli("certify", "--robot", "panda", "--scene", "table_shelf", "--trajectory", demo.toString(),
                "--decompose", "--certificate", cert);
        assertEquals(ExitCode.FREE, c[0], (String) c[1] + c[2]);
        assertTrue(Files.readString(Path.of(cert)).contains("\"cover\":[{\"link\":\"panda_link6\",\"element\":0,"));

        Object[] v = cli("verify", "--certificate", cert, "--decompose");
        assertEquals(ExitCode.FREE, v[0], (String) v[1] + v[2]);
        String out = (String) v[1];
        assertTrue(out.contains(VerifyCommand.INDEPENDENT), out);
        assertTrue(out.contains("  assumes: " + SOLID), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("  assumes: ")).count(), out);

        for (String verifier : new String[] {"independent", "recompute"}) {
            Object[] s = cli("verify", "--certificate", cert, "--decompose", "--strict", "--verifier", verifier);
            assertEquals(ExitCode.DATA_ERROR, s[0], verifier + ": " + s[1] + s[2]);
            assertTrue(((String) s[2]).contains("unproven assumption (--strict): " + SOLID), verifier + ": " + s[2]);
        }

        Object[] hulls = cli("verify", "--certificate", cert);
        assertEquals(ExitCode.DATA_ERROR, hulls[0], (String) hulls[1] + hulls[2]);
    }
}
