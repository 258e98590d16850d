package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateFormat;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.ExitCode;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} and witnesses: a /3 certificate goes to the independent verifier and says so; {@code --verifier
 * recompute} keeps the old path; {@code --verifier independent} on a certificate without witnesses is a usage error
 * saying why; an obstacle of the witness that is not the loaded scene's (one number moved by one ulp) is a binding
 * error naming it (65).
 */
class VerifyWitnessCliTest {
    @Test
    void theIndependentVerifierByDefaultAndTheBindingOfTheScene(@TempDir Path dir) throws Exception {
        Collide4j panda =
                Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(Models.trajectoryCsv("panda_shelf_demo")), "demo");
        StringWriter w = new StringWriter();
        panda.trajectoryCertifier()
                .certify(demo, panda.margin(), io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET, w);
        String json = w.toString();
        assertTrue(
                json.contains("\"format\":\"" + CertificateFormat.FORMAT + "\"") && json.contains("\"provenance\""),
                json.substring(0, 300));
        Path cert = Files.writeString(dir.resolve("demo.json"), json);

        Object[] v = cli("verify", "--certificate", cert.toString());
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        assertTrue(
                ((String) v[1])
                        .contains("verdict: CERTIFIED_FREE (VALID certificate, verified by the independent verifier"
                                + " (io.collide4j.verifier, plane tests only))"),
                (String) v[1]);
        Object[] re = cli("verify", "--certificate", cert.toString(), "--verifier", "recompute");
        assertEquals(ExitCode.FREE.status(), re[0], (String) re[1] + re[2]);
        assertTrue(((String) re[1]).contains("verified by the recompute verifier"), (String) re[1]);

        // the table top's pose: its x translation (row-major element 3) one ulp further
        Matcher m = Pattern.compile(
                        "\\{\"name\":\"table_top\",\"shape\":\"box\",\"size\":\\[[^]]*],\"pose\":\\[([^,]*),([^,]*),([^,]*),([^,]*),")
                .matcher(json);
        assertTrue(m.find(), "table_top in the witness");
        double x = Double.parseDouble(m.group(4));
        String moved = json.substring(0, m.start(4)) + Math.nextUp(x) + json.substring(m.end(4));
        Path bad = Files.writeString(dir.resolve("moved.json"), moved);
        Object[] b = cli("verify", "--certificate", bad.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), b[0], (String) b[1] + b[2]);
        assertTrue(
                ((String) b[2]).contains("obstacle 'table_top'")
                        && ((String) b[2]).lines().count() == 1,
                (String) b[2]);

        // a certificate without witnesses: recompute by default, independent refused with the reason
        StringWriter old = new StringWriter();
        TrajectoryCertifier.withoutWitnesses(panda.checker())
                .certify(
                        panda.trajectoryCertifier()
                                .certify(demo, panda.margin(), 10)
                                .fullWaypoints(),
                        null,
                        null,
                        demoTimes(demo),
                        panda.margin(),
                        panda.tolerance(),
                        io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET,
                        panda.checker().newContext(),
                        panda.provenance(),
                        old);
        Path plain = Files.writeString(dir.resolve("plain.json"), old.toString());
        assertTrue(old.toString().contains("\"format\":\"" + CertificateFormat.FORMAT_2_1 + "\""));
        Object[] p = cli("verify", "--certificate", plain.toString());
        assertEquals(ExitCode.FREE.status(), p[0], (String) p[1] + p[2]);
        assertTrue(((String) p[1]).contains("verified by the recompute verifier"), (String) p[1]);
        Object[] i = cli("verify", "--certificate", plain.toString(), "--verifier", "independent");
        assertEquals(ExitCode.USAGE.status(), i[0], (String) i[1] + i[2]);
        assertTrue(
                ((String) i[2]).contains("needs a certificate with witnesses")
                        && ((String) i[2]).contains("--verifier=recompute"),
                (String) i[2]);
    }

    private static double[] demoTimes(JointTrajectory t) {
        double[] times = new double[t.waypointCount()];
        for (int k = 0; k < times.length; k++) {
            times[k] = t.time(k);
        }
        return times;
    }
}
