package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Xacro files against the real xacro 2.0.10's output for them: hand-written ones (resources corpus/) and 200 random
 * ones (generated/), see their READMEs: every document xacro wrote equal byte for byte, every one it refused refused.
 */
class XacroCorpusTest {
    static Path corpus() throws Exception {
        return Path.of(XacroCorpusTest.class.getResource("corpus/README.md").toURI())
                .getParent();
    }

    static Stream<String> inputs(String prefix) throws Exception {
        try (Stream<Path> s = Files.list(corpus())) {
            List<String> names = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix) && n.endsWith(".xacro"))
                    .sorted()
                    .toList();
            return names.stream();
        }
    }

    static Stream<String> accepted() throws Exception {
        return inputs("c");
    }

    static Stream<String> refused() throws Exception {
        return inputs("e");
    }

    private static Xacro xacro() throws Exception {
        return Xacro.create()
                .withWorkingDirectory(corpus())
                .withEnvironment(Map.of("XACRO_TEST_VAR", "hello"))
                .withPackages(PackageFinder.of(Map.of("mypkg", corpus().resolve("pkgs/mypkg"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void sameBytesAsXacro(String name) throws Exception {
        String expected = Files.readString(corpus().resolve("expected/" + name.replace(".xacro", ".urdf")));
        String root = corpus().toString();
        assertEquals(
                expected,
                xacro().expand(Path.of(name)).replace(root + "/", "@ROOT@/").replace(root, "@ROOT@"));
    }

    static Stream<String> generated() throws Exception {
        try (Stream<Path> s = Files.list(corpus().resolveSibling("generated"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".xacro")).sorted().toList().stream();
        }
    }

    /** Random documents (generated/): written byte for byte as xacro wrote them, or refused where xacro refused. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("generated")
    void generatedDocumentsAsXacro(String name) throws Exception {
        Path dir = corpus().resolveSibling("generated");
        Path expected = dir.resolve("expected/" + name.replace(".xacro", ".urdf"));
        Xacro x = Xacro.create()
                .withWorkingDirectory(dir)
                .withEnvironment(Map.of())
                .withPackages(PackageFinder.of(Map.of()));
        if (Files.exists(expected)) {
            String text = Files.readString(expected);
            if (text.matches("(?s).*\\([-+0-9.e]+j\\).*")) {
                // xacro wrote a complex number (a negative base to a fractional power): no URDF value; we refuse it
                XacroException e = assertThrows(XacroException.class, () -> x.expand(Path.of(name)));
                assertTrue(e.getMessage().contains("complex result"), e.getMessage());
                return;
            }
            assertEquals(text, x.expand(Path.of(name)));
        } else {
            String stderr = Files.readString(dir.resolve("expected/" + name.replace(".xacro", ".stderr")));
            assertTrue(stderr.startsWith("EXIT 2"), stderr);
            // malformed XML (a few generated documents) is an XmlSyntaxException, the rest XacroExceptions
            io.collide4j.urdf.DescriptionException e =
                    assertThrows(io.collide4j.urdf.DescriptionException.class, () -> x.expand(Path.of(name)));
            assertEquals(name, e.source(), e.getMessage());
            assertEquals(
                    stderr.contains("XML parsing error"),
                    e instanceof io.collide4j.urdf.XmlSyntaxException,
                    e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void refusedLikeXacro(String name) throws Exception {
        String stderr = Files.readString(corpus().resolve("expected/" + name.replace(".xacro", ".stderr")));
        assertTrue(stderr.startsWith("EXIT 2"), "the real xacro refused it: " + stderr);
        XacroException e = assertThrows(XacroException.class, () -> xacro().expand(Path.of(name)));
        assertEquals(name, e.source(), e.getMessage());
    }
}
