package io.collide4j.planner.bench.command;

import static io.collide4j.planner.cli.CommandsTest.ZIP;
import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --edges / --planner / --cases} on a tiny subset (one MotionBenchMaker problem): exit codes, the
 * table's columns, and the edge list in the FCL harness's format. No timing is asserted.
 */
class BenchWorkloadsTest {
    /** box_panda problem 1 of MotionBenchMaker (its request0001.yaml): start and goal of panda_joint1..7. */
    static final double[] BOX1_START = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};

    static final double[] BOX1_GOAL = {
        0.4534448383669427,
        1.7628,
        0.1941262264518609,
        -0.8667848896139277,
        -0.3798524112731043,
        2.606927984171601,
        -0.1898611792470702
    };
    /** The Panda's joint limits in VAMP's panda.urdf (tests/data/vamp/resources/panda). */
    static final double[] LOWER = {-2.9671, -1.8326, -2.9671, -3.1416, -2.9671, -0.0873, -2.9671};

    static final double[] UPPER = {2.9671, 1.8326, 2.9671, 0.0873, 2.9671, 3.8223, 2.9671};

    @Test
    void edgesPrintTheirTableAndWriteTheHarnessEdgeList(@TempDir Path dir) throws Exception {
        Path list = dir.resolve("edges.csv");
        Path times = dir.resolve("times.csv");
        Object[] r = cli(
                "bench",
                "--edges",
                "--problems",
                ZIP,
                "--scenario",
                "box_panda",
                "--per-scenario",
                "1",
                "--free-per-end",
                "3",
                "--repeat",
                "1",
                "--warmup",
                "0",
                "--edges-out",
                list.toString(),
                "--edge-times",
                times.toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        String out = (String) r[1];
        String header =
                out.lines().filter(l -> l.startsWith("edges ")).findFirst().orElseThrow(() -> new AssertionError(out));
        for (String column : new String[] {"count", "length rad", "isMotionFree", "checkMotion", "verdicts"}) {
            assertTrue(header.contains(column), header);
        }
        // 3 free edges from each of the start and the goal, all certified free
        assertTrue(out.lines().anyMatch(l -> l.matches("free\\s+6\\s.*\\{FREE=6}")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("startgoal-\\w+\\s+1\\s.*")), out);

        // the harness's --edge-list format: header id,scene,q0_1..q0_7,q1_1..q1_7; then id, scene and 14 numbers
        List<String> lines = Files.readAllLines(list);
        StringBuilder expected = new StringBuilder("id,scene");
        for (String end : new String[] {"q0", "q1"}) {
            for (int j = 1; j <= 7; j++) {
                expected.append(',').append(end).append('_').append(j);
            }
        }
        assertEquals(expected.toString(), lines.get(0));
        assertEquals(1 + 7, lines.size(), String.join("\n", lines));
        List<double[][]> free = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertEquals(16, f.length, line);
            assertEquals("box_panda/0001", f[1], line);
            double[] q0 = new double[7];
            double[] q1 = new double[7];
            for (int j = 0; j < 7; j++) {
                q0[j] = Double.parseDouble(f[2 + j]);
                q1[j] = Double.parseDouble(f[9 + j]);
                for (double v : new double[] {q0[j], q1[j]}) {
                    assertTrue(v >= LOWER[j] && v <= UPPER[j], "joint " + (j + 1) + " outside its limits: " + line);
                }
            }
            if (f[0].startsWith("free")) {
                double len = 0;
                for (int j = 0; j < 7; j++) {
                    len += (q1[j] - q0[j]) * (q1[j] - q0[j]);
                }
                len = Math.sqrt(len);
                assertTrue(len >= 0.8 && len <= 4.0, "free edge of " + len + " rad: " + line);
                // an edge leaves the start, the goal, or the far end of an earlier free edge
                boolean fromKnown = java.util.Arrays.equals(q0, BOX1_START)
                        || java.util.Arrays.equals(q0, BOX1_GOAL)
                        || free.stream().anyMatch(e -> java.util.Arrays.equals(e[1], q0));
                assertTrue(fromKnown, line);
                free.add(new double[][] {q0, q1});
            } else {
                assertTrue(f[0].startsWith("startgoal"), line);
                assertArrayEquals(BOX1_START, q0, line);
                assertArrayEquals(BOX1_GOAL, q1, line);
            }
        }
        assertEquals(6, free.size());
        // the per-edge timings name the same edges
        List<String> t = Files.readAllLines(times);
        assertEquals("id,scene,group,verdict,length_rad,is_motion_free_us,check_motion_us", t.get(0));
        assertEquals(lines.size(), t.size());

        // the list read back (--edge-list) gives the same edges: exact doubles, so the same verdicts
        Object[] again = cli(
                "bench",
                "--edges",
                "--problems",
                ZIP,
                "--edge-list",
                list.toString(),
                "--repeat",
                "1",
                "--warmup",
                "0.1");
        assertEquals(ExitCode.FREE.status(), again[0], (String) again[1] + again[2]);
        assertTrue(((String) again[1]).lines().anyMatch(l -> l.matches("free\\s+6\\s.*\\{FREE=6}")), (String) again[1]);
        Path bad = Files.writeString(
                dir.resolve("bad.csv"), lines.get(0) + "\n" + lines.get(1).replace("free", "edge") + "\n");
        Object[] refused = cli("bench", "--edges", "--problems", ZIP, "--edge-list", bad.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), refused[0], (String) refused[2]);
        assertTrue(((String) refused[2]).contains("bad.csv:2"), (String) refused[2]);
    }

    @Test
    void plannerReportsSolvedAndRecertifiedPaths() {
        Object[] r = cli(
                "bench",
                "--planner",
                "--problems",
                ZIP,
                "--scenario",
                "table_pick_panda",
                "--per-scenario",
                "1",
                "--time-limit",
                "10",
                "--repeat",
                "3",
                "--warmup",
                "0");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        String out = (String) r[1];
        assertTrue(
                out.lines()
                        .anyMatch(l -> l.startsWith("scenario")
                                && l.contains("solved")
                                && l.contains("recertified")
                                && l.contains("plan us")
                                && l.contains("plan cpu us")
                                && l.contains("call cpu us")
                                && l.contains("(p90)")),
                out);
        assertTrue(out.contains("3 plans each"), out);
        // the ratio line: the overall median divided by VAMP's reference, recomputed here from the printed row
        String[] all = out.lines()
                .filter(l -> l.startsWith("all "))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s+");
        double planCpuMedian = Double.parseDouble(all[8]);
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("plan cpu median ([0-9.]+) x").matcher(out);
        assertTrue(m.find(), out);
        // both sides rounded for printing: the median to 1 us, the ratio to 0.1
        assertEquals(planCpuMedian / 88, Double.parseDouble(m.group(1)), 0.05 + 0.5 / 88, out);
        // MBM problems are solvable; the one problem is solved and its path re-certified (CommandsTest plans it too)
        assertTrue(out.lines().anyMatch(l -> l.matches("all\\s+1\\s+0\\s+0\\s+1\\s+1/1\\s.*")), out);
        assertTrue(
                out.contains("lazy edges, halton sampler"), out); // the default sampler (PlanRequest.DEFAULT_SAMPLER)
        Object[] eager = cli(
                "bench",
                "--planner",
                "--eager-edges",
                "--problems",
                ZIP,
                "--scenario",
                "table_pick_panda",
                "--per-scenario",
                "1",
                "--time-limit",
                "10",
                "--repeat",
                "1",
                "--warmup",
                "0");
        assertEquals(ExitCode.FREE.status(), eager[0], (String) eager[1] + eager[2]);
        assertTrue(((String) eager[1]).contains("eager edges"), (String) eager[1]);
        assertTrue(((String) eager[1]).lines().anyMatch(l -> l.matches("all\\s+1\\s+0\\s+0\\s+1\\s+1/1\\s.*")), (String)
                eager[1]);
    }

    /**
     * {@code --planner-csv} carries the planner's work counts; {@code --plain-rrt-connect} (trees taking turns, no
     * dynamic domain) never drops a sample, and every iteration scans at least one tree node in either mode.
     */
    @Test
    void plannerCsvCarriesWorkCountsWithAndWithoutTheTreeLevers(@TempDir Path dir) throws Exception {
        for (boolean plain : new boolean[] {false, true}) {
            Path csv = dir.resolve(plain ? "plain.csv" : "default.csv");
            List<String> args = new ArrayList<>(List.of(
                    "bench",
                    "--planner",
                    "--problems",
                    ZIP,
                    "--scenario",
                    "box_panda",
                    "--per-scenario",
                    "1",
                    "--repeat",
                    "1",
                    "--warmup",
                    "0",
                    "--planner-csv",
                    csv.toString()));
            if (plain) {
                args.add("--plain-rrt-connect");
            }
            Object[] r = cli(args.toArray(String[]::new));
            assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
            assertEquals(plain, ((String) r[1]).contains("trees taking turns, no dynamic domain"), (String) r[1]);
            List<String> lines = Files.readAllLines(csv);
            assertEquals(2, lines.size(), String.join("\n", lines));
            List<String> header = List.of(lines.get(0).split(","));
            String[] row = lines.get(1).split(",", -1);
            assertEquals(header.size(), row.length, lines.get(1));
            assertEquals("SOLVED", row[header.indexOf("outcome")]);
            long iterations = Long.parseLong(row[header.indexOf("iterations")]);
            long scanned = Long.parseLong(row[header.indexOf("nodes_scanned")]);
            long rejected = Long.parseLong(row[header.indexOf("samples_rejected")]);
            long skipped = Long.parseLong(row[header.indexOf("connects_skipped")]);
            long refused = Long.parseLong(row[header.indexOf("motions_refused")]);
            long proofs = Long.parseLong(row[header.indexOf("motion_checks")]);
            assertTrue(iterations > 0, "box_panda #1 is not solved by the direct edge: " + lines.get(1));
            assertTrue(scanned >= iterations, lines.get(1));
            assertTrue(refused >= 0 && refused <= proofs, lines.get(1));
            assertTrue(plain ? rejected == 0 : rejected >= 0, lines.get(1));
            assertTrue(plain ? skipped == 0 : skipped >= 0, lines.get(1));
        }
    }

    @Test
    void casesTimeTheHarnessConfigurationsAndRefuseMalformedRows(@TempDir Path dir) throws Exception {
        String header = "scene,kind,index,q1,q2,q3,q4,q5,q6,q7,fcl_collide,env_hit\n";
        Path ok = Files.writeString(
                dir.resolve("cases.csv"),
                header
                        + "box_panda/0001,start,0,0,-0.785,0,-2.356,0,1.571,0.785,0,0\n"
                        + "box_panda/0001,goal,0,0.4534448383669427,1.7628,0.1941262264518609,-0.8667848896139277,"
                        + "-0.3798524112731043,2.606927984171601,-0.1898611792470702,0,0\n");
        Object[] r = cli("bench", "--cases", ok.toString(), "--problems", ZIP, "--repeat", "1");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        String out = (String) r[1];
        assertTrue(out.lines().anyMatch(l -> l.matches("isValid\\s+2\\s.*")), out);
        // MBM generated start and goal collision-free, with this model (VAMP's copy of MBM's Panda)
        assertTrue(out.contains("verdicts vs fcl_collide: 2 both free"), out);

        Path bad = Files.writeString(
                dir.resolve("bad.csv"), header + "box_panda/0001,start,0,0,-0.785,0,nan,0,1.571,0.785,0,0\n");
        Object[] b = cli("bench", "--cases", bad.toString(), "--problems", ZIP);
        assertEquals(ExitCode.DATA_ERROR.status(), b[0], (String) b[2]);
        assertTrue(((String) b[2]).contains("bad.csv:2") && ((String) b[2]).contains("q4"), (String) b[2]);
        Path unknown =
                Files.writeString(dir.resolve("unknown.csv"), header + "kitchen/0001,start,0,0,0,0,-1,0,1,0,0,0\n");
        Object[] u = cli("bench", "--cases", unknown.toString(), "--problems", ZIP);
        assertEquals(ExitCode.DATA_ERROR.status(), u[0], (String) u[2]);
        assertTrue(((String) u[2]).contains("unknown.csv:2") && ((String) u[2]).contains("kitchen"), (String) u[2]);
    }

    @Test
    void workloadUsageErrors() {
        Object[] count = cli("bench", "--edges", "--problems", ZIP, "--per-scenario", "0");
        assertEquals(ExitCode.USAGE.status(), count[0], (String) count[2]);
        assertTrue(((String) count[2]).contains("--per-scenario"), (String) count[2]);
        for (String warmup : new String[] {"-1", "NaN", "1e9"}) {
            Object[] bad = cli("bench", "--edges", "--problems", ZIP, "--warmup", warmup);
            assertEquals(ExitCode.USAGE.status(), bad[0], warmup + ": " + bad[2]);
            assertTrue(((String) bad[2]).contains("--warmup"), (String) bad[2]);
        }
        Object[] sampler = cli("bench", "--planner", "--problems", ZIP, "--per-scenario", "1", "--sampler", "sobol");
        assertEquals(ExitCode.USAGE.status(), sampler[0], (String) sampler[2]);
        assertTrue(((String) sampler[2]).contains("--sampler expects uniform or halton, got 'sobol'"), (String)
                sampler[2]);
        Object[] scene = cli("bench", "--edges", "--problems", ZIP, "--scene", "table_shelf");
        assertEquals(ExitCode.USAGE.status(), scene[0], (String) scene[2]);
        Object[] scenario = cli("bench", "--planner", "--problems", ZIP, "--scenario", "kitchen");
        assertEquals(ExitCode.USAGE.status(), scenario[0], (String) scenario[2]);
        assertTrue(((String) scenario[2]).contains("kitchen"), (String) scenario[2]);
        Object[] missing = cli("bench", "--edges", "--problems", "/no/such/problems.zip");
        assertEquals(ExitCode.NO_INPUT.status(), missing[0], (String) missing[2]);
    }
}
