package io.collide4j.planner.bench.command;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --decomposition}: V-HACD's table as read, and one row run end to end. */
class DecompositionBenchTest {
    private static Path data() {
        return Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    }

    /** The shipped copy of V-HACD's numbers: 33 meshes; the wall's row as written in NUMBERS.md. */
    @Test
    void theReferenceTableHasEveryMeshWithItsOneThreadNumbers() throws Exception {
        List<DecompositionBench.Reference> refs =
                DecompositionBench.parse(Files.readAllLines(data().resolve("v-hacd/NUMBERS.md")));
        assertEquals(33, refs.size());
        DecompositionBench.Reference wall = refs.stream()
                .filter(r -> r.mesh().equals("wall.obj"))
                .findFirst()
                .orElseThrow();
        assertEquals(new DecompositionBench.Reference("wall.obj", 0.651, 48, 1.018, "0.01%"), wall);
        assertTrue(refs.stream().anyMatch(r -> r.mesh().equals("ur5e/wrist3.stl") && r.volumeRatio() == 1.059));
    }

    /**
     * A one-row table (the convex cube, one V-HACD hull, ratio 1.000): one piece, ratio 1.000, full coverage, and
     * the summary counts it; a table without mesh rows is bad input (65).
     */
    @Test
    void aOneRowTablePrintsOursBesideVhacdsAndABadTableIsRefused(@TempDir Path dir) throws Exception {
        Path meshes = Files.createDirectories(dir.resolve("v-hacd/app/meshes"));
        Files.copy(data().resolve("v-hacd/app/meshes/cube.obj"), meshes.resolve("cube.obj"));
        Files.writeString(
                dir.resolve("v-hacd/NUMBERS.md"),
                String.join(
                        "\n",
                        "| mesh | t 1 thread (s) | t default threads (s) | hulls | Σ hull vol / mesh vol | union / mesh vol"
                                + " | vertices covered | centroids covered | area outside (sampled) | area with gap | max gap |",
                        "|---|---|---|---|---|---|---|---|---|---|---|",
                        "| cube.obj | 0.556 | 0.547 | 1 | 1.000 | 1.000 | 100% | 100% | 0.00% | 0.00% | 0 |",
                        ""));
        String old = System.getProperty("collide4j.testdata");
        System.setProperty("collide4j.testdata", dir.toString());
        try {
            Object[] r = cli("bench", "--decomposition");
            assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
            String out = (String) r[1];
            assertTrue(
                    out.lines()
                            .anyMatch(
                                    l -> l.matches(
                                            "cube\\.obj\\s+\\S+\\s+\\S+\\s+1\\s+1\\s+1\\.000\\s+1\\.000\\s+100% .*0\\.556, 0\\.00%")),
                    out);
            assertTrue(out.contains("Σvol/vol <= V-HACD on 1 of 1, pieces <= V-HACD on 1 of 1"), out);
            Files.writeString(dir.resolve("v-hacd/NUMBERS.md"), "| mesh | nothing |\n");
            Object[] bad = cli("bench", "--decomposition");
            assertEquals(ExitCode.DATA_ERROR.status(), bad[0], (String) bad[1]);
            assertTrue(((String) bad[2]).contains("no mesh rows"), (String) bad[2]);
        } finally {
            if (old == null) {
                System.clearProperty("collide4j.testdata");
            } else {
                System.setProperty("collide4j.testdata", old);
            }
        }
    }
}
