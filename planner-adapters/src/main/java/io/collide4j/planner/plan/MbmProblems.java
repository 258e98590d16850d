package io.collide4j.planner.plan;

import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveException;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.ArchiveStreamFactory;
import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;
import org.jspecify.annotations.Nullable;

/**
 * MotionBenchMaker problem sets: for each scenario folder {@code problems/<scenario>/}, pairs
 * {@code sceneNNNN.yaml} (MoveIt planning scene) and {@code requestNNNN.yaml} (MoveIt motion plan request),
 * numbered from 1. The set may be a zip (VAMP's {@code problems.zip}), a tar, tar.gz or tar.bz2 (as
 * MotionBenchMaker ships it; Apache Commons Compress detects the format from the content) or a folder holding
 * {@code problems/} or being it; folders above {@code problems/} inside an archive are ignored. The problem
 * files are read once on construction (each at most {@value #MAX_ENTRY_BYTES} bytes). Immutable and thread-safe.
 */
public final class MbmProblems {
    /** Largest problem file read; MotionBenchMaker's are a few kB. */
    public static final int MAX_ENTRY_BYTES = 16 << 20;

    private final Path source;
    private final List<String> scenarios;
    private final Map<String, byte[]> files; // "problems/<scenario>/<file>.yaml" -> content

    /** One problem: its scene (obstacles and allowed collisions) and its start/goal request. */
    public record Problem(
            String scenario, int index, MoveItSceneLoader.PlanningScene scene, MotionPlanRequest request) {}

    public MbmProblems(Path source) {
        this.source = source;
        Map<String, byte[]> found = new TreeMap<>();
        try {
            if (Files.isDirectory(source)) {
                readFolder(source, found);
            } else {
                readArchive(source, found);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read MotionBenchMaker problems " + source, e);
        }
        TreeSet<String> names = new TreeSet<>();
        for (String key : found.keySet()) {
            String[] parts = key.split("/");
            if (parts[2].startsWith("request")) {
                names.add(parts[1]);
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException(
                    source + ": no problems/<scenario>/requestNNNN.yaml entries (expected a zip,"
                            + " tar, tar.gz or tar.bz2 archive or a folder of MotionBenchMaker problems)");
        }
        this.files = Map.copyOf(found);
        this.scenarios = List.copyOf(names);
    }

    /** The {@code problems/<scenario>/<file>.yaml} key of a path's last three parts, or null. */
    private static @Nullable String key(String path) {
        String[] parts = path.replace('\\', '/').split("/");
        int n = parts.length;
        if (n >= 3 && parts[n - 3].equals("problems") && parts[n - 1].endsWith(".yaml")) {
            return "problems/" + parts[n - 2] + "/" + parts[n - 1];
        }
        return null;
    }

    private static void readFolder(Path folder, Map<String, byte[]> out) throws IOException {
        Path base = folder.toAbsolutePath().normalize();
        Path from = base.getParent() == null ? base : base.getParent();
        try (Stream<Path> walk = Files.walk(base, 3)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String k = Files.isRegularFile(p) ? key(from.relativize(p).toString()) : null;
                if (k != null) {
                    if (Files.size(p) > MAX_ENTRY_BYTES) {
                        throw new IllegalArgumentException(p + ": larger than " + MAX_ENTRY_BYTES + " bytes");
                    }
                    out.put(k, Files.readAllBytes(p));
                }
            }
        }
    }

    private void readArchive(Path file, Map<String, byte[]> out) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            InputStream in = raw;
            try {
                String compression = CompressorStreamFactory.detect(raw);
                in = new BufferedInputStream(
                        new CompressorStreamFactory().createCompressorInputStream(compression, raw));
            } catch (CompressorException notCompressed) {
                // a plain archive (zip or tar)
            }
            try (ArchiveInputStream<?> archive = new ArchiveStreamFactory().createArchiveInputStream(in)) {
                for (ArchiveEntry e = archive.getNextEntry(); e != null; e = archive.getNextEntry()) {
                    String k = e.isDirectory() ? null : key(e.getName());
                    if (k == null) {
                        continue;
                    }
                    if (!archive.canReadEntryData(e)) {
                        throw new IllegalArgumentException(file + "!" + e.getName() + ": entry uses an unsupported"
                                + " compression or encryption");
                    }
                    out.put(k, readLimited(archive, file + "!" + e.getName()));
                }
            } catch (ArchiveException e) {
                throw new IllegalArgumentException(
                        file + ": not a zip, tar, tar.gz or tar.bz2 archive (" + e.getMessage() + ")", e);
            }
        } catch (CompressorException e) {
            throw new IllegalArgumentException(file + ": cannot decompress (" + e.getMessage() + ")", e);
        }
    }

    private static byte[] readLimited(InputStream in, String what) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
            buf.write(chunk, 0, n);
            if (buf.size() > MAX_ENTRY_BYTES) {
                throw new IllegalArgumentException(what + ": larger than " + MAX_ENTRY_BYTES + " bytes");
            }
        }
        return buf.toByteArray();
    }

    public List<String> scenarios() {
        return scenarios;
    }

    /** Number of problems of a scenario (requests numbered 1..count). */
    public int count(String scenario) {
        checkScenario(scenario);
        int n = 0;
        while (files.containsKey(name(scenario, "request", n + 1))) {
            n++;
        }
        return n;
    }

    /** Problems {@code first .. first+count-1} of a scenario (1-based). */
    public List<Problem> load(String scenario, int first, int count) {
        checkScenario(scenario);
        List<Problem> out = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            String sceneName = name(scenario, "scene", i);
            String requestName = name(scenario, "request", i);
            byte[] se = files.get(sceneName);
            byte[] re = files.get(requestName);
            if (se == null || re == null) {
                throw new IllegalArgumentException(source + ": scenario " + scenario + " has no problem " + i
                        + " (missing " + (se == null ? sceneName : requestName) + ")");
            }
            out.add(new Problem(
                    scenario,
                    i,
                    MoveItSceneLoader.parse(source + "!" + sceneName, new String(se, StandardCharsets.UTF_8)),
                    MotionPlanRequest.parse(source + "!" + requestName, new String(re, StandardCharsets.UTF_8))));
        }
        return out;
    }

    private void checkScenario(String scenario) {
        if (!scenarios.contains(scenario)) {
            throw new IllegalArgumentException(source + ": no scenario '" + scenario + "'; it has " + scenarios);
        }
    }

    private static String name(String scenario, String kind, int i) {
        return String.format(java.util.Locale.ROOT, "problems/%s/%s%04d.yaml", scenario, kind, i);
    }
}
