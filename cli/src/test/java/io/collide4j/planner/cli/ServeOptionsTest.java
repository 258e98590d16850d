package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve}'s limit and root options are checked before anything is served. */
class ServeOptionsTest {
    @TempDir
    Path tmp;

    @Test
    void badLimitsAreUsageErrors() {
        for (String[] argv : new String[][] {
            {"serve", "--max-connections", "0"},
            {"serve", "--idle-timeout", "0"},
            {"serve", "--request-timeout", "-1"},
            {"serve", "--request-timeout", "NaN"},
            {"serve", "--max-evaluations", "0"},
            {"serve", "--max-nesting-depth", "2"},
            {"serve", "--max-request-bytes", "10"},
            {"serve", "--log-level", "loud"}
        }) {
            Object[] r = cli(argv);
            assertEquals(ExitCode.USAGE.status(), r[0], String.join(" ", argv) + ": " + r[2]);
            assertTrue(((String) r[2]).contains(argv[1]), "the message names the option: " + r[2]);
        }
    }

    @Test
    void aRootThatIsNotAFolderIsMissingInput() throws Exception {
        Path file = Files.writeString(tmp.resolve("f.txt"), "x");
        for (Path root : new Path[] {tmp.resolve("missing"), file}) {
            Object[] r = cli("serve", "--root", root.toString());
            assertEquals(ExitCode.NO_INPUT.status(), r[0], String.valueOf(r[2]));
            assertTrue(((String) r[2]).contains("--root"), String.valueOf(r[2]));
        }
    }
}
