package io.collide4j.spark;

/**
 * Spreads rows over tasks by expected work rather than by count, without moving a row between JVMs: all rows of the
 * job lie on one work line (units one after the other, {@link InputPlan}), each row over the stretch its unit's
 * estimate gives it, and task k of n takes the rows whose middle falls in the k-th of n equal slices of the line. A
 * row's stretch is estimated before it is read: in a text file, its bytes (a line's share of the file's estimate: its
 * length over the bytes per unit of work of the input's first rows, {@link InputPlan}, else
 * {@link #TEXT_BYTES_PER_VALUE}); in a Parquet row group, an equal share of the group's joint values (its
 * {@code positions} column's value count, from the footer). So a few long trajectories do not hold one task while the
 * others are done, as long as their length shows in their bytes (text) or they are spread over row groups (Parquet).
 * A row longer than a slice fills a task alone (a row is never split). Deterministic: a retried task takes the same
 * rows, and every row is taken by exactly one task. {@link #work} is a decoded row's actual work, for the summary.
 */
final class WorkBalance {
    /**
     * About how many bytes of JSON Lines or CSV text one joint value takes (a double written in full, a separator,
     * and the row's share of ids, names and brackets), where no row of an input could be sampled; puts text and
     * Parquet units on one work line.
     */
    static final long TEXT_BYTES_PER_VALUE = 20;

    private WorkBalance() {}

    /** The expected work of one row: waypoints × joints, the joint values the certifier interpolates; 1 if unread. */
    static long work(Decoded d) {
        TrajectoryRow r = d.row();
        if (r == null || r.positions() == null || r.jointNames() == null) {
            return 1;
        }
        return Math.max(
                1L, (long) r.positions().length * Math.max(1, r.jointNames().size()));
    }

    /**
     * Twice the middle, on the work line, of the piece {@code [offset, offset + size)} of a unit {@code unitSize}
     * long (bytes of a text file, rows of a row group).
     */
    static long twiceMiddle(InputUnit u, long offset, long size, long unitSize) {
        return 2 * u.base() + (long) ((2.0 * offset + size) * u.work() / Math.max(1, unitSize));
    }

    /** The task, of {@code tasks}, that takes a row whose middle is at {@code twiceMiddle / 2} on a line {@code total} long. */
    static int task(long twiceMiddle, int tasks, long total) {
        return (int) Math.min(tasks - 1, slice(twiceMiddle, tasks, 2 * Math.max(1, total)));
    }

    /** Whether task {@code task} may take a row of unit {@code u} (its first and last possible tasks bracket it). */
    static boolean reads(InputUnit u, int task, int tasks, long total) {
        return task(2 * u.base(), tasks, total) <= task && task <= task(2 * (u.base() + u.work()), tasks, total);
    }

    /** floor(x * parts / total), exact unless x * parts overflows. */
    static long slice(long x, int parts, long total) {
        try {
            return Math.multiplyExact(x, parts) / total;
        } catch (ArithmeticException e) {
            return (long) ((double) x / total * parts);
        }
    }
}
