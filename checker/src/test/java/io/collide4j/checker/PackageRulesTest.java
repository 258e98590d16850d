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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rules the build keeps (issue 30), by scanning sources as {@code verifier}'s {@code IndependenceRuleTest}
 * does rather than with ArchUnit: no new dependency, and the rules read as plain lists a newcomer can edit.
 * <ul>
 *   <li>the checker's packages form the layers of {@link #LAYERS}: a package names (imports or writes fully
 *       qualified) only packages of lower layers, and every package is placed;</li>
 *   <li>every main source package of every module of the repository has a {@code package-info.java}.</li>
 * </ul>
 * {@code tools/import-levels.py} prints the same graph with levels, back arrows and mutual pairs.
 */
class PackageRulesTest {
    /** The checker's packages, bottom layer first; a package may use only those before it. */
    static final List<String> LAYERS = List.of(
            "geometry",
            "geometry.hull",
            "scene",
            "geometry.decomposition",
            "narrowphase",
            "geometry.mesh",
            "robot",
            "ccd.screw",
            "ccd",
            "ccd.io",
            "query",
            "certificate",
            "srdf",
            "batch");

    private static final String PREFIX = "io.collide4j.checker";
    private static final Pattern NAMED =
            Pattern.compile("\\b" + Pattern.quote(PREFIX) + "((?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\\\n])*\"");

    @Test
    void checkerPackagesUseOnlyLowerLayers() throws IOException {
        Path root = Path.of("src/main/java", PREFIX.split("\\."));
        Map<String, TreeSet<String>> uses = packageUses(root);
        assertTrue(uses.size() >= 10, "found the checker's packages: " + uses.keySet());
        assertEquals(
                new TreeSet<>(LAYERS),
                new TreeSet<>(uses.keySet()),
                "every checker package is placed in PackageRulesTest.LAYERS (and every listed one exists)");
        List<String> upward = new ArrayList<>();
        uses.forEach((pkg, used) -> {
            for (String u : used) {
                if (LAYERS.indexOf(u) > LAYERS.indexOf(pkg)) {
                    upward.add(pkg + " -> " + u);
                }
            }
        });
        assertEquals(List.of(), upward, "imports pointing up the layers " + LAYERS);
    }

    @Test
    void thisRuleSeesAnUpwardImport() {
        // the scanner on a made-up source: robot naming query is an arrow up, query naming robot is not
        String code = "package io.collide4j.checker.robot;\nimport io.collide4j.checker.query.CollisionChecker;\n"
                + "// io.collide4j.checker.batch.BatchChecker in a comment does not count\nclass X {}\n";
        assertEquals(List.of("query"), named(code, "robot"));
    }

    @Test
    void everyPackageHasAPackageInfo() throws IOException {
        Path repo = SourceRoots.repository();
        List<Path> roots = SourceRoots.of("main", 6);
        // a package split across modules would be documented once, in any of them
        Map<String, List<String>> undocumented = new TreeMap<>();
        Set<String> documented = new TreeSet<>();
        int packages = 0;
        for (Path r : roots) {
            List<Path> dirs;
            try (Stream<Path> s = Files.walk(r)) {
                dirs = s.filter(Files::isDirectory).toList();
            }
            for (Path d : dirs) {
                boolean hasJava;
                try (Stream<Path> s = Files.list(d)) {
                    hasJava = s.anyMatch(f -> f.toString().endsWith(".java"));
                }
                if (hasJava) {
                    packages++;
                    String pkg = r.relativize(d).toString().replace('/', '.');
                    if (Files.exists(d.resolve("package-info.java"))) {
                        documented.add(pkg);
                    } else {
                        undocumented
                                .computeIfAbsent(pkg, k -> new ArrayList<>())
                                .add(repo.relativize(d).toString());
                    }
                }
            }
        }
        List<String> missing = new ArrayList<>();
        undocumented.forEach((pkg, where) -> {
            if (!documented.contains(pkg)) {
                missing.addAll(where);
            }
        });
        assertTrue(packages >= 25, "found the repository's packages (" + packages + ")");
        assertEquals(List.of(), missing, "packages without package-info.java (a short description and glossary)");
    }

    private static Map<String, TreeSet<String>> packageUses(Path root) throws IOException {
        Map<String, TreeSet<String>> uses = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            // the top package holds only its package-info (the glossary); it is no layer
            files = s.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
                    .toList();
        }
        for (Path f : files) {
            String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
            uses.computeIfAbsent(pkg, k -> new TreeSet<>()).addAll(named(Files.readString(f), pkg));
        }
        return uses;
    }

    /** The checker packages (relative names) other than {@code pkg} that code names outside comments and strings. */
    private static List<String> named(String code, String pkg) {
        String bare = COMMENT.matcher(STRING.matcher(code).replaceAll("\"\"")).replaceAll(" ");
        TreeSet<String> out = new TreeSet<>();
        Matcher m = NAMED.matcher(bare);
        while (m.find()) {
            String p = m.group(1).isEmpty() ? "" : m.group(1).substring(1);
            if (!p.equals(pkg) && !p.isEmpty()) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }
}
