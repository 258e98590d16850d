package io.collide4j.planner.plan;

import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * MotionBenchMaker problem sets as shipped in VAMP's {@code problems.zip}: for each scenario folder
 * {@code problems/<scenario>/}, pairs {@code sceneNNNN.yaml} (MoveIt planning scene) and
 * {@code requestNNNN.yaml} (MoveIt motion plan request), numbered from 1. Reads the zip in place.
 * Immutable after construction and thread-safe.
 */
public final class MbmProblems {
    private final Path zip;
    private final List<String> scenarios;

    /** One problem: its scene (obstacles and allowed collisions) and its start/goal request. */
    public record Problem(String scenario, int index, MoveItSceneLoader.PlanningScene scene, MotionPlanRequest request) {
    }

    public MbmProblems(Path zip) {
        this.zip = zip;
        TreeSet<String> names = new TreeSet<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                String[] parts = e.getName().split("/");
                if (parts.length == 3 && parts[0].equals("problems") && parts[2].startsWith("request")) {
                    names.add(parts[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read MotionBenchMaker problems " + zip, e);
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException(zip + ": no problems/<scenario>/requestNNNN.yaml entries");
        }
        this.scenarios = List.copyOf(names);
    }

    public List<String> scenarios() {
        return scenarios;
    }

    /** Number of problems of a scenario (requests numbered 1..count). */
    public int count(String scenario) {
        checkScenario(scenario);
        int n = 0;
        try (ZipFile z = new ZipFile(zip.toFile())) {
            while (z.getEntry(name(scenario, "request", n + 1)) != null) {
                n++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + zip, e);
        }
        return n;
    }

    /** Problems {@code first .. first+count-1} of a scenario (1-based). */
    public List<Problem> load(String scenario, int first, int count) {
        checkScenario(scenario);
        List<Problem> out = new ArrayList<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (int i = first; i < first + count; i++) {
                String sceneName = name(scenario, "scene", i);
                String requestName = name(scenario, "request", i);
                ZipEntry se = z.getEntry(sceneName);
                ZipEntry re = z.getEntry(requestName);
                if (se == null || re == null) {
                    throw new IllegalArgumentException(zip + ": scenario " + scenario + " has no problem " + i
                            + " (missing " + (se == null ? sceneName : requestName) + ")");
                }
                String src = zip + "!" + sceneName;
                out.add(new Problem(scenario, i,
                        MoveItSceneLoader.parse(src, new String(z.getInputStream(se).readAllBytes(), StandardCharsets.UTF_8)),
                        MotionPlanRequest.parse(zip + "!" + requestName,
                                new String(z.getInputStream(re).readAllBytes(), StandardCharsets.UTF_8))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + zip, e);
        }
        return out;
    }

    private void checkScenario(String scenario) {
        if (!scenarios.contains(scenario)) {
            throw new IllegalArgumentException(zip + ": no scenario '" + scenario + "'; it has " + scenarios);
        }
    }

    private static String name(String scenario, String kind, int i) {
        return String.format(java.util.Locale.ROOT, "problems/%s/%s%04d.yaml", scenario, kind, i);
    }
}
