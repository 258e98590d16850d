package io.collide4j.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The test-group rule (issue 30): a long sweep is a {@code @Tag("slow")} sibling of a short default test (README,
 * "All tests"), not a {@code -Dcollide4j.*} system property that scales it. So no test source of any module reads a
 * {@code collide4j.*} property ({@code System.getProperty}, {@code Integer.getInteger}, {@code Boolean.getBoolean},
 * {@code Long.getLong}) other than the {@link #SETTINGS}, which say where things are or tune an oracle, not how much
 * to run.
 */
class SweepSwitchRuleTest {
    /** The properties tests may read, and why. */
    static final Set<String> SETTINGS = Set.of(
            "collide4j.testdata", // where tests/data is (set by the parent pom)
            "collide4j.chromium", // which headless browser the report test drives
            "collide4j.oracle.cap", // the motion oracle's measuring cap and tolerance: its accuracy,
            "collide4j.oracle.tol", // not the number of cases
            "collide4j.serverLoad.clients", // the server load test's shape (clients and requests per client)
            "collide4j.serverLoad.requests");

    private static final Pattern READ =
            Pattern.compile("\\b(?:getProperty|getInteger|getBoolean|getLong)\\(\\s*\"(collide4j\\.[A-Za-z0-9_.]+)\"");

    @Test
    void noTestReadsASweepSwitch() throws IOException {
        Path repo = SourceRoots.repository();
        List<Path> roots = SourceRoots.of("test", 6);
        Map<String, String> switches = new TreeMap<>();
        int files = 0;
        for (Path root : roots) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                    files++;
                    for (String name : reads(Files.readString(p))) {
                        if (!SETTINGS.contains(name)) {
                            switches.put(repo.relativize(p) + ": " + name, name);
                        }
                    }
                }
            }
        }
        assertTrue(files > 150, "found the test sources (" + files + " files)");
        assertEquals(
                Map.of(),
                switches,
                "a sweep's full run is a @Tag(\"slow\") test (README, \"All tests\"), not a"
                        + " system property; a property that is a setting goes into SweepSwitchRuleTest.SETTINGS");
    }

    @Test
    void theScannerSeesEachKindOfRead() {
        String code = "int n = Integer.getInteger(\"collide4j.x.cases\", 150);\n"
                + "boolean all = Boolean.getBoolean( \"collide4j.x.all\");\n"
                + "double k = Double.parseDouble(System.getProperty(\"collide4j.x.scale\", \"1\"));\n"
                + "long m = Long.getLong(\"collide4j.x.max\", 3L);\n"
                + "String d = System.getProperty(\"other.name\");\n";
        assertEquals(
                List.of("collide4j.x.cases", "collide4j.x.all", "collide4j.x.scale", "collide4j.x.max"), reads(code));
    }

    private static List<String> reads(String source) {
        List<String> out = new ArrayList<>();
        Matcher m = READ.matcher(source);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
