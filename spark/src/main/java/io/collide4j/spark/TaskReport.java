package io.collide4j.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What one successful task attempt did, sent back to the driver (small: counts and a few rows): its partition and
 * Spark attempt number (which {@code _temporary} folder {@link OutputCommit} commits), the rows it read, results and
 * errors it wrote, results by scene and verdict, errors by exit code, its {@code worst} least clearances, the expected
 * work of its rows ({@link WorkBalance#work}) and the seconds it spent on them (wall, and CPU of its thread: reading,
 * decoding, certifying and writing, which a loaded machine distorts less); which executor ran it and how many
 * checkers that executor JVM had loaded when it finished ({@link ExecutorCheckers}: one per robot-and-scene, however
 * many tasks it ran); and the sorted hashes of its decoded rows' ids ({@link IdHashes}), 8 bytes a row.
 */
record TaskReport(
        int partition,
        int attempt,
        long rows,
        long results,
        long errors,
        Map<String, Map<String, Long>> byScene,
        Map<Integer, Long> errorsByExitCode,
        List<DatasetSummary.Worst> worst,
        long work,
        double seconds,
        double cpuSeconds,
        String executor,
        int checkersLoaded,
        long[] idHashes)
        implements Serializable {}
