package io.collide4j.planner.options;

/**
 * The CLI's process exit statuses: verdicts below 64, sysexits-style failures from 64 up. The numbers are the
 * command line's contract (scripts and the README's table test them); {@link #status()} is what the process returns.
 */
public enum ExitCode {
    /** Certified free (or a command that succeeded). */
    FREE(0),
    /** A violation was found. */
    VIOLATION(1),
    /** A budget ran out before a verdict. */
    INCONCLUSIVE(2),
    /** Wrong command line. */
    USAGE(64),
    /** An input file exists but its content is wrong (names file and field). */
    DATA_ERROR(65),
    /** An input file is missing or unreadable. */
    NO_INPUT(66),
    /** A bug: an unexpected exception. */
    INTERNAL(70),
    /** An output file could not be written. */
    CANNOT_CREATE(73);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    /** The process exit status. */
    public int status() {
        return status;
    }
}
