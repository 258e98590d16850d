package io.collide4j.checker.ccd.io;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Loaders for the shared CCD benchmark folders (layouts documented in their READMEs under tests/data). */
public final class CcdDatasets {

    private CcdDatasets() {}

    /** Folder name of a kind in ccd-sample-queries. */
    public static String folderName(CcdKind kind) {
        return kind == CcdKind.VERTEX_FACE ? "vertex-face" : "edge-edge";
    }

    /**
     * Every scene of {@code ccd-sample-queries} and both kinds, one set per scene and kind named
     * "scene/vertex-face" etc., each the concatenation of its data_*.csv files in name order.
     */
    public static List<CcdQuerySet> sampleQueries(Path root) {
        List<CcdQuerySet> sets = new ArrayList<>();
        for (Path scene : sortedChildren(root, Files::isDirectory)) {
            for (CcdKind kind : CcdKind.values()) {
                Path dir = scene.resolve(folderName(kind));
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                List<CcdQuery> qs = new ArrayList<>();
                List<Boolean> truth = new ArrayList<>();
                for (Path csv :
                        sortedChildren(dir, p -> p.getFileName().toString().endsWith(".csv"))) {
                    CcdQueryFiles.Parsed parsed = CcdQueryFiles.readRationalCsv(csv, kind);
                    if (parsed.labels() == null) {
                        throw new CcdDataFormatException(csv + ": expected the 7th ground-truth column");
                    }
                    qs.addAll(parsed.queries());
                    truth.addAll(parsed.labels());
                }
                sets.add(new CcdQuerySet(scene.getFileName() + "/" + folderName(kind), kind, qs, truth));
            }
        }
        if (sets.isEmpty()) {
            throw new CcdDataFormatException(root + ": no <scene>/vertex-face or <scene>/edge-edge folders found");
        }
        return sets;
    }

    /** A scalable-ccd-sample-data step: queries/&lt;step&gt;&lt;vf|ee&gt;.csv with mma_bool/&lt;step&gt;&lt;vf|ee&gt;_mma_bool.json. */
    public static CcdQuerySet scalable(Path sceneDir, String step, CcdKind kind) {
        String k = kind == CcdKind.VERTEX_FACE ? "vf" : "ee";
        Path csv = sceneDir.resolve("queries").resolve(step + k + ".csv");
        Path json = sceneDir.resolve("mma_bool").resolve(step + k + "_mma_bool.json");
        return withSeparateTruth(sceneDir.getFileName() + "/" + step + k, kind, csv, json);
    }

    /** The CCD-Query-IO fixture (edge-edge, 6-column ", "-separated CSV + JSON ground truth). */
    public static CcdQuerySet queryIo(Path dir) {
        return withSeparateTruth(
                dir.getFileName().toString(),
                CcdKind.EDGE_EDGE,
                dir.resolve("queries.csv"),
                dir.resolve("mma_bool.json"));
    }

    private static CcdQuerySet withSeparateTruth(String name, CcdKind kind, Path csv, Path json) {
        CcdQueryFiles.Parsed parsed = CcdQueryFiles.readRationalCsv(csv, kind);
        List<Boolean> truth = CcdQueryFiles.readBooleanArray(json);
        if (truth.size() != parsed.queries().size()) {
            throw new CcdDataFormatException(json + ": " + truth.size() + " labels but " + csv + " has "
                    + parsed.queries().size() + " queries");
        }
        return new CcdQuerySet(name, kind, parsed.queries(), truth);
    }

    private static List<Path> sortedChildren(Path dir, java.util.function.Predicate<Path> keep) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(keep).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
