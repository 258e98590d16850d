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
 * Hand-written xacro files against the real xacro 2.0.10's output for them (resources corpus/, see its README):
 * the features in combination byte for byte, and every input xacro refuses refused here too.
 */
class XacroCorpusTest {
    static Path corpus() throws Exception {
        return Path.of(XacroCorpusTest.class.getResource("corpus/README.md").toURI()).getParent();
    }

    static Stream<String> inputs(String prefix) throws Exception {
        try (Stream<Path> s = Files.list(corpus())) {
            List<String> names = s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix) && n.endsWith(".xacro"))
                    .sorted().toList();
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
        return Xacro.create().withWorkingDirectory(corpus()).withEnvironment(Map.of("XACRO_TEST_VAR", "hello"))
                .withPackages(PackageFinder.of(Map.of("mypkg", corpus().resolve("pkgs/mypkg"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void sameBytesAsXacro(String name) throws Exception {
        String expected = Files.readString(corpus().resolve("expected/" + name.replace(".xacro", ".urdf")));
        String root = corpus().toString();
        assertEquals(expected, xacro().expand(Path.of(name)).replace(root + "/", "@ROOT@/").replace(root, "@ROOT@"));
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
