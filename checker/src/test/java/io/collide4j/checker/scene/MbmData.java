package io.collide4j.checker.scene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Test access to the MotionBenchMaker problems zip in tests/data/vamp (read in place, never copied). */
public final class MbmData {
    private MbmData() {}

    public static Path testData() {
        return Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    }

    /** All zip members under problems/ as name → text, sorted by name. */
    private static Map<String, String> cache;

    public static synchronized Map<String, String> pandaProblems() {
        if (cache == null) {
            cache = java.util.Collections.unmodifiableMap(readZip());
        }
        return cache;
    }

    private static Map<String, String> readZip() {
        Path zip = testData().resolve("vamp/resources/panda/problems.zip");
        Map<String, String> out = new TreeMap<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                if (!e.isDirectory() && e.getName().endsWith(".yaml")) {
                    out.put(e.getName(), new String(z.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
