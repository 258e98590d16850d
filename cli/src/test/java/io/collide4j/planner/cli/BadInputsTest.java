package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus ({@code src/test/resources/bad-inputs/cases.txt}, one file per case) through the CLI
 * entry point: each case's exit code is the expected one and never 0 or 1 (bad input is no verdict), and
 * its one-line message names the file and the offending field, line or option.
 */
class BadInputsTest {

    record Case(String file, int exit, List<String> mustContain, String commandLine, int line) {
        @Override
        public String toString() {
            return "cases.txt:" + line + " " + (file.equals("-") ? "" : file + ": ") + commandLine;
        }
    }

    static Path folder() throws URISyntaxException {
        return Path.of(Objects.requireNonNull(BadInputsTest.class.getResource("/bad-inputs/cases.txt"))
                        .toURI())
                .getParent();
    }

    static List<Case> cases() throws IOException, URISyntaxException {
        List<Case> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(folder().resolve("cases.txt"), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split(" \\| ", -1);
            if (f.length != 4) {
                throw new IllegalStateException("cases.txt:" + (i + 1) + ": expected 4 fields separated by ' | '");
            }
            out.add(new Case(
                    f[0].strip(),
                    Integer.parseInt(f[1].strip()),
                    List.of(f[2].strip().split(";")),
                    f[3].strip(),
                    i + 1));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsRefusedWithItsExitCodeAndAMessageNamingFileAndField(Case c, @TempDir Path tmp) throws Exception {
        Path dir = folder();
        String file = c.file().equals("-") ? null : dir.resolve(c.file()).toString();
        if (file != null) {
            assertTrue(Files.isRegularFile(Path.of(file)), "the case's file exists: " + file);
        }
        String[] argv = c.commandLine()
                .replace("{file}", file == null ? "{file}" : file)
                .replace("{dir}", dir.toString())
                .replace("{tmp}", tmp.toString())
                .split(" +");
        Object[] r = MainTest.cli(argv);
        String err = (String) r[2];
        int code = (Integer) r[0];
        assertNotEquals(ExitCode.FREE.status(), code, "bad input must not pass: " + r[1] + err);
        assertNotEquals(ExitCode.VIOLATION.status(), code, "exit 1 is only for a real violation: " + r[1] + err);
        assertEquals(c.exit(), code, err);
        assertEquals(1, err.lines().count(), "one line on stderr:\n" + err);
        if (file != null) {
            assertTrue(err.contains(file), "names the file " + file + ": " + err);
        }
        for (String text : c.mustContain()) {
            assertTrue(err.contains(text), "message contains '" + text + "': " + err);
        }
        for (String jackson : List.of(
                "JsonReadFeature",
                "CoercionConfig",
                "[Source:",
                "REDACTED",
                "`",
                "(code ",
                "\ufeff",
                "com.fasterxml",
                "java.lang.",
                "java.util.")) { // the library's words, not the user's
            assertTrue(!err.contains(jackson), "message speaks of '" + jackson + "': " + err);
        }
    }

    /** The checker's scene corpora (one bad JSON or YAML scene per file, see their cases.tsv), each through the CLI. */
    static List<Path> sceneCorpus() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String kind : List.of("scene-json", "scene-yaml")) {
            try (var files = Files.list(Path.of("../checker/src/test/resources/bad-inputs", kind))) {
                files.filter(f -> !f.getFileName().toString().equals("cases.tsv"))
                        .sorted()
                        .forEach(out::add);
            }
        }
        assertTrue(out.size() >= 40, "both scene corpora found: " + out.size());
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sceneCorpus")
    void badSceneIsRefusedThroughTheCli(Path scene) {
        String file = scene.toAbsolutePath().normalize().toString();
        Object[] r = MainTest.cli("check", "--q", "0,-0.785,0,-2.356,0,1.571,0.785", "--scene", file);
        String err = (String) r[2];
        int code = (Integer) r[0];
        assertEquals(ExitCode.DATA_ERROR.status(), code, "a bad scene is bad input (65): " + r[1] + err);
        assertEquals(1, err.lines().count(), "one line on stderr:\n" + err);
        assertTrue(err.contains(file), "names the file " + file + ": " + err);
    }
}
