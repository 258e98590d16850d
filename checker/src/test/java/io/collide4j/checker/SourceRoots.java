package io.collide4j.checker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The repository's Java source roots ({@code MODULE/src/main/java} or {@code MODULE/src/test/java}, nested modules
 * such as {@code bindings/python} included, build output excluded), for the rule tests that read every module's
 * sources. Tests run with the module folder as working directory, so the repository is its parent.
 */
final class SourceRoots {
    private SourceRoots() {}

    /** The repository's root folder. */
    static Path repository() {
        return Path.of("").toAbsolutePath().getParent();
    }

    /** Every module's {@code src/KIND/java}, at least {@code min} of them (else the walk missed the modules). */
    static List<Path> of(String kind, int min) {
        Path repo = repository();
        List<Path> roots;
        try (Stream<Path> s = Files.walk(repo, 6)) {
            roots = s.filter(p -> p.endsWith(Path.of("src", kind, "java"))
                            && !p.toString().contains("/target/"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertTrue(roots.size() >= min, "found the modules' " + kind + " source roots: " + roots);
        return roots;
    }
}
