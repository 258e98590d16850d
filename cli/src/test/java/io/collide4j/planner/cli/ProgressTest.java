package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Progress on stderr: a bar on a terminal, plain periodic lines elsewhere, nothing with --quiet. */
class ProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private long now;

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainLinesAtMostEveryIntervalAndOnceAtTheEnd() {
        Progress p = new Progress(err, "planning", 1000, Progress.Mode.LINES, () -> now);
        for (int done = 1; done <= 1000; done++) {
            now += 100_000_000L; // 0.1 s per step: 100 s in all, so 10 interval lines of 10 s, plus the last
            p.update(done);
        }
        String[] lines = text().split("\n");
        assertEquals(10, lines.length, text());
        assertTrue(lines[0].startsWith("planning: 100/1000 (10%) after 10.0 s, about 90 s left"), lines[0]);
        assertEquals("planning: 1000/1000 (100%) after 100.0 s", lines[9]);
        assertTrue(!text().contains("\r"), "no carriage returns off a terminal");
    }

    @Test
    void barRedrawsInPlaceAtMostOncePerPercent() {
        Progress p = new Progress(err, "bench", 10_000, Progress.Mode.BAR, () -> now);
        for (int done = 1; done <= 10_000; done++) {
            p.update(done);
        }
        String t = text();
        assertEquals(101, t.chars().filter(ch -> ch == '\r').count(), "one redraw per percent, 0 to 100");
        assertTrue(t.endsWith("100% (10000/10000)\n"), t.substring(t.length() - 40));
    }

    @Test
    void quietAndSingleStepsPrintNothing() {
        Progress quiet = new Progress(err, "report", 400, Progress.Mode.QUIET, () -> now);
        Progress single = new Progress(err, "report", 1, Progress.Mode.LINES, () -> now);
        for (int done = 1; done <= 400; done++) {
            now += 1_000_000_000L;
            quiet.update(done);
            single.update(Math.min(done, 1));
        }
        assertEquals("", text());
    }

    @Test
    void shortWorkOffATerminalPrintsNothing() {
        Progress p = new Progress(err, "report", 400, Progress.Mode.LINES, () -> now);
        for (int done = 1; done <= 400; done++) {
            now += 10_000_000L; // 4 s in all, under the 10 s interval
            p.update(done);
        }
        assertEquals("", text());
    }

    @Test
    void stopEndsAnUnfinishedBarLineOnce() {
        Progress p = new Progress(err, "certifying", 299, Progress.Mode.BAR, () -> now);
        p.update(40); // a violation in segment 40
        p.stop();
        p.update(41);
        p.stop();
        String t = text();
        assertEquals(1, t.chars().filter(ch -> ch == '\r').count(), t);
        assertTrue(t.endsWith("13% (40/299)\n"), t);
        Progress never = new Progress(err, "certifying", 299, Progress.Mode.BAR, () -> now);
        never.stop(); // nothing drawn: no empty line
        assertEquals(t, text());
    }

    @Test
    void certifyOfALongTrajectoryOffATerminalDrawsNoBarAndQuietPrintsNothing() throws Exception {
        java.nio.file.Path csv = java.nio.file.Path.of("target/progress-test-300.csv");
        java.nio.file.Files.writeString(csv, io.collide4j.planner.CertificationProgressTest.demoResampled(300));
        String[] args = {
            "certify",
            "--trajectory",
            csv.toString(),
            "--samples",
            "60",
            "--certificate",
            "target/progress-test-300-cert.json",
            "--report",
            "target/progress-test-300.html"
        };
        Object[] r = MainTest.cli(args);
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        assertTrue(((String) r[1]).contains("300 waypoints"), (String) r[1]);
        String stderr = (String) r[2];
        assertTrue(!stderr.contains("\r"), "no carriage returns off a terminal: " + stderr);
        // plain lines only when it takes over 10 s, then naming the segments
        assertTrue(
                stderr.lines()
                        .filter(l -> l.startsWith("certifying"))
                        .allMatch(l -> l.matches("certifying: \\d+/299 .*")),
                stderr);
        String[] quiet = java.util.Arrays.copyOf(args, args.length + 1);
        quiet[args.length] = "--quiet";
        Object[] q = MainTest.cli(quiet);
        assertEquals(ExitCode.FREE.status(), q[0], (String) q[1] + q[2]);
        assertEquals("", q[2], "--quiet: nothing on stderr");
    }

    @Test
    void quietOptionAndNonTerminalStreamsChooseTheMode() throws Exception {
        CertifyCommand c = new CertifyCommand();
        c.err = err; // not System.err: never a terminal
        assertEquals(Progress.Mode.LINES, Progress.of(c, "x", 10).mode());
        c.common.quiet = true;
        assertEquals(Progress.Mode.QUIET, Progress.of(c, "x", 10).mode());
        Object[] r = MainTest.cli(
                "certify",
                "--quiet",
                "--budget",
                "5",
                "--samples",
                "60",
                "--certificate",
                "target/progress-test-cert.json",
                "--report",
                "target/progress-test-report.html");
        assertEquals(ExitCode.INCONCLUSIVE.status(), r[0], (String) r[1] + r[2]);
        assertEquals("", r[2], "--quiet: nothing on stderr");
        // the INCONCLUSIVE report marks what is unproved: from where the budget ran out to the demo's end, 7.5 s
        String html = java.nio.file.Files.readString(java.nio.file.Path.of("target/progress-test-report.html"));
        assertTrue(
                html.contains("class=\"unresolved\"") && html.matches("(?s).*\"unresolved\":\\[[0-9.]+,7\\.5\\].*"),
                "unresolved interval marked");
        Object[] h = MainTest.cli("plan", "--help");
        assertTrue(((String) h[1]).contains("--quiet"), "every command has --quiet: " + h[1]);
    }
}
