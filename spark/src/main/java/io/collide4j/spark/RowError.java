package io.collide4j.spark;

import java.io.Serializable;

/**
 * An input row that could not be certified: its id (null when the row has none that could be read), where it is
 * ({@code source}: file and row or line), the exit code {@code collide4j certify} would give the same input (64 usage,
 * 65 bad input, 66 missing input, 70 internal) and the reason, one line.
 */
public record RowError(String id, String source, int exitCode, String reason) implements Serializable {}
