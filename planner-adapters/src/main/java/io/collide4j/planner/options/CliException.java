package io.collide4j.planner.options;

/** A failure the CLI reports as one line on stderr with a specific exit code. */
public final class CliException extends RuntimeException {
    private final ExitCode code;

    public CliException(ExitCode code, String message) {
        super(message);
        this.code = code;
    }

    public CliException(ExitCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** Which failure this is. */
    public ExitCode code() {
        return code;
    }

    /** The process exit status ({@code code().status()}). */
    public int exitCode() {
        return code.status();
    }
}
