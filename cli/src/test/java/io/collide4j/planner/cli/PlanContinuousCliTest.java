package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plan} on a robot with continuous joints (it used to refuse them with exit 65, even in an empty scene). */
class PlanContinuousCliTest {
    static final Path PANDA =
            Path.of(System.getProperty("collide4j.testdata", "../tests/data")).resolve("vamp/resources/panda");

    private static String[] plan(String... more) {
        List<String> argv = new java.util.ArrayList<>(List.of(
                "plan",
                "--urdf",
                PANDA.resolve("panda_continuous.urdf").toString(),
                "--srdf",
                PANDA.resolve("panda.srdf").toString(),
                "--group",
                "panda_arm",
                "--quiet"));
        argv.addAll(List.of(more));
        return argv.toArray(new String[0]);
    }

    @Test
    void plansAcrossPiAndWritesTheUnwrappedPath(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("path.csv");
        Object[] r = cli(plan(
                "--scene",
                "none",
                "--start",
                "2.8,-0.3,0,-2,0,1.8,3",
                "--goal",
                "-2.8,-0.3,0,-2,0,1.8,-3",
                "--out",
                csv.toString()));
        assertEquals(ExitCode.FREE.status(), r[0], r[1] + " " + r[2]);
        assertTrue(((String) r[1]).contains("path CERTIFIED_FREE"), (String) r[1]);
        List<String> rows =
                Files.readAllLines(csv).stream().filter(l -> !l.startsWith("#")).toList();
        String[] last = rows.get(rows.size() - 1).split(",");
        assertEquals(-2.8 + 2 * Math.PI, Double.parseDouble(last[0]), 1e-12, "joint 1 went the short way, unwrapped");
    }

    @Test
    void aContinuousStartBeyondOneTurnIsAUsageErrorWithTheReason() {
        Object[] r = cli(plan("--scene", "none", "--start", "7,-0.3,0,-2,0,1.8,3", "--goal", "0,-0.3,0,-2,0,1.8,0"));
        assertEquals(ExitCode.USAGE.status(), r[0], r[1] + " " + r[2]);
        assertTrue(((String) r[2]).contains("modulo 2π"), (String) r[2]);
    }
}
