package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus for trajectory JSON (src/test/resources/bad-inputs/trajectory-json, one file per
 * case, the expected message fragment in cases.tsv): each is refused naming the file and the place.
 */
class BadTrajectoryJsonTest {

    static List<Arguments> cases() throws IOException, URISyntaxException {
        Path dir = Path.of(BadTrajectoryJsonTest.class
                        .getResource("/bad-inputs/trajectory-json/cases.tsv")
                        .toURI())
                .getParent();
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("cases.tsv"), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", 2);
            out.add(Arguments.of(dir.resolve(f[0]), f[1]));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badTrajectoryIsRefusedNamingFileAndPlace(Path file, String expected) {
        TrajectoryFormatException e = assertThrows(TrajectoryFormatException.class, () -> TrajectoryJson.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
    }
}
