package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code collide4j view CERT.json}: the report rebuilt from a certificate, inputs found through its provenance. */
class ViewCommandTest {

    /** The certificate with a provenance member (added when the certifier did not record one). */
    static String withProvenance(String cert, String provenance) {
        if (cert.contains("\"provenance\"")) {
            return cert.replaceFirst(
                    "\"provenance\":\\{[^{}]*(\\{[^{}]*\\}[^{}]*)*\\}", "\"provenance\":" + provenance);
        }
        if (cert.contains("\"format\":\"collide4j-certificate/3\"")) { // /3 has provenance as an optional member
            return cert.replaceFirst(
                    "(\"format\":\"collide4j-certificate/3\")",
                    "$1,\"provenance\":" + java.util.regex.Matcher.quoteReplacement(provenance));
        }
        return cert.replaceFirst(
                "\"format\":\"[^\"]*\"", "\"format\":\"collide4j-certificate/2.1\",\"provenance\":" + provenance);
    }

    static String withoutProvenance(String cert) {
        return cert.replaceFirst(",?\"provenance\":\\{[^{}]*(\\{[^{}]*\\}[^{}]*)*\\}", "");
    }

    @Test
    void rebuildsTheViolationReportFromTheCertificateAlone(@TempDir Path dir) throws Exception {
        // ready pose, then joint 2 pitched forward into the table (top at z = 0.40 m)
        Path traj = Files.writeString(
                dir.resolve("into_table.csv"),
                SplineCertifyTest.POSITIONS + "\n0," + CertifyCommandTest.READY + "\n2,0,1.5,0,-0.5,0,1.571,0.785\n");
        Path cert = dir.resolve("c.json");
        Object[] r = cli(
                "certify",
                "--robot",
                "panda",
                "--scene",
                "table_shelf",
                "--trajectory",
                traj.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.VIOLATION.status(), r[0], (String) r[1] + r[2]);
        String printed = (String) r[1];
        String pair = printed.substring(printed.indexOf("): ") + 3, printed.indexOf(", clearance lower bound"));
        String json = Files.readString(cert);

        Path bundled = Files.writeString(
                dir.resolve("bundled.json"),
                withProvenance(json, "{\"robot\":{\"bundled\":\"panda\"},\"scene\":{\"bundled\":\"table_shelf\"}}"));
        Path html = dir.resolve("view.html");
        Object[] v = cli("view", bundled.toString(), "--out", html.toString());
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        String page = Files.readString(html);
        assertTrue(page.contains("VIOLATION") && page.contains("id=\"c4j-data\"") && page.contains(pair), pair);
        assertTrue(
                page.contains("\"violation\":{") && page.contains("\"exactFrame\":"), "first contact in the view data");

        // no provenance: the error names what is missing and how to give it
        Path bare = Files.writeString(dir.resolve("bare.json"), withoutProvenance(json));
        Object[] none = cli("view", bare.toString(), "--out", html.toString());
        assertEquals(ExitCode.NO_INPUT.status(), none[0], (String) none[1] + none[2]);
        assertTrue(((String) none[2]).contains("robot") && ((String) none[2]).contains("--robot"), (String) none[2]);
        // ... unless the options say it
        Object[] given =
                cli("view", bare.toString(), "--robot", "panda", "--scene", "table_shelf", "--out", html.toString());
        assertEquals(ExitCode.FREE.status(), given[0], (String) given[1] + given[2]);

        // a recorded file that is not here is named
        Path moved = Files.writeString(
                dir.resolve("moved.json"),
                withProvenance(
                        json,
                        "{\"robot\":{\"file\":\"/nonexistent/panda.urdf\"},\"scene\":{\"bundled\":\"table_shelf\"}}"));
        Object[] gone = cli("view", moved.toString(), "--out", html.toString());
        assertEquals(ExitCode.NO_INPUT.status(), gone[0], (String) gone[2]);
        assertTrue(
                ((String) gone[2]).contains("/nonexistent/panda.urdf") && ((String) gone[2]).contains("--urdf"),
                (String) gone[2]);

        // another scene than the certificate's: refused by hash, nothing drawn
        Files.delete(html);
        Object[] other = cli("view", bundled.toString(), "--scene", "none", "--out", html.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), other[0], (String) other[2]);
        assertTrue(((String) other[2]).contains("scene hash"), (String) other[2]);
        assertFalse(Files.exists(html));
    }
}
