package io.collide4j.kinematics;

/** A trajectory file that cannot be read: the message names the source, the line (or point) and what was expected. */
public final class TrajectoryFormatException extends IllegalArgumentException {
    private final String source;
    private final int line;

    public TrajectoryFormatException(String source, int line, String message, Throwable cause) {
        this(source, line, 0, message, cause);
    }

    /** With a 1-based {@code column} of the line (0 when unknown), written {@code source:line:column:}. */
    public TrajectoryFormatException(String source, int line, int column, String message, Throwable cause) {
        super(source + (line > 0 ? ":" + line + (column > 0 ? ":" + column : "") : "") + ": " + message, cause);
        this.source = source;
        this.line = line;
    }

    public String source() {
        return source;
    }

    /** 1-based line, 0 when not about a line. */
    public int line() {
        return line;
    }
}
