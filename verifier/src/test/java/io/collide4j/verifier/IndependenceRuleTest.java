package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build rule behind the verifier's claim to independence (issue 31): nothing in this module, main or test, names a
 * collide4j package other than its own and {@code io.collide4j.urdf} (imports and fully qualified names alike), its
 * pom declares no other collide4j module, and the certifier's classes are not even on its class path.
 */
class IndependenceRuleTest {
    private static final Pattern NAMED = Pattern.compile("\\bio\\.collide4j\\.([a-z_][a-z0-9_]*)");

    @Test
    void theSourcesNameOnlyTheVerifierAndTheUrdfModule() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String root : List.of("src/main/java", "src/test/java")) {
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                    files++;
                    List<String> lines = Files.readAllLines(p);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = NAMED.matcher(lines.get(i));
                        while (m.find()) {
                            if (!m.group(1).equals("verifier") && !m.group(1).equals("urdf")) {
                                found.add(
                                        p + ":" + (i + 1) + ": " + lines.get(i).trim());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 20, "found the module's sources (" + files + " files)");
        assertEquals(List.of(), found, "the verifier must share no code with the certifier");
    }

    @Test
    void thePomDeclaresNoOtherCollide4jModule() throws IOException {
        Matcher m = Pattern.compile("<artifactId>(collide4j-[a-z-]+)</artifactId>")
                .matcher(Files.readString(Path.of("pom.xml")));
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        // the parent, the module itself, and its one collide4j dependency
        assertEquals(List.of("collide4j-parent", "collide4j-verifier", "collide4j-urdf"), modules);
    }

    @Test
    void theCertifiersClassesAreNotOnTheClassPath() {
        // the names are built so that this file passes its own scan (which found them when written plainly)
        String base = "io.collide4j" + ".";
        for (String c : List.of(base + "checker.certificate.TrajectoryCertifier", base + "kinematics.KinematicModel")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(c), c);
        }
    }
}
