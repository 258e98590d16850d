package io.collide4j.spark;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apache.spark.sql.Row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.apache.spark.sql.functions.col;

/**
 * The numbers of a certified dataset: input rows, results, errors (they add up: {@link #of} refuses otherwise),
 * results by verdict and by scene and verdict, errors by exit code, and the results with the least certified
 * clearance lower bounds (ties by id).
 */
public record DatasetSummary(@JsonProperty("input_rows") long inputRows, long results, long errors,
                             @JsonProperty("by_verdict") Map<String, Long> byVerdict,
                             @JsonProperty("by_scene") Map<String, Map<String, Long>> byScene,
                             @JsonProperty("errors_by_exit_code") Map<Integer, Long> errorsByExitCode,
                             @JsonProperty("worst_clearances") List<Worst> worstClearances) {

    /** One of the least clearances: the trajectory, its scene, verdict, clearance lower bound and closest pair. */
    public record Worst(String id, String scene, String verdict,
                        @JsonProperty("clearance_lower_bound") double clearanceLowerBound,
                        @JsonProperty("closest_pair") String closestPair) {
    }

    static DatasetSummary of(CertifiedDataset d, int worst) {
        Map<String, Long> byVerdict = new TreeMap<>();
        Map<String, Map<String, Long>> byScene = new TreeMap<>();
        long results = 0;
        for (Row r : d.results().groupBy("scene", "verdict").count().collectAsList()) {
            long n = r.getLong(2);
            byVerdict.merge(r.getString(1), n, Long::sum);
            byScene.computeIfAbsent(r.getString(0), k -> new TreeMap<>()).put(r.getString(1), n);
            results += n;
        }
        Map<Integer, Long> errorsByCode = new TreeMap<>();
        long errors = 0;
        for (Row r : d.errors().groupBy("exit_code").count().collectAsList()) {
            errorsByCode.put(r.getInt(0), r.getLong(1));
            errors += r.getLong(1);
        }
        if (results + errors != d.inputRows()) {
            throw new IllegalStateException("internal error: " + d.inputRows() + " input rows but " + results
                    + " results and " + errors + " errors");
        }
        List<Worst> least = d.results().filter(col("clearance_lower_bound").isNotNull())
                .orderBy(col("clearance_lower_bound").asc(), col("id").asc()).limit(worst)
                .select("id", "scene", "verdict", "clearance_lower_bound", "closest_pair").collectAsList().stream()
                .map(r -> new Worst(r.getString(0), r.getString(1), r.getString(2), r.getDouble(3), r.getString(4)))
                .toList();
        return new DatasetSummary(d.inputRows(), results, errors, byVerdict, byScene, errorsByCode, least);
    }

    /** As JSON (pretty). */
    public String toJson() {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(this) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void write(Path file) {
        try {
            java.nio.file.Files.writeString(file, toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
