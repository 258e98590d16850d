package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The certifier's progress hook: called once per segment in order, and the certificate is byte for byte the same. */
public class CertificationProgressTest {
    static Collide4j panda;
    static JointTrajectory long300;

    @BeforeAll
    static void build() {
        panda = Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        long300 = TrajectoryCsv.read(new StringReader(demoResampled(300)), "resampled demo");
    }

    /**
     * The bundled demo (certified free in its scene) resampled at {@code n} evenly spaced times, joint-space linear
     * between its rows: the same motion, so within the Panda's limits and free, cut into n − 1 segments.
     */
    public static String demoResampled(int n) {
        return resampled(demoRows(), n);
    }

    /** The demo's rows: time, then the seven joints. */
    static double[][] demoRows() {
        return Models.trajectoryCsv("panda_shelf_demo")
                .lines()
                .filter(l -> !l.startsWith("#") && !l.isBlank())
                .skip(1)
                .map(l -> Arrays.stream(l.split(","))
                        .mapToDouble(Double::parseDouble)
                        .toArray())
                .toArray(double[][]::new);
    }

    /** Key rows (time, seven Panda joints) resampled at {@code n} evenly spaced times, as a trajectory CSV. */
    static String resampled(double[][] rows, int n) {
        StringBuilder csv = new StringBuilder("time");
        for (int j = 1; j <= 7; j++) {
            csv.append(",panda_joint").append(j);
        }
        csv.append('\n');
        double t0 = rows[0][0], t1 = rows[rows.length - 1][0];
        int seg = 0;
        for (int k = 0; k < n; k++) {
            double t = k == n - 1 ? t1 : t0 + (t1 - t0) * k / (n - 1);
            while (seg + 2 < rows.length && t > rows[seg + 1][0]) {
                seg++;
            }
            double f = Math.min(1, (t - rows[seg][0]) / (rows[seg + 1][0] - rows[seg][0]));
            csv.append(String.format(Locale.ROOT, "%.17g", t));
            for (int j = 1; j < rows[seg].length; j++) {
                csv.append(String.format(Locale.ROOT, ",%.17g", rows[seg][j] + f * (rows[seg + 1][j] - rows[seg][j])));
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    @Test
    void hookCountsEverySegmentAndChangesNoCertificateByte() {
        assertEquals(300, long300.waypointCount());
        TrajectoryCertifier certifier = panda.trajectoryCertifier();
        StringWriter plain = new StringWriter();
        StringWriter hooked = new StringWriter();
        List<Long> calls = new ArrayList<>();
        CertificationResult a = certifier
                .certify(long300, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET, plain)
                .result();
        CertificationResult b = certifier
                .certify(long300, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET, hooked, calls::add)
                .result();
        assertEquals(Verdict.CERTIFIED_FREE, a.verdict());
        assertEquals(plain.toString(), hooked.toString(), "streamed certificate bytes");
        assertEquals(a.evaluations(), b.evaluations());
        assertEquals(LongStream.rangeClosed(1, 299).boxed().toList(), calls, "1, 2, ..., segments");
        // kept in memory (no writer): the same certificate text with and without the hook
        List<Long> inMemory = new ArrayList<>();
        String text = certifier
                .certify(long300, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET, null, inMemory::add)
                .result()
                .certificateJson();
        assertEquals(
                certifier
                        .certify(long300, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET)
                        .result()
                        .certificateJson(),
                text);
        assertEquals(299, inMemory.size());
    }

    @Test
    void hookStopsAtTheViolatingSegment() {
        // the demo, then 3 s more stretching the arm forward and down (joint 2 to 1.7, joint 4 to -0.1, inside the
        // Panda's limits of 1.7628 and -0.0698 rad): the hand reaches the table top, which lies below its reach
        double[][] demo = demoRows();
        double[][] rows = Arrays.copyOf(demo, demo.length + 1);
        rows[demo.length] = demo[demo.length - 1].clone();
        rows[demo.length][0] += 3;
        rows[demo.length][2] = 1.7;
        rows[demo.length][4] = -0.1;
        JointTrajectory dive = TrajectoryCsv.read(new StringReader(resampled(rows, 300)), "demo then dive");
        TrajectoryCertifier certifier = panda.trajectoryCertifier();
        StringWriter plain = new StringWriter();
        StringWriter hooked = new StringWriter();
        List<Long> calls = new ArrayList<>();
        CertificationResult a = certifier
                .certify(dive, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET, plain)
                .result();
        CertificationResult b = certifier
                .certify(dive, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET, hooked, calls::add)
                .result();
        assertEquals(Verdict.VIOLATION, a.verdict(), "the hand in the table");
        assertNotNull(b.violation());
        assertEquals(plain.toString(), hooked.toString(), "streamed certificate bytes");
        int last = a.violation().segment() + 1; // the violating segment is the last one certified
        assertTrue(last > 200 && last < 299, "violation after the demo's 7.5 s, before the end: segment " + last);
        assertEquals(LongStream.rangeClosed(1, last).boxed().toList(), calls);
    }
}
