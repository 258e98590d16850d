package io.collide4j.planner.options;

/** The CLI's process exit codes: verdicts below 64, sysexits-style failures from 64 up. */
public final class ExitCode {
    /** Certified free (or a command that succeeded). */
    public static final int FREE = 0;
    /** A violation was found. */
    public static final int VIOLATION = 1;
    /** A budget ran out before a verdict. */
    public static final int INCONCLUSIVE = 2;
    /** Wrong command line. */
    public static final int USAGE = 64;
    /** An input file exists but its content is wrong (names file and field). */
    public static final int DATA_ERROR = 65;
    /** An input file is missing or unreadable. */
    public static final int NO_INPUT = 66;
    /** A bug: an unexpected exception. */
    public static final int INTERNAL = 70;
    /** An output file could not be written. */
    public static final int CANNOT_CREATE = 73;

    private ExitCode() {
    }
}
