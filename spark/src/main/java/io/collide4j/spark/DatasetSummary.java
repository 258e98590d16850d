package io.collide4j.spark;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;

/**
 * The numbers of a certified dataset: input rows, results, errors (they add up: {@link #of} refuses otherwise),
 * results by verdict and by scene and verdict, errors by exit code, the results with the least certified clearance
 * lower bounds (ties by id), and how evenly the work was spread over the tasks ({@link Tasks}).
 */
public record DatasetSummary(
        @JsonProperty("input_rows") long inputRows,
        long results,
        long errors,
        @JsonProperty("by_verdict") Map<String, Long> byVerdict,
        @JsonProperty("by_scene") Map<String, Map<String, Long>> byScene,
        @JsonProperty("errors_by_exit_code") Map<Integer, Long> errorsByExitCode,
        @JsonProperty("worst_clearances") List<Worst> worstClearances,
        Tasks tasks) {

    /** One of the least clearances: the trajectory, its scene, verdict, clearance lower bound and closest pair. */
    public record Worst(
            String id,
            String scene,
            String verdict,
            @JsonProperty("clearance_lower_bound") double clearanceLowerBound,
            @JsonProperty("closest_pair") String closestPair)
            implements Serializable {
        /** Least clearance first, then by id. */
        static final Comparator<Worst> ORDER =
                Comparator.comparingDouble(Worst::clearanceLowerBound).thenComparing(Worst::id);

        /** The entry of a results row ({@link ResultColumns#RESULTS}); null when it has no clearance bound. */
        static Worst of(Row r) {
            Object clearance = r.get(CLEARANCE);
            return clearance == null
                    ? null
                    : new Worst(
                            r.getString(ID),
                            r.getString(SCENE),
                            r.getString(VERDICT),
                            (Double) clearance,
                            r.getString(PAIR));
        }

        // results rows are built without a schema (no field names), so their columns are found by position
        private static final int ID = ResultColumns.RESULTS.fieldIndex("id");
        private static final int SCENE = ResultColumns.RESULTS.fieldIndex("scene");
        private static final int VERDICT = ResultColumns.RESULTS.fieldIndex("verdict");
        private static final int CLEARANCE = ResultColumns.RESULTS.fieldIndex("clearance_lower_bound");
        private static final int PAIR = ResultColumns.RESULTS.fieldIndex("closest_pair");
    }

    /**
     * The spread of the certification tasks: how many, their seconds (least, median, most) and their expected work
     * ({@link WorkBalance#work}: least, most), how many were committed from a retry (an attempt after a failed
     * one), and the CPU seconds of their threads all together (reading, decoding, certifying, writing; 0 where the
     * JVM cannot measure a thread's CPU). A most far above the median is a skewed dataset.
     */
    public record Tasks(
            int count,
            @JsonProperty("seconds_min") double secondsMin,
            @JsonProperty("seconds_median") double secondsMedian,
            @JsonProperty("seconds_max") double secondsMax,
            @JsonProperty("work_min") long workMin,
            @JsonProperty("work_max") long workMax,
            int retried,
            @JsonProperty("cpu_seconds") double cpuSeconds) {}

    /** Merges the tasks' reports; {@code inputRows} counted separately must equal their rows, results and errors. */
    static DatasetSummary of(long inputRows, List<TaskReport> reports, int worst) {
        Map<String, Long> byVerdict = new TreeMap<>();
        Map<String, Map<String, Long>> byScene = new TreeMap<>();
        Map<Integer, Long> errorsByCode = new TreeMap<>();
        List<Worst> least = new ArrayList<>();
        long rows = 0;
        long results = 0;
        long errors = 0;
        double[] seconds = new double[reports.size()];
        long workMin = Long.MAX_VALUE;
        long workMax = 0;
        int retried = 0;
        double cpu = 0;
        for (int i = 0; i < reports.size(); i++) {
            TaskReport r = reports.get(i);
            rows += r.rows();
            results += r.results();
            errors += r.errors();
            r.byScene()
                    .forEach((scene, verdicts) -> verdicts.forEach((v, n) -> {
                        byVerdict.merge(v, n, Long::sum);
                        byScene.computeIfAbsent(scene, k -> new TreeMap<>()).merge(v, n, Long::sum);
                    }));
            r.errorsByExitCode().forEach((code, n) -> errorsByCode.merge(code, n, Long::sum));
            least.addAll(r.worst());
            seconds[i] = r.seconds();
            workMin = Math.min(workMin, r.work());
            workMax = Math.max(workMax, r.work());
            retried += r.attempt() > 0 ? 1 : 0;
            cpu += r.cpuSeconds();
        }
        if (rows != inputRows || results + errors != inputRows) {
            throw new IllegalStateException("internal error: " + inputRows + " input rows but the tasks read " + rows
                    + " and wrote " + results + " results and " + errors + " errors");
        }
        least.sort(Worst.ORDER);
        java.util.Arrays.sort(seconds);
        Tasks tasks = seconds.length == 0
                ? new Tasks(0, 0, 0, 0, 0, 0, 0, 0)
                : new Tasks(
                        seconds.length,
                        seconds[0],
                        seconds.length % 2 == 1
                                ? seconds[seconds.length / 2]
                                : (seconds[seconds.length / 2 - 1] + seconds[seconds.length / 2]) / 2,
                        seconds[seconds.length - 1],
                        workMin,
                        workMax,
                        retried,
                        cpu);
        return new DatasetSummary(
                inputRows,
                results,
                errors,
                byVerdict,
                byScene,
                errorsByCode,
                List.copyOf(least.subList(0, Math.min(worst, least.size()))),
                tasks);
    }

    // thread-safe once configured; building one (its serialiser caches) costs more than writing a summary
    private static final ObjectWriter JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writer();

    /** As JSON (pretty). */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
