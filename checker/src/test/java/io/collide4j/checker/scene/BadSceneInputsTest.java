package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.format.InputFormatException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus for scene files (src/test/resources/bad-inputs/scene-{json,yaml}, one file per
 * case, the expected message fragment in each folder's cases.tsv): every case is refused with an
 * {@link InputFormatException} whose message starts with the file name and names the offending place.
 */
class BadSceneInputsTest {

    static List<Arguments> cases(String folder) throws IOException, URISyntaxException {
        Path dir = Path.of(BadSceneInputsTest.class
                        .getResource("/bad-inputs/" + folder + "/cases.tsv")
                        .toURI())
                .getParent();
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("cases.tsv"), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", 2);
            out.add(Arguments.of(dir.resolve(f[0]), f[1]));
        }
        return out;
    }

    static List<Arguments> yamlCases() throws IOException, URISyntaxException {
        return cases("scene-yaml");
    }

    static List<Arguments> jsonCases() throws IOException, URISyntaxException {
        return cases("scene-json");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("yamlCases")
    void badYamlSceneIsRefusedNamingFileAndPlace(Path file, String expected) {
        assertRefused(file, expected, MoveItSceneLoader::load);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonCases")
    void badJsonSceneIsRefusedNamingFileAndPlace(Path file, String expected) {
        assertRefused(file, expected, SceneJson::read);
    }

    private static void assertRefused(Path file, String expected, Function<Path, ?> loader) {
        InputFormatException e = assertThrows(InputFormatException.class, () -> loader.apply(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
    }

    @Test
    void anEmptySceneIsOneThatSaysSo() {
        assertEquals(
                0,
                MoveItSceneLoader.parse("e.yaml", "world:\n  collision_objects: []\n")
                        .scene()
                        .size());
        assertEquals(0, SceneJson.read("{\"objects\": []}", "e.json").size());
    }

    @Test
    void hundredThousandLevelsOfNestingAreAnErrorNotAStackOverflow() {
        int n = 100_000;
        String deepYaml = "world: " + "[".repeat(n) + "]".repeat(n) + "\n";
        var y = assertThrows(InputFormatException.class, () -> MoveItSceneLoader.parse("deep.yaml", deepYaml));
        assertTrue(y.getMessage().contains("nesting deeper than"), y.getMessage());
        String deepJson = "{\"objects\": " + "[".repeat(n) + "]".repeat(n) + "}";
        assertThrows(InputFormatException.class, () -> SceneJson.read(deepJson, "deep.json"));
    }
}
