package io.collide4j.spark;

import java.io.Serializable;

/** One input row as read: a {@link TrajectoryRow}, or the {@link RowError} that says why it is not one. */
record Decoded(TrajectoryRow row, RowError error) implements Serializable {
    static Decoded of(TrajectoryRow row) {
        return new Decoded(row, null);
    }

    static Decoded failed(String id, String source, String reason) {
        return new Decoded(
                null, new RowError(id, source, io.collide4j.planner.options.ExitCode.DATA_ERROR.status(), reason));
    }
}
