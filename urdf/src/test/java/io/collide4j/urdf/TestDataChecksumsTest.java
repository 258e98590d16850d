package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The test data is what its {@code SHA256SUMS} files say (tests/data/README.md: every file is listed with its
 * checksum): every file is listed in the nearest {@code SHA256SUMS} above it (a folder's own list in its parent's)
 * and has that SHA-256, and every listed file exists. Third-party data copied in with a licence and an origin must
 * not drift silently, and a file added without an entry is caught here.
 */
class TestDataChecksumsTest {
    private static final String SUMS = "SHA256SUMS";

    @Test
    void everyFileIsListedWithItsChecksum() throws IOException, NoSuchAlgorithmException {
        Path data = UrdfRealDataTest.DATA.toAbsolutePath().normalize();
        List<Path> sumFiles;
        try (Stream<Path> s = Files.walk(data)) {
            sumFiles = s.filter(p -> p.getFileName().toString().equals(SUMS))
                    .sorted()
                    .toList();
        }
        assertTrue(sumFiles.contains(data.resolve(SUMS)), "tests/data/SHA256SUMS exists");
        // expected checksum by file, each file taken from the SHA256SUMS nearest above it
        Map<Path, String> expected = new TreeMap<>();
        for (Path sums : sumFiles) {
            Path dir = sums.getParent();
            int n = 0;
            for (String line : Files.readAllLines(sums)) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\\s+\\*?", 2);
                assertEquals(2, f.length, sums + " line " + n + ": expected 'SHA256  PATH'");
                Path file = dir.resolve(f[1]).normalize();
                if (nearestSums(data, file).equals(sums)) {
                    expected.put(file, f[0].toLowerCase());
                }
            }
        }
        TreeSet<String> unlisted = new TreeSet<>();
        TreeSet<String> wrong = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(data)) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> !p.equals(data.resolve(SUMS)))
                    .toList();
        }
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (Path p : files) {
            String want = expected.remove(p.normalize());
            if (want == null) {
                unlisted.add(data.relativize(p).toString());
                continue;
            }
            md.reset();
            try (InputStream in = new DigestInputStream(Files.newInputStream(p), md)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            if (!HexFormat.of().formatHex(md.digest()).equals(want)) {
                wrong.add(data.relativize(p).toString());
            }
        }
        assertTrue(files.size() > 300, "found the test data (" + files.size() + " files)");
        assertEquals(new TreeSet<>(), unlisted, "files in tests/data without a SHA256SUMS entry");
        assertEquals(new TreeSet<>(), wrong, "files whose SHA-256 differs from their SHA256SUMS entry");
        assertEquals(Map.of(), expected, "SHA256SUMS entries without a file");
    }

    /**
     * The SHA256SUMS file in the deepest folder above {@code file} that has one; a folder's own SHA256SUMS is listed
     * by the one above it.
     */
    private static Path nearestSums(Path data, Path file) {
        Path start =
                file.getFileName().toString().equals(SUMS) ? file.getParent().getParent() : file.getParent();
        for (Path dir = start; dir != null && dir.startsWith(data); dir = dir.getParent()) {
            if (Files.exists(dir.resolve(SUMS))) {
                return dir.resolve(SUMS);
            }
        }
        return data.resolve(SUMS);
    }
}
