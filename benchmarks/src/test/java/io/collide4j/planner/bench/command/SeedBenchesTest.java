package io.collide4j.planner.bench.command;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --buckets / --bv / --html} on small inputs: tables, the offline report, and the error exits. */
class SeedBenchesTest {
    private static final Path DATA = Path.of(System.getProperty("collide4j.testdata", "../tests/data"));

    @Test
    void bucketsTimeASubsetOfTheStoredSetsAndWriteAnOfflineReport(@TempDir Path dir) throws Exception {
        // header, body pairs, and a few configurations of each scenario and robot from the stored sets
        List<String> lines =
                Files.readAllLines(DATA.resolve("bench/configuration-sets-v1.csv"), StandardCharsets.UTF_8);
        List<String> subset = new ArrayList<>();
        int pairsI = 0, pairsII = 0, robots = 0;
        for (String l : lines) {
            if (l.startsWith("pair,") && l.contains(",I,") && pairsI++ % 97 == 0
                    || l.startsWith("pair,") && l.contains(",II,") && pairsII++ % 53 == 0
                    || l.startsWith("robot,panda") && robots++ % 16 == 0
                    || !l.startsWith("pair,") && !l.startsWith("robot,")) {
                subset.add(l);
            }
        }
        Path sets = dir.resolve("subset.csv"), html = dir.resolve("report.html");
        Files.write(sets, subset, StandardCharsets.UTF_8);
        Object[] r = cli("bench", "--buckets", "--sets", sets.toString(), "--passes", "1", "--html", html.toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        String out = (String) r[1];
        assertTrue(out.contains("GJK boolean mean/max") && out.contains("mesh oracle mean/max"), out);
        // every timed algorithm agrees with the exact oracle's stored targets
        assertTrue(
                out.contains(
                        "answers contradicting the exact target: GJK boolean 0, GJK distance 0, MPR boolean 0, EPA 0, mesh oracle 0"),
                out);
        assertTrue(
                out.contains("robot panda: time per configuration") && out.contains("isValid said 'collision' for 0"),
                out);
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg") && page.contains("Scenario II"), page);
        assertFalse(
                page.contains("<script") || page.contains("src=") || page.contains("href="),
                "offline: no scripts or links");
    }

    @Test
    void writeSetsReproducesTheStoredFilesFirstConfigurationOfEveryBucket(@TempDir Path dir) throws Exception {
        // the stored file came from --per-bucket 16 with seed 1; configuration i of a bucket depends only on the seed
        // and its keys, so --per-bucket 1 must write exactly the stored file's first configuration of each bucket
        Path out = dir.resolve("sets.csv");
        Object[] r = cli(
                "bench", "--write-sets", out.toString(), "--seed", "1", "--per-bucket", "1", "--robot-per-bucket", "0");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        List<String> written = Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("pair,"))
                .toList();
        List<String> stored = new ArrayList<>();
        String lastBucket = "";
        for (String l : Files.readAllLines(DATA.resolve("bench/configuration-sets-v1.csv"), StandardCharsets.UTF_8)) {
            if (l.startsWith("pair,")) {
                String bucket = String.join(",", java.util.Arrays.copyOf(l.split(","), 4));
                if (!bucket.equals(lastBucket)) {
                    stored.add(l);
                    lastBucket = bucket;
                }
            }
        }
        assertEquals(4 * (31 + 11), written.size());
        assertEquals(stored, written);
    }

    @Test
    void boundingVolumeStudyNeverMissesAContact(@TempDir Path dir) {
        Path mesh = DATA.resolve("v-hacd/app/meshes/cube-notch.obj");
        Object[] r = cli(
                "bench",
                "--bv",
                "--bv-steps",
                "400",
                "--bv-frames",
                "60",
                "--bv-mesh",
                mesh.toString(),
                "--bv-pieces",
                "3",
                "--html",
                dir.resolve("bv.html").toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        String out = (String) r[1];
        List<String> rows = out.lines()
                .filter(l -> l.matches("\\s+(sphere|AABB|OBB|convex hull \\(GJK\\)|decomposition \\d+\\+\\d+)\\s+.*"))
                .toList();
        assertTrue(rows.size() >= 8, out);
        for (String row : rows) {
            assertTrue(row.trim().endsWith(" 0"), "a bounding volume said 'apart' where the meshes touch: " + row);
        }
        assertTrue(
                out.contains("decomposition effect (seed 004 §7.5)") && out.contains("7-link arm (seed 004 §7.6)"),
                out);
    }

    @Test
    void errorsExitWithTheirCodes(@TempDir Path dir) throws Exception {
        Object[] missing =
                cli("bench", "--buckets", "--sets", dir.resolve("none.csv").toString());
        assertEquals(ExitCode.NO_INPUT.status(), missing[0]);
        assertTrue(((String) missing[2]).contains("--sets: no file"), (String) missing[2]);
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "format,collide4j-configuration-sets/1\nseed,x\n");
        Object[] malformed = cli("bench", "--buckets", "--sets", bad.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), malformed[0]);
        assertTrue(((String) malformed[2]).contains(bad + ":2: seed 'x' is not an integer"), (String) malformed[2]);
        assertEquals(
                ExitCode.USAGE.status(),
                cli("bench", "--html", dir.resolve("x.html").toString())[0]);
        assertEquals(ExitCode.USAGE.status(), cli("bench", "--buckets", "--passes", "0")[0]);
    }
}
