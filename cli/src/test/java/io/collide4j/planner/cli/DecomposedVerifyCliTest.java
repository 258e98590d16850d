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
 * {@code certify --decompose} then {@code verify} (issue 31): the start of the Panda demo with the bundled decomposition of
 * panda_link6 is checked by the independent verifier (no fallback), which also proves the mesh's solid free (every
 * body starts outside it, lemma D2), so {@code --strict} accepts it; the recompute verifier does not prove the solid,
 * and with --strict refuses it (65) naming it; the certificate made with --decompose does not bind to the robot loaded
 * without it.
 */
class DecomposedVerifyCliTest {
    static final String SOLID = "panda_link6 collision element 0: its decomposition pieces are proven to cover the mesh"
            + " surface; no body wholly inside the mesh's solid (not checked)";

    @Test
    void aDecomposedCertificateVerifiesIndependentlyWithNothingAssumed(@TempDir Path dir) throws Exception {
        // the demo's first three waypoints (a short certificate keeps the five commands quick)
        Path demo = Files.writeString(
                dir.resolve("demo.csv"),
                String.join(
                                "\n",
                                Models.trajectoryCsv("panda_shelf_demo")
                                        .lines()
                                        .filter(l -> !l.startsWith("#"))
                                        .limit(4)
                                        .toList())
                        + "\n");
        String cert = dir.resolve("c.json").toString();
        Object[] c = cli(
                "certify",
                "--robot",
                "panda",
                "--scene",
                "table_shelf",
                "--trajectory",
                demo.toString(),
                "--decompose",
                "--certificate",
                cert,
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.FREE.status(), c[0], (String) c[1] + c[2]);
        assertTrue(Files.readString(Path.of(cert)).contains("\"cover\":[{\"link\":\"panda_link6\",\"element\":0,"));

        // the independent verifier proves the mesh's solid free at the start (lemma D2): nothing assumed, --strict
        // passes
        for (boolean strict : new boolean[] {false, true}) {
            Object[] v = strict
                    ? cli("verify", "--certificate", cert, "--decompose", "--strict")
                    : cli("verify", "--certificate", cert, "--decompose");
            assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
            assertTrue(((String) v[1]).contains(VerifyCommand.INDEPENDENT), (String) v[1]);
            assertTrue(((String) v[1]).lines().noneMatch(l -> l.startsWith("  assumes: ")), (String) v[1]);
        }
        // the recompute verifier proves nothing about the solid: --strict refuses it naming the element
        Object[] s = cli("verify", "--certificate", cert, "--decompose", "--strict", "--verifier", "recompute");
        assertEquals(ExitCode.DATA_ERROR.status(), s[0], (String) s[1] + s[2]);
        assertTrue(((String) s[2]).contains("unproven assumption (--strict): " + SOLID), (String) s[2]);

        Object[] hulls = cli("verify", "--certificate", cert);
        assertEquals(ExitCode.DATA_ERROR.status(), hulls[0], (String) hulls[1] + hulls[2]);
    }
}
