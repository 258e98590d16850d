package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.planner.options.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code decompose --max-excess 0.1} on the bundled cup (12 cm; it used to print a 2.5 cm margin after a silent
 * two-minute search): the margin printed is within a nanometre, fresh and from the cache (where only the pieces are
 * stored, so the margin is measured again).
 */
class DecomposeMarginTest {
    private static final Path CUP =
            Path.of(System.getProperty("collide4j.testdata", "../tests/data")).resolve("v-hacd/app/meshes/cup.obj");

    @TempDir
    Path dir;

    @Test
    void cupWithMaxExcessPrintsATinyMarginFreshAndFromTheCache() throws Exception {
        String old = System.getProperty(DecompositionCache.PROPERTY);
        System.setProperty(DecompositionCache.PROPERTY, dir.resolve("cache").toString());
        try {
            for (String run : new String[] {"fresh", "cache hit"}) {
                Path out = dir.resolve("pieces.obj");
                ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
                int code = Main.run(
                        new String[] {
                            "decompose",
                            CUP.toString(),
                            "--out",
                            out.toString(),
                            "--max-excess",
                            "0.1",
                            "--threads",
                            "2",
                            "--cache"
                        },
                        new PrintStream(o, true, StandardCharsets.UTF_8),
                        new PrintStream(e, true, StandardCharsets.UTF_8));
                String text = o.toString(StandardCharsets.UTF_8);
                assertEquals(ExitCode.FREE.status(), code, run + ": " + text + e);
                Matcher m = Pattern.compile("covering margin (\\S+) m").matcher(text);
                assertTrue(m.find(), run + ": " + text);
                double margin = Double.parseDouble(m.group(1));
                assertTrue(margin <= 1e-9, run + ": a 12 cm cup covered within a nanometre, printed " + margin);
                assertTrue(
                        Files.readAllLines(out).stream()
                                        .filter(l -> l.startsWith("o "))
                                        .count()
                                >= 1,
                        run);
            }
        } finally {
            if (old == null) {
                System.clearProperty(DecompositionCache.PROPERTY);
            } else {
                System.setProperty(DecompositionCache.PROPERTY, old);
            }
        }
    }
}
