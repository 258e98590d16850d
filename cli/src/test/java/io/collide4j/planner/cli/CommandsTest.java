package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs of the CLI commands on the bundled Panda, table_shelf scene and the MBM problems. */
public class CommandsTest {
    public static final String ZIP = Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
            .resolve("vamp/resources/panda/problems.zip")
            .toString();
    static final String READY = "0,-0.785,0,-2.356,0,1.571,0.785";
    /** Joint 2 pitched forward until the arm lies in the table (the table top is at z = 0.40 m). */
    static final String INTO_TABLE = "0,1.5,0,-0.5,0,1.571,0.785";

    @Test
    void checkReportsValidAndCollidingConfigurations(@TempDir Path dir) throws Exception {
        Object[] ok = cli("check", "--q", READY);
        assertEquals(ExitCode.FREE.status(), ok[0], (String) ok[2]);
        assertTrue(((String) ok[1]).contains("1 of 1 configurations valid"), (String) ok[1]);
        Object[] bad = cli("check", "--q", READY + ";" + INTO_TABLE);
        assertEquals(ExitCode.VIOLATION.status(), bad[0], (String) bad[2]);
        assertTrue(((String) bad[1]).contains("COLLISION"), (String) bad[1]);
        // beside the closest pair overall, the closest robot-scene pair: a minimum over a subset of the same pairs, so
        // never below the overall one; without a scene there is none
        String[] row = ((String) ok[1])
                .lines()
                .filter(l -> l.trim().startsWith("0 "))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s+");
        assertEquals(6, row.length, (String) ok[1]);
        assertTrue(row[5].contains("|env:") && !row[3].equals("inf"), (String) ok[1]);
        assertTrue(Double.parseDouble(row[4]) >= Double.parseDouble(row[2]), (String) ok[1]);
        Object[] bare = cli("check", "--q", READY, "--scene", "none");
        assertEquals(ExitCode.FREE.status(), bare[0], (String) bare[2]);
        assertTrue(
                ((String) bare[1])
                        .lines()
                        .anyMatch(l -> l.trim().startsWith("0 ") && l.trim().endsWith("inf  -")),
                (String) bare[1]);
        // the bundled demo trajectory's waypoints (CSV, columns q1..q7) are all valid
        Path csv = Files.writeString(
                dir.resolve("demo.csv"), io.collide4j.models.Models.trajectoryCsv("panda_shelf_demo"));
        Object[] demo = cli("check", "--configs", csv.toString());
        assertEquals(ExitCode.FREE.status(), demo[0], (String) demo[1] + demo[2]);
        Object[] wrongWidth = cli("check", "--q", "0,1,2");
        assertEquals(ExitCode.USAGE.status(), wrongWidth[0]);
        assertTrue(((String) wrongWidth[2]).contains("--q"), (String) wrongWidth[2]);
        Path bad2 = Files.writeString(dir.resolve("bad.csv"), "time,a,b\n0,1,2\n");
        Object[] badFile = cli("check", "--configs", bad2.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), badFile[0]);
        assertTrue(
                ((String) badFile[2]).contains("bad.csv")
                        && ((String) badFile[2]).lines().count() == 1,
                (String) badFile[2]);
    }

    @Test
    void planSolvesAStartGoalQueryAndWritesTheCertifiedPath(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("path.csv");
        Object[] r = cli(
                "plan",
                "--start",
                READY,
                "--goal",
                "0.9,-0.3,0,-2.0,0,1.7,0.785",
                "--out",
                out.toString(),
                "--time-limit",
                "20");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        assertTrue(((String) r[1]).startsWith("SOLVED"), (String) r[1]);
        // the written path re-checks as valid waypoints with the check command
        Object[] again = cli("check", "--configs", out.toString());
        assertEquals(ExitCode.FREE.status(), again[0], (String) again[1]);
        Object[] invalid = cli("plan", "--start", INTO_TABLE, "--goal", READY);
        assertEquals(ExitCode.VIOLATION.status(), invalid[0], (String) invalid[1] + invalid[2]);
    }

    @Test
    void planWithEagerEdgesAlsoWritesAPathEveryEdgeOfWhichCertifies(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("eager.csv");
        Object[] r = cli(
                "plan",
                "--start",
                READY,
                "--goal",
                "0.9,-0.3,0,-2.0,0,1.7,0.785",
                "--out",
                out.toString(),
                "--eager-edges",
                "--time-limit",
                "20");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        assertTrue(((String) r[1]).startsWith("SOLVED"), (String) r[1]);
        // the path as a trajectory: certify proves every edge again, independently of how the planner proved it
        Object[] cert = cli(
                "certify",
                "--trajectory",
                out.toString(),
                "--certificate",
                dir.resolve("eager-certificate.json").toString(),
                "--report",
                dir.resolve("eager-report.html").toString());
        assertEquals(ExitCode.FREE.status(), cert[0], (String) cert[1] + cert[2]);
        assertTrue(((String) cert[1]).contains("CERTIFIED_FREE"), (String) cert[1]);
    }

    @Test
    void planOnAnMbmProblemPrintsTheTable() {
        Object[] r =
                cli("plan", "--problems", ZIP, "--scenario", "table_pick_panda", "--index", "1", "--time-limit", "10");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        String out = (String) r[1];
        assertTrue(out.contains("table_pick_panda #1: SOLVED"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("table_pick_panda\\s+1\\s+0\\s+0\\s+1\\s+100\\.0%.*")), out);
        Object[] noScenario = cli("plan", "--problems", ZIP, "--scenario", "kitchen");
        assertEquals(ExitCode.USAGE.status(), noScenario[0]);
        assertTrue(((String) noScenario[2]).contains("kitchen"));
        Object[] noZip = cli("plan", "--problems", "/no/such/problems.zip");
        assertEquals(ExitCode.NO_INPUT.status(), noZip[0]);
    }

    /**
     * The shipped command line carries no benchmarks: {@code bench}, with or without the real command's options,
     * is a usage error (64) that names the build and the jar which run it (the benchmarks module's BenchCommandTest
     * runs the real one).
     */
    @Test
    void benchInTheShippedJarSaysWhereTheBenchmarksAre() {
        for (String[] argv : new String[][] {{"bench"}, {"bench", "--states", "200", "--throw=1"}}) {
            Object[] r = cli(argv);
            assertEquals(ExitCode.USAGE.status(), r[0], (String) r[2]);
            String err = (String) r[2];
            assertTrue(
                    err.contains("-pl benchmarks -am") && err.contains("benchmarks/target/collide4j-bench.jar"), err);
            assertEquals("", r[1]);
        }
    }
}
